"""A free rigid body (Rxyz node) spinning about z at 4 rad/s against a TorsionalSpringDamper to the
ground whose data node counts the turns (the model of tests/solvers/test_data_nodes.py), 1000
steps to t = 1 with an explicit solver (RK44 by default): what a connector's data node costs in
the explicit step loop (updated after every step).

The same script runs on multibody and, with --exudyn, on Exudyn 1.13.6; it prints one JSON line
(solve time, the data coordinate, the rotation about z).

    python bench/torsional_spin.py
    /path/to/exuenv/bin/python bench/torsional_spin.py --exudyn
"""
import argparse
import json
import time
import warnings

p = argparse.ArgumentParser()
p.add_argument("--solver", default="RK44", help="a DynamicSolverType name (default RK44)")
p.add_argument("--steps", type=int, default=1000)
p.add_argument("--exudyn", action="store_true", help="run on Exudyn instead of multibody")
args = p.parse_args()
warnings.simplefilter("ignore", DeprecationWarning)
if args.exudyn:
    import exudyn as exu
    from exudyn.utilities import (InertiaCuboid, MarkerBodyRigid, NodeGenericData, NodeRigidBodyRxyz, ObjectGround,
                                  ObjectRigidBody, TorsionalSpringDamper)
else:
    import multibody as exu
    from multibody.utilities import (InertiaCuboid, MarkerBodyRigid, NodeGenericData, NodeRigidBodyRxyz, ObjectGround,
                                     ObjectRigidBody, TorsionalSpringDamper)

SC = exu.SystemContainer()
mbs = SC.AddSystem()
g = mbs.AddObject(ObjectGround())
mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
nd = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0] * 6, initialVelocities=[0, 0, 0, 0, 0, 4.]))
inertia = InertiaCuboid(1000, [1, 1, 1])
b = mbs.AddObject(ObjectRigidBody(mass=inertia.mass, inertia=inertia.GetInertia6D(), nodeNumber=nd))
mb = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
dn = mbs.AddNode(NodeGenericData(initialCoordinates=[0], numberOfDataCoordinates=1))
mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mg, mb], nodeNumber=dn, stiffness=1., damping=0.))
mbs.Assemble()
ss = exu.SimulationSettings()
ss.timeIntegration.numberOfSteps = args.steps
ss.timeIntegration.endTime = args.steps * 1e-3
ss.timeIntegration.verboseMode = 0
ss.solutionSettings.writeSolutionToFile = False
t0 = time.perf_counter()
ok = mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, args.solver))
t1 = time.perf_counter()
sd = mbs.systemData
print(json.dumps({"model": "torsional_spin", "solver": args.solver, "steps": args.steps, "solve_s": t1 - t0,
                  "data": float(sd.GetDataCoordinates()[0]), "rotation_z": float(sd.GetODE2Coordinates()[5]),
                  "success": bool(ok), "impl": "exudyn" if args.exudyn else "multibody"}))
