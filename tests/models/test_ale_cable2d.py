"""ObjectALEANCFCable2D and ObjectJointALEMoving2D: the element's forces and mass matrix against
Exudyn 1.13.6's ComputeItem(ODE2LHS, MassMatrix) numbers, the bad input Exudyn refuses at
Assemble, beams.GenerateAleSlidingJoint's items. (Dynamic belts and joints against Exudyn are
reference models: tests/models/reference_ale.py, test_reference_models.py.)"""
import numpy as np
import pytest

import multibody as exu
import multibody.beams as beams
from multibody.utilities import *  # noqa: F401,F403

LENGTH, RHO_A, ALE_REF = 0.7, 2.0, 0.3

# (parameters, q (8 + q_ALE, without reference values), q_t, Exudyn's ODE2LHS, Exudyn's mass
# matrix column 8) of one element, Exudyn 1.13.6 ComputeItem (tools: measured by hand)
ELEMENT_CASES = [
    ({'beta': 0.7, 'EA': 50.0, 'EI': 3.0, 'dK': 0.2, 'de': 0.3, 'coup': True, 'var': True, 'red': 0},
     [0.0034, 0.136, 0.1225, -0.051, -0.0298, -0.0527, 0.057, -0.0056, 0.05],
     [0.7469, -1.8473, 1.5665, -0.0964, 0.6804, -0.1366, -0.3791, 0.4631, 0.8245],
     [3.857797008035976, 9.29269063823962, 0.7950053573344759, 2.5574765669331443, -4.073656590960977, -5.300160514349619, 0.13101266030292957, 2.7310114250572743, -0.5852330906042909],
     [0.47317899999999985, -0.1365392, 0.05326136666666668, -0.018428573333333337, 0.46034099999999994, -0.12764080000000003, -0.05251248333333331, 0.0179095, 0.9799999999999999]),
    ({'beta': 1.0, 'EA': 50.0, 'EI': 3.0, 'dK': 0.2, 'de': 0.3, 'coup': True, 'var': True, 'red': 1},
     [-0.0203, -0.0153, 0.0686, -0.087, -0.1514, 0.0395, -0.0671, -0.192, 0.05],
     [-0.8141, -0.4676, -1.1932, -1.4925, 0.0366, 0.8972, -0.2331, -0.7436, 0.385],
     [29.339848193615357, -52.353886330277376, 3.3930405761686164, -14.681178770980111, -28.06999845861536, 54.42455108027738, 0.6330303069724086, -17.873213621503748, 4.884288674719368],
     [0.587898, 0.06949999999999999, 0.06440863333333335, 0.010808, 0.5499020000000001, 0.04010000000000001, -0.062192199999999975, -0.009093000000000002, 1.4]),
    ({'beta': 0.5, 'EA': 50.0, 'EI': 3.0, 'dK': 0.2, 'de': 0.3, 'coup': False, 'var': False, 'red': 2, 'eps0': 0.01, 'K0': 0.3, 'fref': 0.5},
     [0.0717, -0.03, 0.0545, 0.1043, -0.0207, -0.0814, 0.0348, 0.0248, 0.05],
     [1.0988, -1.2846, -0.6616, -0.8382, -1.734, 0.1264, 0.5278, -0.7388, 1.3856],
     [8.428593916406971, 1.231468979844753, 0.9805235612317807, 1.6819955359425869, -16.316671057398974, 2.5260631750352474, 2.2915144228547044, -1.0835432681780324, -7.03291596179829],
     [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.7]),
]


