"""A parallelogram linkage with a redundant crank: ComputeSystemDegreeOfFreedom names the redundancy.

Three parallel cranks carry one coupler on six RevoluteJoint2D: the middle crank repeats what the
outer ones do: it adds 3 coordinates and 4 equations, one of them redundant. With a dense solver that ignores the
singular Jacobian the mechanism still swings. Writes parallelogram.png (coupler motion).
"""
import numpy as np
import multibody as exu
from multibody.utilities import *

SC = exu.SystemContainer()
mbs = SC.AddSystem()

L, H, phi0 = 1.0, 0.5, 0.6               # crank length, crank spacing [m], initial angle [rad]
oGround = mbs.AddObject(ObjectGround())

def Link(p0, p1):
    """A 2D rigid link from p0 to p1; returns its body and the markers at both ends."""
    p0, p1 = np.array(p0, dtype=float), np.array(p1, dtype=float)
    length = np.linalg.norm(p1 - p0)
    n = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[*(0.5 * (p0 + p1)), np.arctan2(*(p1 - p0)[::-1])]))
    o = mbs.AddObject(ObjectRigidBody2D(nodeNumber=n, mass=1, inertia=length**2 / 12))
    mbs.AddLoad(Gravity(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=o)), loadVector=[0, -9.81, 0]))
    return o, [mbs.AddMarker(MarkerBodyRigid(bodyNumber=o, localPosition=[s * length / 2, 0, 0])) for s in (-1, 1)]

tip = np.array([L * np.sin(phi0), -L * np.cos(phi0)])
cranks = [Link([x, 0], [x, 0] + tip) for x in (0, H, 2 * H)]
oCoupler, mCoupler = Link(tip, [2 * H, 0] + tip)
mMiddle = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oCoupler, localPosition=[0, 0, 0]))
for x, (o, m) in zip((0, H, 2 * H), cranks):
    mbs.AddObject(RevoluteJoint2D(markerNumbers=[mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround,
                                                 localPosition=[x, 0, 0])), m[0]]))
for (o, m), mc in zip(cranks, [mCoupler[0], mMiddle, mCoupler[1]]):
    mbs.AddObject(RevoluteJoint2D(markerNumbers=[m[1], mc]))
sCoupler = mbs.AddSensor(SensorMarker(markerNumber=mMiddle, storeInternal=True,
                                      outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

dof = mbs.ComputeSystemDegreeOfFreedom(verbose=False)
print('degree of freedom:', dof['degreeOfFreedom'])
print('redundant constraint equations:', dof['redundantConstraints'])

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 400
simulationSettings.timeIntegration.endTime = 2
simulationSettings.solution.file.write = False
simulationSettings.linearSolver.solverType = exu.LinearSolverType.EigenDense
simulationSettings.linearSolver.ignoreSingularJacobian = True
mbs.SolveDynamic(simulationSettings)

print('coupler center at the end:', mbs.GetSensorValues(sCoupler)[:2])
mbs.PlotSensor(sensorNumbers=sCoupler, components=[0, 1], labels=['x', 'y'],
               title='parallelogram with a redundant crank', fileName='parallelogram.png')
