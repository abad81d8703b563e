"""A mass point sliding along a cable of 32 ANCF elements clamped at both ends (helpers of
exudyn.beams), gravity, a position sensor; generalized-alpha, 1000 steps of 1 ms."""
import exudyn as exu
from exudyn.utilities import *
from exudyn.beams import GenerateStraightLineANCFCable2D, GenerateSlidingJoint
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
cable = ObjectANCFCable2D(physicsMassPerLength=0.5, physicsBendingStiffness=20, physicsAxialStiffness=1e4,
                          physicsBendingDamping=0.05, useReducedOrderIntegration=2)
nodes, cables, loads, constraints, endNodes = GenerateStraightLineANCFCable2D(
    mbs, [0, 0, 0], [2, 0, 0], 32, cable, massProportionalLoad=[0, -9.81, 0],
    fixedConstraintsNode0=[1, 1, 0, 0], fixedConstraintsNode1=[1, 1, 0, 0])
n = mbs.AddNode(NodePoint2D(referenceCoordinates=[0.3, 0], initialVelocities=[1.5, 0]))
b = mbs.AddObject(MassPoint2D(physicsMass=0.2, nodeNumber=n))
m = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0]))
mbs.AddLoad(Force(markerNumber=m, loadVector=[0, -9.81 * 0.2, 0]))
GenerateSlidingJoint(mbs, cables, m, localMarkerIndexOfStartCable=4, slidingCoordinateStartPosition=0.3)
sPos = mbs.AddSensor(SensorNode(nodeNumber=n, storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 1
simulationSettings.timeIntegration.verboseMode = 0
simulationSettings.solutionSettings.writeSolutionToFile = False
mbs.SolveDynamic(simulationSettings)
print('slider', mbs.GetSensorValues(sPos))
