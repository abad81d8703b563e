"""A free tumbling body (Dzhanibekov effect) on a Lie-group node (NodeRigidBodyRotVecLG).

Rotation-vector nodes with Lie-group updates have no singularity and no extra constraint; the
explicit RK44 integrator advances them on the rotation group (explicit.useLieGroupIntegration).
Spun about its intermediate principal axis, the body flips periodically while energy and angular
momentum stay constant. Writes lie_group_tumbling.png (angular velocity in body coordinates).
"""
import numpy as np
import multibody as exu
from multibody.utilities import *
import multibody.graphics as graphics

SC = exu.SystemContainer()
mbs = SC.AddSystem()

sides = [0.3, 0.2, 0.05]                       # a plate: three different principal inertias
oBody = mbs.CreateRigidBody(inertia=InertiaCuboid(density=1000, sideLengths=sides),
                            nodeType=exu.NodeType.RotationRotationVector,
                            referencePosition=[0, 0, 0], initialAngularVelocity=[0.01, 10, 0],
                            graphicsDataList=[graphics.Brick(size=sides, color=graphics.color.orange)])
nBody = mbs.GetObject(oBody)['nodeNumber']
print('node:', mbs.GetNode(nBody)['nodeType'])
sOmega = mbs.AddSensor(SensorBody(bodyNumber=oBody, storeInternal=True,
                                  outputVariableType=exu.OutputVariableType.AngularVelocityLocal))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 5000
simulationSettings.timeIntegration.endTime = 5
simulationSettings.timeIntegration.explicit.useLieGroupIntegration = True
simulationSettings.solution.file.write = False
simulationSettings.solution.sensors.writePeriod = 0.005
mbs.SolveDynamic(simulationSettings, solverType=exu.DynamicSolverType.RK44)

w = mbs.GetSensorStoredData(sOmega)[:, 1:4]
J = np.diag(InertiaCuboid(density=1000, sideLengths=sides).Inertia())
energy = 0.5 * np.sum(J * w**2, axis=1)
print(f'spin about y between {w[:, 1].min():.2f} and {w[:, 1].max():.2f} rad/s; '
      f'relative energy change {np.ptp(energy) / energy[0]:.1e}')
mbs.PlotSensor(sensorNumbers=sOmega, components=[0, 1, 2], labels=['x', 'y', 'z'],
               yLabel='angular velocity, body frame (rad/s)', fileName='lie_group_tumbling.png')
