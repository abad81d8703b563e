"""The scene matrix: models x visualization settings, compared with Exudyn 1.13.6.

Each model builder uses only the public Exudyn 1.13 API and takes the modules as arguments
(``builder(exu, U, G) -> SystemContainer``, assembled), so the same code runs on both
implementations. ``SETTINGS`` maps a settings case to the entries applied on top of the model's
base settings; every (model, settings case) pair is one scene in
tests/reference/visualization/matrix_<model>.json (tools/make_visualization_reference.py).
Each entry of ``CABLES`` is a model too (the cable model built with that cable type): a new cable
type is one entry there, recorded by ``python tools/make_visualization_reference.py matrix_<name>``.
No module-level import of exudyn or multibody.
"""
import numpy as np

from .vis_models import apply_settings

RED, GREEN, ORANGE = [1., 0., 0., 1.], [0., 1., 0., 1.], [1., 0.5, 0., 1.]


def _base_settings(SC):
    """Small tilings keep the reference data small; counts scale with them."""
    v = SC.visualizationSettings
    v.general.cylinderTiling = 8
    v.general.sphereTiling = 8
    v.general.circleTiling = 8
    v.general.axesTiling = 8
    v.connectors.curveTiling = 8
    v.connectors.springNumberOfWindings = 3


def _new(exu):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    _base_settings(SC)
    return SC, mbs


def _sensors(exu, mbs, U, node, body, marker, obj, load):
    """One sensor of each type; the last one hidden."""
    mbs.AddSensor(U.SensorNode(nodeNumber=node, outputVariableType=exu.OutputVariableType.Position,
                               writeToFile=False))
    mbs.AddSensor(U.SensorBody(bodyNumber=body, outputVariableType=exu.OutputVariableType.Position,
                               writeToFile=False))
    mbs.AddSensor(U.SensorMarker(markerNumber=marker, outputVariableType=exu.OutputVariableType.Position,
                                 writeToFile=False))
    mbs.AddSensor(U.SensorObject(objectNumber=obj, outputVariableType=exu.OutputVariableType.Force,
                                 writeToFile=False))
    mbs.AddSensor(U.SensorLoad(loadNumber=load, writeToFile=False))
    mbs.AddSensor(U.SensorNode(nodeNumber=node, outputVariableType=exu.OutputVariableType.Position,
                               writeToFile=False, visualization=U.VSensorNode(show=False)))


def points(exu, U, G):
    """Point nodes (ground, 3D, 2D, own size/color, hidden), mass points, every point marker, Force,
    MassProportional and Coordinate loads, all sensor types, point connectors."""
    SC, mbs = _new(exu)
    ng = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    n1 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0.5, 0.], initialCoordinates=[0.1, 0., 0.2]))
    n2 = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[0.5, -1.]))
    n3 = mbs.AddNode(U.NodePoint(referenceCoordinates=[-1., 0.3, 0.4], visualization=U.VNodePoint(
        drawSize=0.3, color=[1., 0., 1., 1.])))
    mbs.AddNode(U.NodePoint(referenceCoordinates=[2., 0., 0.], visualization=U.VNodePoint(show=False)))
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.], visualization=U.VObjectGround(
        graphicsData=[G.Brick([0., 0., 0.], [0.2, 0.3, 0.4], G.color.red)])))
    b1 = mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n1, visualization=U.VMassPoint(
        graphicsData=[G.Sphere([0., 0., 0.], 0.1, G.color.blue, nTiles=8)])))
    b2 = mbs.AddObject(U.MassPoint2D(physicsMass=1., nodeNumber=n2))
    mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n3, visualization=U.VMassPoint(show=False)))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[0.2, 0.1, 0.]))
    mn1 = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n1))
    mb2 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b2, localPosition=[0., 0., 0.]))
    mm1 = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b1))
    mc1 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n1, coordinate=1))
    mcg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mn3 = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n3, visualization=U.VMarkerNodePosition(show=False)))
    mbs.AddMarker(U.MarkerNodeCoordinates(nodeNumber=n2))
    lf = mbs.AddLoad(U.Force(markerNumber=mn1, loadVector=[0., -2., 1.]))
    mbs.AddLoad(U.Force(markerNumber=mb2, loadVector=[3., 0., 0.], visualization=U.VForce(show=False)))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mm1, loadVector=[0., 0., -9.81]))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mc1, load=2.))
    sd = mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mn1], stiffness=10., referenceLength=1.))
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mcg, mc1], activeConnector=False))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=[mn1, mb2], distance=1., activeConnector=False))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, mn3], stiffness=[1., 1., 1.]))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mcg, mc1], stiffness=1.))
    _sensors(exu, mbs, U, n1, b1, mn1, sd, lf)
    mbs.Assemble()
    return SC


def _rigid(mbs, U, G, node_type, position, A, graphics=True):
    if node_type == "EP":
        rot = list(U.RotationMatrix2EulerParameters(A))
        item = U.NodeRigidBodyEP
    elif node_type == "Rxyz":
        rot = list(U.RotationMatrix2RotXYZ(A))
        item = U.NodeRigidBodyRxyz
    else:
        rot = list(U.RotationMatrix2RotationVector(A))
        item = U.NodeRigidBodyRotVecLG
    n = mbs.AddNode(item(referenceCoordinates=list(position) + rot))
    gd = [G.Brick([0., 0., 0.], [0.4, 0.1, 0.2], G.color.green)] if graphics else []
    b = mbs.AddObject(U.ObjectRigidBody(physicsMass=1., physicsInertia=[1., 1., 1., 0., 0., 0.],
                                        nodeNumber=n, visualization=U.VObjectRigidBody(graphicsData=gd)))
    return n, b


