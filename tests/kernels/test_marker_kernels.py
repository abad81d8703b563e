"""Connector projection kernel: the residual's path (no Jacobian blocks) gives the numbers of the
full path."""
import numpy as np
import pytest

from multibody.kernels import connectors as kc

_NO_BLOCKS = np.zeros((0, 1, 1))


@pytest.mark.parametrize("d, K", [(3, 3), (3, 2), (3, 7), (1, 6)])
def test_projection_without_jacobian_is_the_full_paths_q(d, K):
    """Q = B^T F with B = [-J_m0, J_m1]: the path without Jacobian blocks (straight from J) gives
    the bits of the path that forms B, and zero rows for inactive connectors."""
    rng = np.random.default_rng(d * 10 + K)
    n_markers, n = 9, 40
    J = rng.standard_normal((n_markers, d, K))
    m0, m1 = rng.integers(0, n_markers, n), rng.integers(0, n_markers, n)
    F = rng.standard_normal((n, d))
    S, Dv = rng.standard_normal((n, d, d)), rng.standard_normal((n, d, d))
    active = rng.random(n) > 0.2
    Q_fast = np.full((n, 2 * K), np.nan)
    kc.project_to_coordinates(m0, m1, J, F, _NO_BLOCKS, _NO_BLOCKS, active, False, Q_fast, _NO_BLOCKS, _NO_BLOCKS)
    Q_full, Kout, Dout = np.full((n, 2 * K), np.nan), np.empty((n, 2 * K, 2 * K)), np.empty((n, 2 * K, 2 * K))
    kc.project_to_coordinates(m0, m1, J, F, S, Dv, active, True, Q_full, Kout, Dout)
    np.testing.assert_array_equal(Q_fast, Q_full)
    B = np.concatenate([-J[m0], J[m1]], axis=2)
    expected = np.where(active[:, None], np.einsum("nrl,nr->nl", B, F), 0.0)
    np.testing.assert_allclose(Q_fast, expected, rtol=1e-14, atol=1e-14)
    np.testing.assert_allclose(Kout[active], np.einsum("nrl,nrs,nsm->nlm", B, S, B)[active], rtol=1e-13, atol=1e-13)
