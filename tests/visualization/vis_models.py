"""Small models whose scenes are compared with Exudyn 1.13.6 (``SC.renderer.GetGraphicsData``).

Every builder uses only the public Exudyn 1.13 API and takes the modules as arguments, so the same
code runs on both implementations (see tests/models/reference_models.py):

    builder(exu, U, G) -> SystemContainer, assembled, settings as the spec measured them

with ``U`` the utilities module and ``G`` the graphics module. ``CASES`` maps a case name (JSON file
in tests/reference/visualization/) to ``(builder, settings)``: ``settings`` are extra
visualization settings ("connectors.showNumbers": True, ...) applied after the builder.
No module-level import of exudyn or multibody.
"""
import math

import numpy as np


def _base_settings(SC):
    """The settings under which spec/visualization.md was measured."""
    v = SC.visualizationSettings
    v.general.cylinderTiling = 16
    v.general.sphereTiling = 16
    v.general.circleTiling = 16
    v.connectors.curveTiling = 32
    v.connectors.springNumberOfWindings = 8
    v.connectors.drawSimplified = True
    v.connectors.showJointAxes = False


def apply_settings(SC, settings):
    """Set 'a.b.c': value entries on SC.visualizationSettings."""
    for path, value in settings.items():
        obj = SC.visualizationSettings
        *head, last = path.split(".")
        for h in head:
            obj = getattr(obj, h)
        setattr(obj, last, value)


def _new(exu):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    _base_settings(SC)
    return SC, mbs


def points_spring(exu, U, G, color=None, drawSize=-1.0, show=True):
    """Ground with a brick, a mass point with a sphere, a spring-damper between them."""
    SC, mbs = _new(exu)
    n0 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0.5, 0.], initialCoordinates=[0.1, 0., 0.]))
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.], visualization=U.VObjectGround(
        graphicsData=[G.Brick([0., 0., 0.], [0.2, 0.3, 0.4], G.color.red)])))
    mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n0, visualization=U.VMassPoint(
        graphicsData=[G.Sphere([0., 0., 0.], 0.1, G.color.blue)])))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[0., 0., 0.]))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    vis = dict(show=show, drawSize=drawSize)
    if color is not None:
        vis["color"] = color
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mn], stiffness=10., referenceLength=1.,
                                 visualization=U.VSpringDamper(**vis)))
    mbs.Assemble()
    return SC


def coordinate_distance(exu, U, G):
    """Two point nodes: CoordinateConstraint (ground node -> x of node 1), DistanceConstraint, and a
    red CoordinateConstraint with drawSize 0.3."""
    SC, mbs = _new(exu)
    ng = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    n1 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.]))
    n2 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., -1., 0.5]))
    mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n1))
    mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n2))
    mcg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mc1 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    mc2 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n2, coordinate=2))
    mp1 = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n1))
    mp2 = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n2))
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mcg, mc1]))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=[mp1, mp2], distance=math.sqrt(1.25)))
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mcg, mc2], visualization=U.VCoordinateConstraint(
        color=[1., 0., 0., 1.], drawSize=0.3)))
    mbs.Assemble()
    return SC


def _rigid(mbs, U, G, position, A=None, graphics=True):
    A = np.eye(3) if A is None else np.asarray(A)
    ep = U.RotationMatrix2EulerParameters(A)
    n = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=list(position) + list(ep)))
    gd = [G.Brick([0., 0., 0.], [0.4, 0.1, 0.2], G.color.green)] if graphics else []
    b = mbs.AddObject(U.ObjectRigidBody(physicsMass=1., physicsInertia=[1., 1., 1., 0., 0., 0.],
                                        nodeNumber=n, visualization=U.VObjectRigidBody(graphicsData=gd)))
    return n, b