def _element(p):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[LENGTH, 0, 1, 0]))
    na = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[ALE_REF],
                                     initialCoordinates=[0], initialCoordinates_t=[0]))
    mbs.AddObject(ALECable2D(nodeNumbers=[n0, n1, na], length=LENGTH, massPerLength=RHO_A, movingMassFactor=p['beta'],
                             bendingStiffness=p['EI'], axialStiffness=p['EA'], bendingDamping=p['dK'],
                             axialDamping=p['de'], useCouplingTerms=p['coup'], addALEvariation=p['var'],
                             referenceAxialStrain=p.get('eps0', 0.), referenceCurvature=p.get('K0', 0.),
                             strainIsRelativeToReference=p.get('fref', 0.), useReducedOrderIntegration=p['red']))
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("case", range(len(ELEMENT_CASES)))
def test_element_forces_and_mass_as_exudyn(case):
    """Q_LHS (elastic, damping, convective and ALE-variation terms) and the slope-dependent mass
    matrix column of q_ALE equal Exudyn's to 1e-13 relative (movingMassFactor 0.7, 1 (damping of
    the material rates), 0.5 without coupling and variation terms; the three Gauss rules)."""
    p, q, v, lhs, m8 = ELEMENT_CASES[case]
    mbs = _element(p)
    c = mbs._compiled
    # q (no reference values) in the node order of the system: ALE node first
    order = [c.node_ode2_start[k] for k in (0, 1)]
    qs, vs = np.zeros(c.n_ode2), np.zeros(c.n_ode2)
    ltg = np.r_[order[0] + np.arange(4), order[1] + np.arange(4), c.node_ode2_start[2]]
    qs[ltg], vs[ltg] = q, v
    c.equations.update_kinematics(qs, vs, 0.)
    f = c.equations.ode2_rhs()
    assert np.allclose(-f[ltg], lhs, rtol=0, atol=1e-13 * np.abs(lhs).max())
    g, row = c.object_group[0]
    M = g.mass_blocks(c.q_ref + qs, [row])[0]
    assert np.allclose(M[:, 8], m8, rtol=0, atol=1e-14)
    assert np.allclose(M[8, :], m8, rtol=0, atol=1e-14)


def _belt(variant=''):
    """Two ALE elements, a joint on them; ``variant`` one bad input of Exudyn's refusals."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 0.5
    ground = mbs.AddObject(ObjectGround())
    k = 2 if variant == 'ale2' else 1
    na = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=k, referenceCoordinates=[0] * k,
                                     initialCoordinates=[0] * k, initialCoordinates_t=[0] * k))
    nodes = [mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[i * L, 0, 1, 0])) for i in range(3)]
    if variant == 'pointnode':
        nodes[0] = mbs.AddNode(NodePoint2D(referenceCoordinates=[0, 0]))
    els = [mbs.AddObject(ALECable2D(nodeNumbers=[nodes[i], nodes[i + 1], na], length=L, massPerLength=2.))
           for i in range(2)]
    mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground))
    if variant == 'm0coord':
        mg = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=0))
    ms = [mbs.AddMarker(MarkerBodyCable2DCoordinates(bodyNumber=e)) for e in els]
    nd = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=2 if variant == 'data2' else 1,
                                     initialCoordinates=[0, 0] if variant == 'data2' else [5 if variant == 'start' else 0]))
    mbs.AddObject(ObjectJointALEMoving2D(markerNumbers=[mg, ms[0]], slidingMarkerNumbers=ms,
                                         slidingMarkerOffsets=[0] if variant == 'offsets' else [0, L],
                                         nodeNumbers=[nd, nodes[1] if variant == 'node1' else na]))
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("variant, message", [
    ('ale2', 'NodeGenericODE2 (Node 0) must have 1 coordinate (found: 2)'),
    ('pointnode', 'Point2DSlope1'),
    ('m0coord', "Marker 0 must be of type = 'Position'"),
    ('data2', 'NodeGenericData (Node 4) must have 1 coordinates (found: 2)'),
    ('offsets', 'the slidingMarkerNumbers list (size=2) must have same size as the slidingMarkerOffsets list (size=1)'),
    ('node1', "node must be of type 'GenericODE2'"),
    ('start', 'initial Data variable must be >= 0 and < 2'),
])
def test_bad_input_refused_at_assemble(variant, message):
    """Exudyn 1.13.6 raises a ModelError at Assemble with these messages (measured)."""
    with pytest.raises(exu.ModelError) as info:
        _belt(variant)
    assert message in str(info.value)


def test_generate_ale_sliding_joint_items():
    """The markers, data node and joint GenerateAleSlidingJoint adds, and its return value, as
    Exudyn 1.13.6's (measured: markers first, the data node starting at the local index, the
    offsets the summed lengths, penalty where penaltyStiffness != 0)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 0.5
    ground = mbs.AddObject(ObjectGround())
    na = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0], initialCoordinates=[0],
                                     initialCoordinates_t=[0.5]))
    nodes = [mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[i * L, 0, 1, 0])) for i in range(4)]
    els = [mbs.AddObject(ALECable2D(nodeNumbers=[nodes[i], nodes[i + 1], na], length=L, massPerLength=2.))
           for i in range(3)]
    mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0.7, 0, 0]))
    ret = beams.GenerateAleSlidingJoint(mbs, els, mg, na, localMarkerIndexOfStartCable=1, AleSlidingOffset=0.7,
                                        activeConnector=False, penaltyStiffness=100)
    assert [int(x) for x in ret] == [4]
    assert [mbs.GetMarker(i)['markerType'] for i in (1, 2, 3)] == ['BodyCable2DCoordinates'] * 3
    assert [int(mbs.GetMarker(i)['bodyNumber']) for i in (1, 2, 3)] == [1, 2, 3]
    node = mbs.GetNode(5)
    assert node['nodeType'] == 'GenericData' and node['numberOfDataCoordinates'] == 1
    assert list(node['initialCoordinates']) == [1.]
    joint = mbs.GetObject(4)
    expected = {'objectType': 'JointALEMoving2D', 'markerNumbers': [0, 2], 'slidingMarkerNumbers': [1, 2, 3],
                'slidingOffset': 0.7, 'nodeNumbers': [5, 0], 'usePenaltyFormulation': True,
                'penaltyStiffness': 100.0, 'activeConnector': False}
    plain = {k: [int(x) for x in v] if isinstance(v, list) else v for k, v in joint.items()}     # (index types)
    assert {k: plain[k] for k in expected} == expected
    assert list(joint['slidingMarkerOffsets']) == [0., 0.5, 1.]
    beams.GenerateAleSlidingJoint(mbs, els, mg, na)
    joint = mbs.GetObject(5)
    assert ([int(m) for m in joint['markerNumbers']], joint['usePenaltyFormulation'], joint['activeConnector']) == \
        ([0, 4], False, True)
    assert list(mbs.GetNode(6)['initialCoordinates']) == [0.]


