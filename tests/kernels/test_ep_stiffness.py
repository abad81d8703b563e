"""kernels/rigid.py ep_stiffness: the derivatives of the EP rigid-body LHS terms."""
import numpy as np

from multibody.kernels import rigid as krig


def _bodies(n=5, seed=3):
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(n, 7))
    q[:, 3:] /= np.linalg.norm(q[:, 3:], axis=1)[:, None]
    q[1, 3:] *= 1.03                            # off unit length, as at index 2
    v = rng.normal(size=(n, 7))
    mass = rng.uniform(0.5, 3.0, n)
    L = rng.normal(size=(n, 3, 3))
    J = L @ np.transpose(L, (0, 2, 1)) + np.eye(3)[None]
    com = rng.normal(scale=0.2, size=(n, 3))
    com[0] = 0.0
    return q, v, mass, J, com


def _lhs(q, v, mass, J, com):
    Q = np.zeros(q.shape)
    krig.ep_mass_and_lhs(q, v, mass, J, com, False, True, np.empty((1, 7, 7)), Q)
    return Q


def test_damping_block_is_the_velocity_derivative_of_the_lhs_terms():
    q, v, mass, J, com = _bodies()
    K, D = np.empty((5, 7, 7)), np.empty((5, 7, 7))
    krig.ep_stiffness(q, v, mass, J, com, 1e-6, K, D)
    h = 1e-6
    for j in range(7):
        vp, vm = v.copy(), v.copy()
        vp[:, j] += h
        vm[:, j] -= h
        fd = (_lhs(q, vp, mass, J, com) - _lhs(q, vm, mass, J, com)) / (2 * h)
        np.testing.assert_allclose(D[:, :, j], fd, atol=1e-7 * max(1.0, np.abs(fd).max()))
    assert np.abs(D).max() > 0.1


def test_stiffness_block_is_the_coordinate_derivative_of_the_lhs_terms():
    q, v, mass, J, com = _bodies()
    K, D = np.empty((5, 7, 7)), np.empty((5, 7, 7))
    krig.ep_stiffness(q, v, mass, J, com, 1e-6, K, D)
    np.testing.assert_array_equal(K[:, :, :3], 0.0)          # positions do not enter Q_LHS
    h = 1e-5                                                   # another step: an independent check
    for j in range(3, 7):
        qp, qm = q.copy(), q.copy()
        qp[:, j] += h
        qm[:, j] -= h
        fd = (_lhs(qp, v, mass, J, com) - _lhs(qm, v, mass, J, com)) / (2 * h)
        np.testing.assert_allclose(K[:, :, j], fd, atol=1e-6 * max(1.0, np.abs(fd).max()))
    assert np.abs(K).max() > 0.1
