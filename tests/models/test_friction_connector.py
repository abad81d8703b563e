"""ObjectConnectorCoordinateSpringDamperExt: the force law at given states and the switching of
the data coordinates after a converged Newton solve, against tables measured with Exudyn 1.13.6
(GetObjectOutput(Force) of an assembled system; MainSolverImplicitSecondOrder.PostNewton with the
current and start-of-step data coordinates set), and Exudyn's checks of the data node.

Parameters: B the bristle friction (f_d = 2, f_so = 1, k_mu = 1000, d_mu = 10, v_exp = 0.05,
f_v = 0.5), L limit stops (upper 0.1, lower -0.05, k 1e4, d 20), R regularized friction
(v_reg = 0.1), RL regularized friction with limit stops. POST_NEWTON rows: (parameters, q, v,
current data, start-of-step data, [discontinuous error, data after]).
"""
import numpy as np
import pytest

import multibody as exu
from multibody.kernels import friction as kf
from multibody.utilities import (CoordinateSpringDamperExt, Mass1D, MarkerNodeCoordinate, Node1D,
                                 NodeGenericData)

B = dict(dynamicFrictionForce=2., staticFrictionOffsetForce=1., stickingStiffness=1000., stickingDamping=10.,
         exponentialDecayStatic=0.05, viscousFrictionFactor=0.5)
L = dict(useLimitStops=True, limitStopsUpper=0.1, limitStopsLower=-0.05, limitStopsStiffness=1e4,
         limitStopsDamping=20.)
R = dict(dynamicFrictionForce=2., staticFrictionOffsetForce=1., viscousFrictionFactor=0.5, frictionProportionalZone=0.1,
         exponentialDecayStatic=0.05)
PARAMETERS = {'B': B, 'L': L, 'BL': dict(B, **L), 'R': R,
              'RL': dict(frictionProportionalZone=0.1, dynamicFrictionForce=2., stickingStiffness=1000., **L)}

