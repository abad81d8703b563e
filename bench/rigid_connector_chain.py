"""A chain of N rigid bodies (EP nodes) joined by rigid-marker spring-dampers, swinging under
gravity (generalized-alpha, EigenSparse, 1000 steps of 1 ms):

    --kind rbsd       RigidBodySpringDamper (full 6 x 6 stiffness and damping) between neighbours
    --kind torsional  GenericJoint (rotation about z free) and a TorsionalSpringDamper between neighbours
    --node Rxyz       NodeRigidBodyRxyz bodies instead of Euler parameters (with --kind rbsd);
                      RotVecLG: NodeRigidBodyRotVecLG (rotation vector, Lie-group integration)
    --solver RK44     explicit 4th-order Runge-Kutta instead (no constraints: --kind rbsd, --node Rxyz);
                      DOPRI5: Dormand-Prince with its automatic step size (default tolerances)
    --h 1e-4          the step size (default 1 ms)

The same script runs on multibody and, with --exudyn, on Exudyn 1.13.6; it prints one JSON line
(solve time, checksum of the final coordinates). Not one of the shared benchmark models
(../shared/bench): the rigid connectors ran on the group-by-group path until the eleventh session.

    python bench/rigid_connector_chain.py --N 32 --kind rbsd
    /path/to/exuenv/bin/python bench/rigid_connector_chain.py --N 32 --kind rbsd --exudyn
"""
import argparse
import json
import time
import warnings

import numpy as np

p = argparse.ArgumentParser()
p.add_argument("--N", type=int, default=4)
p.add_argument("--steps", type=int, default=1000)
p.add_argument("--kind", choices=["rbsd", "torsional"], default="rbsd")
p.add_argument("--node", choices=["EP", "Rxyz", "RotVecLG"], default="EP")
p.add_argument("--solver", choices=["GA", "RK44", "DOPRI5"], default="GA")
p.add_argument("--h", type=float, default=1e-3)
p.add_argument("--exudyn", action="store_true", help="run on Exudyn instead of multibody")
args = p.parse_args()
if args.solver != "GA" and (args.kind != "rbsd" or args.node == "EP"):
    p.error("--solver RK44 or DOPRI5 needs --kind rbsd and --node Rxyz or RotVecLG (explicit solvers: no constraints, "
            "no Euler parameters)")
warnings.simplefilter("ignore", DeprecationWarning)
if args.exudyn:
    import exudyn as exu
    from exudyn.utilities import (GenericJoint, InertiaCuboid, MarkerBodyRigid, ObjectGround, RigidBodySpringDamper,
                                  TorsionalSpringDamper)
else:
    import multibody as exu
    from multibody.utilities import (GenericJoint, InertiaCuboid, MarkerBodyRigid, ObjectGround,
                                     RigidBodySpringDamper, TorsionalSpringDamper)

t0 = time.perf_counter()
SC = exu.SystemContainer()
mbs = SC.AddSystem()
ground = mbs.AddObject(ObjectGround())
prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
L = 0.1
node_type = {"EP": exu.NodeType.RotationEulerParameters, "Rxyz": exu.NodeType.RotationRxyz,
             "RotVecLG": exu.NodeType.RotationRotationVector}[args.node]
for i in range(args.N):
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [L, 0.02, 0.02]), referencePosition=[(i + 0.5) * L, 0, 0],
                            gravity=[0, -9.81, 0], nodeType=node_type)
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5 * L, 0, 0]))
    if args.kind == "rbsd":
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[prev, m0], stiffness=np.diag([1e5, 1e5, 1e5, 50, 50, 50]),
                                            damping=np.diag([10, 10, 10, 0.05, 0.05, 0.05])))
    else:
        mbs.AddObject(GenericJoint(markerNumbers=[prev, m0], constrainedAxes=[1, 1, 1, 1, 1, 0]))
        mbs.AddObject(TorsionalSpringDamper(markerNumbers=[prev, m0], stiffness=50, damping=0.05))
    prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0.5 * L, 0, 0]))
mbs.Assemble()
build = time.perf_counter() - t0

ss = exu.SimulationSettings()
ss.timeIntegration.numberOfSteps = args.steps
ss.timeIntegration.endTime = args.steps * args.h
ss.timeIntegration.verboseMode = 0
ss.solutionSettings.writeSolutionToFile = False
ss.linearSolverType = exu.LinearSolverType.EigenSparse
t0 = time.perf_counter()
solver = {} if args.solver == "GA" else {"solverType": getattr(exu.DynamicSolverType, args.solver)}
ok = mbs.SolveDynamic(ss, **solver)
solve = time.perf_counter() - t0
q = mbs.systemData.GetODE2Coordinates()
steps = mbs.sys["dynamicSolver"].it.currentStepIndex - 1 if args.solver == "DOPRI5" else args.steps
print(json.dumps(dict(model="rigid_connector_chain", kind=args.kind, node=args.node, solver=args.solver, h=args.h,
                      N=args.N, steps=steps, solve_s=solve,
                      build_s=build, checksum=float(np.sum(q)), success=bool(ok),
                      library="exudyn " + exu.__version__ if args.exudyn else "multibody")))
