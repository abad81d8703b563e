"""Rotation kernels: identities, finite differences and Exudyn's Lie-group reference values."""
import json
from pathlib import Path

import numpy as np
import pytest

from multibody.kernels import rotations as rot

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "rigid_body_utilities.json"
# closed-form identities hold to round-off
IDENTITY_ATOL = 1e-13
# central differences with step 1e-6 have truncation error ~1e-12 and round-off ~1e-10
FD_STEP = 1e-6
FD_ATOL = 1e-8
# vs Exudyn 1.13.6 (lieGroupBasics): same formulas up to operation order
RTOL, ATOL = 1e-12, 1e-14

RNG = np.random.default_rng(12345)
ANGLES = [np.array(a) for a in ([0.1, 0.2, 0.3], [2.5, -1.2, 2.9], [-3.0, 0.5, 2.9],
                                [0.3, -1.4, -0.7])]
ROTATION_VECTORS = [np.array(v) for v in ([0.1, 0.2, 0.3], [3.0, 0.0, 0.0], [0.2, 0.1, -2.5],
                                          [1e-3, 2e-3, -1e-3], [5e-3, 0.0, 4e-3],
                                          [0.0, 0.0, 0.0], [-0.4, 2.9, 0.3])]


def unit(v):
    return v / np.linalg.norm(v)


EULER_PARAMETERS = [unit(np.array(e)) for e in ([1.0, 0.0, 0.0, 0.0], [0.9, 0.1, 0.2, 0.3],
                                                [0.5, -0.5, 0.5, 0.5], [0.2, 0.7, -0.1, 0.68],
                                                [-0.3, 0.1, 0.9, -0.2])]


def m33(f, *args):
    return f(*args, np.empty((3, 3)))


def vee(s):
    return np.array([s[2, 1], s[0, 2], s[1, 0]])


def rate(matrix_of, q, q_t):
    """Central difference d/dt matrix_of(q + t q_t) at t = 0."""
    return (matrix_of(q + FD_STEP * q_t) - matrix_of(q - FD_STEP * q_t)) / (2 * FD_STEP)


def assert_rotation(a):
    np.testing.assert_allclose(a.T @ a, np.eye(3), atol=IDENTITY_ATOL)
    assert np.linalg.det(a) == pytest.approx(1.0, abs=IDENTITY_ATOL)


def test_skew_is_cross_product_and_inverts():
    v, w = RNG.normal(size=3), RNG.normal(size=3)
    s = m33(rot.skew, v)
    np.testing.assert_allclose(s @ w, np.cross(v, w), atol=IDENTITY_ATOL)
    np.testing.assert_array_equal(rot.skew_to_vector(s, np.empty(3)), v)


@pytest.mark.parametrize("angle", [0.0, 0.7, -2.4])
def test_elementary_rotations_compose_to_rxyz(angle):
    rx = m33(rot.rotation_matrix_x, angle)
    ry = m33(rot.rotation_matrix_y, 0.3)
    rz = m33(rot.rotation_matrix_z, -1.1)
    np.testing.assert_allclose(rx @ ry @ rz, m33(rot.rxyz_rotation_matrix, np.array([angle, 0.3, -1.1])),
                               atol=IDENTITY_ATOL)
    np.testing.assert_allclose(rot.rotation_matrix_2d(angle, np.empty((2, 2))),
                               m33(rot.rotation_matrix_z, angle)[:2, :2], atol=IDENTITY_ATOL)


# --- Euler parameters


@pytest.mark.parametrize("ep", EULER_PARAMETERS)
def test_ep_matrix_is_rotation_and_round_trips(ep):
    a = m33(rot.ep_rotation_matrix, ep)
    assert_rotation(a)
    back = rot.ep_from_rotation_matrix(a, np.empty(4))
    np.testing.assert_allclose(back, ep if ep[0] >= 0 else -ep, atol=IDENTITY_ATOL)


@pytest.mark.parametrize("ep", EULER_PARAMETERS)
def test_ep_g_maps_rates_to_angular_velocity(ep):
    # a rate tangent to the unit sphere keeps |ep| = 1
    ep_t = RNG.normal(size=4)
    ep_t -= (ep_t @ ep) * ep

    def a_of(e):
        return m33(rot.ep_rotation_matrix, e)
    a, a_t = a_of(ep), rate(a_of, ep, ep_t)
    g = rot.ep_g(ep, np.empty((3, 4)))
    g_local = rot.ep_g_local(ep, np.empty((3, 4)))
    np.testing.assert_allclose(g @ ep_t, vee(a_t @ a.T), atol=FD_ATOL)
    np.testing.assert_allclose(g_local @ ep_t, vee(a.T @ a_t), atol=FD_ATOL)
    np.testing.assert_allclose(g_local, a.T @ g, atol=IDENTITY_ATOL)
    # G^T G = 4 (I - ep ep^T) (spec/nodes.md)
    np.testing.assert_allclose(g.T @ g, 4 * (np.eye(4) - np.outer(ep, ep)), atol=IDENTITY_ATOL)