def rigid3d(exu, U, G):
    """Rigid bodies with each 3D rigid node type, rigid markers, Force/Torque loads, sensors and every
    3D joint and rigid-body connector."""
    SC, mbs = _new(exu)
    A = U.RotationMatrixZ(0.3) @ U.RotationMatrixX(0.2)
    p = [1., 0.5, 0.2]
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    n, b = _rigid(mbs, U, G, "EP", p, A)
    n2, b2 = _rigid(mbs, U, G, "Rxyz", [-1., 0., 0.5], U.RotationMatrixY(0.5), graphics=False)
    n3, b3 = _rigid(mbs, U, G, "RotVec", [0., -1., 0.], U.RotationMatrixX(-0.4))
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=p))
    mb = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0., 0.]))
    mgp = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=p))
    mbp = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0.1, 0., 0.]))
    mn2 = mbs.AddMarker(U.MarkerNodeRigid(nodeNumber=n2))
    mr3 = mbs.AddMarker(U.MarkerNodeRotationCoordinate(nodeNumber=n3, rotationCoordinate=2))
    mm3 = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b3))
    mb3 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b3, localPosition=[0., 0.2, 0.]))
    lf = mbs.AddLoad(U.Force(markerNumber=mb, loadVector=[0., 0., 5.]))
    mbs.AddLoad(U.Torque(markerNumber=mn2, loadVector=[1., 0., 0.]))
    mbs.AddLoad(U.Torque(markerNumber=mb3, loadVector=[0., 2., 0.], bodyFixed=True))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mm3, loadVector=[0., 0., -9.81]))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mr3, load=1.))
    j = mbs.AddObject(U.SphericalJoint(markerNumbers=[mgp, mbp], activeConnector=False))
    mbs.AddObject(U.RevoluteJointZ(markerNumbers=[mg, mb], activeConnector=False))
    mbs.AddObject(U.PrismaticJointX(markerNumbers=[mg, mb], activeConnector=False,
                                    visualization=U.VPrismaticJointX(color=RED)))
    for axes in ([1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 1], [1, 1, 1, 0, 0, 1], [1, 1, 1, 0, 0, 0]):
        mbs.AddObject(U.GenericJoint(markerNumbers=[mg, mb], constrainedAxes=axes, activeConnector=False))
    mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[mg, mn2], stiffness=np.eye(6).tolist()))
    mbs.AddObject(U.ObjectConnectorLinearSpringDamper(markerNumbers=[mg, mb], stiffness=1.))
    mbs.AddObject(U.TorsionalSpringDamper(markerNumbers=[mg, mb3], stiffness=1.))
    mbs.AddObject(U.ObjectJointRollingDisc(markerNumbers=[mg, mb3], activeConnector=False,
                                           discRadius=0.3))
    mbs.AddObject(U.SphericalJoint(markerNumbers=[mgp, mbp], activeConnector=False,
                                   visualization=U.VSphericalJoint(show=False)))
    _sensors(exu, mbs, U, n, b, mb, j, lf)
    mbs.Assemble()
    return SC


def rigid2d(exu, U, G):
    """A 2D rigid body with graphics, 2D joints, a load and sensors."""
    SC, mbs = _new(exu)
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    n = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[1., 0.5, 0.4], initialCoordinates=[0., 0.1, 0.]))
    b = mbs.AddObject(U.ObjectRigidBody2D(physicsMass=1., physicsInertia=0.1, nodeNumber=n,
                                          visualization=U.VObjectRigidBody2D(graphicsData=[
                                              G.Brick([0., 0., 0.], [0.4, 0.1, 0.1], G.color.orange)])))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[1., 0.5, 0.]))
    mgr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0.5, 0.5, 0.]))
    mb = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    mbr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.2, 0., 0.]))
    mnr = mbs.AddMarker(U.MarkerNodeRigid(nodeNumber=n))
    lf = mbs.AddLoad(U.Force(markerNumber=mb, loadVector=[0., -1., 0.]))
    mbs.AddLoad(U.Torque(markerNumber=mnr, loadVector=[0., 0., 0.5]))
    j = mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[mg, mb], activeConnector=False))
    mbs.AddObject(U.PrismaticJoint2D(markerNumbers=[mgr, mbr], axisMarker0=[1., 0., 0.], normalMarker1=[0., 1., 0.],
                                     activeConnector=False,
                                     visualization=U.VPrismaticJoint2D(drawSize=0.2, color=[0., 0., 1., 1.])))
    _sensors(exu, mbs, U, n, b, mb, j, lf)
    mbs.Assemble()
    return SC


def _user_graphics(G, color, mbs):
    """A graphicsDataUserFunction; it holds mbs: Exudyn draws nothing if the MainSystem it passes to
    Python drawing user functions is gone (measured)."""
    def f(mbsArg, itemNumber, mbs=mbs):
        return [G.Brick([0.1 * int(itemNumber), 0., 0.], [0.1, 0.2, 0.3], color),
                G.Sphere([0., 0.2, 0.], 0.05, color, nTiles=4)]
    return f


