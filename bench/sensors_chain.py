"""A chain of N rigid bodies (EP nodes) on spherical joints (generalized-alpha, 1000 steps of
1 ms), with S groups of four sensors stored internally at every step (--period: every k-th):
the body position at a local point, the node velocity, the joint force and the body
acceleration at a local point, on body i * N // S of group i.

The same script runs on multibody and, with --exudyn, on Exudyn 1.13.6; it prints one JSON line
(solve time, checksum of the final coordinates and of the stored sensor data). Not one of the
shared benchmark models (../shared/bench), which store no sensor data: it measures what the
sensors add to a run.

    python bench/sensors_chain.py --N 16 --S 1
    /path/to/exuenv/bin/python bench/sensors_chain.py --N 16 --S 1 --exudyn
"""
import argparse
import json
import time
import warnings

import numpy as np

p = argparse.ArgumentParser()
p.add_argument("--N", type=int, default=16)
p.add_argument("--S", type=int, default=1, help="groups of four sensors (0: none)")
p.add_argument("--steps", type=int, default=1000)
p.add_argument("--period", type=int, default=1, help="sensor output every k-th step")
p.add_argument("--exudyn", action="store_true", help="run on Exudyn instead of multibody")
args = p.parse_args()
warnings.simplefilter("ignore", DeprecationWarning)
if args.exudyn:
    import exudyn as exu
    from exudyn.utilities import (InertiaCuboid, MarkerBodyRigid, ObjectGround, SensorBody, SensorNode, SensorObject,
                                  SphericalJoint)
else:
    import multibody as exu
    from multibody.utilities import (InertiaCuboid, MarkerBodyRigid, ObjectGround, SensorBody, SensorNode,
                                     SensorObject, SphericalJoint)

SC = exu.SystemContainer()
mbs = SC.AddSystem()
ground = mbs.AddObject(ObjectGround())
prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
L = 0.5
bodies, joints = [], []
for i in range(args.N):
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [L, 0.05, 0.05]), referencePosition=[(i + 0.5) * L, 0, 0],
                            gravity=[0, -9.81, 0])
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5 * L, 0, 0]))
    joints.append(mbs.AddObject(SphericalJoint(markerNumbers=[prev, m0])))
    prev = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0.5 * L, 0, 0]))
    bodies.append(b)
OV = exu.OutputVariableType
sensors = []
for s in range(args.S):
    k = s * args.N // args.S
    b = bodies[k]
    node = mbs.GetObject(b)["nodeNumber"]
    sensors += [mbs.AddSensor(SensorBody(bodyNumber=b, localPosition=[0.2, 0.01, 0], storeInternal=True,
                                         outputVariableType=OV.Position)),
                mbs.AddSensor(SensorNode(nodeNumber=node, storeInternal=True, outputVariableType=OV.Velocity)),
                mbs.AddSensor(SensorObject(objectNumber=joints[k], storeInternal=True, outputVariableType=OV.Force)),
                mbs.AddSensor(SensorBody(bodyNumber=b, localPosition=[0.2, 0.01, 0], storeInternal=True,
                                         outputVariableType=OV.Acceleration))]
mbs.Assemble()

h = 1e-3
ss = exu.SimulationSettings()
ss.timeIntegration.numberOfSteps = args.steps
ss.timeIntegration.endTime = args.steps * h
ss.timeIntegration.verboseMode = 0
ss.solutionSettings.writeSolutionToFile = False
ss.solutionSettings.sensorsWritePeriod = args.period * h
ss.linearSolverType = exu.LinearSolverType.EigenSparse
t0 = time.perf_counter()
ok = mbs.SolveDynamic(ss)
solve = time.perf_counter() - t0
q = mbs.systemData.GetODE2Coordinates()
data = [mbs.GetSensorStoredData(s) for s in sensors]
print(json.dumps(dict(model="sensors_chain", N=args.N, S=args.S, period=args.period, steps=args.steps, solve_s=solve,
                      rows=int(data[0].shape[0]) if data else 0, checksum=float(np.sum(q)),
                      sensor_checksum=float(sum(np.sum(d[:, 1:]) for d in data)), success=bool(ok),
                      library="exudyn " + exu.__version__ if args.exudyn else "multibody")))