@pytest.mark.parametrize("ep", EULER_PARAMETERS)
def test_ep_g_time_derivatives(ep):
    ep_t = RNG.normal(size=4)

    def g_of(e):
        return rot.ep_g(e, np.empty((3, 4)))

    def g_local_of(e):
        return rot.ep_g_local(e, np.empty((3, 4)))
    np.testing.assert_allclose(rot.ep_g_t(ep_t, np.empty((3, 4))), rate(g_of, ep, ep_t), atol=FD_ATOL)
    g_local_t = rot.ep_g_local_t(ep_t, np.empty((3, 4)))
    np.testing.assert_allclose(g_local_t, rate(g_local_of, ep, ep_t), atol=FD_ATOL)
    np.testing.assert_allclose(g_local_t @ ep_t, 0.0, atol=IDENTITY_ATOL)


@pytest.mark.parametrize("rotation_vector", [[0.1, 0.2, 0.3], [3.0, 0.1, 0.0], [0.1, -3.0, 0.2],
                                             [0.0, 0.2, 3.1]])
def test_ep_from_matrix_every_branch(rotation_vector):
    # small rotation: trace > 0; near pi about x, y, z: the three diagonal branches
    a = m33(rot.rotvec_rotation_matrix, np.array(rotation_vector))
    ep = rot.ep_from_rotation_matrix(a, np.empty(4))
    assert ep[0] >= 0.0
    np.testing.assert_allclose(m33(rot.ep_rotation_matrix, ep), a, atol=IDENTITY_ATOL)


# --- Tait-Bryan angles


@pytest.mark.parametrize("angles", ANGLES)
def test_rxyz_matrix_round_trips(angles):
    a = m33(rot.rxyz_rotation_matrix, angles)
    assert_rotation(a)
    np.testing.assert_allclose(rot.rxyz_from_rotation_matrix(a, np.empty(3)), angles, atol=IDENTITY_ATOL)
    ep = rot.rxyz_to_ep(angles, np.empty(4))
    np.testing.assert_allclose(m33(rot.ep_rotation_matrix, ep), a, atol=IDENTITY_ATOL)


def test_rxyz_gimbal_lock_branch():
    a = m33(rot.rxyz_rotation_matrix, np.array([0.3, np.pi / 2, 0.2]))
    angles = rot.rxyz_from_rotation_matrix(a, np.empty(3))
    assert angles[0] == 0.0
    np.testing.assert_allclose(m33(rot.rxyz_rotation_matrix, angles), a, atol=IDENTITY_ATOL)


@pytest.mark.parametrize("angles", ANGLES)
def test_rxyz_g_maps_rates_to_angular_velocity(angles):
    rot_t = RNG.normal(size=3)

    def a_of(q):
        return m33(rot.rxyz_rotation_matrix, q)
    a, a_t = a_of(angles), rate(a_of, angles, rot_t)
    np.testing.assert_allclose(m33(rot.rxyz_g, angles) @ rot_t, vee(a_t @ a.T), atol=FD_ATOL)
    np.testing.assert_allclose(m33(rot.rxyz_g_local, angles) @ rot_t, vee(a.T @ a_t), atol=FD_ATOL)


@pytest.mark.parametrize("angles", ANGLES)
def test_rxyz_g_time_derivatives(angles):
    rot_t = RNG.normal(size=3)

    def g_of(q):
        return m33(rot.rxyz_g, q)

    def g_local_of(q):
        return m33(rot.rxyz_g_local, q)
    np.testing.assert_allclose(rot.rxyz_g_t(angles, rot_t, np.empty((3, 3))), rate(g_of, angles, rot_t),
                               atol=FD_ATOL)
    np.testing.assert_allclose(rot.rxyz_g_local_t(angles, rot_t, np.empty((3, 3))),
                               rate(g_local_of, angles, rot_t), atol=FD_ATOL)


# --- rotation vector


