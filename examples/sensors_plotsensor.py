"""Sensors of each kind and PlotSensor: a mass on a spring under a harmonic force.

SensorNode, SensorBody, SensorObject (the spring force), SensorLoad (the applied force) and
SensorMarker, stored internally and in files under solution/; PlotSensor draws them in two
sub-plots. Writes sensors.png.
"""
import numpy as np
import multibody as exu
from multibody.utilities import *

SC = exu.SystemContainer()
mbs = SC.AddSystem()

oGround = mbs.CreateGround()
oMass = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=1)
nMass = mbs.GetObject(oMass)['nodeNumber']
oSpring = mbs.CreateSpringDamper(itemNumbers=[oGround, oMass], referenceLength=1, stiffness=200, damping=1)
lForce = mbs.CreateForce(itemNumber=oMass, loadVector=[0, 0, 0],
                         loadVectorUserFunction=lambda mbs, t, load: [5 * np.sin(10 * t), 0, 0])
for c in [1, 2]:
    mbs.CreateCoordinateConstraint(itemNumbers=[None, nMass], coordinates=[None, c])
mMass = mbs.AddMarker(MarkerNodePosition(nodeNumber=nMass))

sNode = mbs.AddSensor(SensorNode(nodeNumber=nMass, fileName='solution/displacement.txt',
                                 outputVariableType=exu.OutputVariableType.Displacement))
sBody = mbs.AddSensor(SensorBody(bodyNumber=oMass, storeInternal=True,
                                 outputVariableType=exu.OutputVariableType.Velocity))
sSpring = mbs.AddSensor(SensorObject(objectNumber=oSpring, storeInternal=True,
                                     outputVariableType=exu.OutputVariableType.Force))
sLoad = mbs.AddSensor(SensorLoad(loadNumber=lForce, storeInternal=True))
sMarker = mbs.AddSensor(SensorMarker(markerNumber=mMass, storeInternal=True,
                                     outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 3
simulationSettings.solution.file.write = False
simulationSettings.solution.sensors.writePeriod = 0.005
mbs.SolveDynamic(simulationSettings)

print('sensor file rows:', len(np.loadtxt('solution/displacement.txt', comments='#', delimiter=',')))
mbs.PlotSensor(sensorNumbers=[sNode, sBody], components=[0, 0], labels=['displacement (file)',
               'velocity'], subPlot=[2, 1, 1], sizeInches=[6.4, 6.4], closeAll=True)
mbs.PlotSensor(sensorNumbers=[sSpring, sLoad], components=[0, 0], labels=['spring force', 'applied force'],
               subPlot=[2, 1, 2], newFigure=False, fileName='sensors.png')
