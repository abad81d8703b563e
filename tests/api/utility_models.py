"""Small models for the tests of the energy, Jacobian and marker helpers (test_energy_utilities.py,
test_basic_utilities_more.py), built through the public API of a module given as ``exu`` with its
``utilities`` (so that tools/make_utilities40_reference.py builds the same models with Exudyn)."""
import numpy as np


def spatial_energy_model(exu, u):
    """Ground, a mass point and a rigid body with gravity (Create functions), a spring-damper, and
    loads of every kind: forces on position and rigid markers, a coordinate load, a torque, a
    body-fixed force, a force with a user function, a mass-proportional load. Assembled."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(u.ObjectGround())
    mp = mbs.CreateMassPoint(referencePosition=[1, 2, 3], initialDisplacement=[0.1, 0.2, -0.3],
                             initialVelocity=[0.5, 0.1, 0], mass=2, gravity=[0, -9.81, 0])
    rb = mbs.CreateRigidBody(referencePosition=[0, 1, 0], initialDisplacement=[0.05, -0.1, 0.2],
                             initialVelocity=[0, 0.3, 0.1], initialAngularVelocity=[1, 2, 0.5],
                             referenceRotationMatrix=u.RotationMatrixZ(0.3),
                             initialRotationMatrix=u.RotationMatrixX(0.2),
                             inertia=u.InertiaCuboid(1000, [1, 0.2, 0.3]), gravity=[0, 0, -9.81])
    mbs.CreateSpringDamper(itemNumbers=[mp, rb], stiffness=100, damping=1, referenceLength=1.5)
    rigid = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=rb, localPosition=[0.2, 0.1, 0]))
    position = mbs.AddMarker(u.MarkerBodyPosition(bodyNumber=rb, localPosition=[0.2, 0.1, 0]))
    node = mbs.GetObject(rb)["nodeNumber"]
    coordinate = mbs.AddMarker(u.MarkerNodeCoordinate(nodeNumber=node, coordinate=1))
    mbs.AddLoad(u.LoadForceVector(markerNumber=position, loadVector=[1, 2, 3]))
    mbs.AddLoad(u.LoadForceVector(markerNumber=rigid, loadVector=[1, -2, 3]))
    mbs.AddLoad(u.LoadCoordinate(markerNumber=coordinate, load=4.5))
    mbs.AddLoad(u.LoadTorqueVector(markerNumber=rigid, loadVector=[1, 2, 3]))
    mbs.AddLoad(u.LoadForceVector(markerNumber=rigid, loadVector=[1, 2, 3], bodyFixed=True))
    mbs.AddLoad(u.LoadForceVector(markerNumber=position, loadVector=[1, 2, 3], loadVectorUserFunction=_load_function))
    mass = mbs.AddMarker(u.MarkerBodyMass(bodyNumber=rb))
    mbs.AddLoad(u.LoadMassProportional(markerNumber=mass, loadVector=[0, 0, -9.81]))
    mbs.Assemble()
    return mbs, SC


def _load_function(mbs, t, load):
    return load


def planar_energy_model(exu, u):
    """2D mass point, 2D rigid body, 1D mass and rotor, a generic ODE2 object, and the spring-dampers
    with a potential energy (one with a user function), a constraint, mass-proportional loads on
    the bodies, force and coordinate loads (one with a user function). Assembled."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(u.ObjectGround())
    m_ground = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=ground))
    n2 = mbs.AddNode(u.NodePoint2D(referenceCoordinates=[1, 0], initialCoordinates=[0.1, 0.2],
                                   initialVelocities=[0.3, 0.4]))
    o2 = mbs.AddObject(u.MassPoint2D(nodeNumber=n2, mass=3))
    nr = mbs.AddNode(u.NodeRigidBody2D(referenceCoordinates=[0, 1, 0.2], initialCoordinates=[0.1, 0.2, 0.3],
                                       initialVelocities=[0.3, 0.4, 2]))
    orb = mbs.AddObject(u.RigidBody2D(nodeNumber=nr, mass=3, inertia=0.5))
    n1 = mbs.AddNode(u.Node1D(referenceCoordinates=[0], initialCoordinates=[0.25], initialVelocities=[1.5]))
    o1 = mbs.AddObject(u.Mass1D(nodeNumber=n1, mass=2, referencePosition=[1, 2, 3],
                                referenceRotation=u.RotationMatrixZ(0.4)))
    mbs.AddObject(u.Rotor1D(nodeNumber=n1, inertia=2, referencePosition=[1, 2, 3]))
    ng = mbs.AddNode(u.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[0.1, 0.2],
                                       initialCoordinates_t=[1, 2], numberOfODE2Coordinates=2))
    mbs.AddObject(u.ObjectGenericODE2(nodeNumbers=[ng], massMatrix=np.diag([2., 3]),
                                      stiffnessMatrix=np.array([[4., 1], [1, 5]]), forceVector=[0.5, 0.7]))
    m2 = mbs.AddMarker(u.MarkerNodePosition(nodeNumber=n2))
    mr = mbs.AddMarker(u.MarkerNodeRigid(nodeNumber=nr))
    mc1 = mbs.AddMarker(u.MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    mcg = mbs.AddMarker(u.MarkerNodeCoordinate(nodeNumber=ng, coordinate=1))
    mgc = mbs.AddMarker(u.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(u.NodePointGround()), coordinate=0))
    mbs.AddObject(u.CartesianSpringDamper(markerNumbers=[m2, mbs.AddMarker(u.MarkerNodePosition(nodeNumber=nr))],
                                          stiffness=[10, 20, 30], damping=[1, 1, 1], offset=[0.1, 0, 0]))
    mbs.AddObject(u.CoordinateSpringDamper(markerNumbers=[mgc, mc1], stiffness=7, damping=0.1, offset=0.05))
    mbs.AddObject(u.TorsionalSpringDamper(markerNumbers=[m_ground, mr], stiffness=3, damping=0.1))
    mbs.AddObject(u.RigidBodySpringDamper(markerNumbers=[m_ground, mr], stiffness=np.diag([1, 2, 3, 4, 5, 6.]),
                                          damping=np.zeros((6, 6))))
    mbs.AddObject(u.SpringDamper(markerNumbers=[m2, mbs.AddMarker(u.MarkerNodePosition(nodeNumber=nr))], stiffness=5,
                                 referenceLength=0.5, springForceUserFunction=_spring_force))
    mbs.AddObject(u.CoordinateConstraint(markerNumbers=[mgc, mcg]))
    mbs.AddObject(u.LinearSpringDamper(markerNumbers=[m_ground, mr], stiffness=3, damping=0.1))
    for body, g in ((o2, [0, -9.81, 0]), (orb, [0, -9.81, 0]), (o1, [0, -9.81, 1])):
        mbs.AddLoad(u.LoadMassProportional(markerNumber=mbs.AddMarker(u.MarkerBodyMass(bodyNumber=body)),
                                           loadVector=g))
    mbs.AddLoad(u.LoadForceVector(markerNumber=m2, loadVector=[2, 3, 0]))
    mbs.AddLoad(u.LoadCoordinate(markerNumber=mcg, load=1.5))
    mbs.AddLoad(u.LoadCoordinate(markerNumber=mc1, load=2.5, loadUserFunction=_load_function))
    mbs.AddLoad(u.LoadForceVector(markerNumber=mbs.AddMarker(u.MarkerBodyPosition(bodyNumber=o1)),
                                  loadVector=[2, 3, 1]))
    mbs.AddLoad(u.LoadForceVector(markerNumber=mbs.AddMarker(u.MarkerBodyPosition(bodyNumber=orb,
                                                                                  localPosition=[0.5, 0, 0])),
                                  loadVector=[2, 3, 1]))
    mbs.Assemble()
    return mbs, SC


