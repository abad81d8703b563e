"""A rigid double pendulum on revolute joints, with a picture of its final state.

Items: ObjectRigidBody (Euler parameters), ObjectJointRevoluteZ through mbs.CreateRevoluteJoint.
Writes double_pendulum.png (joint angles via body rotation sensors).
"""
import numpy as np
import multibody as exu
from multibody.utilities import *
import multibody.graphics as graphics

SC = exu.SystemContainer()
mbs = SC.AddSystem()

a, b = 1.0, 0.1                    # link length and thickness [m]
g = [0, -9.81, 0]
oGround = mbs.CreateGround()
inertia = InertiaCuboid(density=1000, sideLengths=[a, b, b])

bodies = []
previous, joint = oGround, [0, 0, 0]
for i in range(2):
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[a * i + 0.5 * a, 0, 0], gravity=g,
                               graphicsDataList=[graphics.Brick(size=[a, b, b], color=graphics.color.steelblue)])
    mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=joint, axis=[0, 0, 1])
    bodies.append(body)
    previous, joint = body, [a * (i + 1), 0, 0]

sensors = [mbs.AddSensor(SensorBody(bodyNumber=body, storeInternal=True,
                                    outputVariableType=exu.OutputVariableType.Rotation)) for body in bodies]
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 400
simulationSettings.timeIntegration.endTime = 2
simulationSettings.solution.file.write = False
mbs.SolveDynamic(simulationSettings)

print('final rotations about z:', [mbs.GetSensorValues(s)[2] for s in sensors])
mbs.PlotSensor(sensorNumbers=sensors, components=[2, 2], labels=['link 1', 'link 2'],
               yLabel='rotation about z (rad)', fileName='double_pendulum.png')
