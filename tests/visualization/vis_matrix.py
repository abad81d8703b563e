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


# cable types drawn by the cable model: node and object item names, the reference and initial node
# coordinates of node i at x, the object's parameters; a new cable type is one more entry
CABLES = {
    "cable2d": dict(node="NodePoint2DSlope1", object="ObjectANCFCable2D",
                    reference=lambda x: [x, 0., 1., 0.], initial=lambda i: [0., 0.05 * i * i, 0., 0.1 * i],
                    parameters=dict(physicsMassPerLength=1., physicsBendingStiffness=1., physicsAxialStiffness=100.)),
}


def cable(exu, U, G, kind):
    """A bent cable of four elements of CABLES[kind]: default drawing, own drawHeight and color, a
    band in the default color, a hidden element; nodes with own size and color and hidden; a marker,
    a load and sensors on it, a spring-damper to the ground."""
    SC, mbs = _new(exu)
    spec, L = CABLES[kind], 0.5
    node_item, obj_item = getattr(U, spec["node"]), getattr(U, spec["object"])
    vnode, vobj = getattr(U, "V" + spec["node"]), getattr(U, "V" + spec["object"])
    node_vis = [{}, dict(drawSize=0.1, color=[1., 0., 1., 1.]), {}, dict(show=False), {}]
    nodes = [mbs.AddNode(node_item(referenceCoordinates=spec["reference"](i * L), initialCoordinates=spec["initial"](i),
                                   visualization=vnode(**vis))) for i, vis in enumerate(node_vis)]
    obj_vis = [{}, dict(drawHeight=0.1, color=[1., 0., 0., 1.]), dict(drawHeight=0.05), dict(show=False)]
    bodies = [mbs.AddObject(obj_item(nodeNumbers=[nodes[i], nodes[i + 1]], physicsLength=L, visualization=vobj(**vis),
                                     **spec["parameters"])) for i, vis in enumerate(obj_vis)]
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[0.5, -0.5, 0.]))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=nodes[1]))
    mb = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=bodies[2], localPosition=[0.25, 0., 0.]))
    lf = mbs.AddLoad(U.Force(markerNumber=mb, loadVector=[0., -3., 0.]))
    sd = mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mn], stiffness=10.))
    _sensors(exu, mbs, U, nodes[2], bodies[1], mb, sd, lf)
    mbs.Assemble()
    return SC


MODELS = {"points": points, "rigid3d": rigid3d, "rigid2d": rigid2d,
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
