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
from multibody.kernels.stack import scratch_2d, stack_empty
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


@numba.njit
def _scratch_2d_sum(d, L, K):
    s = 0.0
    for _ in range(K):
        B = scratch_2d(stack_empty(12), d, L)
        for i in range(d):
            for j in range(L):
                B[i, j] = i * L + j
        s += B[d - 1, L - 1] + B.shape[0] * 1000
    return s


def _heap_allocations(f, *args):
    """NRT allocations of f(*args) beyond those of its array arguments (one meminfo each)."""
    from numba.core.runtime import _nrt_python as nrt
    from numba.core.runtime import rtsys
    nrt.memsys_enable_stats()
    f(*args)
    before = rtsys.get_allocation_stats().alloc
    f(*args)
    return rtsys.get_allocation_stats().alloc - before - sum(isinstance(a, np.ndarray) for a in args)


def test_scratch_2d_is_on_the_stack_up_to_its_buffer_and_on_the_heap_beyond():
    assert _scratch_2d_sum(3, 4, 1) == 11 + 3000               # 12 values: the stack buffer
    assert _scratch_2d_sum(4, 5, 1) == 19 + 4000               # 20 values: a heap array
    assert _heap_allocations(_scratch_2d_sum, 3, 4, 50) == 0
    assert _heap_allocations(_scratch_2d_sum, 4, 5, 50) == 50


def test_per_residual_connector_kernels_make_no_heap_allocations():
    """The kernels of every residual (fused step loops) take their scratch from the stack."""
    from multibody.kernels import connectors as kc
    from multibody.kernels.rigid_joints import rigid_joint_equations
    rng = np.random.default_rng(1)
    two, f1, b1 = np.array([0, 1]), rng.random(2), np.zeros(2, dtype=np.bool_)
    pos, vel, F = rng.random((2, 3)), rng.random((2, 3)), np.zeros((2, 3))
    assert _heap_allocations(kf.spring_damper_forces, two, two[::-1].copy(), pos, vel, f1, f1, f1, f1, f1, b1,
                             f1, F) == 0
    J, S, Q, Kout = rng.random((2, 3, 7)), rng.random((2, 3, 3)), np.zeros((2, 14)), np.zeros((2, 14, 14))
    active = np.ones(2, dtype=np.bool_)
    assert _heap_allocations(kc.project_to_coordinates, two, two, J, F, S, S, active, True, Q, Kout, Kout) == 0
    g, C, cJ = np.zeros((2, 1)), np.zeros((2, 1, 2)), np.ones((2, 1))
    vform = np.zeros(2, dtype=np.bool_)
    assert _heap_allocations(kf.coordinate_system, two, two, f1, f1, cJ, f1, f1, b1 | True, False, vform, g,
                             C) == 0
    np.testing.assert_array_equal(vform, [True, True])        # velocity-level rows: velocity form
    np.testing.assert_allclose(g[:, 0], f1 * f1 - f1 - f1)     # k1 v_m1 - v_m0 - velocity offset
    # a generic joint's equations with the arrays of an assembled model (K = 7 Euler-parameter coordinates)
    import multibody as exu
    from multibody.equations import joints
    from multibody.utilities import RigidBodyInertia
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=RigidBodyInertia(1.0, np.diag([1.0, 2.0, 3.0])), referencePosition=[1, 0, 0])
    mbs.CreateGenericJoint(itemNumbers=[g, b], position=[0.5, 0, 0], constrainedAxes=[1, 1, 1, 0, 1, 1])
    mbs.Assemble()
    seen = []

    def record(*args):
        seen.append(args)
        return rigid_joint_equations(*args)
    original, joints.krjp.rigid_joint_equations = joints.krjp.rigid_joint_equations, record
    try:
        mbs.ComputeSystemDegreeOfFreedom()
    finally:
        joints.krjp.rigid_joint_equations = original
    args = [a for a in seen if a[18]][0]                 # with the Jacobian (Cf filled)
    assert args[6].shape[2] == 7
    assert _heap_allocations(rigid_joint_equations, *args) == 0


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
              "x = np.linspace(0, 1, 5); print(repr(leanmod.run(x, np.empty(5))), sum(leanmod.run.stats.cache_hits.values()), "
              "str(next(iter(leanmod.run.overloads.values())).type_annotation) == _lean._NO_TYPEANN)"
              % str(tmp_path)).replace("import leanmod;", "import leanmod; import multibody.equations.lean_cache as _lean;")
    env = dict(os.environ, PYTHONPATH=SRC)
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    v1, hits1, bare1 = first.stdout.split()
    v2, hits2, bare2 = second.stdout.split()
    assert v1 == v2 == repr(float(np.sum(np.sin(np.linspace(0, 1, 5)) * 2.0)))
    assert hits1 == "0" and int(hits2) == 1
    # the entry keeps no type annotation (only inspect_types() reads it): the compiling process
    # has the real one, the loading process the placeholder
    assert bare1 == "False" and bare2 == "True"
    names = os.listdir(tmp_path / "__pycache__")
    assert any(n.startswith("lean-leanmod.run") and n.endswith(".nbi") for n in names), names


