"""Bodies: item declarations (transcribed from the specification, spec/*.md)."""
import numpy as np

from ..enums import OutputVariableType  # noqa: F401
from .spec import ItemSpec, Param, declare

OBJECT_GROUND = ItemSpec(
    type_name='Ground', family='object', class_name='ObjectGround',
    doc='Fixed ground body: markers on it have constant position and orientation.',
    aliases=(),
    flags=('Ground', 'Body'),
    outputs=('Position', 'Displacement', 'Velocity', 'RotationMatrix', 'AngularVelocity', 'HomogeneousTransformation'),
    params=(
        Param('referencePosition', 'Vector3D', None,
              'Ground frame origin $p_{ref}$ (translation of referenceHT); None = not given -> [0,0,0].'),
        Param('referenceRotation', 'Matrix3D', None,
              'Ground frame rotation $A_{0b}$ (3x3); None = not given -> identity.'),
        Param('referenceHT', 'HTOrNone', None,
              'NEW in 1.13: 4x4 homogeneous transformation (or exu.HT) combining referenceRotation and referencePosition; if given together with one of them they must agree.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('graphicsDataUserFunction', 'callable or 0', 0, 'Python function (mbs, itemNumber) -> list of graphics data, called by the renderer; 0 = none.'),
        Param('graphicsData', 'BodyGraphicsData', [], 'List of graphics-data dicts (exudyn.graphics) drawn in the body frame.'),
    ),
)

OBJECT_MASS_POINT = ItemSpec(
    type_name='MassPoint', family='object', class_name='ObjectMassPoint',
    doc='Point mass on a 3D point node.',
    aliases=('MassPoint',),
    flags=('Body', 'SingleNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'KineticEnergy', 'PotentialEnergy', 'HomogeneousTransformation'),
    params=(
        Param('mass', 'UReal', 0.0,
              'Mass $m$ [kg].', legacy=('physicsMass',)),
        Param('nodeNumber', 'NodeIndex', -1,
              'Position node (NodePoint).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('graphicsData', 'BodyGraphicsData', [], 'List of graphics-data dicts (exudyn.graphics) drawn in the body frame.'),
    ),
)

OBJECT_MASS_POINT2D = ItemSpec(
    type_name='MassPoint2D', family='object', class_name='ObjectMassPoint2D',
    doc='Point mass on a 2D point node.',
    aliases=('MassPoint2D',),
    flags=('Body', 'SingleNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'KineticEnergy', 'PotentialEnergy', 'HomogeneousTransformation'),
    params=(
        Param('mass', 'UReal', 0.0,
              'Mass $m$ [kg].', legacy=('physicsMass',)),
        Param('nodeNumber', 'NodeIndex', -1,
              '2D position node (NodePoint2D).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('graphicsData', 'BodyGraphicsData', [], 'List of graphics-data dicts (exudyn.graphics) drawn in the body frame.'),
    ),
)

OBJECT_MASS1D = ItemSpec(
    type_name='Mass1D', family='object', class_name='ObjectMass1D',
    doc='Mass on a 1D node, moving along a fixed axis.',
    aliases=('Mass1D',),
    flags=('Body', 'SingleNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'KineticEnergy', 'PotentialEnergy', 'HomogeneousTransformation'),
    params=(
        Param('mass', 'UReal', 0.0,
              'Mass $m$ [kg].', legacy=('physicsMass',)),
        Param('nodeNumber', 'NodeIndex', -1,
              'Node1D (or other single-coordinate ODE2 node) providing the coordinate.'),
        Param('referencePosition', 'Vector3D', [0.0,0.0,0.0],
              'Constant point $p_0$ mapping the coordinate to 3D.'),
        Param('referenceRotation', 'Matrix3D', np.eye(3),
              'Constant rotation $A_0$; the coordinate moves along the local x-axis $A_0 e_x$.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('graphicsData', 'BodyGraphicsData', [], 'List of graphics-data dicts (exudyn.graphics) drawn in the body frame.'),
    ),
)

OBJECT_ROTATIONAL_MASS1D = ItemSpec(
    type_name='RotationalMass1D', family='object', class_name='ObjectRotationalMass1D',
    doc='Rotational inertia on a 1D node, rotating about a fixed axis.',
    aliases=('Rotor1D',),
    flags=('Body', 'SingleNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'KineticEnergy', 'PotentialEnergy', 'HomogeneousTransformation'),
    params=(
        Param('inertia', 'UReal', 0.0,
              'Rotational inertia $J$ [kg m^2] about the local z-axis.', legacy=('physicsInertia',)),
        Param('nodeNumber', 'NodeIndex', -1,
              'Node1D providing the rotation coordinate $\\psi$.'),
        Param('referencePosition', 'Vector3D', [0.0,0.0,0.0],
              'Constant position $p_0$ of the rotor.'),
        Param('referenceRotation', 'Matrix3D', np.eye(3),
              'Constant rotation $A_0$; rotation axis is $A_0 e_z$.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('graphicsData', 'BodyGraphicsData', [], 'List of graphics-data dicts (exudyn.graphics) drawn in the body frame.'),
    ),
)

OBJECT_RIGID_BODY = ItemSpec(
    type_name='RigidBody', family='object', class_name='ObjectRigidBody',
    doc='3D rigid body with mass, inertia and center of mass, on a 3D rigid-body node.',
    aliases=('RigidBody',),
    flags=('Body', 'SingleNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'VelocityLocal', 'Acceleration', 'AccelerationLocal', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'AngularAcceleration', 'AngularAccelerationLocal', 'KineticEnergy', 'PotentialEnergy', 'HomogeneousTransformation'),
    params=(
        Param('mass', 'UReal', 0.0,
              'Mass $m$ [kg].', legacy=('physicsMass',)),
        Param('inertia', 'Vector6D', [0.0,0.0,0.0, 0.0,0.0,0.0],
              'Inertia $[J_{xx},J_{yy},J_{zz},J_{yz},J_{xz},J_{xy}]$ in body frame w.r.t. the body REFERENCE POINT (node position), not necessarily the COM.', legacy=('physicsInertia',)),
        Param('centerOfMass', 'Vector3D', [0.0,0.0,0.0],
              'COM position $b_{COM}$ in body frame relative to the reference point; [0,0,0] enables the faster COM formulation.', legacy=('physicsCenterOfMass',)),
        Param('nodeNumber', 'NodeIndex', -1,
              'Rigid body node (NodeRigidBodyEP, NodeRigidBodyRxyz or NodeRigidBodyRotVecLG).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('graphicsDataUserFunction', 'callable or 0', 0, 'Python function (mbs, itemNumber) -> list of graphics data, called by the renderer; 0 = none.'),
        Param('graphicsData', 'BodyGraphicsData', [], 'List of graphics-data dicts (exudyn.graphics) drawn in the body frame.'),
    ),
)

OBJECT_RIGID_BODY2D = ItemSpec(
    type_name='RigidBody2D', family='object', class_name='ObjectRigidBody2D',
    doc='Planar rigid body with mass and inertia about z, on a 2D rigid-body node.',
    aliases=('RigidBody2D',),
    flags=('Body', 'SingleNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'VelocityLocal', 'Acceleration', 'AccelerationLocal', 'RotationMatrix', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'AngularAcceleration', 'AngularAccelerationLocal', 'KineticEnergy', 'PotentialEnergy', 'HomogeneousTransformation'),
    params=(
        Param('mass', 'UReal', 0.0,
              'Mass $m$ [kg].', legacy=('physicsMass',)),
        Param('inertia', 'UReal', 0.0,
              'Rotational inertia $J$ w.r.t. the reference point.', legacy=('physicsInertia',)),
        Param('centerOfMass', 'Vector2D', [0.0,0.0],
              '2D COM position $b$ in body frame relative to the reference point.', legacy=('physicsCenterOfMass',)),
        Param('nodeNumber', 'NodeIndex', -1,
              'NodeRigidBody2D.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('graphicsDataUserFunction', 'callable or 0', 0, 'Python function (mbs, itemNumber) -> list of graphics data, called by the renderer; 0 = none.'),
        Param('graphicsData', 'BodyGraphicsData', [], 'List of graphics-data dicts (exudyn.graphics) drawn in the body frame.'),
    ),
)

OBJECT_GENERIC_ODE2 = ItemSpec(
    type_name='GenericODE2', family='object', class_name='ObjectGenericODE2',
    doc='Second-order system of several nodes with mass, stiffness and damping matrices and user functions.',
    aliases=(),
    flags=('Body', 'MultiNoded', 'SuperElement'),
    outputs=('CoordinatesTotal', 'Coordinates', 'Coordinates_t', 'Coordinates_tt', 'Force', 'KineticEnergy', 'PotentialEnergy'),
    params=(
        Param('nodeNumbers', 'ArrayNodeIndex', [],
              'Nodes whose ODE2 coordinates form the object vector $q$, concatenated in list order.'),
        Param('massMatrix', 'PyMatrixContainer', None,
              'Constant mass matrix $M$ ($n\\times n$; numpy array, list of lists or exu.MatrixContainer); None = empty (then zero).'),
        Param('stiffnessMatrix', 'PyMatrixContainer', None,
              'Constant stiffness matrix $K$; None/empty = zero; dense/sparse format must agree with dampingMatrix.'),
        Param('dampingMatrix', 'PyMatrixContainer', None,
              'Constant damping matrix $D$; None/empty = zero.'),
        Param('forceVector', 'NumpyVector', np.zeros(0),
              'Constant generalized force $f$ (RHS); empty = zero.'),
        Param('forceUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, q, q_t) -> n-vector added to RHS; q without reference values; 0 = none.'),
        Param('massMatrixUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, q, q_t) -> n x n matrix replacing $M$; 0 = none.'),
        Param('jacobianUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, q, q_t, fODE2, fODE2_t) -> n x n matrix, LHS Jacobian of the user force ($-f_{ODE2}\\,\\partial f_u/\\partial q - f_{ODE2_t}\\,\\partial f_u/\\partial\\dot q$); K and D added internally; 0 = numerical.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
        Param('triangleMesh', 'NumpyMatrixI', np.zeros((0, 0)), "Matrix of node indices (3 or 6 columns) for drawing a surface mesh over the object's nodes."),
        Param('showNodes', 'Bool', False, 'Draw the mesh nodes.'),
        Param('graphicsDataUserFunction', 'callable or 0', 0, 'Python function (mbs, itemNumber) -> list of graphics data, called by the renderer; 0 = none.'),
    ),
)

OBJECT_ANCFCABLE2D = ItemSpec(
    type_name='ANCFCable2D', family='object', class_name='ObjectANCFCable2D',
    doc='Planar ANCF cable element (Bernoulli-Euler beam) between two slope nodes.',
    aliases=('Cable2D',),
    flags=('Body', 'MultiNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'VelocityLocal', 'Acceleration', 'Rotation', 'AngularVelocity', 'AngularVelocityLocal', 'AngularAcceleration', 'Director1', 'ForceLocal', 'TorqueLocal', 'StrainLocal', 'CurvatureLocal', 'KineticEnergy', 'PotentialEnergy'),
    params=(
        Param('length', 'UReal', 0.0,
              'Reference length $L$ [m] (> 0).', legacy=('physicsLength',)),
        Param('massPerLength', 'UReal', 0.0,
              'Mass per length $\\rho A$ [kg/m].', legacy=('physicsMassPerLength',)),
        Param('bendingStiffness', 'UReal', 0.0,
              'Bending stiffness $EI$ [N m^2].', legacy=('physicsBendingStiffness',)),
        Param('axialStiffness', 'UReal', 0.0,
              'Axial stiffness $EA$ [N].', legacy=('physicsAxialStiffness',)),
        Param('bendingDamping', 'UReal', 0.0,
              'Bending damping coefficient $d_K$ (curvature rate).', legacy=('physicsBendingDamping',)),
        Param('axialDamping', 'UReal', 0.0,
              'Axial damping coefficient $d_\\varepsilon$ (strain rate).', legacy=('physicsAxialDamping',)),
        Param('referenceAxialStrain', 'Real', 0.0,
              'Pre-strain $\\varepsilon_0$.', legacy=('physicsReferenceAxialStrain',)),
        Param('referenceCurvature', 'Real', 0.0,
              'Pre-curvature $K_0$ [1/m].', legacy=('physicsReferenceCurvature',)),
        Param('strainIsRelativeToReference', 'Real', 0.0,
              'Factor $f_{ref}\\in[0,1]$: fraction of the reference-configuration strain/curvature treated as stress-free.'),
        Param('nodeNumbers', 'NodeIndex2', [-1, -1],
              'Two NodePoint2DSlope1 nodes.'),
        Param('useReducedOrderIntegration', 'Index', 0,
              'Gauss rule selector: 0 = full (axial 5 pts, bending 3 pts), 1 = reduced (4 / 2), 2 (ANCFCable2D only) = Lobatto 3 pts axial / Gauss 2 pts bending.'),
        Param('axialForceUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, axialPositionNormalized, axialStrain, axialStrain_t, axialStrainRef, axialStiffness, axialDamping, curvature, curvature_t, curvatureRef) -> axial force N; 0 = linear law.'),
        Param('bendingMomentUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, axialPositionNormalized, curvature, curvature_t, curvatureRef, bendingStiffness, bendingDamping, axialStrain, axialStrain_t, axialStrainRef) -> bending moment M; 0 = linear law.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawHeight', 'float', 0.0, 'Drawing height of the beam (rectangular cross section drawing).'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_ALEANCFCABLE2D = ItemSpec(
    type_name='ALEANCFCable2D', family='object', class_name='ObjectALEANCFCable2D',
    doc='Planar ANCF cable element with axially moving (ALE) material.',
    aliases=('ALECable2D',),
    flags=('Body', 'MultiNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'VelocityLocal', 'Rotation', 'Director1', 'ForceLocal', 'TorqueLocal', 'StrainLocal', 'CurvatureLocal', 'KineticEnergy', 'PotentialEnergy'),
    params=(
        Param('length', 'UReal', 0.0,
              'Reference length $L$ [m] (> 0).', legacy=('physicsLength',)),
        Param('massPerLength', 'UReal', 0.0,
              'Mass per length $\\rho A$ [kg/m].', legacy=('physicsMassPerLength',)),
        Param('movingMassFactor', 'UReal', 1.0,
              'Fraction of $\\rho A$ moving with the Eulerian velocity (1 = all mass moves, 0 = none).', legacy=('physicsMovingMassFactor',)),
        Param('bendingStiffness', 'UReal', 0.0,
              'Bending stiffness $EI$ [N m^2].', legacy=('physicsBendingStiffness',)),
        Param('axialStiffness', 'UReal', 0.0,
              'Axial stiffness $EA$ [N].', legacy=('physicsAxialStiffness',)),
        Param('bendingDamping', 'UReal', 0.0,
              'Bending damping coefficient $d_K$ (curvature rate).', legacy=('physicsBendingDamping',)),
        Param('axialDamping', 'UReal', 0.0,
              'Axial damping coefficient $d_\\varepsilon$ (strain rate).', legacy=('physicsAxialDamping',)),
        Param('referenceAxialStrain', 'Real', 0.0,
              'Pre-strain $\\varepsilon_0$.', legacy=('physicsReferenceAxialStrain',)),
        Param('referenceCurvature', 'Real', 0.0,
              'Pre-curvature $K_0$ [1/m].', legacy=('physicsReferenceCurvature',)),
        Param('useCouplingTerms', 'Bool', True,
              'True: include all moving-mass coupling terms; False: only constant mass for the ALE coordinate.', legacy=('physicsUseCouplingTerms',)),
        Param('addALEvariation', 'Bool', True,
              'True: include the extra strain/curvature variation terms due to the ALE coordinate.', legacy=('physicsAddALEvariation',)),
        Param('nodeNumbers', 'NodeIndex3', [-1, -1, -1],
              '[n0, n1, nALE]: two NodePoint2DSlope1 nodes and one NodeGenericODE2 with 1 coordinate (axial/Eulerian coordinate, shareable).'),
        Param('useReducedOrderIntegration', 'Index', 0,
              'Gauss rule selector: 0 = full (axial 5 pts, bending 3 pts), 1 = reduced (4 / 2), 2 (ANCFCable2D only) = Lobatto 3 pts axial / Gauss 2 pts bending.'),
        Param('strainIsRelativeToReference', 'Real', 0.0,
              'Factor $f_{ref}\\in[0,1]$: fraction of the reference-configuration strain/curvature treated as stress-free.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('drawHeight', 'float', 0.0, 'Drawing height of the beam (rectangular cross section drawing).'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_ANCFCABLE = ItemSpec(
    type_name='ANCFCable', family='object', class_name='ObjectANCFCable',
    doc='3D ANCF cable element (Bernoulli-Euler beam without torsion) between two slope nodes.',
    aliases=('Cable',),
    flags=('Body', 'MultiNoded'),
    outputs=('Position', 'Displacement', 'Velocity', 'Acceleration', 'Director1', 'ForceLocal', 'TorqueLocal', 'StrainLocal', 'CurvatureLocal', 'KineticEnergy', 'PotentialEnergy'),
    params=(
        Param('length', 'UReal', 0.0,
              'Reference length $L$ [m] (> 0).', legacy=('physicsLength',)),
        Param('massPerLength', 'UReal', 0.0,
              'Mass per length $\\rho A$ [kg/m].', legacy=('physicsMassPerLength',)),
        Param('bendingStiffness', 'UReal', 0.0,
              'Bending stiffness $EI$ [N m^2].', legacy=('physicsBendingStiffness',)),
        Param('axialStiffness', 'UReal', 0.0,
              'Axial stiffness $EA$ [N].', legacy=('physicsAxialStiffness',)),
        Param('bendingDamping', 'UReal', 0.0,
              'Bending damping coefficient $d_K$ (curvature rate).', legacy=('physicsBendingDamping',)),
        Param('axialDamping', 'UReal', 0.0,
              'Axial damping coefficient $d_\\varepsilon$ (strain rate).', legacy=('physicsAxialDamping',)),
        Param('referenceAxialStrain', 'Real', 0.0,
              'Pre-strain $\\varepsilon_0$.', legacy=('physicsReferenceAxialStrain',)),
        Param('strainIsRelativeToReference', 'Real', 0.0,
              'Factor $f_{ref}\\in[0,1]$: fraction of the reference-configuration strain/curvature treated as stress-free.'),
        Param('nodeNumbers', 'NodeIndex2', [-1, -1],
              'Two NodePointSlope1 nodes.'),
        Param('useReducedOrderIntegration', 'Index', 0,
              'Gauss rule selector: 0 = full (axial 5 pts, bending 3 pts), 1 = reduced (4 / 2), 2 (ANCFCable2D only) = Lobatto 3 pts axial / Gauss 2 pts bending.'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
        Param('radius', 'float', 0.0, 'Drawing radius; 0 = draw centerline only.'),
        Param('color', 'Float4', [-1.0,-1.0,-1.0,-1.0], "RGBA color; R = -1 means 'use the default color of this item class'."),
    ),
)

OBJECT_GENERIC_ODE1 = ItemSpec(
    type_name='GenericODE1', family='object', class_name='ObjectGenericODE1',
    doc='First-order system with a system matrix, right-hand side and optional user function.',
    aliases=(),
    flags=('MultiNoded',),
    outputs=('Coordinates', 'Coordinates_t'),
    params=(
        Param('nodeNumbers', 'ArrayNodeIndex', [],
              'NodeGenericODE1 nodes whose ODE1 coordinates form the object vector $y$, in list order.'),
        Param('systemMatrix', 'NumpyMatrix', np.zeros((0, 0)),
              'System matrix $A$ ($n\\times n$) of $\\dot y = A y + f + f_{user}$; empty = zero.'),
        Param('rhsVector', 'NumpyVector', np.zeros(0),
              'Constant right-hand side $f$ ($n$); empty = zero.'),
        Param('rhsUserFunction', 'callable or 0', 0,
              'UF(mbs, t, itemNumber, y) -> n-vector added to the right-hand side; y without reference values; 0 = none.'),
    ),
    vparams=(),
)

declare(OBJECT_GENERIC_ODE1)
declare(OBJECT_GROUND, OBJECT_MASS_POINT, OBJECT_MASS_POINT2D, OBJECT_MASS1D, OBJECT_ROTATIONAL_MASS1D, OBJECT_RIGID_BODY, OBJECT_RIGID_BODY2D, OBJECT_GENERIC_ODE2, OBJECT_ANCFCABLE2D, OBJECT_ALEANCFCABLE2D, OBJECT_ANCFCABLE)
