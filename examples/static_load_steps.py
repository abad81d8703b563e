"""A pre-tensioned string of mass points under a growing side load: SolveStatic with load steps.

The load factor goes from 0 to 1 in 20 load steps; a sensor stores the middle point at each step,
giving the load-deflection curve (nonlinear: the string stiffens as it deflects).
Items: ObjectMassPoint, ObjectConnectorSpringDamper, LoadForceVector. Writes static_load_steps.png.
"""
import multibody as exu
from multibody.utilities import *
import matplotlib.pyplot as plt

SC = exu.SystemContainer()
mbs = SC.AddSystem()

n, a, k, F = 6, 0.25, 1000.0, 50.0     # segments, segment length [m], stiffness [N/m], load [N]
oGround = mbs.CreateGround()
masses = [mbs.CreateMassPoint(referencePosition=[a * i, 0, 0], mass=1) for i in range(1, n)]
for i, (m0, m1) in enumerate(zip([oGround] + masses, masses + [oGround])):
    mbs.CreateSpringDamper(itemNumbers=[m0, m1], localPosition0=[0, 0, 0],
                           localPosition1=[a * n, 0, 0] if i == n - 1 else [0, 0, 0],
                           referenceLength=0.9 * a, stiffness=k)
for m in masses:
    nodeZ = mbs.GetObject(m)['nodeNumber']
    mbs.CreateCoordinateConstraint(itemNumbers=[None, nodeZ], coordinates=[None, 2])
middle = masses[n // 2 - 1]
mbs.CreateForce(itemNumber=middle, loadVector=[0, -F, 0])
sMid = mbs.AddSensor(SensorBody(bodyNumber=middle, storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Displacement))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.staticSolver.numberOfLoadSteps = 20
simulationSettings.solution.file.write = False
mbs.SolveStatic(simulationSettings)

data = mbs.GetSensorStoredData(sMid)      # column 0: load factor
print(f'{len(data)} stored steps; middle deflection at full load: {data[-1, 2]:.4f} m')
fig, ax = plt.subplots()
ax.plot(-data[:, 2], data[:, 0] * F, 'o-')
ax.set_xlabel('deflection of the middle point (m)')
ax.set_ylabel('load (N)')
ax.set_title('static solve in 20 load steps')
ax.grid(True)
fig.tight_layout()
fig.savefig('static_load_steps.png')
