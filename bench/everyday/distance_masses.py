"""Eight mass points hanging on DistanceConstraints from the ground, a spring-damper from the last
one to the ground, gravity, a position sensor; generalized-alpha, 5000 steps of 1 ms."""
import exudyn as exu
from exudyn.utilities import *
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
oGround = mbs.AddObject(ObjectGround())
mPrev = mbs.AddMarker(MarkerBodyPosition(bodyNumber=oGround, localPosition=[0, 0, 0]))
for i in range(8):
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0.2 * (i + 1), 0, 0]))
    b = mbs.AddObject(MassPoint(physicsMass=0.5, nodeNumber=n))
    m = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0]))
    mbs.AddObject(DistanceConstraint(markerNumbers=[mPrev, m], distance=0.2))
    mbs.AddLoad(Force(markerNumber=m, loadVector=[0, -9.81 * 0.5, 0]))
    mPrev = m
mSpring = mbs.AddMarker(MarkerBodyPosition(bodyNumber=oGround, localPosition=[1.6, -0.5, 0]))
mbs.AddObject(SpringDamper(markerNumbers=[mSpring, mPrev], stiffness=200, damping=2, referenceLength=0.3))
sTip = mbs.AddSensor(SensorNode(nodeNumber=n, storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 5000
simulationSettings.timeIntegration.endTime = 5
simulationSettings.timeIntegration.verboseMode = 0
simulationSettings.solutionSettings.writeSolutionToFile = False
mbs.SolveDynamic(simulationSettings)
print('tip', mbs.GetSensorValues(sTip))