def options(exu, U, G):
    """Each connector's and joint's own drawing options (drawSize, color, jointRadius, drawAsCylinder,
    discAxis and planeNormal of rolling discs), rigid nodes with own size and color, graphicsData and
    graphicsDataUserFunction of grounds, 3D and 2D rigid bodies, a MassPoint2D and ObjectGenericODE2,
    hidden torque and mass-proportional loads, loads with user functions (drawn with loadVector)."""
    SC, mbs = _new(exu)
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.2], visualization=U.VObjectGround(
        graphicsDataUserFunction=_user_graphics(G, G.color.red, mbs))))
    n0 = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=[1., 0., 0.] + list(U.RotationMatrix2EulerParameters(
        U.RotationMatrixZ(0.4))), visualization=U.VNodeRigidBodyEP(drawSize=0.3, color=ORANGE)))
    n1 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0., 1., 0.3], visualization=U.VNodeRigidBody2D(
        drawSize=0.2, color=RED)))
    b0 = mbs.AddObject(U.ObjectRigidBody(physicsMass=1., physicsInertia=[1., 1., 1., 0., 0., 0.], nodeNumber=n0,
                                         visualization=U.VObjectRigidBody(
                                             graphicsDataUserFunction=_user_graphics(G, G.color.green, mbs))))
    b1 = mbs.AddObject(U.ObjectRigidBody2D(physicsMass=1., physicsInertia=1., nodeNumber=n1,
                                           visualization=U.VObjectRigidBody2D(
                                               graphicsDataUserFunction=_user_graphics(G, G.color.blue, mbs))))
    pts = [mbs.AddNode(U.NodePoint(referenceCoordinates=[2., 0.1 * k, k])) for k in range(3)]
    mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=pts, massMatrix=np.eye(9), visualization=U.VObjectGenericODE2(
        graphicsDataUserFunction=_user_graphics(G, G.color.orange, mbs))))
    # graphicsData and graphicsDataUserFunction both given; a MassPoint2D with graphicsData on an own-size node
    mbs.AddObject(U.ObjectGround(referencePosition=[-1., 0., 0.], visualization=U.VObjectGround(
        graphicsData=[G.Brick([0., 0., 0.], [0.2, 0.2, 0.2], G.color.grey)],
        graphicsDataUserFunction=_user_graphics(G, G.color.blue, mbs))))
    n2 = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[-1., 1.], initialCoordinates=[0.1, 0.2],
                                   visualization=U.VNodePoint2D(drawSize=0.4, color=GREEN)))
    mbs.AddObject(U.MassPoint2D(physicsMass=1., nodeNumber=n2, visualization=U.VMassPoint2D(
        graphicsData=[G.Brick([0.1, 0., 0.], [0.2, 0.1, 0.1], G.color.red), G.Circle([0., 0., 0.], 0.1, RED)])))
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0.5, 0.5, 0.]))
    m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b0, localPosition=[0.2, 0., 0.]))
    m1 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b1, localPosition=[0., 0.2, 0.]))
    mp = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=pts[1]))
    mbs.AddLoad(U.Torque(markerNumber=m0, loadVector=[0., 0., 1.], visualization=U.VTorque(show=False)))
    mm = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b0))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mm, loadVector=[0., 0., -9.81],
                                       visualization=U.VLoadMassProportional(show=False)))
    # loads with user functions: drawn with the user function's vector (loads.drawWithUserFunction)
    mbs.AddLoad(U.Force(markerNumber=mp, loadVector=[1., 0., 0.],
                        loadVectorUserFunction=lambda mbs, t, load: [0., 2. * load[0], 1.]))
    mbs.AddLoad(U.Torque(markerNumber=m0, loadVector=[0., 0., 1.],
                         loadVectorUserFunction=lambda mbs, t, load: [load[2], 0., 0.]))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mm, loadVector=[0., 0., -9.81],
                                       loadVectorUserFunction=lambda mbs, t, load: [0., 9.81, 0.]))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, m0], stiffness=[1., 1., 1.],
                                          visualization=U.VCartesianSpringDamper(drawSize=0.2, color=GREEN)))
    mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[mg, m1], stiffness=np.eye(6).tolist(),
                                          visualization=U.VRigidBodySpringDamper(drawSize=0.15, color=RED)))
    mbs.AddObject(U.ObjectConnectorLinearSpringDamper(markerNumbers=[mg, m0], stiffness=1.,
                                                      visualization=U.VObjectConnectorLinearSpringDamper(
                                                          drawSize=0.1, drawAsCylinder=True, color=ORANGE)))
    mbs.AddObject(U.ObjectConnectorLinearSpringDamper(markerNumbers=[m0, m1], stiffness=1.,
                                                      visualization=U.VObjectConnectorLinearSpringDamper(
                                                          drawAsCylinder=True)))
    mbs.AddObject(U.TorsionalSpringDamper(markerNumbers=[mg, m1], stiffness=1.,
                                          visualization=U.VTorsionalSpringDamper(drawSize=0.3, color=GREEN)))
    mbs.AddObject(U.SphericalJoint(markerNumbers=[mg, m0], activeConnector=False,
                                   visualization=U.VSphericalJoint(jointRadius=0.05, color=RED)))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=[m0, mp], distance=1., activeConnector=False,
                                       visualization=U.VDistanceConstraint(drawSize=0.2, color=GREEN)))
    mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[mp, m1], activeConnector=False,
                                    visualization=U.VRevoluteJoint2D(drawSize=0.25, color=ORANGE)))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mp, m1], stiffness=1., visualization=U.VSpringDamper(
        drawSize=0.05, color=RED)))
    for axis, normal in (([0., 1., 0.], [0., 0., 1.]), ([0., 0.6, 0.8], [0., 1., 0.])):
        mbs.AddObject(U.ObjectJointRollingDisc(markerNumbers=[mg, m0], activeConnector=False, discRadius=0.3,
                                               discAxis=axis, planeNormal=normal))
    mbs.Assemble()
    return SC


# cable types drawn by the cable model: node and object item names, the reference and initial node
# coordinates of node i at x, the object's parameters; a new cable type is one more entry
CABLES = {
    "cable2d": dict(node="NodePoint2DSlope1", object="ObjectANCFCable2D",
                    reference=lambda x: [x, 0., 1., 0.], initial=lambda i: [0., 0.05 * i * i, 0., 0.1 * i],
                    parameters=dict(physicsMassPerLength=1., physicsBendingStiffness=1., physicsAxialStiffness=100.)),
    # a tube (radius > 0) or the axis (radius 0); shape markers on the third and (hidden) first element
    "cable3d": dict(node="NodePointSlope1", object="ObjectANCFCable", height="radius",
                    reference=lambda x: [x, 0., 0., 1., 0., 0.],
                    initial=lambda i: [0., 0.05 * i * i, 0.02 * i, 0., 0.1 * i, 0.05 * i * (2 - i)],
                    parameters=dict(massPerLength=1., bendingStiffness=1., axialStiffness=100.),
                    markers=("MarkerBodyBeamShape",)),
}


