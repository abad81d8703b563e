"""Joints: item declarations (transcribed from the specification, spec/*.md)."""
import numpy as np

from ..enums import OutputVariableType  # noqa: F401
from .spec import ItemSpec, Param, declare

OBJECT_JOINT_GENERIC = ItemSpec(
    type_name='JointGeneric', family='object', class_name='ObjectJointGeneric',
    doc='Rigid joint constraining any of the three translations and three rotations.',
    aliases=('GenericJoint',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position', 'Orientation'), ('Position', 'Orientation')),
    outputs=('Position', 'DisplacementLocal', 'Velocity', 'VelocityLocal', 'Rotation', 'AngularVelocityLocal', 'ForceLocal', 'TorqueLocal', 'HomogeneousTransformation', 'HomogeneousTransformationLocal'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('constrainedAxes', 'ArrayIndex', [1,1,1,1,1,1],
              '6 flags $[j_0..j_5]$ (0 = free, 1 = locked): translations x,y,z then rotations about x,y,z, all in joint frame $J0$.'),
        Param('rotationMarker0', 'Matrix3D', np.eye(3),
              "DEPRECATED since 1.12.244: constant rotation $A_{m0,J0}$ from joint frame $J0$ to marker $m_0$ frame; use the marker's localHT instead."),
        Param('rotationMarker1', 'Matrix3D', np.eye(3),
              "DEPRECATED since 1.12.244: constant rotation $A_{m1,J1}$ from joint frame $J1$ to marker $m_1$ frame; use the marker's localHT instead."),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
        Param('offsetUserFunctionParameters', 'Vector6D', [0.0,0.0,0.0,0.0,0.0,0.0],
              '6 free parameters passed to offsetUserFunction.'),
        Param('offsetUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, offsetUserFunctionParameters) -> 6-vector: translational offsets (0..2) and Tait-Bryan rotation offsets (3..5) of the joint; position level only.'),
        Param('offsetUserFunction_t', 'callable or 0', 0,
              'Velocity version of the offset UF; NOT implemented in Exudyn (giving it raises an error in the velocity-level equations).'),
        Param('alternativeConstraints', 'Bool', False,
              'Experimental: with 3 locked rotations use triple-product equations (avoids 180-degree flips in statics; changes multiplier values).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('axesRadius', 'float', 0.1, 'Radius of drawn joint axes.'),
        Param('axesLength', 'float', 0.4, 'Length of drawn joint axes.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_REVOLUTE_Z = ItemSpec(
    type_name='JointRevoluteZ', family='object', class_name='ObjectJointRevoluteZ',
    doc='Revolute joint: rotation about the joint z-axis only.',
    aliases=('RevoluteJointZ',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position', 'Orientation'), ('Position', 'Orientation')),
    outputs=('Position', 'DisplacementLocal', 'Velocity', 'VelocityLocal', 'Rotation', 'AngularVelocityLocal', 'ForceLocal', 'TorqueLocal', 'HomogeneousTransformation', 'HomogeneousTransformationLocal'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('rotationMarker0', 'Matrix3D', np.eye(3),
              "DEPRECATED since 1.12.244: constant rotation $A_{m0,J0}$ from joint frame $J0$ to marker $m_0$ frame; use the marker's localHT instead."),
        Param('rotationMarker1', 'Matrix3D', np.eye(3),
              "DEPRECATED since 1.12.244: constant rotation $A_{m1,J1}$ from joint frame $J1$ to marker $m_1$ frame; use the marker's localHT instead."),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('axisRadius', 'float', 0.1, 'Radius of the drawn joint axis.'),
        Param('axisLength', 'float', 0.4, 'Length of the drawn joint axis.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_PRISMATIC_X = ItemSpec(
    type_name='JointPrismaticX', family='object', class_name='ObjectJointPrismaticX',
    doc='Prismatic joint: translation along the joint x-axis only.',
    aliases=('PrismaticJointX',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position', 'Orientation'), ('Position', 'Orientation')),
    outputs=('Position', 'DisplacementLocal', 'Velocity', 'VelocityLocal', 'Rotation', 'AngularVelocityLocal', 'ForceLocal', 'TorqueLocal', 'HomogeneousTransformation', 'HomogeneousTransformationLocal'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('rotationMarker0', 'Matrix3D', np.eye(3),
              "DEPRECATED since 1.12.244: constant rotation $A_{m0,J0}$ from joint frame $J0$ to marker $m_0$ frame; use the marker's localHT instead."),
        Param('rotationMarker1', 'Matrix3D', np.eye(3),
              "DEPRECATED since 1.12.244: constant rotation $A_{m1,J1}$ from joint frame $J1$ to marker $m_1$ frame; use the marker's localHT instead."),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('axisRadius', 'float', 0.1, 'Radius of the drawn joint axis.'),
        Param('axisLength', 'float', 0.4, 'Length of the drawn joint axis.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_SPHERICAL = ItemSpec(
    type_name='JointSpherical', family='object', class_name='ObjectJointSpherical',
    doc='Spherical joint: the two marker positions coincide in the constrained global directions.',
    aliases=('SphericalJoint',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position',), ('Position',)),
    outputs=('Position', 'Displacement', 'Velocity', 'Force'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              '$[m_0, m_1]$, two position markers.'),
        Param('constrainedAxes', 'ArrayIndex', [1,1,1],
              '3 flags for global x,y,z translation (1 = locked, 0 = free).'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('jointRadius', 'float', 0.1, 'Radius of the drawn sphere.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_ROLLING_DISC = ItemSpec(
    type_name='JointRollingDisc', family='object', class_name='ObjectJointRollingDisc',
    doc='Disc rolling without slip on a plane (nonholonomic constraint).',
    aliases=('RollingDiscJoint',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position', 'Orientation'), ('Position', 'Orientation')),
    outputs=('Position', 'Velocity', 'RotationMatrix', 'ForceLocal', 'HomogeneousTransformation'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              '$m_0$: ground/track (rigid marker), $m_1$: disc body, marker at the disc center.'),
        Param('constrainedAxes', 'ArrayIndex', [1,1,1],
              '3 flags: $j_0$ lateral, $j_1$ longitudinal (rolling), $j_2$ normal direction.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
        Param('discRadius', 'PReal', 0.0,
              'Disc radius $r$ [m] (> 0).'),
        Param('discAxis', 'Vector3D', [1,0,0],
              'Disc rotation axis $w_1$ in the $m_1$ frame (unit vector).'),
        Param('planeNormal', 'Vector3D', [0,0,1],
              'Normal $v_{PN}$ of the rolling plane in the $m_0$ frame (unit vector).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('discWidth', 'float', 0.1, 'Width of the drawn disc.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_REVOLUTE2D = ItemSpec(
    type_name='JointRevolute2D', family='object', class_name='ObjectJointRevolute2D',
    doc='Planar revolute joint: the two marker positions coincide.',
    aliases=('RevoluteJoint2D',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position',), ('Position',)),
    outputs=('Position', 'Displacement', 'Velocity', 'Force'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_PRISMATIC2D = ItemSpec(
    type_name='JointPrismatic2D', family='object', class_name='ObjectJointPrismatic2D',
    doc='Planar prismatic joint: a marker slides along an axis of another body.',
    aliases=('PrismaticJoint2D',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position', 'Orientation'), ('Position', 'Orientation')),
    outputs=('Distance', 'Position', 'DisplacementLocal', 'Velocity', 'Rotation', 'ForceLocal', 'HomogeneousTransformation', 'HomogeneousTransformationLocal'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('axisMarker0', 'Vector3D', [1.0,0.0,0.0],
              'Sliding axis $t_0$ in the $m_0$ frame.'),
        Param('normalMarker1', 'Vector3D', [0.0,1.0,0.0],
              'Normal $n_1$ to the axis, in the $m_1$ frame.'),
        Param('constrainRotation', 'Bool', True,
              'If True also lock relative rotation ($t_0\\cdot n_1 = 0$); else that equation becomes $\\lambda_1 = 0$.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_SLIDING2D = ItemSpec(
    type_name='JointSliding2D', family='object', class_name='ObjectJointSliding2D',
    doc='Planar joint: a marker slides along a chain of 2D ANCF cable elements.',
    aliases=('SlidingJoint2D',),
    flags=('Connector', 'Constraint'),
    outputs=('Position', 'DisplacementLocal', 'Velocity', 'SlidingCoordinate', 'Force'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              '$m_0$: position/rigid marker of the sliding body; $m_1$: MarkerBodyCable2DCoordinates of the current cable element (updated automatically).'),
        Param('slidingMarkerNumbers', 'ArrayMarkerIndex', [],
              'Ordered list of MarkerBodyCable2DCoordinates markers of consecutive ANCFCable2D elements.'),
        Param('slidingMarkerOffsets', 'Vector', [],
              'Arc-length offset $d_{si}$ of each element start: 0, L0, L0+L1, ...'),
        Param('nodeNumber', 'NodeIndex', -1,
              'NodeGenericData with 2 data coordinates: $x_{data0}$ = current index in slidingMarkerNumbers, $x_{data1}$ = global sliding coordinate at start of step.'),
        Param('useClassicalFormulation', 'Bool', True,
              'True: global-force formulation (3 equations, index 3 only); False: local formulation (normal constraint + index-1 sliding equation, works with index 2).', legacy=('classicalFormulation',)),
        Param('constrainRotation', 'Bool', False,
              'True: add a 4th equation locking the rotation of $m_0$ (must be rigid) to the cable slope.'),
        Param('axialForce', 'Real', 0.0,
              'Prescribed tangential force $f_{ax}$; only with useClassicalFormulation=True.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_SLIDING = ItemSpec(
    type_name='JointSliding', family='object', class_name='ObjectJointSliding',
    doc='Joint: a rigid marker slides along a chain of 3D ANCF cable elements.',
    aliases=('SlidingJoint',),
    flags=('Connector', 'Constraint'),
    requested_markers=((), ()),
    outputs=('Position', 'Velocity', 'SlidingCoordinate', 'Force'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              '$m_0$: position (or rigid, if rotations constrained) marker of the sliding body; $m_1$: MarkerBodyBeamShape of the cable element currently in contact (updated automatically).'),
        Param('slidingMarkerNumbers', 'ArrayMarkerIndex', [],
              'Ordered list of MarkerBodyBeamShape markers of consecutive cable elements.'),
        Param('slidingMarkerOffsets', 'Vector', [],
              'Arc-length offset of each element start: 0, L0, L0+L1, ...'),
        Param('nodeNumber', 'NodeIndex', -1,
              'NodeGenericData with 2 data coordinates: [current index in slidingMarkerNumbers, global sliding coordinate at start of step].'),
        Param('constrainRotations', 'ArrayIndex', [1,1,1],
              'Flags for rotation constraints about x,y,z; any non-zero flag requires a rigid marker $m_0$, and only [0,0,0] is implemented (default [1,1,1] fails).'),
        Param('constrainTranslations', 'ArrayIndex', [1,1,1],
              'Flags for translations in global x,y,z; 0 replaces the equation by $\\lambda_i = 0$.'),
        Param('axialForce', 'Real', 0.0,
              'Prescribed axial (tangential) force $f_{ax}$ between body and cable.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_JOINT_ALEMOVING2D = ItemSpec(
    type_name='JointALEMoving2D', family='object', class_name='ObjectJointALEMoving2D',
    doc='Planar joint for axially moving (ALE) cables sliding through a marker.',
    aliases=('ALEMovingJoint2D',),
    flags=('Connector', 'Constraint'),
    outputs=('Position', 'Velocity', 'Coordinates', 'Coordinates_t', 'SlidingCoordinate', 'Force'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              '$m_0$: position marker of the body; $m_1$: MarkerBodyCable2DCoordinates of the current ALE cable element (updated automatically).'),
        Param('slidingMarkerNumbers', 'ArrayMarkerIndex', [],
              'Ordered list of MarkerBodyCable2DCoordinates markers of the ALEANCFCable2D elements.'),
        Param('slidingMarkerOffsets', 'Vector', [],
              'Arc-length offset $d_{si}$ of each element start: 0, L0, L0+L1, ...'),
        Param('slidingOffset', 'Real', 0.0,
              'Scalar offset $s_{off}$ added to the ALE coordinate to obtain the global sliding coordinate.'),
        Param('nodeNumbers', 'ArrayNodeIndex', [-1, -1],
              '$[n_{GD}, n_{ALE}]$: NodeGenericData (1 data coordinate: current element index) and the NodeGenericODE2 (1 coordinate) shared with the ALE cables.'),
        Param('usePenaltyFormulation', 'Bool', False,
              'If True the equations become $\\Delta p - \\lambda/k = 0$ (still algebraic).'),
        Param('penaltyStiffness', 'Real', 0.0,
              'Penalty stiffness $k$ [N/m] used if usePenaltyFormulation.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

declare(OBJECT_JOINT_GENERIC, OBJECT_JOINT_REVOLUTE_Z, OBJECT_JOINT_PRISMATIC_X, OBJECT_JOINT_SPHERICAL, OBJECT_JOINT_ROLLING_DISC, OBJECT_JOINT_REVOLUTE2D, OBJECT_JOINT_PRISMATIC2D, OBJECT_JOINT_SLIDING2D, OBJECT_JOINT_SLIDING, OBJECT_JOINT_ALEMOVING2D)
