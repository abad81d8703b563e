"""Connector projection and marker kinematics kernels: the residual's paths (no Jacobian blocks;
marker outputs left out) give the numbers of the full paths, and write nothing they leave out."""
import numba
import numpy as np
import pytest

from multibody.kernels import connectors as kc
from multibody.kernels import markers as km

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


def _frames(rng, n_src, K):
    A = np.stack([np.linalg.qr(rng.standard_normal((3, 3)))[0] for _ in range(n_src)])
    return dict(pos=rng.standard_normal((n_src, 3)), vel=rng.standard_normal((n_src, 3)), A=A,
                omega=rng.standard_normal((n_src, 3)), omega_local=rng.standard_normal((n_src, 3)),
                Jpos=rng.standard_normal((n_src, 3, K)), Jrot=rng.standard_normal((n_src, 3, K)),
                Jrot_local=rng.standard_normal((n_src, 3, K)), ltg=rng.integers(0, 50, (n_src, K)))


def _outputs(n, K):
    return [np.full((n, 3), np.nan), np.full((n, 3), np.nan), np.full((n, 3, 3), np.nan), np.full((n, 3), np.nan),
            np.full((n, 3, K), np.nan), np.full((n, 3, K), np.nan), np.full((n, K), -7, dtype=np.int64)]


_CHECKED = {}


def _bounds_checked(kernel):
    """The kernel compiled with bounds checks (its inlined loop too), once per test session."""
    if kernel not in _CHECKED:
        _CHECKED[kernel] = numba.njit(boundscheck=True)(getattr(km, kernel).py_func)
    return _CHECKED[kernel]


@pytest.mark.parametrize("kernel", ["body_points", "copy_frames"])
@pytest.mark.parametrize("rotated", [False, True])
@pytest.mark.parametrize("left_out", [(), ("A",), ("omega", "Jrot"), ("A", "omega", "Jrot", "ltg")])
def test_marker_kernels_skip_the_outputs_left_out(kernel, rotated, left_out):
    """An empty m_A, m_omega, m_Jrot or m_ltg is skipped; the outputs written are those of the call
    with all outputs, to the bit."""
    rng = np.random.default_rng(3)
    K, n_src, n = 7, 5, 8
    f = _frames(rng, n_src, K)
    src, dst = rng.integers(0, n_src, n), rng.permutation(n)
    A_local = (np.stack([np.linalg.qr(rng.standard_normal((3, 3)))[0] for _ in range(n)]) if rotated
               else np.zeros((0, 3, 3)))
    full, part = _outputs(n, K), _outputs(n, K)
    names = ("pos", "vel", "A", "omega", "Jpos", "Jrot", "ltg")
    for i, name in enumerate(names):
        if name in left_out:
            part[i] = part[i][:0]
    if kernel == "body_points":
        local = rng.standard_normal((n, 3))
        head = (src, dst, local, A_local, f["pos"], f["vel"], f["A"], f["omega"], f["omega_local"], f["Jpos"],
                f["Jrot"], f["Jrot_local"], f["ltg"])
    else:
        head = (src, dst, A_local, f["pos"], f["vel"], f["A"], f["omega"], f["Jpos"], f["Jrot"], f["ltg"])
    fn = getattr(km, kernel)
    fn(*head, *full)
    fn(*head, *part)
    if left_out:
        # compiled with bounds checks, a write into an output left out raises IndexError (it does
        # for the kernels that wrote every output)
        _bounds_checked(kernel)(*head, *part)
    for name, a, b in zip(names, full, part):
        assert not np.isnan(a).any() if a.dtype == float else (a != -7).all(), name
        if name in left_out:
            assert b.size == 0
        else:
            np.testing.assert_array_equal(a, b, err_msg=name)
    # the full outputs (row dst[i] from source src[i]) are the frames' (copy) or the body-point formulas
    pos, A, omega, Jrot, ltg = (full[k][dst] for k in (0, 2, 3, 5, 6))
    A_m = f["A"][src] @ A_local if rotated else f["A"][src]
    np.testing.assert_allclose(A, A_m, rtol=1e-14, atol=1e-14)
    np.testing.assert_array_equal(Jrot, f["Jrot"][src])
    if kernel == "copy_frames":
        np.testing.assert_array_equal(omega, f["omega"][src])
    else:       # the body-frame form A w_loc
        np.testing.assert_allclose(omega, np.einsum("nij,nj->ni", f["A"][src], f["omega_local"][src]),
                                   rtol=1e-14, atol=1e-14)
    np.testing.assert_array_equal(ltg, f["ltg"][src])
    if kernel == "copy_frames":
        np.testing.assert_array_equal(pos, f["pos"][src])
    else:
        np.testing.assert_allclose(pos, f["pos"][src] + np.einsum("nij,nj->ni", f["A"][src], local),
                                   rtol=1e-14, atol=1e-14)