def cable(exu, U, G, kind):
    """A bent cable of four elements of CABLES[kind]: default drawing, own drawHeight (radius) and
    color, a band (tube) in the default color, a hidden element; nodes with own size and color and
    hidden; position and mass markers, a force, a mass-proportional load and sensors on it, a
    spring-damper to the ground."""
    SC, mbs = _new(exu)
    spec, L = CABLES[kind], 0.5
    node_item, obj_item = getattr(U, spec["node"]), getattr(U, spec["object"])
    vnode, vobj = getattr(U, "V" + spec["node"]), getattr(U, "V" + spec["object"])
    node_vis = [{}, dict(drawSize=0.1, color=[1., 0., 1., 1.]), {}, dict(show=False), {}]
    nodes = [mbs.AddNode(node_item(referenceCoordinates=spec["reference"](i * L), initialCoordinates=spec["initial"](i),
                                   visualization=vnode(**vis))) for i, vis in enumerate(node_vis)]
    h = spec.get("height", "drawHeight")
    obj_vis = [{}, {h: 0.1, "color": [1., 0., 0., 1.]}, {h: 0.05}, dict(show=False)]
    bodies = [mbs.AddObject(obj_item(nodeNumbers=[nodes[i], nodes[i + 1]], physicsLength=L, visualization=vobj(**vis),
                                     **spec["parameters"])) for i, vis in enumerate(obj_vis)]
    for name in spec.get("markers", ()):
        mbs.AddMarker(getattr(U, name)(bodyNumber=bodies[2]))
        mbs.AddMarker(getattr(U, name)(bodyNumber=bodies[0], visualization=getattr(U, "V" + name)(show=False)))
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[0.5, -0.5, 0.]))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=nodes[1]))
    mb = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=bodies[2], localPosition=[0.25, 0., 0.]))
    lf = mbs.AddLoad(U.Force(markerNumber=mb, loadVector=[0., -3., 0.]))
    mm = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=bodies[1]))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mm, loadVector=[0., 0., -9.81]))
    sd = mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mn], stiffness=10.))
    _sensors(exu, mbs, U, nodes[2], bodies[1], mb, sd, lf)
    mbs.Assemble()
    return SC


def _sensor_sum(mbs, t, sensorNumbers, factors, configuration):
    """A sensorUserFunction: the weighted sum of the sensors' first values."""
    return [sum(f * mbs.GetSensorValues(s, configuration=configuration)[0] for s, f in zip(sensorNumbers, factors))]


