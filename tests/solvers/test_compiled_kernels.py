"""The low-level pieces of the compiled paths: the dense LU of the compiled refactorization and
stack scratch arrays."""
import os

import numba
import numpy as np
import pytest

from multibody import LinearSolverType
from multibody.kernels import connectors as kfc
from multibody.kernels import constraints as kfk
from multibody.kernels import linalg as kf
from multibody.kernels.sparse_lu import lu_solve
from multibody.kernels.stack import scratch_2d, stack_empty
from multibody.solvers import factors, linear
from multibody.solvers.linear import LinearSolver, SingularJacobian

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + "/src"


def _factors(A):
    n = A.shape[0]
    L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_c = factors.dense_pattern(n)[2:]
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
    none = np.zeros((0, 3, 3))
    assert _heap_allocations(kfc.spring_damper_marker_forces, two, two[::-1].copy(), pos, vel, f1, f1, f1, f1, f1, b1,
                             f1, False, F, none, none) == 0
    J, S, Q, Kout = rng.random((2, 3, 7)), rng.random((2, 3, 3)), np.zeros((2, 14)), np.zeros((2, 14, 14))
    active = np.ones(2, dtype=np.bool_)
    assert _heap_allocations(kc.project_to_coordinates, two, two, J, F, S, S, active, True, Q, Kout, Kout) == 0
    g, C, cJ = np.zeros((2, 1)), np.zeros((2, 1, 2)), np.ones((2, 1))
    vform = np.zeros(2, dtype=np.bool_)
    assert _heap_allocations(kfk.coordinate_system, two, two, f1, f1, cJ, f1, f1, b1 | True, False, vform, g,
                             C) == 0
    np.testing.assert_array_equal(vform, [True, True])        # velocity-level rows: velocity form
    np.testing.assert_allclose(g[:, 0], f1 * f1 - f1 - f1)     # k1 v_m1 - v_m0 - velocity offset
    # a generic joint's equations with the arrays of an assembled model (K = 7 Euler-parameter coordinates)
    import multibody as exu
    from multibody.utilities import RigidBodyInertia
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=RigidBodyInertia(1.0, np.diag([1.0, 2.0, 3.0])), referencePosition=[1, 0, 0])
    mbs.CreateGenericJoint(itemNumbers=[g, b], position=[0.5, 0, 0], constrainedAxes=[1, 1, 1, 0, 1, 1])
    mbs.Assemble()
    eq = mbs._compiled.equations
    joint = [grp for grp in mbs._compiled.constraint_groups if hasattr(grp, "rot_a")][0]
    m = eq.markers
    n = joint.n
    args = (joint.m0, joint.m1, m.pos, m.vel, m.omega, m.A, m.Jpos, m.Jrot, joint.p_rotationMarker0,
            joint.p_rotationMarker1, np.zeros((0, 3, 3)), joint.u_t, joint.local, joint.rot_a, joint.rot_b,
            joint.alternative, np.zeros(n, dtype=bool), joint.rows, True, np.zeros((n, joint.E)),
            np.zeros((n, joint.E, 2 * m.K)))
    assert args[6].shape[2] == 7
    assert _heap_allocations(rigid_joint_equations, *args) == 0