def test_python_twins_load_lean_beside_their_kernels(tmp_path):
    """A kernel's Python twin: same result, own lean cache entry, named like the kernel for the
    fused generator; the twin loaded from its lean entry and the kernel linked into a new
    compiled function live in one process (distinct symbols, no link failure)."""
    from multibody.equations.python_kernels import PythonKernels, python_twin
    mod = tmp_path / "twinmod.py"
    mod.write_text(textwrap.dedent("""
        import numba
        import numpy as np

        @numba.njit(cache=True)
        def kernel(x, out):
            for i in range(x.shape[0]):
                out[i] = np.sin(x[i]) * 2.0
            return out.sum()

        SCALE = 2.0
    """))
    script = textwrap.dedent("""
        import sys, numba, numpy as np
        sys.path.insert(0, %r)
        import twinmod
        from multibody.equations.python_kernels import PythonKernels
        view = PythonKernels(twinmod)
        x = np.linspace(0, 1, 5)
        a = view.kernel(x, np.empty(5))                  # the twin (lean entry once cached)
        @numba.njit
        def caller(x, out):                               # links the kernel itself
            return twinmod.kernel(x, out) + 1.0
        b = caller(x, np.empty(5))
        print(repr(a), repr(b - 1.0), sum(view.kernel.stats.cache_hits.values()), view.SCALE)
    """) % str(tmp_path)
    env = dict(os.environ, PYTHONPATH=SRC)
    # (the third process without native_code.py's linking, which the second one uses)
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env=dict(env, MULTIBODY_NATIVE_CODE=flag)) for flag in ("1", "1", "0")]
    for r in runs:
        assert r.returncode == 0, r.stderr
    expected = repr(float(np.sum(np.sin(np.linspace(0, 1, 5)) * 2.0)))
    (a1, b1, hits1, s1), (a2, b2, hits2, s2), (a3, b3, hits3, s3) = (r.stdout.split() for r in runs)
    assert a1 == b1 == a2 == b2 == a3 == b3 == expected and s1 == s2 == s3 == "2.0"
    assert hits1 == "0" and hits3 == "1"               # the third process loaded the twin
    from multibody.equations import native_code
    names = os.listdir(tmp_path / "__pycache__")
    if native_code.SUPPORTED:                          # the second one linked it
        assert hits2 == "0" and any(n.startswith("kernel__python-") and n.endswith(".native") for n in names), names
    else:
        assert hits2 == "1"
    assert any(n.startswith("lean-twinmod.kernel__python") and n.endswith(".nbi") for n in names), names
    assert any(n.startswith("twinmod.kernel-") and n.endswith(".nbi") for n in names), names

    # in this process: the twin is made once, named like the kernel, and plain functions pass
    sys.path.insert(0, str(tmp_path))
    try:
        import twinmod
        twin = python_twin(twinmod.kernel)
        assert twin is not twinmod.kernel and python_twin(twinmod.kernel) is twin
        assert twin.__name__ == "kernel" and twin.py_func.__module__ == "twinmod"
        assert twin.py_func.__qualname__ == "kernel__python"
        assert type(twin._cache).__name__ == "LeanFunctionCache"
        plain = twinmod.kernel.py_func
        assert python_twin(plain) is plain
        view = PythonKernels(twinmod)
        assert view.kernel is twin and view.SCALE == 2.0
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("twinmod", None)
