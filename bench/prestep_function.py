"""A chain of 4 rigid bodies (EP nodes) on spherical joints with a tip force, 1000 steps of 1 ms
(generalized-alpha, modified Newton, EigenSparse), and a preStep user function:

    --mode none   no preStep function
    --mode empty  a preStep function that does nothing
    --mode set    a preStep function that sets the tip force (SetLoadParameter) at every step
    --mode post   a postStep function that records the tip body's position at every step
    --mode motor  a TorsionalSpringDamper from the ground to the tip body whose offset a preStep
                  function sets at every step (a motor)

The same script runs on multibody and, with --exudyn, on Exudyn 1.13.6; it prints one JSON line
(solve time, checksum of the final coordinates). Not one of the shared benchmark models: it
measures what a preStep function (the common way to drive a model in time) or a postStep function
(the common way to record results) costs.

    python bench/prestep_function.py --mode set
    /path/to/exuenv/bin/python bench/prestep_function.py --mode set --exudyn
"""
import argparse
import json
import math
import time
import warnings

p = argparse.ArgumentParser()
p.add_argument("--mode", choices=("none", "empty", "set", "post", "motor"), default="set")
p.add_argument("--steps", type=int, default=1000)
p.add_argument("--exudyn", action="store_true", help="run on Exudyn instead of multibody")
args = p.parse_args()
warnings.simplefilter("ignore", DeprecationWarning)
if args.exudyn:
    import exudyn as exu
    from exudyn.utilities import (InertiaCuboid, LoadForceVector, MarkerBodyRigid, ObjectGround, SphericalJoint,
                                  TorsionalSpringDamper)
else:
    import multibody as exu
    from multibody.utilities import (InertiaCuboid, LoadForceVector, MarkerBodyRigid, ObjectGround, SphericalJoint,
                                     TorsionalSpringDamper)

SC = exu.SystemContainer()
mbs = SC.AddSystem()
g = mbs.AddObject(ObjectGround())
prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
L = 0.5
for i in range(4):
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [L, 0.05, 0.05]), referencePosition=[(i + 0.5) * L, 0, 0],
                            gravity=[0, -9.81, 0])
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5 * L, 0, 0]))
    mbs.AddObject(SphericalJoint(markerNumbers=[prev, m0]))
    prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0.5 * L, 0, 0]))
load = mbs.AddLoad(LoadForceVector(markerNumber=prev, loadVector=[0, 0, 0]))
node = mbs.GetObject(b)["nodeNumber"]
if args.mode == "motor":
    motor = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[2., 0, 0])),
                                                               mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))],
                                                stiffness=50., damping=1.))


def pre_step(mbs, t):
    if args.mode == "set":
        mbs.SetLoadParameter(load, 'loadVector', [0, 0, 10 * math.sin(10 * t)])
    elif args.mode == "motor":
        mbs.SetObjectParameter(motor, 'offset', 0.5 * math.sin(5 * t))
    return True


tip = []


def post_step(mbs, t):
    tip.append(mbs.GetNodeOutput(node, exu.OutputVariableType.Position))
    return True


if args.mode == "post":
    mbs.SetPostStepUserFunction(post_step)
elif args.mode != "none":
    mbs.SetPreStepUserFunction(pre_step)
mbs.Assemble()
ss = exu.SimulationSettings()
ss.timeIntegration.numberOfSteps = args.steps
ss.timeIntegration.endTime = args.steps * 1e-3
ss.timeIntegration.verboseMode = 0
ss.timeIntegration.newton.useModifiedNewton = True
ss.solutionSettings.writeSolutionToFile = False
ss.linearSolverType = exu.LinearSolverType.EigenSparse
t0 = time.perf_counter()
ok = mbs.SolveDynamic(ss)
t1 = time.perf_counter()
print(json.dumps({"model": "prestep_function", "mode": args.mode, "steps": args.steps, "solve_s": t1 - t0,
                  "checksum": float(sum(mbs.systemData.GetODE2Coordinates())), "success": bool(ok),
                  "recorded": len(tip),
                  "impl": "exudyn" if args.exudyn else "multibody"}))