def coordinates(exu, U, G):
    """1D and generic coordinates: Node1D with Mass1D and ObjectRotationalMass1D, NodeGenericODE1 with
    ObjectGenericODE1, NodeGenericData; coordinate markers (node, ODE1, relative to two rigid bodies)
    with coordinate connectors, constraints, loads and sensors incl. SensorUserFunction;
    ConnectorGravity; joints with own axis sizes."""
    SC, mbs = _new(exu)
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., -0.5]))
    ns = [mbs.AddNode(U.Node1D(referenceCoordinates=[r], initialCoordinates=[0.1])) for r in (0.5, 0.2, 0.)]
    m1 = mbs.AddObject(U.Mass1D(physicsMass=1., nodeNumber=ns[0], referencePosition=[0., 1., 0.],
                                referenceRotation=U.RotationMatrixZ(0.5).tolist(), visualization=U.VMass1D(
                                    graphicsData=[G.Brick([0., 0., 0.], [0.2, 0.1, 0.1], G.color.red)])))
    mbs.AddObject(U.Mass1D(physicsMass=1., nodeNumber=ns[2], referencePosition=[0., -1., 0.]))
    r1 = mbs.AddObject(U.ObjectRotationalMass1D(physicsInertia=1., nodeNumber=ns[1], referencePosition=[1., 1., 0.],
                                                referenceRotation=U.RotationMatrixX(0.4).tolist(),
                                                visualization=U.VObjectRotationalMass1D(graphicsData=[G.Cylinder(
                                                    [0., 0., -0.1], [0., 0., 0.2], 0.2, G.color.blue, nTiles=8)])))
    n1 = mbs.AddNode(U.NodeGenericODE1(numberOfODE1Coordinates=2, referenceCoordinates=[0., 0.],
                                       initialCoordinates=[1., 0.]))
    mbs.AddObject(U.ObjectGenericODE1(nodeNumbers=[n1], systemMatrix=[[0., 1.], [-1., 0.]]))
    nd = mbs.AddNode(U.NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
    nr = [mbs.AddNode(U.NodeRigidBodyRotVecLG(referenceCoordinates=[x, 0., 1., 0., 0., 0.3 * x])) for x in (1., 2.)]
    bs = [mbs.AddObject(U.ObjectRigidBody(physicsMass=1., physicsInertia=[1., 1., 1., 0., 0., 0.], nodeNumber=n))
          for n in nr]
    mc = [mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=0)) for n in ns]
    mo1 = mbs.AddMarker(U.MarkerNodeODE1Coordinate(nodeNumber=n1, coordinate=1))
    mt = mbs.AddMarker(U.MarkerBodiesRelativeTranslationCoordinate(bodyNumbers=bs, localPosition0=[0.1, 0., 0.],
                                                                   localPosition1=[0., 0.2, 0.], axis0=[0., 1., 0.]))
    mr = mbs.AddMarker(U.MarkerBodiesRelativeRotationCoordinate(bodyNumbers=bs, localPosition0=[0., 0.1, 0.],
                                                                localPosition1=[0.2, 0., 0.], nodeNumber=nd,
                                                                axis0=[0., 0., 1.]))
    mbs.AddMarker(U.MarkerBodiesRelativeTranslationCoordinate(
        bodyNumbers=bs, visualization=U.VMarkerBodiesRelativeTranslationCoordinate(show=False)))
    mp = [mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.])) for b in bs]
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[1.5, 0., 1.]))
    mb = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=bs[0], localPosition=[0.5, 0., 0.]))
    lc = mbs.AddLoad(U.LoadCoordinate(markerNumber=mc[0], load=1.))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mt, load=2.))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mr, load=-1.))
    mbs.AddLoad(U.LoadTorqueVector(markerNumber=mb, loadVector=[0., 0., 1.]))
    cs = mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mc[0], mc[1]], stiffness=1.,
                                                visualization=U.VCoordinateSpringDamper(drawSize=0.2, color=RED)))
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mc[1], mc[2]], activeConnector=False,
                                         visualization=U.VCoordinateConstraint(drawSize=0.3, color=ORANGE)))
    mbs.AddObject(U.ObjectConnectorCoordinateSpringDamperExt(markerNumbers=[mc[2], mc[0]], stiffness=1.))
    mbs.AddObject(U.ObjectConnectorCoordinateSpringDamperExt(markerNumbers=[mt, mc[0]], stiffness=1.,
                                                             visualization=U.VObjectConnectorCoordinateSpringDamperExt(
                                                                 drawSize=0.1, color=GREEN)))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mo1, mr], stiffness=1.))
    mbs.AddObject(U.ObjectConnectorGravity(markerNumbers=mp, mass0=1., mass1=1.))
    mbs.AddObject(U.ObjectConnectorGravity(markerNumbers=mp, mass0=1., mass1=1.,
                                           visualization=U.VObjectConnectorGravity(show=True, color=RED)))
    mbs.AddObject(U.GenericJoint(markerNumbers=[mg, mb], constrainedAxes=[1, 1, 1, 1, 0, 0], activeConnector=False,
                                 visualization=U.VGenericJoint(axesRadius=0.02, axesLength=0.3, color=GREEN)))
    mbs.AddObject(U.RevoluteJointZ(markerNumbers=[mg, mb], activeConnector=False,
                                   visualization=U.VRevoluteJointZ(axisRadius=0.03, axisLength=0.5)))
    mbs.AddObject(U.PrismaticJointX(markerNumbers=[mg, mb], activeConnector=False,
                                    visualization=U.VPrismaticJointX(axisRadius=0.05, axisLength=0.2)))
    mbs.AddObject(U.ObjectJointRollingDisc(markerNumbers=[mg, mb], activeConnector=False, discRadius=0.4,
                                           visualization=U.VObjectJointRollingDisc(discWidth=0.3, color=RED)))
    s0 = mbs.AddSensor(U.SensorNode(nodeNumber=ns[0], outputVariableType=exu.OutputVariableType.Coordinates,
                                    writeToFile=False))
    for n in (n1, nd):
        mbs.AddSensor(U.SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Coordinates,
                                   writeToFile=False))
    s1 = mbs.AddSensor(U.SensorBody(bodyNumber=m1, outputVariableType=exu.OutputVariableType.Position,
                                    writeToFile=False))
    mbs.AddSensor(U.SensorBody(bodyNumber=r1, outputVariableType=exu.OutputVariableType.Rotation,
                               writeToFile=False))
    mbs.AddSensor(U.SensorObject(objectNumber=cs, outputVariableType=exu.OutputVariableType.Force,
                                 writeToFile=False))
    for m in (mo1, mt, mr):
        mbs.AddSensor(U.SensorMarker(markerNumber=m, outputVariableType=exu.OutputVariableType.Coordinates,
                                     writeToFile=False))
    mbs.AddSensor(U.SensorLoad(loadNumber=lc, writeToFile=False))
    mbs.AddSensor(U.SensorUserFunction(sensorNumbers=[s0, s1], factors=[1., 2.], writeToFile=False,
                                       sensorUserFunction=lambda *a: _sensor_sum(mbs, *a)))
    mbs.AddSensor(U.SensorNode(nodeNumber=ns[1], outputVariableType=exu.OutputVariableType.Coordinates,
                               writeToFile=False))
    mbs.Assemble()
    return SC


