"""Markers: item declarations (transcribed from the specification, spec/*.md)."""
import numpy as np

from ..enums import OutputVariableType  # noqa: F401
from .spec import ItemSpec, Param, declare

MARKER_BODY_POSITION = ItemSpec(
    type_name='BodyPosition', family='marker', class_name='MarkerBodyPosition',
    doc='Marker at a local position of a body (position only).',
    aliases=(),
    flags=('Body', 'Object', 'Position', 'JacobianDerivativeNonZero', 'JacobianDerivativeAvailable'),
    outputs=('Position', 'Displacement', 'Velocity'),
    params=(
        Param('bodyNumber', 'ObjectIndex', -1,
              'Body (object) index the marker/sensor is attached to.'),
        Param('localPosition', 'Vector3D', [0.0,0.0,0.0],
              'Body-fixed point $b$ (body frame) at which the marker sits.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_BODY_RIGID = ItemSpec(
    type_name='BodyRigid', family='marker', class_name='MarkerBodyRigid',
    doc="Marker at a local position of a body with the body's orientation (position and rotation).",
    aliases=(),
    flags=('Body', 'Object', 'Position', 'Orientation', 'JacobianDerivativeNonZero', 'JacobianDerivativeAvailable'),
    outputs=('Position', 'Displacement', 'Velocity', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'HomogeneousTransformation'),
    params=(
        Param('bodyNumber', 'ObjectIndex', -1,
              'Body (object) index the marker/sensor is attached to.'),
        Param('localPosition', 'Vector3D', None,
              'Body-fixed point $b$; equals the translation of localHT; None = not given -> [0,0,0].'),
        Param('localHT', 'HTOrNone', None,
              'NEW in 1.13: marker frame in the body frame as 4x4 HT (or exu.HT): translation = localPosition, rotation $A_{bm}$ turns the marker frame; None = identity rotation.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_BODY_MASS = ItemSpec(
    type_name='BodyMass', family='marker', class_name='MarkerBodyMass',
    doc='Marker on the mass of a body, for mass-proportional loads such as gravity.',
    aliases=(),
    flags=('Body', 'Object', 'BodyMass'),
    outputs=(),
    params=(
        Param('bodyNumber', 'ObjectIndex', -1,
              'Body (object) index the marker/sensor is attached to.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_NODE_POSITION = ItemSpec(
    type_name='NodePosition', family='marker', class_name='MarkerNodePosition',
    doc='Marker at the position of a node.',
    aliases=(),
    flags=('Node', 'Position', 'JacobianDerivativeAvailable'),
    outputs=('Position', 'Displacement', 'Velocity'),
    params=(
        Param('nodeNumber', 'NodeIndex', -1,
              'Node index.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_NODE_RIGID = ItemSpec(
    type_name='NodeRigid', family='marker', class_name='MarkerNodeRigid',
    doc='Marker at the position and orientation of a rigid-body node.',
    aliases=(),
    flags=('Node', 'Position', 'Orientation', 'JacobianDerivativeNonZero', 'JacobianDerivativeAvailable'),
    outputs=('Position', 'Displacement', 'Velocity', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'HomogeneousTransformation'),
    params=(
        Param('nodeNumber', 'NodeIndex', -1,
              'Node index.'),
        Param('localHT', 'HTOrNone', None,
              'NEW in 1.13: marker frame in the node frame (4x4 or exu.HT); only the rotation may be non-identity (translation must be zero); None = node frame.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_NODE_COORDINATE = ItemSpec(
    type_name='NodeCoordinate', family='marker', class_name='MarkerNodeCoordinate',
    doc='Marker on one ODE2 coordinate of a node.',
    aliases=(),
    flags=('Node', 'Coordinate', 'JacobianDerivativeAvailable'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('nodeNumber', 'NodeIndex', -1,
              'Node index.'),
        Param('coordinate', 'UInt', -1,
              'Local ODE2 coordinate index within the node (0-based).'),
    ),
    vparams=(
    ),
)

MARKER_NODE_COORDINATES = ItemSpec(
    type_name='NodeCoordinates', family='marker', class_name='MarkerNodeCoordinates',
    doc='Marker on all ODE2 coordinates of a node.',
    aliases=(),
    flags=('Node', 'Coordinates', 'JacobianDerivativeAvailable'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('nodeNumber', 'NodeIndex', -1,
              'Node index.'),
    ),
    vparams=(
    ),
)

MARKER_NODE_ROTATION_COORDINATE = ItemSpec(
    type_name='NodeRotationCoordinate', family='marker', class_name='MarkerNodeRotationCoordinate',
    doc='Marker on one rotation angle (about a node axis) of a rigid-body node.',
    aliases=(),
    flags=('Node', 'Coordinate'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('nodeNumber', 'NodeIndex', -1,
              'Node index.'),
        Param('rotationCoordinate', 'UInt', -1,
              'Tait-Bryan angle component 0 = x, 1 = y, 2 = z.'),
    ),
    vparams=(
    ),
)

MARKER_BODY_CABLE2DSHAPE = ItemSpec(
    type_name='BodyCable2DShape', family='marker', class_name='MarkerBodyCable2DShape',
    doc='Marker on the shape (several points) of a 2D cable element, for contact.',
    aliases=(),
    flags=('Body', 'Object', 'Coordinate', 'JacobianDerivativeAvailable'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('bodyNumber', 'ObjectIndex', -1,
              'Body (object) index the marker/sensor is attached to.'),
        Param('numberOfSegments', 'PInt', 3,
              'Number of straight segments $n_s$; the marker provides $n_s+1$ points.'),
        Param('verticalOffset', 'Real', 0.0,
              'Offset $h$ along the cable normal (local +y), e.g. half the beam height for surface contact.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_BODY_CABLE2DCOORDINATES = ItemSpec(
    type_name='BodyCable2DCoordinates', family='marker', class_name='MarkerBodyCable2DCoordinates',
    doc='Marker on the coordinates of a 2D cable element, for sliding joints.',
    aliases=(),
    flags=('Body', 'Object', 'Coordinate', 'JacobianDerivativeAvailable'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('bodyNumber', 'ObjectIndex', -1,
              'Body (object) index the marker/sensor is attached to.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_OBJECT_ODE2COORDINATES = ItemSpec(
    type_name='ObjectODE2Coordinates', family='marker', class_name='MarkerObjectODE2Coordinates',
    doc='Marker on all ODE2 coordinates of an object.',
    aliases=(),
    flags=('Body', 'Object', 'Coordinates', 'JacobianDerivativeAvailable'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('objectNumber', 'ObjectIndex', -1,
              'Body whose complete ODE2 coordinate vector is exposed.'),
    ),
    vparams=(
    ),
)

MARKER_BODIES_RELATIVE_TRANSLATION_COORDINATE = ItemSpec(
    type_name='BodiesRelativeTranslationCoordinate', family='marker', class_name='MarkerBodiesRelativeTranslationCoordinate',
    doc='Marker on the relative translation of two bodies along an axis.',
    aliases=(),
    flags=('Body', 'Object', 'Coordinate'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('bodyNumbers', 'ArrayObjectIndex', [-1, -1],
              'Two bodies $[b_0, b_1]$.'),
        Param('localPosition0', 'Vector3D', [0.0,0.0,0.0],
              'Local position on body 0.'),
        Param('localPosition1', 'Vector3D', [0.0,0.0,0.0],
              'Local position on body 1.'),
        Param('axis0', 'Vector3D', [1.0,0.0,0.0],
              'Measuring axis $a_0$ in body-0 frame.'),
        Param('offset', 'Real', 0.0,
              'Offset $x_{off}$ [m] subtracted from the measured translation.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_BODIES_RELATIVE_ROTATION_COORDINATE = ItemSpec(
    type_name='BodiesRelativeRotationCoordinate', family='marker', class_name='MarkerBodiesRelativeRotationCoordinate',
    doc='Marker on the relative rotation of two bodies about an axis.',
    aliases=(),
    flags=('Body', 'Node', 'Object', 'Coordinate', 'HasPostNewton'),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('bodyNumbers', 'ArrayObjectIndex', [-1, -1],
              'Two bodies $[b_0, b_1]$.'),
        Param('nodeNumber', 'NodeIndex', -1,
              'Optional NodeGenericData with 1 coordinate storing the previous angle for continuous (unwrapped) angles; invalid = angle jumps at $\\pm\\pi$.'),
        Param('localPosition0', 'Vector3D', [0.0,0.0,0.0],
              'Local position on body 0.'),
        Param('localPosition1', 'Vector3D', [0.0,0.0,0.0],
              'Local position on body 1.'),
        Param('axis0', 'Vector3D', [1.0,0.0,0.0],
              'Rotation axis $a_0$ in body-0 frame.'),
        Param('offset', 'Real', 0.0,
              'Angle offset $x_{off}$ [rad] subtracted from the measured angle.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_BODY_BEAM_SHAPE = ItemSpec(
    type_name='BodyBeamShape', family='marker', class_name='MarkerBodyBeamShape',
    doc='Marker on the shape of a beam element, for the 3D sliding joint.',
    aliases=(),
    flags=('Body', 'Object', 'JacobianDerivativeAvailable', 'Beam3DShape'),
    outputs=(),
    params=(
        Param('bodyNumber', 'ObjectIndex', -1,
              'Body (object) index the marker/sensor is attached to.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

MARKER_NODE_ODE1_COORDINATE = ItemSpec(
    type_name='NodeODE1Coordinate', family='marker', class_name='MarkerNodeODE1Coordinate',
    doc='Marker on one ODE1 coordinate of a node.',
    aliases=(),
    flags=('Node', 'Coordinate', 'ODE1'),
    outputs=('Coordinates',),
    params=(
        Param('nodeNumber', 'NodeIndex', -1, 'Node index (a node with ODE1 coordinates).'),
        Param('coordinate', 'UInt', -1, 'Local ODE1 coordinate index within the node (0-based).'),
    ),
    vparams=(),
)

declare(MARKER_NODE_ODE1_COORDINATE)
declare(MARKER_BODY_POSITION, MARKER_BODY_RIGID, MARKER_BODY_MASS, MARKER_NODE_POSITION, MARKER_NODE_RIGID, MARKER_NODE_COORDINATE, MARKER_NODE_COORDINATES, MARKER_NODE_ROTATION_COORDINATE, MARKER_BODY_CABLE2DSHAPE, MARKER_BODY_CABLE2DCOORDINATES, MARKER_OBJECT_ODE2COORDINATES, MARKER_BODIES_RELATIVE_TRANSLATION_COORDINATE, MARKER_BODIES_RELATIVE_ROTATION_COORDINATE, MARKER_BODY_BEAM_SHAPE)
