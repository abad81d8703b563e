"""A clamped cable of N ObjectANCFCable2D elements falling under gravity (GeneralizedAlpha,
default Newton settings), one JSON line with the seconds per step of the solve and a checksum;
the same script on Exudyn with ``--exudyn``:

    python bench/cable_ancf2d.py --N 64 [--steps 2000] [--exudyn]
"""
import argparse
import json
import time
import warnings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--N", type=int, default=64)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--exudyn", action="store_true")
    args = ap.parse_args()
    if args.exudyn:
        import exudyn as exu
        import exudyn.beams as beams
        from exudyn.utilities import ObjectANCFCable2D
    else:
        import multibody as exu
        import multibody.beams as beams
        from multibody.utilities import ObjectANCFCable2D
    t0 = time.perf_counter()
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    cable = ObjectANCFCable2D(massPerLength=2.5, bendingStiffness=4., axialStiffness=2e4, bendingDamping=0.01)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        nodes = beams.GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [2, 0, 0], args.N, cable,
                                                      massProportionalLoad=[0, -9.81, 0],
                                                      fixedConstraintsNode0=[1, 1, 0, 1], fixedConstraintsNode1=None)[0]
    mbs.Assemble()
    build = time.perf_counter() - t0
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = args.steps
    ss.timeIntegration.endTime = 1e-3 * args.steps
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    t0 = time.perf_counter()
    mbs.SolveDynamic(ss)
    solve = time.perf_counter() - t0
    tip = mbs.GetNodeOutput(nodes[-1], exu.OutputVariableType.Position)
    print(json.dumps({"impl": "exudyn" if args.exudyn else "multibody", "N": args.N, "steps": args.steps,
                      "build_s": build, "us_per_step": 1e6 * solve / args.steps,
                      "checksum": [float(tip[0]), float(tip[1])]}))


if __name__ == "__main__":
    main()
