"""Models with Python user functions (1000 steps of 1 ms, modified Newton or with --newton full
Exudyn's default full Newton, EigenSparse):

    --kind load:       a chain of N rigid bodies (EP nodes) on spherical joints, the last one driven
                       by a force with a loadVectorUserFunction (generalized-alpha)
    --kind spring:     a chain of N mass points on SpringDampers, each with a nonlinear
                       springForceUserFunction (generalized-alpha, or --solver rk44)
    --kind prescribed: the same chain without user functions in the springs, its first point
                       moved by a CoordinateConstraint with an offsetUserFunction

The same script runs on multibody and, with --exudyn, on Exudyn 1.13.6; it prints one JSON line
(solve time, checksum of the final coordinates). Not one of the shared benchmark models
(../shared/bench), which have no user functions: it measures what calling them costs.

    python bench/user_functions.py --kind spring --N 20
    /path/to/exuenv/bin/python bench/user_functions.py --kind spring --N 20 --exudyn
"""
import argparse
import json
import time
import warnings

import numpy as np

p = argparse.ArgumentParser()
p.add_argument("--kind", choices=("load", "spring", "prescribed"), default="spring")
p.add_argument("--N", type=int, default=20)
p.add_argument("--steps", type=int, default=1000)
p.add_argument("--solver", choices=("ga", "rk44"), default="ga")
p.add_argument("--newton", choices=("modified", "full"), default="modified")
p.add_argument("--exudyn", action="store_true", help="run on Exudyn instead of multibody")
args = p.parse_args()
warnings.simplefilter("ignore", DeprecationWarning)
if args.exudyn:
    import exudyn as exu
    from exudyn.utilities import (CoordinateConstraint, Force, InertiaCuboid, MarkerBodyPosition, MarkerBodyRigid,
                                  MarkerNodeCoordinate, MassPoint, NodePoint, NodePointGround, ObjectGround,
                                  SphericalJoint, SpringDamper)
else:
    import multibody as exu
    from multibody.utilities import (CoordinateConstraint, Force, InertiaCuboid, MarkerBodyPosition, MarkerBodyRigid,
                                     MarkerNodeCoordinate, MassPoint, NodePoint, NodePointGround, ObjectGround,
                                     SphericalJoint, SpringDamper)

SC = exu.SystemContainer()
mbs = SC.AddSystem()
ground = mbs.AddObject(ObjectGround())
if args.kind == "load":
    prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    L = 0.5
    for i in range(args.N):
        b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [L, 0.05, 0.05]), referencePosition=[(i + 0.5) * L, 0, 0],
                                gravity=[0, -9.81, 0])
        m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5 * L, 0, 0]))
        mbs.AddObject(SphericalJoint(markerNumbers=[prev, m0]))
        prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0.5 * L, 0, 0]))

    def tip_force(mbs, t, load):
        return [0, 0, 10 * np.sin(10 * t)]
    mbs.AddLoad(Force(markerNumber=prev, loadVector=[0, 0, 0], loadVectorUserFunction=tip_force))
else:
    def spring(mbs, t, item, u, v, k, d, f0):
        return k * u + 0.3 * k * u ** 3 + d * v

    def prescribed(mbs, t, item, offset):
        return offset + 0.2 * np.sin(10 * t)
    prev = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground))
    for i in range(args.N):
        n = mbs.AddNode(NodePoint(referenceCoordinates=[i + 1., 0, 0]))
        b = mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=n))
        m = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b))
        uf = dict(springForceUserFunction=spring) if args.kind == "spring" else {}
        mbs.AddObject(SpringDamper(markerNumbers=[prev, m], stiffness=1000., damping=1., referenceLength=1., **uf))
        mbs.AddLoad(Force(markerNumber=m, loadVector=[0, -1, 0]))
        if i == 0 and args.kind == "prescribed":
            mg = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
            mc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
            mbs.AddObject(CoordinateConstraint(markerNumbers=[mg, mc], offsetUserFunction=prescribed))
        prev = m
mbs.Assemble()

h = 1e-3
ss = exu.SimulationSettings()
ss.timeIntegration.numberOfSteps = args.steps
ss.timeIntegration.endTime = args.steps * h
ss.timeIntegration.verboseMode = 0
ss.timeIntegration.newton.useModifiedNewton = args.newton == "modified"
ss.solutionSettings.writeSolutionToFile = False
ss.linearSolverType = exu.LinearSolverType.EigenSparse
kw = {"solverType": exu.DynamicSolverType.RK44} if args.solver == "rk44" else {}
t0 = time.perf_counter()
ok = mbs.SolveDynamic(ss, **kw)
solve = time.perf_counter() - t0
q = mbs.systemData.GetODE2Coordinates()
print(json.dumps(dict(model="user_functions", kind=args.kind, N=args.N, solver=args.solver, newton=args.newton, steps=args.steps,
                      solve_s=solve, checksum=float(np.sum(q)), success=bool(ok),
                      impl="exudyn" if args.exudyn else "multibody")))