def generic_ode2(exu, U, G):
    """ObjectGenericODE2 on point nodes and a NodeGenericODE2: triangleMesh of 3 and of 6 columns, own
    color, showNodes, hidden; its coordinate markers, a ConnectorCoordinateVector, sensors; a shown
    SensorBody of it ends the drawing (the sensor after it is not drawn), a hidden one does not."""
    SC, mbs = _new(exu)
    corners = ([0., 0., 0.], [1., 0., 0.], [0., 1., 0.], [1., 1., 0.5], [0.5, 0., 0.], [0.5, 0.5, 0.])
    pts = [mbs.AddNode(U.NodePoint(referenceCoordinates=p, initialCoordinates=[0., 0., 0.1 * k]))
           for k, p in enumerate(corners)]
    ng = mbs.AddNode(U.NodeGenericODE2(numberOfODE2Coordinates=2, referenceCoordinates=[1., 2.],
                                       initialCoordinates=[0.5, 0.], initialCoordinates_t=[0., 0.]))
    M = np.eye(9).tolist()
    o0 = mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=pts[:3], massMatrix=M, stiffnessMatrix=M,
                                           visualization=U.VObjectGenericODE2(triangleMesh=[[0, 1, 2]], color=GREEN,
                                                                              showNodes=True)))
    mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=[pts[1], pts[3], pts[2]], massMatrix=M, stiffnessMatrix=M,
                                      visualization=U.VObjectGenericODE2(triangleMesh=[[0, 1, 2], [2, 1, 0]])))
    mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=[pts[k] for k in (0, 1, 2, 4, 5, 3)], massMatrix=np.eye(18),
                                      visualization=U.VObjectGenericODE2(triangleMesh=[[0, 1, 2, 3, 4, 5]], color=RED)))
    mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=[pts[3], ng], massMatrix=np.eye(5).tolist(),
                                      visualization=U.VObjectGenericODE2(showNodes=True, show=False)))
    o3 = mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=[ng], massMatrix=np.eye(2), stiffnessMatrix=np.eye(2),
                                           visualization=U.VObjectGenericODE2(showNodes=True, color=RED)))
    mo = mbs.AddMarker(U.MarkerObjectODE2Coordinates(objectNumber=o3))
    mn = mbs.AddMarker(U.MarkerNodeCoordinates(nodeNumber=ng))
    mbs.AddMarker(U.MarkerNodePosition(nodeNumber=pts[3]))
    lc = mbs.AddLoad(U.LoadCoordinate(markerNumber=mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=1)),
                                      load=1.))
    co = mbs.AddObject(U.ObjectConnectorCoordinateVector(markerNumbers=[mo, mn], scalingMarker0=np.eye(2),
                                                         scalingMarker1=-np.eye(2), activeConnector=False))
    for s in (U.SensorBody(bodyNumber=o0, outputVariableType=exu.OutputVariableType.Coordinates,
                           visualization=U.VSensorBody(show=False)),
              U.SensorNode(nodeNumber=ng, outputVariableType=exu.OutputVariableType.Coordinates),
              U.SensorMarker(markerNumber=mo, outputVariableType=exu.OutputVariableType.Coordinates),
              U.SensorObject(objectNumber=co, outputVariableType=exu.OutputVariableType.Force),
              U.SensorLoad(loadNumber=lc),
              U.SensorBody(bodyNumber=o0, outputVariableType=exu.OutputVariableType.Coordinates),
              U.SensorNode(nodeNumber=pts[0], outputVariableType=exu.OutputVariableType.Position)):
        s.writeToFile = False
        mbs.AddSensor(s)
    mbs.Assemble()
    return SC



def cable_markers(exu, U, G):
    """Markers of a two-element ANCFCable2D: MarkerBodyCable2DShape (own numberOfSegments and offset,
    hidden) and MarkerBodyCable2DCoordinates, each with a load or sensor."""
    SC, mbs = _new(exu)
    nodes = [mbs.AddNode(U.NodePoint2DSlope1(referenceCoordinates=[x, 0., 1., 0.],
                                             initialCoordinates=[0., 0.1 * x, 0., 0.2]))
             for x in (0., 0.6, 1.2)]
    cs = [mbs.AddObject(U.ObjectANCFCable2D(nodeNumbers=nodes[i:i + 2], physicsLength=0.6, physicsMassPerLength=1.,
                                            physicsBendingStiffness=1., physicsAxialStiffness=100.)) for i in (0, 1)]
    mbs.AddMarker(U.MarkerBodyCable2DShape(bodyNumber=cs[0]))
    mbs.AddMarker(U.MarkerBodyCable2DShape(bodyNumber=cs[1], numberOfSegments=5, verticalOffset=0.05))
    mbs.AddMarker(U.MarkerBodyCable2DShape(bodyNumber=cs[1], visualization=U.VMarkerBodyCable2DShape(show=False)))
    mc = mbs.AddMarker(U.MarkerBodyCable2DCoordinates(bodyNumber=cs[1]))
    mn = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nodes[2], coordinate=1))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mn, load=-1.))
    mbs.AddSensor(U.SensorMarker(markerNumber=mc, outputVariableType=exu.OutputVariableType.Coordinates,
                                 writeToFile=False))
    mbs.Assemble()
    return SC


def sliding(exu, U, G):
    """ObjectJointSliding2D on a bent three-element ANCFCable2D: a MassPoint2D slider (default
    drawing), a RigidBody2D slider with constrainRotation (own drawSize and color), a hidden joint
    and an inactive one; sensors of the joints."""
    SC, mbs = _new(exu)
    nodes = [mbs.AddNode(U.NodePoint2DSlope1(referenceCoordinates=[0.6 * i, 0., 1., 0.],
                                             initialCoordinates=[0., 0.03 * i * i, 0., 0.1 * i])) for i in range(4)]
    cables = [mbs.AddObject(U.ObjectANCFCable2D(nodeNumbers=nodes[i:i + 2], length=0.6, massPerLength=1.,
                                                bendingStiffness=1., axialStiffness=100.)) for i in range(3)]
    sliding = [mbs.AddMarker(U.MarkerBodyCable2DCoordinates(bodyNumber=o)) for o in cables]
    offsets = [0.6 * i for i in range(3)]
    n0 = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[0.4, 0.], initialCoordinates=[0., 0.01]))
    mbs.AddObject(U.MassPoint2D(physicsMass=1., nodeNumber=n0))
    m0 = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    n1 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[1.3, 0.1, 0.2]))
    b1 = mbs.AddObject(U.ObjectRigidBody2D(physicsMass=1., physicsInertia=0.1, nodeNumber=n1))
    m1 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b1, localPosition=[0., -0.05, 0.]))
    joints = []
    for m, k, x, extra in ((m0, 0, 0.4, {}),
                           (m1, 2, 1.3, dict(constrainRotation=True, useClassicalFormulation=False,
                                             visualization=U.VObjectJointSliding2D(drawSize=0.3, color=GREEN))),
                           (m0, 0, 0.4, dict(visualization=U.VObjectJointSliding2D(show=False))),
                           (m1, 1, 1.0, dict(activeConnector=False))):
        data = mbs.AddNode(U.NodeGenericData(initialCoordinates=[k, x], numberOfDataCoordinates=2))
        joints.append(mbs.AddObject(U.ObjectJointSliding2D(markerNumbers=[m, sliding[k]], slidingMarkerNumbers=sliding,
                                                           slidingMarkerOffsets=offsets, nodeNumber=data, **extra)))
    for j in joints[:2]:
        mbs.AddSensor(U.SensorObject(objectNumber=j, outputVariableType=exu.OutputVariableType.Force,
                                     writeToFile=False))
    mbs.Assemble()
    return SC


