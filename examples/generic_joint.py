"""A spherical and a universal joint, both made from ObjectJointGeneric.

constrainedAxes lists the locked axes (x, y, z translations, then rotations): [1,1,1,0,0,0] is a
spherical joint, [1,1,1,0,1,0] a universal joint that stops the spin about y. Two hanging rods are
swung about x, the first also spun about its axis y. Writes generic_joint.png (tip z and spin).
"""
import multibody as exu
from multibody.utilities import *
import multibody.graphics as graphics

SC = exu.SystemContainer()
mbs = SC.AddSystem()

oGround = mbs.CreateGround()
sensors = []
for i, axes in enumerate([[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 1, 0]]):
    z0 = 1.5 * i                                   # the two pendulums side by side
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(density=1000, sideLengths=[0.1, 1, 0.1]),
                               referencePosition=[0, -0.5, z0], gravity=[0, -9.81, 0],
                               initialAngularVelocity=[2, 3 * (1 - i), 0],
                               graphicsDataList=[graphics.Brick(size=[0.1, 1, 0.1])])
    mbs.CreateGenericJoint(itemNumbers=[oGround, body], position=[0, 0, z0], constrainedAxes=axes)
    sensors.append(mbs.AddSensor(SensorBody(bodyNumber=body, localPosition=[0, -0.5, 0], storeInternal=True,
                                            outputVariableType=exu.OutputVariableType.Position)))
    sensors.append(mbs.AddSensor(SensorBody(bodyNumber=body, storeInternal=True,
                                            outputVariableType=exu.OutputVariableType.AngularVelocityLocal)))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 500
simulationSettings.timeIntegration.endTime = 2
simulationSettings.solution.file.write = False
mbs.SolveDynamic(simulationSettings)

for i, name in enumerate(['spherical', 'universal']):
    spin = mbs.GetSensorStoredData(sensors[2 * i + 1])[:, 2]
    print(f'{name}: spin about the rod axis in [{spin.min():.3f}, {spin.max():.3f}] rad/s')
mbs.PlotSensor(sensorNumbers=sensors, components=[2, 1, 2, 1], labels=['spherical: tip z (m)',
               'spherical: spin (rad/s)', 'universal: tip z (m)', 'universal: spin (rad/s)'],
               fileName='generic_joint.png')
