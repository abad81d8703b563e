"""A mass on a spring to the ground, driven by a LoadCoordinate with a Python
loadUserFunction; generalized-alpha, 10000 steps of 1 ms."""
import exudyn as exu
from exudyn.utilities import *
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
nGround = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
n = mbs.AddNode(Point(referenceCoordinates=[1, 0, 0]))
mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=n))
m0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
m1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
mbs.AddObject(CoordinateSpringDamper(markerNumbers=[m0, m1], stiffness=100, damping=0.5))


def UFload(mbs, t, load):
    return load * np.sin(10 * t)


mbs.AddLoad(LoadCoordinate(markerNumber=m1, load=5, loadUserFunction=UFload))
sPos = mbs.AddSensor(SensorNode(nodeNumber=n, storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 10000
simulationSettings.timeIntegration.endTime = 10
simulationSettings.timeIntegration.verboseMode = 0
simulationSettings.solutionSettings.writeSolutionToFile = False
mbs.SolveDynamic(simulationSettings)
print('position', mbs.GetSensorValues(sPos))
