"""Constraints: item declarations (transcribed from the specification, spec/*.md)."""
import numpy as np

from ..enums import OutputVariableType  # noqa: F401
from .spec import ItemSpec, Param, declare

OBJECT_CONNECTOR_COORDINATE = ItemSpec(
    type_name='ConnectorCoordinate', family='object', class_name='ObjectConnectorCoordinate',
    doc='Constraint that couples two coordinates: c1*factor1 - c0 = offset.',
    aliases=('CoordinateConstraint',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Coordinate',), ('Coordinate',)),
    outputs=('Displacement', 'Velocity', 'Force', 'ConstraintEquation'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('offset', 'Real', 0.0,
              'Constant offset $l_{off}$ in $c = k_{m1} q_{m1} - q_{m0} - l_{off}$; with velocityLevel=True it is a velocity offset.'),
        Param('factor1', 'Real', 1.0,
              'Factor $k_{m1}$ multiplying the coordinate of marker $m_1$ (gear/ratio constraints).', legacy=('factorValue1',)),
        Param('velocityLevel', 'Bool', False,
              'If True the constraint is imposed on velocities ($\\dot c$ form with offset) in all solvers; only for ODE2 coordinates.'),
        Param('offsetUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, lOffset) -> float; replaces $l_{off}$ in the position-level equation; 0 = none.'),
        Param('offsetUserFunction_t', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, lOffset) -> float; time derivative of the offset, used in velocity-level (index 2) equations; 0 = none.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_CONNECTOR_DISTANCE = ItemSpec(
    type_name='ConnectorDistance', family='object', class_name='ObjectConnectorDistance',
    doc='Constraint that keeps the distance between two position markers.',
    aliases=('DistanceConstraint',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Position',), ('Position',)),
    outputs=('Distance', 'Displacement', 'Velocity', 'Force'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('distance', 'PReal', 0.0,
              'Prescribed distance $d_0$ [m]; must be > 0.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawSize', 'float', -1.0, 'Drawing size (diameter/radius); -1 uses the default size from visualizationSettings.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_CONNECTOR_COORDINATE_VECTOR = ItemSpec(
    type_name='ConnectorCoordinateVector', family='object', class_name='ObjectConnectorCoordinateVector',
    doc='Linear (and quadratic) constraints between the coordinates of two markers.',
    aliases=('CoordinateVectorConstraint',),
    flags=('Connector', 'Constraint'),
    requested_markers=(('Coordinates',), ('Coordinates',)),
    outputs=('Displacement', 'Velocity', 'Force', 'ConstraintEquation'),
    params=(
        Param('markerNumbers', 'ArrayMarkerIndex', [-1, -1],
              'Marker indices $[m_0, m_1]$; the connector acts between $m_0$ and $m_1$.'),
        Param('scalingMarker0', 'NumpyMatrix', np.zeros((0, 0)),
              'Matrix $X_{m0}$ ($n_{ae}\\times n_{q,m0}$) multiplying the coordinate vector of $m_0$; empty = not used.'),
        Param('scalingMarker1', 'NumpyMatrix', np.zeros((0, 0)),
              'Matrix $X_{m1}$ ($n_{ae}\\times n_{q,m1}$) multiplying the coordinate vector of $m_1$; empty = not used.'),
        Param('quadraticTermMarker0', 'NumpyMatrix', np.zeros((0, 0)),
              'Matrix $Y_{m0}$ multiplying the element-wise squared coordinates of $m_0$; empty = not used.'),
        Param('quadraticTermMarker1', 'NumpyMatrix', np.zeros((0, 0)),
              'Matrix $Y_{m1}$ multiplying the element-wise squared coordinates of $m_1$; empty = not used.'),
        Param('offset', 'NumpyVector', np.zeros(0),
              'Offset vector $v_{off}$ (length $n_{ae}$) subtracted in the equations; empty = zero; ignored if a constraintUserFunction is given.'),
        Param('velocityLevel', 'Bool', False,
              'If True the equations are imposed on velocities (Jacobian w.r.t. $\\dot q$).'),
        Param('constraintUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, q, q_t, velocityLevel) -> vector of $n_{ae}$ residuals; replaces the built-in equations; requires jacobianUserFunction.'),
        Param('jacobianUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, q, q_t, velocityLevel) -> dense matrix $n_{ae}\\times(n_{q,m0}+n_{q,m1})$, derivative of the user constraint.'),
        Param('activeConnector', 'Bool', True,
              'If False the item is switched off: constraints replace all their algebraic equations by $\\lambda = 0$, spring-dampers produce zero force.'),
    ),
    vparams=(
    ),
)

declare(OBJECT_CONNECTOR_COORDINATE, OBJECT_CONNECTOR_DISTANCE, OBJECT_CONNECTOR_COORDINATE_VECTOR)
