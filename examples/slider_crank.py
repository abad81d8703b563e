"""A planar slider-crank driven by a constant torque: 2D rigid bodies, RevoluteJoint2D, PrismaticJoint2D.

Writes slider_crank.png (slider position and crank angular velocity).
"""
import numpy as np
import multibody as exu
from multibody.utilities import *

SC = exu.SystemContainer()
mbs = SC.AddSystem()

r, l = 0.2, 0.6                                   # crank and rod length [m]
oGround = mbs.AddObject(ObjectGround())

def Body2D(position, angle, mass, inertia):
    n = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[position[0], position[1], angle]))
    return mbs.AddObject(ObjectRigidBody2D(nodeNumber=n, mass=mass, inertia=inertia))

oCrank = Body2D([r / 2, 0], 0, 1, r**2 / 12)
oRod = Body2D([r + l / 2, 0], 0, 1, l**2 / 12)
oSlider = Body2D([r + l, 0], 0, 2, 1e-3)
def Marker(body, x):
    return mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[x, 0, 0]))

mbs.AddObject(RevoluteJoint2D(markerNumbers=[Marker(oGround, 0), Marker(oCrank, -r / 2)]))
mbs.AddObject(RevoluteJoint2D(markerNumbers=[Marker(oCrank, r / 2), Marker(oRod, -l / 2)]))
mbs.AddObject(RevoluteJoint2D(markerNumbers=[Marker(oRod, l / 2), Marker(oSlider, 0)]))
mbs.AddObject(PrismaticJoint2D(markerNumbers=[Marker(oGround, 0), Marker(oSlider, 0)], axisMarker0=[1, 0, 0],
                               normalMarker1=[0, 1, 0], constrainRotation=True))
mbs.AddLoad(Torque(markerNumber=Marker(oCrank, 0), loadVector=[0, 0, 1]))

sSlider = mbs.AddSensor(SensorBody(bodyNumber=oSlider, storeInternal=True,
                                   outputVariableType=exu.OutputVariableType.Position))
sCrank = mbs.AddSensor(SensorBody(bodyNumber=oCrank, storeInternal=True,
                                  outputVariableType=exu.OutputVariableType.AngularVelocity))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 3
simulationSettings.solution.file.write = False
mbs.SolveDynamic(simulationSettings)

x = mbs.GetSensorStoredData(sSlider)[:, 1]
print(f'slider between {x.min():.4f} and {x.max():.4f} m (expected {l - r} and {l + r})')
mbs.PlotSensor(sensorNumbers=[sSlider, sCrank], components=[0, 2], labels=['slider x (m)',
               'crank angular velocity (rad/s)'], title='slider-crank', fileName='slider_crank.png')
