"""Double pendulum: two rigid bodies on revolute joints (mbs.CreateRevoluteJoint), gravity,
generalized-alpha, 5000 steps of 1 ms."""
import exudyn as exu
from exudyn.utilities import *
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
L, w = 1.0, 0.1
ground = mbs.CreateGround(referencePosition=[0, 0, 0])
inertia = InertiaCuboid(density=1000, sideLengths=[L, w, w])
b0 = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.5 * L, 0, 0], gravity=[0, -9.81, 0])
b1 = mbs.CreateRigidBody(inertia=inertia, referencePosition=[1.5 * L, 0, 0], gravity=[0, -9.81, 0])
mbs.CreateRevoluteJoint(bodyNumbers=[ground, b0], position=[0, 0, 0], axis=[0, 0, 1],
                        axisRadius=0.02, axisLength=0.05)
mbs.CreateRevoluteJoint(bodyNumbers=[b0, b1], position=[L, 0, 0], axis=[0, 0, 1],
                        axisRadius=0.02, axisLength=0.05)
sTip = mbs.AddSensor(SensorBody(bodyNumber=b1, localPosition=[0.5 * L, 0, 0], storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 5000
simulationSettings.timeIntegration.endTime = 5
simulationSettings.timeIntegration.verboseMode = 0
simulationSettings.solutionSettings.writeSolutionToFile = False
mbs.SolveDynamic(simulationSettings)
print('tip', mbs.GetSensorValues(sTip))
