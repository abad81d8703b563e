"""A mass point sliding along a cable of N ObjectANCFCable2D elements (both ends clamped, gravity,
ObjectJointSliding2D over all N elements, GeneralizedAlpha, default Newton settings): one JSON line
with the seconds per step of the solve and a checksum; the same script on Exudyn with ``--exudyn``:

    python bench/cable_sliding.py --N 64 [--steps 2000] [--local] [--exudyn]
"""
import argparse
import importlib
import json
import time
import warnings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--N", type=int, default=64)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--local", action="store_true", help="useClassicalFormulation=False")
    ap.add_argument("--exudyn", action="store_true")
    args = ap.parse_args()
    package = "exudyn" if args.exudyn else "multibody"
    exu, beams, U = (importlib.import_module(package + suffix) for suffix in ("", ".beams", ".utilities"))
    t0 = time.perf_counter()
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 2.
    cable = U.ObjectANCFCable2D(massPerLength=1., bendingStiffness=10., axialStiffness=1e3, bendingDamping=0.01)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        objects = beams.GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [L, 0, 0], args.N, cable,
                                                        massProportionalLoad=[0, -9.81, 0],
                                                        fixedConstraintsNode0=[1, 1, 1, 1],
                                                        fixedConstraintsNode1=[1, 1, 1, 1])[1]
    node = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[0.6, 0.], initialVelocities=[-0.6, 0.]))
    mbs.AddObject(U.MassPoint2D(mass=0.5, nodeNumber=node))
    marker = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(U.LoadForceVector(markerNumber=marker, loadVector=[0., -0.5 * 9.81, 0.]))
    k0 = int(0.6 * args.N / L)
    joint = beams.GenerateSlidingJoint(mbs, objects, marker, localMarkerIndexOfStartCable=k0,
                                       slidingCoordinateStartPosition=0.6)[0]
    mbs.SetObjectParameter(joint, "useClassicalFormulation", not args.local)
    mbs.Assemble()
    build = time.perf_counter() - t0
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = args.steps, 1e-3 * args.steps, 0
    ss.solution.file.write = False
    t0 = time.perf_counter()
    mbs.SolveDynamic(ss)
    solve = time.perf_counter() - t0
    s = mbs.GetObjectOutput(joint, exu.OutputVariableType.SlidingCoordinate)
    pos = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
    print(json.dumps({"impl": "exudyn" if args.exudyn else "multibody", "N": args.N, "steps": args.steps,
                      "local": args.local, "build_s": build, "us_per_step": 1e6 * solve / args.steps,
                      "checksum": [float(s), float(pos[0]), float(pos[1])]}))


if __name__ == "__main__":
    main()