def test_markers_on_ale_cable_as_exudyn():
    """MarkerBodyCable2DCoordinates (8 total coordinates and a 9th value 0), MarkerBodyCable2DShape
    (velocities of the moving material: + v_ALE r'(x)) and MarkerBodyRigid on an ALE cable:
    Exudyn 1.13.6's outputs at the initial state."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 0.5
    na = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.2], initialCoordinates=[0.1],
                                     initialCoordinates_t=[0.7]))
    n0 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0], initialCoordinates=[0.01, 0.02, 0.1, 0.05],
                                       initialVelocities=[0.1, 0.2, 0.3, 0.4]))
    n1 = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[L, 0, 1, 0], initialVelocities=[-0.1, 0.2, 0.3, -0.4]))
    o = mbs.AddObject(ALECable2D(nodeNumbers=[n0, n1, na], length=L, massPerLength=2., axialStiffness=100,
                                 bendingStiffness=1))
    mc = mbs.AddMarker(MarkerBodyCable2DCoordinates(bodyNumber=o))
    ms = mbs.AddMarker(MarkerBodyCable2DShape(bodyNumber=o, numberOfSegments=2))
    mr = mbs.AddMarker(MarkerBodyRigid(bodyNumber=o, localPosition=[0.2, 0, 0]))
    mbs.Assemble()
    OV = exu.OutputVariableType
    expected = [(mc, OV.Coordinates, [0.01, 0.02, 1.1, 0.05, 0.5, 0., 1., 0., 0.]),
                (ms, OV.Coordinates, [0.01, 0.02, 0.26125, 0.013125, 0.5, 0.]),
                (ms, OV.Coordinates_t, [0.87, 0.235, 0.6615, 0.19925, 0.6, 0.2]),
                (mr, OV.Position, [0.21368, 0.01656, 0.]),
                (mr, OV.Velocity, [0.70824, 0.20348, 0.]),
                (mr, OV.Rotation, [0., 0., -0.066208342042]),
                (mr, OV.AngularVelocity, [0., 0., 0.034311081716])]
    for m, var, values in expected:
        assert np.allclose(mbs.GetMarkerOutput(m, var), values, rtol=0, atol=1e-12), (m, var)
    assert np.allclose(mbs.GetMarkerOutput(mc, OV.Coordinates_t)[:8], [0.1, 0.2, 0.3, 0.4, -0.1, 0.2, 0.3, -0.4])
