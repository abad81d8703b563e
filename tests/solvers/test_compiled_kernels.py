"""The low-level pieces of the compiled paths: the dense LU of the compiled refactorization,
stack scratch arrays, borrowed arrays and the lean disk cache of the fused modules' entry point."""
import os
import subprocess
import sys
import textwrap

import numba
import numpy as np
import pytest

from multibody import LinearSolverType
from multibody.equations import lean_cache
from multibody.kernels import fused as kf
from multibody.kernels.sparse_lu import lu_solve
from multibody.kernels.stack import stack_empty
from multibody.solvers import linear
from multibody.solvers.linear import LinearSolver, SingularJacobian

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + "/src"


def _factors(A):
    n = A.shape[0]
    L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_c = linear._dense_pattern(n)[2:]
    L_val, U_val = np.empty(L_ind.shape[0]), np.empty(U_ind.shape[0])
    perm_r, perm = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    bad = kf.dense_lu_factors(np.array(A, order="C"), L_val, U_val, perm_r, perm, linear.SINGULAR_PIVOT)
    return bad, perm, (L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c)


@pytest.mark.parametrize("n", [1, 2, 7, 30, 48])
def test_dense_lu_solves_like_lapack(n):
    rng = np.random.default_rng(n)
    A = rng.standard_normal((n, n))
    A[:, 0] *= 1e-3                       # pivoting needed
    b = rng.standard_normal(n)
    bad, _, tri = _factors(A)
    assert bad == -1
    x = np.empty(n)
    lu_solve(*tri, b, x, np.empty(n))
    ref = np.linalg.solve(A, b)
    assert np.max(np.abs(x - ref)) <= 1e-10 * max(1.0, np.max(np.abs(ref)))
    # P A = L U with the factors' own layout
    L, U = np.eye(n), np.zeros((n, n))
    L_ptr, L_ind, L_val, U_ptr, U_ind, U_val = tri[:6]
    for j in range(n):
        L[L_ind[L_ptr[j]:L_ptr[j + 1]], j] = L_val[L_ptr[j]:L_ptr[j + 1]]
        U[U_ind[U_ptr[j]:U_ptr[j + 1]], j] = U_val[U_ptr[j]:U_ptr[j + 1]]
    PA = np.empty_like(A)
    PA[tri[7]] = A
    np.testing.assert_allclose(L @ U, PA, atol=1e-12 * np.abs(A).max())
    assert np.all(np.abs(L) <= 1.0 + 1e-15)          # partial pivoting: |l_ij| <= 1


def test_dense_lu_names_the_dependent_row():
    A = np.array([[2.0, 1.0, 0.0], [4.0, 2.0, 0.0], [0.0, 0.0, 1.0]])     # row 1 = 2 row 0
    bad, perm, _ = _factors(A)
    assert bad == 1 and perm[bad] == 0       # after the swap, the second pivot is row 0's
    solver = LinearSolver(LinearSolverType.EXUdense)      # dense type: no sparse re-diagnosis
    with pytest.raises(SingularJacobian) as exc:
        solver.factorize(A)
    assert exc.value.row == 0


def test_linear_solver_uses_the_compiled_lu_up_to_its_size():
    rng = np.random.default_rng(3)
    for n, compiled in ((linear.DENSE_COMPILED_MAX, True), (linear.DENSE_COMPILED_MAX + 1, False)):
        A = rng.standard_normal((n, n)) + n * np.eye(n)
        solver = LinearSolver(LinearSolverType.EXUdense)
        solver.factorize(A)
        assert solver.refactorizable == ("dense" if compiled else None) and solver.factorized
        assert solver.backend == "dense"
        b = rng.standard_normal(n)
        np.testing.assert_allclose(solver.solve(b), np.linalg.solve(A, b), rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(solver.solve_once(b), np.linalg.solve(A, b), rtol=1e-10, atol=1e-12)


@numba.njit
def _scratch_sum(x):
    A = stack_empty((3, 3))
    e = stack_empty(4)
    for i in range(3):
        for j in range(3):
            A[i, j] = x[i] * (j + 1)
    for k in range(4):
        e[k] = k
    return A.sum() + e.sum() + A[2, 1] + A.shape[0] * 100 + A.strides[0]


@numba.njit
def _scratch_loop(x, K):
    s = 0.0
    for _ in range(K):
        s += _scratch_sum(x)
    return s


@numba.njit
def _borrowed_add(x, y, K):
    xb, yb = kf.borrowed(x), kf.borrowed(y)
    for _ in range(K):
        _add(xb, yb)
    return xb.shape[0]


@numba.njit
def _add(x, y):
    for i in range(x.shape[0]):
        x[i] += y[i]


def test_stack_scratch_arrays_are_arrays_without_heap_allocations():
    from numba.core.runtime import _nrt_python as nrt
    from numba.core.runtime import rtsys
    x = np.array([1.0, 2.0, 3.0])
    assert _scratch_sum(x) == 6 * 6 + 6 + 6 + 300 + 24
    nrt.memsys_enable_stats()
    _scratch_loop(x, 0)

    def allocations(K):
        before = rtsys.get_allocation_stats().alloc
        _scratch_loop(x, K)
        return rtsys.get_allocation_stats().alloc - before
    assert allocations(100) == allocations(0)      # (the argument's own meminfo only)


def test_borrowed_arrays_are_the_same_memory():
    x, y = np.zeros(5), np.arange(5.0)
    assert _borrowed_add(x, y, 3) == 5
    np.testing.assert_array_equal(x, 3 * y)


def test_lean_cache_stores_machine_code_and_symbol_names(tmp_path):
    """A function with the lean cache: compiled in one process, loaded by another one without
    bitcode, and it gives the same result; the cache files carry the lean- prefix."""
    assert lean_cache.supported()        # the Numba the project pins: else the fused modules load slower
    mod = tmp_path / "leanmod.py"
    mod.write_text(textwrap.dedent("""
        import numba
        import numpy as np
        import multibody.equations.lean_cache as _lean

        @numba.njit
        def helper(x):
            return np.sin(x) * 2.0

        @numba.njit(cache=True)
        def run(x, out):
            for i in range(x.shape[0]):
                out[i] = helper(x[i]) + np.zeros(1)[0]
            return out.sum()

        _lean.install(run)
    """))
    script = ("import sys, numpy as np; sys.path.insert(0, %r); import leanmod; "
              "x = np.linspace(0, 1, 5); print(repr(leanmod.run(x, np.empty(5))), sum(leanmod.run.stats.cache_hits.values()))"
              % str(tmp_path))
    env = dict(os.environ, PYTHONPATH=SRC)
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    v1, hits1 = first.stdout.split()
    v2, hits2 = second.stdout.split()
    assert v1 == v2 == repr(float(np.sum(np.sin(np.linspace(0, 1, 5)) * 2.0)))
    assert hits1 == "0" and int(hits2) == 1
    names = os.listdir(tmp_path / "__pycache__")
    assert any(n.startswith("lean-leanmod.run") and n.endswith(".nbi") for n in names), names
