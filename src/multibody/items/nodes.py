"""Nodes: item declarations (transcribed from the specification, spec/*.md)."""
import numpy as np

from ..enums import OutputVariableType  # noqa: F401
from .spec import ItemSpec, Param, declare

NODE_POINT = ItemSpec(
    type_name='Point', family='node', class_name='NodePoint',
    doc='3D point node with three displacement coordinates (mass points, finite-element nodes).',
    aliases=('Point',),
    flags=('Position',),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt', 'HomogeneousTransformation'),
    params=(
        Param('referenceCoordinates', 'Vector3D', [0.0,0.0,0.0],
              'Reference coordinates $q_{ref}$ (configuration in which the item is defined); the total value is reference + current coordinate.'),
        Param('initialCoordinates', 'Vector3D', [0.0,0.0,0.0],
              'Initial (displacement) coordinates, RELATIVE to the reference coordinates.'),
        Param('initialVelocities', 'Vector3D', [0.0,0.0,0.0],
              'Initial velocity coordinates.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_POINT2D = ItemSpec(
    type_name='Point2D', family='node', class_name='NodePoint2D',
    doc='2D point node with two displacement coordinates in the x-y plane.',
    aliases=('Point2D',),
    flags=('Position2D', 'Position'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt', 'HomogeneousTransformation'),
    params=(
        Param('referenceCoordinates', 'Vector2D', [0.0,0.0],
              'Reference coordinates $q_{ref}$ (configuration in which the item is defined); the total value is reference + current coordinate.'),
        Param('initialCoordinates', 'Vector2D', [0.0,0.0],
              'Initial (displacement) coordinates, RELATIVE to the reference coordinates.'),
        Param('initialVelocities', 'Vector2D', [0.0,0.0],
              'Initial velocity coordinates.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_POINT_GROUND = ItemSpec(
    type_name='PointGround', family='node', class_name='NodePointGround',
    doc='Ground node without coordinates: a fixed point to attach markers to.',
    aliases=('PointGround',),
    flags=('Ground', 'Position2D', 'Position', 'Orientation', 'GenericODE2'),
    outputs=('Position', 'Displacement', 'Velocity', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'HomogeneousTransformation'),
    params=(
        Param('referenceCoordinates', 'Vector3D', [0.0,0.0,0.0],
              'Fixed position $[x,y,z]$ of the ground node.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_RIGID_BODY2D = ItemSpec(
    type_name='RigidBody2D', family='node', class_name='NodeRigidBody2D',
    doc='Planar rigid-body node: x, y displacement and rotation about z.',
    aliases=('Rigid2D',),
    flags=('Position2D', 'Orientation2D', 'Position', 'Orientation', 'RigidBody'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'AngularAcceleration', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt', 'HomogeneousTransformation'),
    params=(
        Param('referenceCoordinates', 'Vector3D', [0.0,0.0,0.0],
              '$[x, y, \\theta]$ reference position and angle.'),
        Param('initialCoordinates', 'Vector3D', [0.0,0.0,0.0],
              'Initial (displacement) coordinates, RELATIVE to the reference coordinates.'),
        Param('initialVelocities', 'Vector3D', [0.0,0.0,0.0],
              'Initial $[\\dot x,\\dot y,\\dot\\theta]$.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_RIGID_BODY_EP = ItemSpec(
    type_name='RigidBodyEP', family='node', class_name='NodeRigidBodyEP',
    doc='3D rigid-body node with Euler parameters (unit quaternion) and their normalization constraint.',
    aliases=('RigidEP',),
    flags=('Position', 'Orientation', 'RigidBody', 'RotationEulerParameters'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'AngularAcceleration', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt', 'HomogeneousTransformation'),
    params=(
        Param('referenceCoordinates', 'Vector7D', [0.0,0.0,0.0, 0.0,0.0,0.0,0.0],
              '$[p_x,p_y,p_z, \\theta_0,\\theta_1,\\theta_2,\\theta_3]$: reference position and reference Euler parameters (scalar part first).'),
        Param('initialCoordinates', 'Vector7D', [0.0,0.0,0.0, 0.0,0.0,0.0,0.0],
              'Initial displacement and Euler-parameter increments, relative to reference.'),
        Param('initialVelocities', 'Vector7D', [0.0,0.0,0.0, 0.0,0.0,0.0,0.0],
              'Initial $[\\dot u, \\dot \\theta]$ (7 values: velocity and Euler-parameter rates).'),
        Param('addConstraintEquation', 'Bool', True,
              'True: node adds the algebraic equation $\\theta^T\\theta - 1 = 0$ (1 AE coordinate); False: user must constrain the norm.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_RIGID_BODY_RXYZ = ItemSpec(
    type_name='RigidBodyRxyz', family='node', class_name='NodeRigidBodyRxyz',
    doc='3D rigid-body node with Tait-Bryan (xyz) rotation angles.',
    aliases=('RigidRxyz',),
    flags=('Position', 'Orientation', 'RigidBody', 'RotationRxyz'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'AngularAcceleration', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt', 'HomogeneousTransformation'),
    params=(
        Param('referenceCoordinates', 'Vector6D', [0.0,0.0,0.0, 0.0,0.0,0.0],
              '$[p_x,p_y,p_z,\\psi_0,\\psi_1,\\psi_2]$: reference position and Tait-Bryan xyz angles.'),
        Param('initialCoordinates', 'Vector6D', [0.0,0.0,0.0, 0.0,0.0,0.0],
              'Initial (displacement) coordinates, RELATIVE to the reference coordinates.'),
        Param('initialVelocities', 'Vector6D', [0.0,0.0,0.0, 0.0,0.0,0.0],
              'Initial $[\\dot u, \\dot\\psi]$ (angle rates, not angular velocity).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_RIGID_BODY_ROT_VEC_LG = ItemSpec(
    type_name='RigidBodyRotVecLG', family='node', class_name='NodeRigidBodyRotVecLG',
    doc='3D rigid-body node with a rotation vector, for Lie-group integrators.',
    aliases=('RigidRotVecLG',),
    flags=('Position', 'Orientation', 'RigidBody', 'RotationRotationVector'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'HomogeneousTransformation'),
    params=(
        Param('referenceCoordinates', 'Vector6D', [0.0,0.0,0.0, 0.0,0.0,0.0],
              '$[p_x,p_y,p_z,\\nu_0,\\nu_1,\\nu_2]$: reference position and rotation vector.'),
        Param('initialCoordinates', 'Vector6D', [0.0,0.0,0.0, 0.0,0.0,0.0],
              'Initial (displacement) coordinates, RELATIVE to the reference coordinates.'),
        Param('initialVelocities', 'Vector6D', [0.0,0.0,0.0, 0.0,0.0,0.0],
              'Initial $[\\dot u, {}^b\\omega]$: velocity and LOCAL angular velocity.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_GENERIC_ODE2 = ItemSpec(
    type_name='GenericODE2', family='node', class_name='NodeGenericODE2',
    doc='Node with any number of second-order (ODE2) coordinates.',
    aliases=(),
    flags=('GenericODE2',),
    outputs=('CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt'),
    params=(
        Param('referenceCoordinates', 'Vector', [],
              'Reference coordinates, length numberOfODE2Coordinates.'),
        Param('initialCoordinates', 'Vector', [],
              'Initial coordinates (relative to reference), length numberOfODE2Coordinates.'),
        Param('initialCoordinates_t', 'Vector', [],
              'Initial velocities, length numberOfODE2Coordinates (note the name: not initialVelocities).'),
        Param('numberOfODE2Coordinates', 'PInt', 0,
              'Number of ODE2 coordinates $n_c$ (> 0).'),
    ),
    vparams=(
    ),
)

NODE_GENERIC_ODE1 = ItemSpec(
    type_name='GenericODE1', family='node', class_name='NodeGenericODE1',
    doc='Node with any number of first-order (ODE1) coordinates.',
    aliases=(),
    flags=(),
    outputs=('CoordinatesTotal', 'Coordinates', 'Coordinates_t'),
    params=(
        Param('referenceCoordinates', 'Vector', [],
              'Reference values, length numberOfODE1Coordinates.'),
        Param('initialCoordinates', 'Vector', [],
              'Initial values (relative to reference), length numberOfODE1Coordinates.'),
        Param('numberOfODE1Coordinates', 'PInt', 0,
              'Number of ODE1 coordinates (> 0).'),
    ),
    vparams=(
    ),
)

NODE_GENERIC_AE = ItemSpec(
    type_name='GenericAE', family='node', class_name='NodeGenericAE',
    doc='Node with any number of algebraic (AE) coordinates.',
    aliases=(),
    flags=(),
    outputs=('Coordinates',),
    params=(
        Param('referenceCoordinates', 'Vector', [],
              'Reference values, length numberOfAECoordinates.'),
        Param('initialCoordinates', 'Vector', [],
              'Initial values of the algebraic coordinates.'),
        Param('numberOfAECoordinates', 'PInt', 0,
              'Number of algebraic coordinates (> 0).'),
    ),
    vparams=(
    ),
)

NODE_GENERIC_DATA = ItemSpec(
    type_name='GenericData', family='node', class_name='NodeGenericData',
    doc='Node with data coordinates (history variables, not integrated).',
    aliases=(),
    flags=('GenericData',),
    outputs=('Coordinates',),
    params=(
        Param('initialCoordinates', 'Vector', [],
              'Initial data values (history variables), length numberOfDataCoordinates.'),
        Param('numberOfDataCoordinates', 'UInt', 0,
              'Number of data coordinates (>= 0).'),
    ),
    vparams=(
    ),
)

NODE1D = ItemSpec(
    type_name='1D', family='node', class_name='Node1D',
    doc='Node with one ODE2 coordinate, for 1D masses and rotors.',
    aliases=(),
    flags=('GenericODE2',),
    outputs=('CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt'),
    params=(
        Param('referenceCoordinates', 'Vector', [0.0],
              'Reference value of the single coordinate (list of length 1).'),
        Param('initialCoordinates', 'Vector', [0.0],
              'Initial value (relative to reference), list of length 1.'),
        Param('initialVelocities', 'Vector', [0.0],
              'Initial velocity, list of length 1.'),
    ),
    vparams=(
    ),
)

NODE_POINT2DSLOPE1 = ItemSpec(
    type_name='Point2DSlope1', family='node', class_name='NodePoint2DSlope1',
    doc='2D node with position and one slope vector (ANCF cable elements).',
    aliases=('Point2DS1',),
    flags=('Position2D', 'Orientation2D', 'Point2DSlope1', 'Position', 'Orientation'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt'),
    params=(
        Param('referenceCoordinates', 'Vector4D', [0.0,0.0,1.0,0.0],
              "$[x, y, r'_x, r'_y]$: position and slope (axial derivative of position) in the reference configuration."),
        Param('initialCoordinates', 'Vector4D', [0.0,0.0,0.0,0.0],
              'Initial increments of position and slope.'),
        Param('initialVelocities', 'Vector4D', [0.0,0.0,0.0,0.0],
              'Initial velocity coordinates.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

NODE_POINT_SLOPE1 = ItemSpec(
    type_name='PointSlope1', family='node', class_name='NodePointSlope1',
    doc='3D node with position and one slope vector (3D ANCF cable elements).',
    aliases=(),
    flags=('Position',),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt'),
    params=(
        Param('referenceCoordinates', 'Vector6D', [0.0,0.0,0.0,1.0,0.0,0.0],
              "$[x,y,z, r'_x,r'_y,r'_z]$: position and slope vector in reference configuration."),
        Param('initialCoordinates', 'Vector6D', [0.0,0.0,0.0,0.0,0.0,0.0],
              'Initial increments of position and slope.'),
        Param('initialVelocities', 'Vector6D', [0.0,0.0,0.0,0.0,0.0,0.0],
              'Initial velocity coordinates.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

declare(NODE_POINT, NODE_POINT2D, NODE_POINT_GROUND, NODE_RIGID_BODY2D, NODE_RIGID_BODY_EP, NODE_RIGID_BODY_RXYZ, NODE_RIGID_BODY_ROT_VEC_LG, NODE_GENERIC_ODE2, NODE_GENERIC_ODE1, NODE_GENERIC_AE, NODE_GENERIC_DATA, NODE1D, NODE_POINT2DSLOPE1, NODE_POINT_SLOPE1)