def sliding3d(exu, U, G):
    """ObjectJointSliding (constrainRotations [0, 0, 0]) on a bent three-element ANCFCable with
    MarkerBodyBeamShape sliding markers: a MassPoint slider (default drawing), a second slider with
    constrainTranslations [1, 0, 1] (own drawSize and color), a hidden joint and an inactive one;
    sensors of the joints."""
    SC, mbs = _new(exu)
    nodes = [mbs.AddNode(U.NodePointSlope1(referenceCoordinates=[0.6 * i, 0., 0., 1., 0., 0.],
                                           initialCoordinates=[0., 0.03 * i * i, 0.02 * i, 0., 0.1 * i, 0.05 * i]))
             for i in range(4)]
    cables = [mbs.AddObject(U.ObjectANCFCable(nodeNumbers=nodes[i:i + 2], physicsLength=0.6, massPerLength=1.,
                                              bendingStiffness=1., axialStiffness=100.)) for i in range(3)]
    sliding = [mbs.AddMarker(U.MarkerBodyBeamShape(bodyNumber=o)) for o in cables]
    offsets = [0.6 * i for i in range(3)]
    sliders = []
    for x, v in ((0.4, [0., 0.01, 0.02]), (1.3, [0., -0.02, 0.01])):
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=[x, 0., 0.], initialCoordinates=v))
        mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n))
        sliders.append(mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n)))
    m0, m1 = sliders
    joints = []
    for m, k, x, extra in ((m0, 0, 0.4, {}),
                           (m1, 2, 1.3, dict(constrainTranslations=[1, 0, 1],
                                             visualization=U.VObjectJointSliding(drawSize=0.3, color=GREEN))),
                           (m0, 0, 0.4, dict(visualization=U.VObjectJointSliding(show=False))),
                           (m1, 1, 1.0, dict(activeConnector=False))):
        data = mbs.AddNode(U.NodeGenericData(initialCoordinates=[k, x], numberOfDataCoordinates=2))
        joints.append(mbs.AddObject(U.ObjectJointSliding(markerNumbers=[m, sliding[k]], slidingMarkerNumbers=sliding,
                                                         slidingMarkerOffsets=offsets, nodeNumber=data,
                                                         constrainRotations=[0, 0, 0], **extra)))
    for j in joints[:2]:
        mbs.AddSensor(U.SensorObject(objectNumber=j, outputVariableType=exu.OutputVariableType.Force,
                                     writeToFile=False))
    mbs.Assemble()
    return SC


def ale(exu, U, G):
    """A bent three-element ObjectALEANCFCable2D on a shared NodeGenericODE2 (default drawing, own
    drawHeight and color, hidden element) with ObjectJointALEMoving2D joints of one MassPoint2D
    slider: default drawing, own drawSize and color, hidden, a data coordinate other than
    markerNumbers[1]'s element; a sensor of the ALE node."""
    SC, mbs = _new(exu)
    # slopes not those of one cubic: the elements' interpolations differ
    nodes = [mbs.AddNode(U.NodePoint2DSlope1(referenceCoordinates=[0.6 * i, 0., 1., 0.],
                                             initialCoordinates=[0., 0.03 * i * i, 0., 0.05 * i + 0.03 * i * i]))
             for i in range(4)]
    nale = mbs.AddNode(U.NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.],
                                         initialCoordinates=[0.1], initialCoordinates_t=[0.5]))
    vis = [{}, dict(drawHeight=0.1, color=RED), dict(show=False)]
    cables = [mbs.AddObject(U.ObjectALEANCFCable2D(nodeNumbers=[nodes[i], nodes[i + 1], nale], length=0.6,
                                                   massPerLength=1., bendingStiffness=1., axialStiffness=100.,
                                                   visualization=U.VObjectALEANCFCable2D(**v)))
              for i, v in enumerate(vis)]
    sliding = [mbs.AddMarker(U.MarkerBodyCable2DCoordinates(bodyNumber=o)) for o in cables]
    offsets = [0.6 * i for i in range(3)]
    n0 = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[0.4, 0.], initialCoordinates=[0., 0.01]))
    mbs.AddObject(U.MassPoint2D(physicsMass=1., nodeNumber=n0))
    m0 = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    # (data coordinate, markerNumbers[1]'s element, options)
    for k, e, extra in ((0, 0, {}), (1, 1, dict(visualization=U.VObjectJointALEMoving2D(drawSize=0.3, color=GREEN))),
                        (0, 0, dict(visualization=U.VObjectJointALEMoving2D(show=False))), (2, 1, {})):
        data = mbs.AddNode(U.NodeGenericData(initialCoordinates=[k], numberOfDataCoordinates=1))
        mbs.AddObject(U.ObjectJointALEMoving2D(markerNumbers=[m0, sliding[e]], slidingMarkerNumbers=sliding,
                                               slidingMarkerOffsets=offsets, slidingOffset=0.3,
                                               nodeNumbers=[data, nale], **extra))
    mbs.AddSensor(U.SensorNode(nodeNumber=nale, outputVariableType=exu.OutputVariableType.Coordinates,
                               writeToFile=False))
    mbs.Assemble()
    return SC


