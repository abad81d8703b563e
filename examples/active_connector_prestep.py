"""A mass held by a CoordinateConstraint that a preStep user function releases at t = 0.5 s.

activeConnector = False turns the constraint's equations into lambda = 0: the mass then falls and
bounces on a spring-damper. Writes active_connector.png (height and constraint force).
"""
import multibody as exu
from multibody.utilities import *

SC = exu.SystemContainer()
mbs = SC.AddSystem()

oGround = mbs.CreateGround()
oMass = mbs.CreateMassPoint(referencePosition=[0, 1, 0], mass=2, gravity=[0, -9.81, 0])
nMass = mbs.GetObject(oMass)['nodeNumber']
mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
mY = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nMass, coordinate=1))
oHold = mbs.AddObject(CoordinateConstraint(markerNumbers=[mGround, mY]))
mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGround, mY], offset=-0.5, stiffness=2000, damping=20))
for coordinate in [0, 2]:
    mbs.CreateCoordinateConstraint(itemNumbers=[None, nMass], coordinates=[None, coordinate])

def PreStep(mbs, t):
    if t >= 0.5 and mbs.GetObjectParameter(oHold, 'activeConnector'):
        mbs.SetObjectParameter(oHold, 'activeConnector', False)
        print(f'constraint released at t = {t:.3f} s')
    return True

mbs.SetPreStepUserFunction(PreStep)
sHeight = mbs.AddSensor(SensorNode(nodeNumber=nMass, storeInternal=True,
                                   outputVariableType=exu.OutputVariableType.Displacement))
sForce = mbs.AddSensor(SensorObject(objectNumber=oHold, storeInternal=True,
                                    outputVariableType=exu.OutputVariableType.Force))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 2
simulationSettings.solution.file.write = False
mbs.SolveDynamic(simulationSettings)

print('final displacement y:', mbs.GetSensorValues(sHeight)[1])
mbs.PlotSensor(sensorNumbers=[sHeight, sForce], components=[1, 0], labels=['displacement y (m)',
               'constraint force (N)'], title='constraint switched off at t = 0.5 s',
               fileName='active_connector.png')