@pytest.mark.parametrize("v", ROTATION_VECTORS)
def test_exp_log_round_trip(v):
    a = m33(rot.rotvec_rotation_matrix, v)
    assert_rotation(a)
    np.testing.assert_allclose(rot.rotvec_from_rotation_matrix(a, np.empty(3)), v, atol=IDENTITY_ATOL)


def test_log_wraps_angle_to_pi():
    v = np.array([4.0, 0.0, 0.0])
    back = rot.rotvec_from_rotation_matrix(m33(rot.rotvec_rotation_matrix, v), np.empty(3))
    np.testing.assert_allclose(back, [4.0 - 2 * np.pi, 0.0, 0.0], atol=IDENTITY_ATOL)


@pytest.mark.parametrize("v", ROTATION_VECTORS)
def test_t_exp_maps_rates_to_angular_velocity(v):
    v_t = RNG.normal(size=3)

    def a_of(x):
        return m33(rot.rotvec_rotation_matrix, x)
    a, a_t = a_of(v), rate(a_of, v, v_t)
    t = m33(rot.rotvec_t_exp, v)
    np.testing.assert_allclose(t @ v_t, vee(a.T @ a_t), atol=FD_ATOL)
    np.testing.assert_allclose(t.T @ v_t, vee(a_t @ a.T), atol=FD_ATOL)
    np.testing.assert_allclose(m33(rot.rotvec_t_exp_inv, v) @ t, np.eye(3), atol=IDENTITY_ATOL)


@pytest.mark.parametrize("kernel", [rot.rotvec_rotation_matrix, rot.rotvec_t_exp, rot.rotvec_t_exp_inv])
def test_small_angle_series_is_continuous(kernel):
    axis = unit(np.array([0.3, -0.5, 0.8]))
    below = m33(kernel, axis * rot.SMALL_ANGLE * (1 - 1e-9))
    above = m33(kernel, axis * rot.SMALL_ANGLE * (1 + 1e-9))
    np.testing.assert_allclose(below, above, atol=1e-14)


LIE_GROUP_CASES = [c for c in json.loads(REFERENCE.read_text())["functions"] if c["module"] == "lg"]
LIE_KERNELS = {"TExpSO3": rot.rotvec_t_exp, "TExpSO3Inv": rot.rotvec_t_exp_inv,
               "ExpSO3": rot.rotvec_rotation_matrix}


@pytest.mark.parametrize("case", LIE_GROUP_CASES, ids=lambda c: f"{c['function']}-{c['args'][0]}")
def test_lie_group_kernels_match_exudyn(case):
    result = m33(LIE_KERNELS[case["function"]], np.array(case["args"][0], dtype=float))
    np.testing.assert_allclose(result, case["result"], rtol=RTOL, atol=ATOL)


# --- vectorized kernels


@pytest.mark.parametrize("batch, scalar, width, out_shape", [
    (rot.ep_rotation_matrix_batch, rot.ep_rotation_matrix, 4, (3, 3)),
    (rot.ep_g_batch, rot.ep_g, 4, (3, 4)),
    (rot.ep_g_local_batch, rot.ep_g_local, 4, (3, 4)),
    (rot.rxyz_rotation_matrix_batch, rot.rxyz_rotation_matrix, 3, (3, 3)),
    (rot.rxyz_g_batch, rot.rxyz_g, 3, (3, 3)),
    (rot.rxyz_g_local_batch, rot.rxyz_g_local, 3, (3, 3)),
    (rot.rotvec_rotation_matrix_batch, rot.rotvec_rotation_matrix, 3, (3, 3)),
    (rot.rotvec_t_exp_batch, rot.rotvec_t_exp, 3, (3, 3)),
])
def test_batch_equals_scalar(batch, scalar, width, out_shape):
    q = RNG.normal(size=(5, width))
    out = batch(q, np.empty((5,) + out_shape))
    for i in range(5):
        np.testing.assert_array_equal(out[i], scalar(q[i], np.empty(out_shape)))


@pytest.mark.parametrize("batch, scalar, width", [
    (rot.rxyz_from_rotation_matrix_batch, rot.rxyz_from_rotation_matrix, 3),
    (rot.rotvec_from_rotation_matrix_batch, rot.rotvec_from_rotation_matrix, 3),
])
def test_inverse_batch_equals_scalar(batch, scalar, width):
    a = rot.rotvec_rotation_matrix_batch(RNG.normal(size=(5, 3)), np.empty((5, 3, 3)))
    out = batch(a, np.empty((5, width)))
    for i in range(5):
        np.testing.assert_array_equal(out[i], scalar(a[i], np.empty(width)))