def _spring_force(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
    return stiffness * deltaL


def two_mass_points(exu, u, gravity=(0, 0, 0)):
    """Two mass points on a spring-damper (for NumericalJacobian and the energy sensor). Assembled."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(u.ObjectGround())
    mp = mbs.CreateMassPoint(referencePosition=[1, 2, 3], initialDisplacement=[0.1, 0.2, -0.3],
                             initialVelocity=[0.5, 0.1, 0], mass=2, gravity=list(gravity))
    mp2 = mbs.CreateMassPoint(referencePosition=[2, 2, 3], initialVelocity=[0.5, 0.1, 0], mass=1)
    sd = mbs.CreateSpringDamper(itemNumbers=[mp, mp2], stiffness=100, damping=3, referenceLength=0.8)
    mbs.Assemble()
    return mbs, SC, mp, mp2, sd


def joint_bodies(exu, u):
    """Ground (moved), two rotated rigid bodies and a mass point, not assembled: for GetJointArgs
    and GetOtherMarker. Returns mbs, SC and {'ground', 'body0', 'body1', 'point', 'node0'}."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(u.ObjectGround(referencePosition=[0.1, 0.2, 0.3]))
    inertia = u.InertiaCuboid(1000, [1, 0.2, 0.3])
    b0 = mbs.CreateRigidBody(referencePosition=[1, 2, 3], referenceRotationMatrix=u.RotationMatrixZ(0.3),
                             inertia=inertia, initialDisplacement=[0.1, 0.2, 0.3])
    b1 = mbs.CreateRigidBody(referencePosition=[2, 1, 0.5], referenceRotationMatrix=u.RotationMatrixX(0.7),
                             inertia=inertia)
    point = mbs.CreateMassPoint(referencePosition=[1, 1, 1], mass=1)
    return mbs, SC, {"ground": ground, "body0": b0, "body1": b1, "point": point,
                     "node0": mbs.GetObject(b0)["nodeNumber"]}