MODELS = {"points": points, "sliding": sliding, "sliding3d": sliding3d, "ale": ale, "rigid3d": rigid3d,
          "rigid2d": rigid2d, "coordinates": coordinates, "generic_ode2": generic_ode2, "cable_markers": cable_markers,
          "options": options,
          **{k: (lambda exu, U, G, k=k: cable(exu, U, G, k)) for k in CABLES}}

# settings case -> entries set on top of the model's base settings
SETTINGS = {
    "default": {},
    "nodes_off": {"nodes.show": False},
    "nodes_spheres": {"nodes.drawNodesAsPoint": False},
    "nodes_size_tiling": {"nodes.drawNodesAsPoint": False, "nodes.defaultSize": 0.2, "nodes.tiling": 8},
    "nodes_color_numbers": {"nodes.defaultColor": ORANGE, "nodes.showNumbers": True},
    "nodes_basis": {"nodes.showBasis": True, "nodes.basisSize": 0.5},
    "markers_off": {"markers.show": False},
    "markers_size_color": {"markers.defaultSize": 0.4, "markers.defaultColor": ORANGE},
    "markers_numbers": {"markers.showNumbers": True},
    "markers_full": {"markers.drawSimplified": False},
    "markers_basis": {"markers.showBasis": True, "markers.basisSize": 0.3},
    "bodies_off": {"bodies.show": False},
    "bodies_numbers_color": {"bodies.showNumbers": True, "bodies.defaultColor": ORANGE},
    "bodies_size": {"bodies.defaultSize": [0.5, 0.2, 0.1]},
    "bodies_beams_tiling": {"bodies.beams.axialTiling": 3},
    "bodies_beams_outline": {"bodies.beams.crossSectionFilled": False},
    "bodies_beams_min_tiling": {"bodies.beams.axialTiling": 1, "bodies.showNumbers": True},
    "loads_off": {"loads.show": False},
    "loads_numbers_color": {"loads.showNumbers": True, "loads.defaultColor": GREEN},
    "loads_size": {"loads.defaultSize": 0.5},
    "loads_scaled": {"loads.fixedLoadSize": False, "loads.loadSizeFactor": 0.3},
    "loads_full": {"loads.drawSimplified": False, "loads.defaultRadius": 0.02},
    "sensors_off": {"sensors.show": False},
    "sensors_numbers_color": {"sensors.showNumbers": True, "sensors.defaultColor": GREEN},
    "sensors_size": {"sensors.defaultSize": 0.3},
    "sensors_full": {"sensors.drawSimplified": False},
    "connectors_off": {"connectors.show": False},
    "connectors_numbers_color": {"connectors.showNumbers": True, "connectors.defaultColor": RED},
    "connectors_size": {"connectors.defaultSize": 0.3},
    "connectors_full": {"connectors.drawSimplified": False},
    "connectors_axes": {"connectors.showJointAxes": True, "connectors.jointAxesLength": 0.5,
                        "connectors.jointAxesRadius": 0.05},
    "general_tiling": {"general.cylinderTiling": 6, "general.sphereTiling": 4, "general.circleTiling": 12,
                       "general.axesTiling": 4, "connectors.curveTiling": 5},
    "general_odd_tiling_full": {"general.axesTiling": 5, "general.cylinderTiling": 7, "general.sphereTiling": 5,
                                "connectors.drawSimplified": False, "loads.drawSimplified": False,
                                "connectors.showJointAxes": True},
    "solid_bases_numbers": {"markers.drawSimplified": False, "markers.showBasis": True, "nodes.showBasis": True,
                            "nodes.showNumbers": True, "nodes.drawNodesAsPoint": False},
    "general_world_basis": {"general.drawWorldBasis": True, "general.worldBasisSize": 2.},
    "connectors_windings": {"connectors.springNumberOfWindings": 5},
    "connectors_contact": {"connectors.showContact": True, "connectors.contactPointsDefaultSize": 0.3},
    "bodies_deformation_scale": {"bodies.deformationScaleFactor": 2.},
    "bodies_beams_vertical": {"bodies.beams.drawVertical": True, "bodies.beams.drawVerticalValues": True,
                              "bodies.beams.drawVerticalOffset": 0.3, "bodies.beams.drawVerticalFactor": 2.,
                              "bodies.beams.crossSectionTiling": 7},
    "nodes_slopes": {"nodes.showNodalSlopes": True},
    "nodes_slopes_numbers": {"nodes.showNodalSlopes": True, "nodes.drawNodesAsPoint": False, "nodes.defaultSize": 0.1,
                             "nodes.showNumbers": True},
    "loads_user_functions_off": {"loads.drawWithUserFunction": False},
    "sizes_unset": {"loads.defaultSize": -1., "connectors.defaultSize": -1., "markers.defaultSize": -1.,
                    "sensors.defaultSize": -1., "nodes.drawNodesAsPoint": False},
    "general_coordinate_system": {"general.drawCoordinateSystem": True, "general.showSolverInformation": False,
                                  "general.showComputationInfo": False},
}


def build(exu, U, G, model):
    return MODELS[model](exu, U, G)


def scenes(exu, U, G, model, get):
    """{settings case: get(SC)} for one model, each settings case applied to a fresh copy of the base."""
    SC = build(exu, U, G, model)
    base = {k: SC.visualizationSettings.GetDictionary()[k] for k in
            ("nodes", "markers", "bodies", "loads", "sensors", "connectors", "general")}
    out = {}
    for case, entries in SETTINGS.items():
        for k, d in base.items():
            getattr(SC.visualizationSettings, k).SetDictionary(d)
        apply_settings(SC, entries)
        out[case] = get(SC)
    return out
