"""Spatial slider-crank with redundant constraints, moving under gravity: crank and connecting rod
on revolute joints, the slider on a prismatic joint and a spherical joint to the rod (one
redundant equation); EigenDense with ignoreSingularJacobian, 5000 steps of 1 ms."""
import exudyn as exu
from exudyn.utilities import *
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
r, l, phi = 0.1, 0.3, np.pi / 3      # crank length, rod length, the crank's initial angle
tip = np.array([r * np.cos(phi), r * np.sin(phi), 0])
xs = tip[0] + np.sqrt(l**2 - tip[1]**2)          # the slider's x
ground = mbs.CreateGround(referencePosition=[0, 0, 0])
crank = mbs.CreateRigidBody(inertia=InertiaCuboid(density=2000, sideLengths=[r, 0.02, 0.02]),
                            referencePosition=0.5 * tip, referenceRotationMatrix=RotationMatrixZ(phi),
                            gravity=[0, -9.81, 0])
rod = mbs.CreateRigidBody(inertia=InertiaCuboid(density=2000, sideLengths=[l, 0.02, 0.02]),
                          referencePosition=0.5 * (tip + [xs, 0, 0]),
                          referenceRotationMatrix=RotationMatrixZ(-np.arctan2(tip[1], xs - tip[0])),
                          gravity=[0, -9.81, 0])
slider = mbs.CreateRigidBody(inertia=InertiaCuboid(density=2000, sideLengths=[0.05, 0.05, 0.05]),
                             referencePosition=[xs, 0, 0], gravity=[0, -9.81, 0])
mbs.CreateRevoluteJoint(bodyNumbers=[ground, crank], position=[0, 0, 0], axis=[0, 0, 1])
mbs.CreateRevoluteJoint(bodyNumbers=[crank, rod], position=tip, axis=[0, 0, 1])
mbs.CreatePrismaticJoint(bodyNumbers=[ground, slider], position=[xs, 0, 0], axis=[1, 0, 0])
mbs.CreateSphericalJoint(bodyNumbers=[rod, slider], position=[xs, 0, 0])

sSlider = mbs.AddSensor(SensorBody(bodyNumber=slider, storeInternal=True,
                                   outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 5000
simulationSettings.timeIntegration.endTime = 5
simulationSettings.timeIntegration.verboseMode = 0
simulationSettings.solutionSettings.writeSolutionToFile = False
simulationSettings.linearSolverType = exu.LinearSolverType.EigenDense
simulationSettings.linearSolverSettings.ignoreSingularJacobian = True
mbs.SolveDynamic(simulationSettings)
print('slider', mbs.GetSensorValues(sSlider))
