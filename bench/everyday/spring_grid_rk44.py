"""A 6 x 6 grid of mass points joined by spring-dampers, its corners fixed by CoordinateConstraints
to the ground (eliminated by the explicit solver), gravity; RK44, 10000 steps of 0.1 ms."""
import exudyn as exu
from exudyn.utilities import *
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
nGround = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
mGround = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=j)) for j in range(3)]
w, d = 6, 0.1
nodes = {}
for i in range(w):
    for j in range(w):
        n = mbs.AddNode(NodePoint(referenceCoordinates=[i * d, j * d, 0]))
        b = mbs.AddObject(MassPoint(physicsMass=0.05, nodeNumber=n))
        mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=n)),
                          loadVector=[0, 0, -9.81 * 0.05]))
        nodes[i, j] = n
        if (i, j) in ((0, 0), (0, w - 1), (w - 1, 0), (w - 1, w - 1)):
            for k in range(3):
                mk = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=k))
                mbs.AddObject(CoordinateConstraint(markerNumbers=[mGround[k], mk]))
for (i, j), n in nodes.items():
    for (a, c) in ((i + 1, j), (i, j + 1)):
        if (a, c) in nodes:
            m0 = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
            m1 = mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[a, c]))
            mbs.AddObject(SpringDamper(markerNumbers=[m0, m1], stiffness=500, damping=0.5, referenceLength=d))
sMid = mbs.AddSensor(SensorNode(nodeNumber=nodes[2, 3], storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 10000
simulationSettings.timeIntegration.endTime = 1
simulationSettings.timeIntegration.verboseMode = 0
simulationSettings.timeIntegration.explicitIntegration.eliminateConstraints = True
simulationSettings.solutionSettings.writeSolutionToFile = False
mbs.SolveDynamic(simulationSettings, solverType=exu.DynamicSolverType.RK44)
print('middle', mbs.GetSensorValues(sMid))
