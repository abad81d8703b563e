"""Small models run by ``python -m multibody compile`` after the engine's one-time compile.

The engine and the group kernels have declared signatures and are compiled by
engine/compile.py; the kernels that Python calls directly (outputs, frames of the initial state,
rotation utilities, the sparse LU) are compiled at their first call for the argument types they
get. These models make those first calls, a few steps each, through every solver kind and the
common item types, so that a user's first model finds them in the cache too.
"""
from __future__ import annotations

import contextlib
import io

import numpy as np


def _settings(exu, steps=4, end_time=0.004, solver="EigenSparse"):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = end_time
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    ss.solution.sensors.writePeriod = end_time / steps
    ss.linearSolver.solverType = getattr(exu.LinearSolverType, solver)
    return ss


def _sensors(exu, U, mbs, bodies, objects, joints=()):
    OV = exu.OutputVariableType
    for b in bodies:
        mbs.AddSensor(U.SensorBody(bodyNumber=b, storeInternal=True, outputVariableType=OV.Position))
        mbs.AddSensor(U.SensorBody(bodyNumber=b, storeInternal=True, outputVariableType=OV.Velocity))
    for o in objects:
        mbs.AddSensor(U.SensorObject(objectNumber=o, storeInternal=True, outputVariableType=OV.Force))
    for o in joints:
        mbs.AddSensor(U.SensorObject(objectNumber=o, storeInternal=True, outputVariableType=OV.ForceLocal))


def rigid_chain(exu, U, node_type):
    """Rigid bodies on revolute, prismatic, spherical and generic joints, springs and loads."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.CreateGround()
    inertia = U.InertiaCuboid(density=1000., sideLengths=[0.4, 0.05, 0.05])
    bodies = [mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.2 + 0.4 * i, 0., 0.], nodeType=node_type,
                                  gravity=[0., -9.81, 0.]) for i in range(4)]
    spherical = mbs.CreateSphericalJoint(bodyNumbers=[bodies[0], bodies[1]], position=[0.4, 0., 0.])
    joints = [mbs.CreateRevoluteJoint(bodyNumbers=[g, bodies[0]], position=[0., 0., 0.], axis=[0., 0., 1.]),
              mbs.CreateGenericJoint(bodyNumbers=[bodies[1], bodies[2]], position=[0.8, 0., 0.],
                                     constrainedAxes=[1, 1, 1, 1, 1, 0]),
              mbs.CreatePrismaticJoint(bodyNumbers=[bodies[2], bodies[3]], position=[1.2, 0., 0.], axis=[1., 0., 0.])]
    springs = [mbs.CreateSpringDamper(bodyNumbers=[g, bodies[3]], localPosition0=[1.4, 0.3, 0.], stiffness=100.,
                                      damping=1.),
               mbs.CreateCartesianSpringDamper(bodyNumbers=[g, bodies[1]], localPosition0=[0.6, 0., 0.],
                                               stiffness=[10., 10., 10.], damping=[0.1, 0.1, 0.1]), spherical]
    torsional = mbs.CreateTorsionalSpringDamper(bodyNumbers=[g, bodies[0]], position=[0., 0., 0.], axis=[0., 0., 1.],
                                                stiffness=1., damping=0.01)
    mbs.AddSensor(U.SensorObject(objectNumber=torsional, storeInternal=True,
                                 outputVariableType=exu.OutputVariableType.TorqueLocal))
    joints.append(mbs.CreateRigidBodySpringDamper(bodyNumbers=[g, bodies[2]], localPosition0=[1., 0., 0.],
                                                  stiffness=np.eye(6), damping=0.01 * np.eye(6)))
    mbs.CreateForce(bodyNumber=bodies[3], loadVector=[0., 0., 1.])
    mbs.CreateTorque(bodyNumber=bodies[2], loadVector=[0., 0.1, 0.])
    _sensors(exu, U, mbs, bodies, springs, joints)
    mbs.Assemble()
    return mbs


def point_chain(exu, U):
    """Mass points on distance and coordinate constraints, spring-dampers, a coordinate load."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground))
    ng = mbs.AddNode(U.NodePointGround())
    bodies, objects = [], []
    for i in range(3):
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0.5 * (i + 1), 0., 0.]))
        b = mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
        objects.append(mbs.AddObject(U.DistanceConstraint(markerNumbers=[prev, m], distance=0.5)))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b)),
                                           loadVector=[0., -9.81, 0.]))
        bodies.append(b)
        prev = m
    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
    objects.append(mbs.AddObject(U.CoordinateConstraint(markerNumbers=[
        mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0)), mc])))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=1)),
                                 load=1.))
    objects.append(mbs.AddObject(U.SpringDamper(markerNumbers=[mbs.AddMarker(U.MarkerBodyPosition(
        bodyNumber=ground, localPosition=[1.5, -1., 0.])), prev], stiffness=10., damping=0.1, referenceLength=1.)))
    _sensors(exu, U, mbs, bodies, objects)
    mbs.AddSensor(U.SensorNode(nodeNumber=n, storeInternal=True, outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    return mbs


def planar(exu, U):
    """Planar rigid bodies on a revolute and a prismatic joint, a 2D mass point on a spring."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground))
    bodies = []
    for x in (0.5, 2.):
        n = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[x, 0., 0.]))
        bodies.append(mbs.AddObject(U.ObjectRigidBody2D(physicsMass=1., physicsInertia=0.1, nodeNumber=n)))
    mb = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=bodies[0], localPosition=[-0.5, 0., 0.]))
    j = mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[mg, mb]))
    mgr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=ground, localPosition=[2., 0., 0.]))
    mr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=bodies[1]))
    mbs.AddObject(U.PrismaticJoint2D(markerNumbers=[mgr, mr], axisMarker0=[1., 0., 0.], normalMarker1=[0., 1., 0.]))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mr, loadVector=[1., -1., 0.]))
    n2 = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[1., 1.]))
    p = mbs.AddObject(U.MassPoint2D(physicsMass=1., nodeNumber=n2))
    mp = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=p))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mp], stiffness=100., referenceLength=1.))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mb, mp], stiffness=100., referenceLength=1.))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mp, loadVector=[0., -1., 0.]))
    _sensors(exu, U, mbs, bodies + [p], [j])
    mbs.Assemble()
    return mbs


def truss(exu, U):
    """A planar truss of 2D mass points and spring-dampers, two nodes held by CoordinateConstraints."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ng = mbs.AddNode(U.NodePointGround())
    nodes = [mbs.AddNode(U.NodePoint2D(referenceCoordinates=[x, y])) for x in (0., 1., 2.) for y in (0., 1.)]
    markers = []
    for n in nodes:
        mbs.AddObject(U.MassPoint2D(physicsMass=1., nodeNumber=n))
        markers.append(mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n)))
    for n in nodes[:2]:
        for k in range(2):
            mbs.AddObject(U.CoordinateConstraint(markerNumbers=[
                mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=k)),
                mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=k))]))
    for a, b in ((0, 2), (1, 3), (2, 4), (3, 5), (0, 1), (2, 3), (4, 5), (0, 3), (2, 5)):
        length = np.hypot(*(np.array(mbs.GetNodeParameter(nodes[a], "referenceCoordinates"))
                            - mbs.GetNodeParameter(nodes[b], "referenceCoordinates")))
        mbs.AddObject(U.SpringDamper(markerNumbers=[markers[a], markers[b]], stiffness=1000., referenceLength=length))
    mbs.AddLoad(U.LoadForceVector(markerNumber=markers[5], loadVector=[0., -10., 0.]))
    mbs.AddSensor(U.SensorNode(nodeNumber=nodes[5], storeInternal=True,
                               outputVariableType=exu.OutputVariableType.Displacement))
    mbs.Assemble()
    return mbs


