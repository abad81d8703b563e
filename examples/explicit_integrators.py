"""Explicit integrators on a mass-spring oscillator whose unused coordinates are fixed by ground
CoordinateConstraints: the explicit solvers eliminate these constraints (timeIntegration.explicit.
eliminateConstraints) instead of solving for multipliers. RK44, DOPRI5 (adaptive) and explicit
Euler against the exact solution. Writes explicit_integrators.png (error over time).
"""
import numpy as np
import multibody as exu
from multibody.utilities import *
import matplotlib.pyplot as plt

m, k, x0 = 1.0, 100.0, 0.1
omega = np.sqrt(k / m)

def Simulate(solverType):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    oGround = mbs.CreateGround()
    oMass = mbs.CreateMassPoint(referencePosition=[1, 0, 0], initialDisplacement=[x0, 0, 0], mass=m)
    nMass = mbs.GetObject(oMass)['nodeNumber']
    mbs.CreateSpringDamper(itemNumbers=[oGround, oMass], referenceLength=1, stiffness=k)
    for coordinate in [1, 2]:                      # y and z fixed to the ground: eliminated
        mbs.CreateCoordinateConstraint(itemNumbers=[None, nMass], coordinates=[None, coordinate])
    s = mbs.AddSensor(SensorNode(nodeNumber=nMass, storeInternal=True,
                                 outputVariableType=exu.OutputVariableType.Displacement))
    mbs.Assemble()
    simulationSettings = exu.SimulationSettings()
    simulationSettings.timeIntegration.numberOfSteps = 1000
    simulationSettings.timeIntegration.endTime = 2
    simulationSettings.timeIntegration.explicit.eliminateConstraints = True
    simulationSettings.solution.file.write = False
    simulationSettings.solution.sensors.writePeriod = 0.01
    mbs.SolveDynamic(simulationSettings, solverType=solverType)
    data = mbs.GetSensorStoredData(s)
    return data[:, 0], data[:, 1]

fig, ax = plt.subplots()
for solverType in [exu.DynamicSolverType.ExplicitEuler, exu.DynamicSolverType.RK44,
                   exu.DynamicSolverType.DOPRI5]:
    t, x = Simulate(solverType)
    error = np.abs(x - x0 * np.cos(omega * t))
    print(f'{solverType.name}: max error {error.max():.2e} m')
    ax.semilogy(t[1:], error[1:] + 1e-18, label=solverType.name)
ax.set_xlabel('time (s)')
ax.set_ylabel('|x - exact| (m)')
ax.set_title('explicit integrators, constraints eliminated')
ax.legend()
fig.tight_layout()
fig.savefig('explicit_integrators.png')
