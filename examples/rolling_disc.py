"""A disc rolling on the ground: ObjectJointRollingDisc (mbs.CreateRollingDisc), index 3.

The disc starts upright with forward speed and a small tilt rate; the rolling condition (no slip,
no lift-off) couples translation and rotation, so the disc runs along a curve.
Writes rolling_disc.png (path of the disc's centre).
"""
import numpy as np
import multibody as exu
from multibody.utilities import *
import multibody.graphics as graphics
import matplotlib.pyplot as plt

SC = exu.SystemContainer()
mbs = SC.AddSystem()

r, w, v0 = 0.5, 0.1, 2.0                     # radius, width [m], speed [m/s]
oGround = mbs.CreateGround()
oDisc = mbs.CreateRigidBody(inertia=InertiaCylinder(density=1000, length=w, outerRadius=r, axis=0),
                            referencePosition=[0, 0, r], initialVelocity=[0, v0, 0],
                            initialAngularVelocity=[-v0 / r, 0, 0.5], gravity=[0, 0, -9.81],
                            graphicsDataList=[graphics.Cylinder(pAxis=[-w / 2, 0, 0], vAxis=[w, 0, 0],
                                                                radius=r, color=graphics.color.steelblue)])
mbs.CreateRollingDisc(bodyNumbers=[oGround, oDisc], axisPosition=[0, 0, 0], axisVector=[1, 0, 0],
                      discRadius=r, planePosition=[0, 0, 0], planeNormal=[0, 0, 1])
sPos = mbs.AddSensor(SensorBody(bodyNumber=oDisc, storeInternal=True,
                                outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 4
simulationSettings.solution.file.write = False
mbs.SolveDynamic(simulationSettings)

p = mbs.GetSensorStoredData(sPos)[:, 1:4]
print(f'centre height between {p[:, 2].min():.4f} and {p[:, 2].max():.4f} m; end at {p[-1, :2]}')
fig, ax = plt.subplots()
ax.plot(p[:, 0], p[:, 1])
ax.set_aspect('equal')
ax.set_xlabel('x (m)')
ax.set_ylabel('y (m)')
ax.set_title('path of a rolling disc')
fig.tight_layout()
fig.savefig('rolling_disc.png')