def run(verbose=False):
    """Build and solve each model briefly with the solvers that apply; returns the number of
    solves."""
    import multibody as exu
    import multibody.utilities as U
    solves = []

    def solve(make, how, **kw):
        mbs = make()
        with contextlib.redirect_stdout(io.StringIO()):       # (the solvers' console lines)
            if how == "static":
                ss = _settings(exu, **kw)
                ss.staticSolver.numberOfLoadSteps = 2
                mbs.SolveStatic(ss)
            else:
                mbs.SolveDynamic(_settings(exu, **kw), solverType=getattr(exu.DynamicSolverType, how))
        solves.append(how)
        if verbose:
            print(f"  warm-up: {how} {kw}")

    for node_type in (exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz,
                      exu.NodeType.RotationRotationVector):
        for solver in ("EigenSparse", "EigenDense", "EXUdense"):
            solve(lambda: rigid_chain(exu, U, node_type), "GeneralizedAlpha", solver=solver)
        solve(lambda: rigid_chain(exu, U, node_type), "TrapezoidalIndex2")
    for solver in ("EigenSparse", "EigenDense"):
        solve(lambda: point_chain(exu, U), "GeneralizedAlpha", solver=solver)
        solve(lambda: planar(exu, U), "GeneralizedAlpha", solver=solver)
        solve(lambda: truss(exu, U), "static", solver=solver)
    for how in ("RK44", "ExplicitEuler", "DOPRI5", "VelocityVerlet"):
        solve(lambda: _explicit_model(exu, U), how)
    return len(solves)


def _explicit_model(exu, U):
    """Mass points on springs, one fixed by CoordinateConstraints (eliminated)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ng = mbs.AddNode(U.NodePointGround())
    nodes = [mbs.AddNode(U.NodePoint(referenceCoordinates=[0.1 * i, 0., 0.])) for i in range(3)]
    for n in nodes:
        mbs.AddObject(U.MassPoint(physicsMass=0.1, nodeNumber=n))
        mbs.AddLoad(U.Force(markerNumber=mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n)), loadVector=[0., 0., -1.]))
    for k in range(3):
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[
            mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=k)),
            mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=k))]))
    for a, b in zip(nodes, nodes[1:]):
        mbs.AddObject(U.SpringDamper(markerNumbers=[mbs.AddMarker(U.MarkerNodePosition(nodeNumber=a)),
                                                    mbs.AddMarker(U.MarkerNodePosition(nodeNumber=b))],
                                     stiffness=100., damping=0.1, referenceLength=0.1))
    mbs.AddSensor(U.SensorNode(nodeNumber=nodes[-1], storeInternal=True,
                               outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    return mbs