POST_NEWTON = [
    ('B', 0.1, 0.5, [0.0, 0.0999, 0.0], [0.0, 0.05, 0.0], [2.849954600070241, 2.2500453999297623, 0.0999, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.2, 0.0], [0.0, 0.05, 0.0], [92.74995460007024, 2.2500453999297623, 0.2, 0.0]),
    ('B', 0.1, 0.5, [2.5, 0.0999, 0.0], [0.0, 0.05, 0.0], [0.0, 2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, 0.5, [2.5, 0.2, 0.0], [0.0, 0.05, 0.0], [0.0, 2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, 0.5, [-2.5, 0.0999, 0.0], [0.0, 0.05, 0.0], [2.849954600070241, 0.0, 0.05, 0.0]),
    ('B', 0.1, 0.5, [-2.5, 0.2, 0.0], [0.0, 0.05, 0.0], [92.74995460007024, 0.0, 0.05, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.0999, 0.0], [2.5, 0.05, 0.0], [2.849954600070241, 2.2500453999297623, 0.0999, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.2, 0.0], [2.5, 0.05, 0.0], [92.74995460007024, 2.2500453999297623, 0.2, 0.0]),
    ('B', 0.1, 0.5, [2.5, 0.0999, 0.0], [2.5, 0.05, 0.0], [0.0, 2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, 0.5, [2.5, 0.2, 0.0], [2.5, 0.05, 0.0], [0.0, 2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, 0.5, [-2.5, 0.0999, 0.0], [2.5, 0.05, 0.0], [0.24995460007023773, 0.0, 0.10250000000000001, 0.0]),
    ('B', 0.1, 0.5, [-2.5, 0.2, 0.0], [2.5, 0.05, 0.0], [0.24995460007023773, 0.0, 0.10250000000000001, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.0999, 0.0], [-2.5, 0.05, 0.0], [2.849954600070241, 2.2500453999297623, 0.0999, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.2, 0.0], [-2.5, 0.05, 0.0], [92.74995460007024, 2.2500453999297623, 0.2, 0.0]),
    ('B', 0.1, 0.5, [2.5, 0.0999, 0.0], [-2.5, 0.05, 0.0], [0.0, 2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, 0.5, [2.5, 0.2, 0.0], [-2.5, 0.05, 0.0], [0.0, 2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, 0.5, [-2.5, 0.0999, 0.0], [-2.5, 0.05, 0.0], [4.750045399929762, 0.0, 0.10750000000000001, 0.0]),
    ('B', 0.1, 0.5, [-2.5, 0.2, 0.0], [-2.5, 0.05, 0.0], [4.750045399929762, 0.0, 0.10750000000000001, 0.0]),
    ('B', 0.1, -0.5, [0.0, 0.0999, 0.0], [0.0, 0.05, 0.0], [2.6499546000702345, -2.2500453999297623, 0.0999, 0.0]),
    ('B', 0.1, -0.5, [0.0, 0.2, 0.0], [0.0, 0.05, 0.0], [102.74995460007024, -2.2500453999297623, 0.2, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.0999, 0.0], [0.0, 0.05, 0.0], [2.6499546000702345, 0.0, 0.05, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.2, 0.0], [0.0, 0.05, 0.0], [102.74995460007024, 0.0, 0.05, 0.0]),
    ('B', 0.1, -0.5, [-2.5, 0.0999, 0.0], [0.0, 0.05, 0.0], [0.0, -2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, -0.5, [-2.5, 0.2, 0.0], [0.0, 0.05, 0.0], [0.0, -2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, -0.5, [0.0, 0.0999, 0.0], [2.5, 0.05, 0.0], [2.6499546000702345, -2.2500453999297623, 0.0999, 0.0]),
    ('B', 0.1, -0.5, [0.0, 0.2, 0.0], [2.5, 0.05, 0.0], [102.74995460007024, -2.2500453999297623, 0.2, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.0999, 0.0], [2.5, 0.05, 0.0], [4.750045399929762, 0.0, 0.0925, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.2, 0.0], [2.5, 0.05, 0.0], [4.750045399929762, 0.0, 0.0925, 0.0]),
    ('B', 0.1, -0.5, [-2.5, 0.0999, 0.0], [2.5, 0.05, 0.0], [0.0, -2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, -0.5, [-2.5, 0.2, 0.0], [2.5, 0.05, 0.0], [0.0, -2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, -0.5, [0.0, 0.0999, 0.0], [-2.5, 0.05, 0.0], [2.6499546000702345, -2.2500453999297623, 0.0999, 0.0]),
    ('B', 0.1, -0.5, [0.0, 0.2, 0.0], [-2.5, 0.05, 0.0], [102.74995460007024, -2.2500453999297623, 0.2, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.0999, 0.0], [-2.5, 0.05, 0.0], [0.24995460007023773, 0.0, 0.0975, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.2, 0.0], [-2.5, 0.05, 0.0], [0.24995460007023773, 0.0, 0.0975, 0.0]),
    ('B', 0.1, -0.5, [-2.5, 0.0999, 0.0], [-2.5, 0.05, 0.0], [0.0, -2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, -0.5, [-2.5, 0.2, 0.0], [-2.5, 0.05, 0.0], [0.0, -2.2500453999297623, 0.1, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.1024, 0.0], [0.0, 0.05, 0.0], [0.0, 0.0, 0.1024, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.10201, 0.0], [0.0, 0.05, 0.0], [0.0, 0.0, 0.10201, 0.0]),
    ('B', 0.1, 0.5, [0.0, 0.10199, 0.0], [0.0, 0.05, 0.0], [0.759954600070246, 2.2500453999297623, 0.10199, 0.0]),
    ('B', 0.1, 3.0, [0.0, 0.09, 0.0], [0.0, 0.05, 0.0], [36.50000000000001, 3.5, 0.09, 0.0]),
    ('B', 0.1, 3, [0.0, 0.1275, 0.0], [0.0, 0.05, 0.0], [0.0, 0.0, 0.1275, 0.0]),
    ('B', 0.1, 3, [0.0, 0.1265, 0.0], [0.0, 0.05, 0.0], [3.552713678800501e-15, 3.5, 0.1265, 0.0]),
    ('B', 0.1, 3, [0.0, 0.1268, 0.0], [0.0, 0.05, 0.0], [0.0, 3.5, 0.1268, 0.0]),
    ('B', 0.0031, 0.0, [0.0, 0.0, 0.0], [0.0, 0.05, 0.0], [3.1, 0.0, 0.0, 0.0]),
    ('B', 0.003, 0.0, [0.0, 0.0, 0.0], [0.0, 0.05, 0.0], [0.0, 0.0, 0.0, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.3, 0.0], [1.7, 0.05, 0.0], [3.9500453999297624, 0.0, 0.09330000000000001, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.1, 0.0], [-1.7, 0.05, 0.0], [0.5500453999297623, 0.0, 0.09670000000000001, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.095, 0.0], [0, 0.05, 0.0], [2.250045399929758, 0.0, 0.05, 0.0]),
    ('B', 0.1, -0.5, [2.5, 0.105, 0.0], [0, 0.05, 0.0], [7.749954600070227, 0.0, 0.05, 0.0]),
    ('B', 0.1, 0.0, [2.5, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.1, 0.0]),
    ('L', 0.05, 0.0, [0.0, 0.0, 0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]),
    ('L', 0.12, 0.3, [0.0, 0.0, 0], [0.0, 0.0, 0.0], [199.9999999999999, 0.0, 0.0, 0.01999999999999999]),
    ('L', 0.12, 0.0, [0.0, 0.0, 0.02], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.01999999999999999]),
    ('L', 0.13, 0.0, [0.0, 0.0, 0.02], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.03]),
    ('L', 0.05, 0.3, [0.0, 0.0, 0.02], [0.0, 0.0, 0.0], [200.0, 0.0, 0.0, 0.0]),
    ('L', -0.06, 0.2, [0.0, 0.0, 0], [0.0, 0.0, 0.0], [99.99999999999994, 0.0, 0.0, -0.009999999999999995]),
    ('L', -0.06, 0.2, [0.0, 0.0, -0.01], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0, -0.009999999999999995]),
    ('L', -0.06, 0.2, [0.0, 0.0, 0.01], [0.0, 0.0, 0.0], [100.0, 0.0, 0.0, 0.0]),
    ('L', 0.12, 0.3, [0.0, 0.0, -0.01], [0.0, 0.0, 0.0], [100.0, 0.0, 0.0, 0.0]),
    ('L', 0.1, 0.0, [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]),
    ('L', 0.1000001, 0.0, [0.0, 0.0, 0], [0.0, 0.0, 0.0], [0.0009999999998899778, 0.0, 0.0, 9.999999998899778e-08]),
    ('BL', 0.12, 0.5, [0.0, 0.11, 0.0], [0.0, 0.0, 0.0], [212.7499546000701, 2.2500453999297623, 0.11, 0.01999999999999999]),
    ('BL', 0.101, 3.0, [0.0, 0.1278, 0.0], [0.0, 0.0, 0.0], [9.700000000000019, 3.5, 0.1278, 0.0010000000000000009]),
    ('RL', 0.05, 0.05, [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [49.0, 1.0, 0.0, 0.0]),
    ('RL', 0.12, 0.5, [0.0, 0.04, 0.0], [0.0, 0.0, 0.0], [277.9999999999999, 2.0, 0.04, 0.01999999999999999]),
]
FORCES = [
    ('B', 0, 0, [0, 0, 0], 0.0),
    ('B', 0.002, 0.0, [0, 0, 0], 2.0),
    ('B', 0.002, 0.1, [0, 0, 0], 3.0),
    ('B', -0.01, -0.5, [0, 0, 0], -15.0),
    ('B', 0.01, 2.0, [0, 0, 0], 30.0),
    ('B', 0.1, 1e-14, [0, 0, 0], 100.0000000000001),
    ('B', 0.1, -0.01, [0, 0, 0], 99.9),
    ('B', 0, 0, [0, 0.01, 0], -10.0),
    ('B', 0.002, 0.0, [0, 0.01, 0], -8.0),
    ('B', 0.002, 0.1, [0, 0.01, 0], -7.0),
    ('B', -0.01, -0.5, [0, 0.01, 0], -25.0),
    ('B', 0.01, 2.0, [0, 0.01, 0], 20.0),
    ('B', 0.1, 1e-14, [0, 0.01, 0], 90.00000000000011),
    ('B', 0.1, -0.01, [0, 0.01, 0], 89.90000000000002),
    ('B', 0, 0, [2.5, 0, 0], 0.0),
    ('B', 0.002, 0.0, [2.5, 0, 0], 0.0),
    ('B', 0.002, 0.1, [2.5, 0, 0], 2.1853352832366126),
    ('B', -0.01, -0.5, [2.5, 0, 0], 2.2500453999297623),
    ('B', 0.01, 2.0, [2.5, 0, 0], 3.0),
    ('B', 0.1, 1e-14, [2.5, 0, 0], 2.999999999999805),
    ('B', 0.1, -0.01, [2.5, 0, 0], 2.8237307530779816),
    ('B', 0, 0, [-7, 0.3, 0], 0.0),
    ('B', 0.002, 0.0, [-7, 0.3, 0], 0.0),
    ('B', 0.002, 0.1, [-7, 0.3, 0], -2.1853352832366126),
    ('B', -0.01, -0.5, [-7, 0.3, 0], -2.2500453999297623),
    ('B', 0.01, 2.0, [-7, 0.3, 0], -3.0),
    ('B', 0.1, 1e-14, [-7, 0.3, 0], -2.999999999999805),
    ('B', 0.1, -0.01, [-7, 0.3, 0], -2.8237307530779816),
    ('L', 0.12, 0.3, [0, 0, 0.02], 205.9999999999999),
    ('L', 0.05, 0.3, [0, 0, 0.02], -494.0),
    ('L', -0.06, 0.2, [0, 0, -0.01], -95.99999999999994),
    ('L', 0.12, 0.3, [0, 0, -0.01], 1705.9999999999998),
    ('L', 0.12, 0.3, [0, 0, 0.0], 0.0),
    ('R', 0.0, -1, None, -2.45000001522998),
    ('R', 0.0, -0.2, None, -2.1853352832366126),
    ('R', 0.0, -0.1, None, -3.0000000000000004),
    ('R', 0.0, -0.05, None, -1.5000000000000002),
    ('R', 0.0, 0, None, 0.0),
    ('R', 0.0, 0.03, None, 0.8999999999999999),
    ('R', 0.0, 0.1, None, 3.0000000000000004),
    ('R', 0.0, 0.1000001, None, 2.9999980500020005),
    ('R', 0.0, 0.15, None, 2.3928794411714422),
    ('R', 0.0, 0.5, None, 2.2003354626279026),
    ('R', 0.0, 2, None, 2.95),
]


def _system(q=0., v=0., data=None, q0=0., v0=0., **kw):
    """Two Node1D masses (q0, v0 and q, v) and the connector between their coordinate markers."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(Node1D(referenceCoordinates=[0.3], initialCoordinates=[q0], initialVelocities=[v0]))
    n1 = mbs.AddNode(Node1D(referenceCoordinates=[0.7], initialCoordinates=[q], initialVelocities=[v]))
    for n in (n0, n1):
        mbs.AddObject(Mass1D(mass=1, nodeNumber=n))
    m0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n0, coordinate=0))
    m1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    nd = -1 if data is None else mbs.AddNode(NodeGenericData(numberOfDataCoordinates=len(data),
                                                            initialCoordinates=list(data)))
    o = mbs.AddObject(CoordinateSpringDamperExt(markerNumbers=[m0, m1], nodeNumber=nd, **kw))
    mbs.Assemble()
    return mbs, o


@pytest.mark.parametrize('row', FORCES, ids=[f'{r[0]}-{k}' for k, r in enumerate(FORCES)])
def test_force_at_a_state(row):
    kind, q, v, data, expected = row
    mbs, o = _system(q, v, data, **PARAMETERS[kind])
    assert mbs.GetObjectOutput(o, exu.OutputVariableType.Force) == pytest.approx(expected, rel=1e-14, abs=1e-14)


def test_spring_damper_offsets_and_factors():
    """f = k (q - x_off) + d (v - v_off) + friction(v) with q = f1 q_m1 - f0 q_m0 (Exudyn: -1.41826...)."""
    kw = dict(R, stiffness=100., damping=3., offset=0.05, velocityOffset=0.2, factor0=2., factor1=0.5)
    mbs, o = _system(0.1, 0.3, q0=0.02, v0=-0.1, **kw)
    OV = exu.OutputVariableType
    assert mbs.GetObjectOutput(o, OV.Force) == pytest.approx(-1.4182620530009147, rel=1e-14)
    assert mbs.GetObjectOutput(o, OV.Displacement) == pytest.approx(0.01, rel=1e-14)
    assert mbs.GetObjectOutput(o, OV.Velocity) == pytest.approx(0.35, rel=1e-14)
    with pytest.raises(Exception):
        mbs.GetObjectOutput(o, OV.Position)
    mbs.SetObjectParameter(o, 'activeConnector', False)
    assert mbs.GetObjectOutput(o, OV.Force) == 0.0


@pytest.mark.parametrize('row', POST_NEWTON, ids=[f'{r[0]}-{k}' for k, r in enumerate(POST_NEWTON)])
def test_switching_of_the_data_coordinates(row):
    kind, q, v, current, start, expected = row
    mbs, o = _system(q, v, current, **PARAMETERS[kind])
    g, _ = mbs._compiled.object_group[int(o)]
    x, x_start = np.array(current, dtype=float), np.array(start, dtype=float)
    cval, cvel = np.array([0., q]), np.array([0., v])
    error = np.zeros(1)
    worst = kf.post_newton_data(np.array([0]), np.array([1]), cval, cvel, g.params, g.flags, np.array([True]), x,
                                x_start, np.array([0]), error)
    assert worst == pytest.approx(expected[0], rel=1e-12, abs=1e-12)
    assert x == pytest.approx(np.array(expected[1:]), rel=1e-12, abs=1e-15)


def test_data_node_checks(capsys):
    with pytest.raises(exu.ModelError, match="frictionProportionalZone is zero and dynamicFriction is non-zero"):
        _system(dynamicFrictionForce=1., stickingStiffness=1.)
    with pytest.raises(exu.ModelError, match="useLimitStops is True"):
        _system(useLimitStops=True)
    with pytest.raises(exu.ModelError, match="stickingStiffness may not be zero"):
        _system(data=[0, 0, 0], staticFrictionOffsetForce=1.)
    with pytest.raises(exu.ModelError, match="must have 3 data coordinates"):
        _system(data=[0, 0], useLimitStops=True)
    _system(data=[0, 0, 0], frictionProportionalZone=0.1, dynamicFrictionForce=1.)
    assert "a data node is supplied, but not needed" in capsys.readouterr().out