def joints_3d(exu, U, G):
    """A rotated rigid body (brick) at (1, 0.5, 0.2) joined to ground by each 3D joint type at the
    body's reference point: SphericalJoint, RevoluteJointZ, PrismaticJointX, GenericJoint with
    3, 2 (free z), 1 (only x) and 0 constrained rotations; one joint in red, one hidden."""
    SC, mbs = _new(exu)
    A = U.RotationMatrixZ(0.3) @ U.RotationMatrixX(0.2)
    p = [1., 0.5, 0.2]
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    n, b = _rigid(mbs, U, G, p, A)
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=p))
    mb = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0., 0.]))
    mgp = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=p))
    mbp = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    mbs.AddObject(U.SphericalJoint(markerNumbers=[mgp, mbp], activeConnector=False))
    mbs.AddObject(U.RevoluteJointZ(markerNumbers=[mg, mb], activeConnector=False))
    mbs.AddObject(U.PrismaticJointX(markerNumbers=[mg, mb], activeConnector=False,
                                    visualization=U.VPrismaticJointX(color=[1., 0., 0., 1.])))
    for axes in ([1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 0], [1, 1, 1, 1, 0, 0], [1, 1, 1, 0, 0, 0]):
        mbs.AddObject(U.GenericJoint(markerNumbers=[mg, mb], constrainedAxes=axes, activeConnector=False))
    mbs.AddObject(U.RevoluteJointZ(markerNumbers=[mg, mb], activeConnector=False,
                                   visualization=U.VRevoluteJointZ(show=False)))
    mbs.AddObject(U.SphericalJoint(markerNumbers=[mgp, mbp], activeConnector=False,
                                   visualization=U.VSphericalJoint(jointRadius=0.2, color=[0., 1., 0., 1.])))
    mbs.AddObject(U.GenericJoint(markerNumbers=[mg, mb], constrainedAxes=[1, 1, 1, 0, 0, 1], activeConnector=False,
                                 visualization=U.VGenericJoint(axesRadius=0.05, axesLength=0.3)))
    mbs.Assemble()
    return SC


def joints_2d(exu, U, G):
    """RigidBody2D at (1, 0.5) rotated by 0.4: RevoluteJoint2D and PrismaticJoint2D to ground, the
    second with drawSize 0.2 and a color."""
    SC, mbs = _new(exu)
    g = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    n = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[1., 0.5, 0.4]))
    b = mbs.AddObject(U.ObjectRigidBody2D(physicsMass=1., physicsInertia=0.1, nodeNumber=n))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[1., 0.5, 0.]))
    mgr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0.5, 0.5, 0.]))
    mb = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    mbr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.2, 0., 0.]))
    mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[mg, mb], activeConnector=False))
    mbs.AddObject(U.PrismaticJoint2D(markerNumbers=[mgr, mbr], axisMarker0=[1., 0., 0.], normalMarker1=[0., 1., 0.],
                                     activeConnector=False,
                                     visualization=U.VPrismaticJoint2D(drawSize=0.2, color=[0., 0., 1., 1.])))
    mbs.Assemble()
    return SC


def nodes_as_spheres(exu, U, G):
    """Nodes drawn as spheres (drawNodesAsPoint False), with own size/color, a rigid node, markers."""
    SC, mbs = _new(exu)
    n0 = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 1., 0.]))
    mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 1., 0.], visualization=U.VNodePoint(
        drawSize=0.3, color=[1., 0., 1., 1.])))
    mbs.AddNode(U.NodePointGround(referenceCoordinates=[2., 0., 0.]))
    mbs.AddNode(U.NodePoint(referenceCoordinates=[3., 0., 0.], visualization=U.VNodePoint(show=False)))
    mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=n0))
    mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    mbs.Assemble()
    return SC


# case -> (builder, kwargs, settings)
CASES = {
    "points_spring": (points_spring, {}, {}),
    "points_spring_numbers": (points_spring, {"color": [1., 0.5, 0., 1.], "drawSize": 0.4},
                              {"connectors.showNumbers": True}),
    "points_spring_hidden": (points_spring, {"show": False}, {"connectors.showNumbers": True}),
    "points_spring_connectors_off": (points_spring, {}, {"connectors.show": False, "bodies.show": False}),
    "points_spring_default_size": (points_spring, {}, {"connectors.defaultSize": 0.3,
                                                       "connectors.defaultColor": [0., 1., 0., 1.]}),
    "coordinate_distance": (coordinate_distance, {}, {"connectors.showNumbers": True}),
    "coordinate_distance_tube": (coordinate_distance, {}, {"connectors.drawSimplified": False}),
    "joints_3d": (joints_3d, {}, {}),
    "joints_3d_numbers": (joints_3d, {}, {"connectors.showNumbers": True, "connectors.defaultColor": [0.8, 0.4, 0., 1.]}),
    "joints_2d": (joints_2d, {}, {"connectors.showNumbers": True}),
    "nodes_as_spheres": (nodes_as_spheres, {}, {"nodes.drawNodesAsPoint": False, "nodes.defaultSize": 0.2}),
    "nodes_as_spheres_tiling": (nodes_as_spheres, {}, {"nodes.drawNodesAsPoint": False, "nodes.tiling": 8,
                                                       "markers.defaultSize": 0.4}),
}


def build(exu, U, G, case):
    builder, kwargs, settings = CASES[case]
    SC = builder(exu, U, G, **kwargs)
    apply_settings(SC, settings)
    return SC
