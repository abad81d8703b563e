"""Loads: item declarations (transcribed from the specification, spec/*.md)."""
import numpy as np

from ..enums import OutputVariableType  # noqa: F401
from .spec import ItemSpec, Param, declare

LOAD_FORCE_VECTOR = ItemSpec(
    type_name='ForceVector', family='load', class_name='LoadForceVector',
    doc='Force vector applied at a position marker (global or body-fixed).',
    aliases=('Force',),
    flags=(),
    requested_markers=(('Position',),),
    outputs=(),
    params=(
        Param('markerNumber', 'MarkerIndex', -1,
              'Index of the marker the load/sensor acts on.'),
        Param('loadVector', 'Vector3D', [0.0,0.0,0.0],
              'Force vector $f$ [N] (global unless bodyFixed); ignored if a user function is given.'),
        Param('bodyFixed', 'Bool', False,
              'If True, $f$ is given in the marker/body frame (follower force).'),
        Param('loadVectorUserFunction', 'callable or 0', 0,
              'UF(mbs, t, loadVector) -> 3-vector force replacing loadVector; 0 = none.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

LOAD_TORQUE_VECTOR = ItemSpec(
    type_name='TorqueVector', family='load', class_name='LoadTorqueVector',
    doc='Torque vector applied at a rigid-body marker (global or body-fixed).',
    aliases=('Torque',),
    flags=(),
    requested_markers=(('Orientation',),),
    outputs=(),
    params=(
        Param('markerNumber', 'MarkerIndex', -1,
              'Index of the marker the load/sensor acts on.'),
        Param('loadVector', 'Vector3D', [0.0,0.0,0.0],
              'Torque vector $\\tau$ [N m] (global unless bodyFixed).'),
        Param('bodyFixed', 'Bool', False,
              'If True, $\\tau$ is given in the marker/body frame (follower torque).'),
        Param('loadVectorUserFunction', 'callable or 0', 0,
              'UF(mbs, t, loadVector) -> 3-vector torque replacing loadVector; 0 = none.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

LOAD_COORDINATE = ItemSpec(
    type_name='Coordinate', family='load', class_name='LoadCoordinate',
    doc='Scalar load on one coordinate of a node.',
    aliases=(),
    flags=(),
    requested_markers=(('Coordinate',),),
    outputs=(),
    params=(
        Param('markerNumber', 'MarkerIndex', -1,
              'Index of the marker the load/sensor acts on.'),
        Param('load', 'Real', 0.0,
              'Scalar generalized force $f$ added to the marker coordinate.'),
        Param('loadUserFunction', 'callable or 0', 0,
              'UF(mbs, t, load) -> scalar replacing load; 0 = none.'),
    ),
    vparams=(
    ),
)

LOAD_MASS_PROPORTIONAL = ItemSpec(
    type_name='MassProportional', family='load', class_name='LoadMassProportional',
    doc='Mass-proportional (gravity) load on a body-mass marker.',
    aliases=('Gravity',),
    flags=(),
    requested_markers=(('BodyMass',),),
    outputs=(),
    params=(
        Param('markerNumber', 'MarkerIndex', -1,
              'MarkerBodyMass of the body.'),
        Param('loadVector', 'Vector3D', [0.0,0.0,0.0],
              'Acceleration-like vector $b$ [m/s^2] (e.g. gravity), global.'),
        Param('loadVectorUserFunction', 'callable or 0', 0,
              'UF(mbs, t, loadVector) -> 3-vector replacing loadVector; 0 = none.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

declare(LOAD_FORCE_VECTOR, LOAD_TORQUE_VECTOR, LOAD_COORDINATE, LOAD_MASS_PROPORTIONAL)
