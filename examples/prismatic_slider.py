"""A rigid block on a prismatic joint, held by a spring-damper, excited by a harmonic force.

Items: ObjectRigidBody, ObjectJointPrismaticX (mbs.CreatePrismaticJoint), ObjectConnectorSpringDamper,
LoadForceVector with a user function. Writes prismatic_slider.png (position along the axis).
"""
import numpy as np
import multibody as exu
from multibody.utilities import *
import multibody.graphics as graphics

SC = exu.SystemContainer()
mbs = SC.AddSystem()

oGround = mbs.CreateGround()
oBlock = mbs.CreateRigidBody(inertia=InertiaCuboid(density=500, sideLengths=[0.2, 0.1, 0.1]),
                             referencePosition=[0, 0, 0], gravity=[0, -9.81, 0],
                             graphicsDataList=[graphics.Brick(size=[0.2, 0.1, 0.1])])
axis = np.array([1, 1, 0]) / np.sqrt(2)          # inclined guide
mbs.CreatePrismaticJoint(itemNumbers=[oGround, oBlock], position=[0, 0, 0], axis=axis)
mbs.CreateSpringDamper(itemNumbers=[oGround, oBlock], localPosition0=list(-axis), referenceLength=1,
                       stiffness=2000, damping=5)

def Excitation(mbs, t, loadVector):
    return list(20 * np.sin(2 * np.pi * 3 * t) * axis)

mbs.CreateForce(itemNumber=oBlock, loadVector=[0, 0, 0], loadVectorUserFunction=Excitation)
sPos = mbs.AddSensor(SensorBody(bodyNumber=oBlock, storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 2
simulationSettings.solution.file.write = False
mbs.SolveDynamic(simulationSettings)

data = mbs.GetSensorStoredData(sPos)
s = data[:, 1:4] @ axis                               # coordinate along the guide
print(f'displacement along the guide: min {s.min():.4f} m, max {s.max():.4f} m')
print('off-axis error:', np.max(np.abs(data[:, 1:4] - np.outer(s, axis))))
mbs.PlotSensor(sensorNumbers=sPos, components=[0, 1], labels=['x', 'y'],
               title='block on an inclined prismatic joint', fileName='prismatic_slider.png')
