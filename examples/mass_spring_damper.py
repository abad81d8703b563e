"""Mass points and spring-dampers: a chain of three masses hanging from the ground under gravity.

Items: ObjectMassPoint, ObjectConnectorSpringDamper, LoadMassProportional; solver: generalized-alpha.
Writes mass_spring_damper.png (vertical positions of the three masses).
"""
import multibody as exu
from multibody.utilities import *
import multibody.graphics as graphics

SC = exu.SystemContainer()
mbs = SC.AddSystem()

L = 0.5          # spring length [m]
mass = 1.0       # [kg]
oGround = mbs.CreateGround(referencePosition=[0, 0, 0])

previous = oGround
sensors = []
for i in range(3):
    oMass = mbs.CreateMassPoint(referencePosition=[0, -L * (i + 1), 0], mass=mass,
                                gravity=[0, -9.81, 0])
    mbs.CreateSpringDamper(itemNumbers=[previous, oMass], referenceLength=L,
                           stiffness=400, damping=2)
    sensors.append(mbs.AddSensor(SensorBody(bodyNumber=oMass, storeInternal=True,
                                            outputVariableType=exu.OutputVariableType.Position)))
    previous = oMass
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 2
simulationSettings.solution.file.write = False
mbs.SolveDynamic(simulationSettings)

yEnd = [mbs.GetSensorValues(s)[1] for s in sensors]
print('final vertical positions:', yEnd)

mbs.PlotSensor(sensorNumbers=sensors, components=[1, 1, 1], labels=['mass 1', 'mass 2', 'mass 3'],
               title='chain of mass points on spring-dampers', fileName='mass_spring_damper.png')
