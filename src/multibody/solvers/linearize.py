"""mbs.ComputeLinearizedSystem and mbs.ComputeODE2Eigenvalues (spec solvers.md 8).

Both work on the Initial configuration: M, K = -df/dq, D = -df/dq_t (dense) and
the constraint block C = C_q^T (n_ode2, n_ae) of the static Jacobian.
Constraints are handled through the null space of C^T: the rows of N (from
the SVD of C^T, singular values above ``singularValuesTolerance``) span the
motions the constraints allow, and M, K, D are projected to N M N^T, ...
Eigenvectors are returned in the full ODE2 coordinates (N^T v), normalized
by the mass matrix as scipy.linalg.eigh does.

Extension (not in Exudyn, which raises here): ``useSparseSolver=True`` with
constraints solves the constrained pencil [[K, C], [C^T, 0]] x = w^2
[[M, 0], [0, 0]] x by shift-invert Lanczos (``scipy.sparse.linalg.eigsh``),
with no dense null space; it needs independent constraints.
"""
from __future__ import annotations

import numpy as np
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from ..enums import ConfigurationType
from ..errors import SolverError
from ..messages import warn

CFG = ConfigurationType


def _prepare(mbs, autoAssemble, what):
    if not mbs.systemIsConsistent:
        if not autoAssemble:
            raise SolverError(f"{what}: system is inconsistent (call Assemble())")
        warn(f"{what}: mbs.systemIsConsistent=False, therefore calling mbs.Assemble(); "
              "to avoid this, set autoAssemble=False")
        mbs.Assemble()
    return mbs._compiled


def linear_matrices(mbs, sparse=False):
    """(M, K, D, C) at the Initial configuration; C = C_q^T (n_ode2, n_ae)."""
    c = mbs._compiled
    eq = c.equations
    st = c.states[CFG.Initial]
    index2 = eq.index2
    eq.index2 = False
    try:
        eq.update_kinematics(st.q.copy(), st.v.copy(), st.t)
        eq.constraints(st.lam.copy())
        n2 = c.n_ode2
        JK = eq.jacobian(0.0, 1.0, 0.0, 1.0, 1.0, 0.0, dense=False).tocsc()
        JD = eq.jacobian(0.0, 0.0, 1.0, 0.0, 0.0, 0.0, dense=False).tocsc()
        M = eq.mass_matrix(dense=False).tocsc()
    finally:
        eq.index2 = index2
    K, D, C = JK[:n2, :n2], JD[:n2, :n2], JK[:n2, n2:]
    if sparse:
        return M, K, D, C
    return M.toarray(), K.toarray(), D.toarray(), C.toarray()


def constraint_null_space(C, tolerance=1e-12):
    """Rows spanning the null space of C^T (C: (n_ode2, n_ae)); shape (n_free, n_ode2)."""
    n2, m = C.shape
    if m == 0:
        return np.eye(n2)
    _, s, vh = sla.svd(C.T, full_matrices=True)
    rank = int(np.count_nonzero(s > tolerance))
    return vh[rank:]


def compute_linearized_system(mbs, simulationSettings=None, projectIntoConstraintNullspace=False,
                              singularValuesTolerance=1e-12, returnConstraintJacobian=False,
                              returnConstraintNullspace=False, autoAssemble=True):
    """[M, K, D] (projected with the constraint null space if asked), plus [C, N] if asked."""
    c = _prepare(mbs, autoAssemble, "ComputeLinearizedSystem")
    M, K, D, C = linear_matrices(mbs)
    N = None
    if projectIntoConstraintNullspace or returnConstraintNullspace:
        N = constraint_null_space(C, singularValuesTolerance)
    if projectIntoConstraintNullspace and c.n_ae:
        M, K, D = N @ M @ N.T, N @ K @ N.T, N @ D @ N.T
    out = [M, K, D]
    if returnConstraintJacobian or returnConstraintNullspace:
        out += [C, N]
    return out


def compute_ode2_eigenvalues(mbs, simulationSettings=None, useSparseSolver=False, numberOfEigenvalues=0,
                             constrainedCoordinates=[], convert2Frequencies=False, useAbsoluteValues=True,
                             computeComplexEigenvalues=False, ignoreAlgebraicEquations=False,
                             singularValuesTolerance=1e-12, autoAssemble=True):
    """[eigenValues, eigenVectors] of the linearized ODE2 system (omega^2, ascending)."""
    c = _prepare(mbs, autoAssemble, "ComputeODE2Eigenvalues")
    n2 = c.n_ode2
    use_constraints = c.n_ae > 0 and not ignoreAlgebraicEquations
    if useSparseSolver:
        if computeComplexEigenvalues:
            raise SolverError("ComputeODE2Eigenvalues: computeComplexEigenvalues is only available with "
                              "useSparseSolver=False")
        return _sparse_eigenvalues(mbs, numberOfEigenvalues, constrainedCoordinates, convert2Frequencies,
                                   useAbsoluteValues, use_constraints)
    M, K, D, C = linear_matrices(mbs)
    # the coordinates that stay: all but constrainedCoordinates, then the constraint null space
    keep = np.setdiff1d(np.arange(n2), np.asarray(list(constrainedCoordinates), dtype=int))
    T = np.eye(n2)[keep]                               # (n_keep, n2), x_full = T^T x
    if use_constraints:
        N = constraint_null_space(T @ C, singularValuesTolerance)
        T = N @ T
    Mr, Kr, Dr = T @ M @ T.T, T @ K @ T.T, T @ D @ T.T
    if computeComplexEigenvalues:
        nr = Mr.shape[0]
        Minv = np.linalg.inv(Mr)
        A = np.block([[np.zeros((nr, nr)), np.eye(nr)], [-Minv @ Kr, -Minv @ Dr]])
        w, V = sla.eig(A)
        V = T.T @ V[:nr]                          # position part, as Exudyn returns it
    else:
        w, V = sla.eigh(Kr, Mr)
        V = T.T @ V
    if useAbsoluteValues:
        w = np.abs(w)
    order = np.argsort(w.real if np.iscomplexobj(w) else w, kind="stable")
    w, V = w[order], V[:, order]
    if numberOfEigenvalues and numberOfEigenvalues > 0:
        w, V = w[:numberOfEigenvalues], V[:, :numberOfEigenvalues]
    if convert2Frequencies:
        w = np.sqrt(np.abs(w)) / (2 * np.pi) if not computeComplexEigenvalues else np.abs(w) / (2 * np.pi)
    return [w, V]


def _sparse_eigenvalues(mbs, k, constrainedCoordinates, convert2Frequencies, useAbsoluteValues,
                        use_constraints):
    """Smallest k eigenvalues by shift-invert Lanczos, constraints as a saddle-point pencil."""
    c = mbs._compiled
    n2 = c.n_ode2
    M, K, D, C = linear_matrices(mbs, sparse=True)
    keep = np.setdiff1d(np.arange(n2), np.asarray(list(constrainedCoordinates), dtype=int))
    P = sp.identity(n2, format="csr")[keep]
    Kk, Mk = (P @ K @ P.T).tocsc(), (P @ M @ P.T).tocsc()
    nk = len(keep)
    k = int(k) if k and k > 0 else min(6, nk - 1)
    scale = max(spla.norm(Kk, 1), 1e-300) / max(spla.norm(Mk, 1), 1e-300)
    sigma = -1e-6 * scale                      # regular shift below the (nonnegative) spectrum
    if use_constraints:
        # shift-invert on the constraint subspace: y -> x of [[K - s M, C], [C^T, 0]] [x; mu] = [M y; 0]
        Ck = (P @ C).tocsc()
        m = Ck.shape[1]
        A = sp.bmat([[Kk - sigma * Mk, Ck], [Ck.T, None]], format="csc")
        try:
            lu = spla.splu(A)
        except RuntimeError as exc:
            raise SolverError("ComputeODE2Eigenvalues(useSparseSolver=True): the shifted constrained "
                              f"matrix is singular ({exc}); redundant constraints? check "
                              "mbs.ComputeSystemDegreeOfFreedom()") from None
        op = spla.LinearOperator((nk, nk), dtype=float,
                                 matvec=lambda y: lu.solve(np.concatenate([Mk @ y, np.zeros(m)]))[:nk])
        nu, V = spla.eigs(op, k=k, which="LM")
        w = sigma + 1.0 / nu.real
        V = V.real
        V = V / np.sqrt(np.einsum("ij,ij->j", V, Mk @ V))
    else:
        lu = spla.splu((Kk - sigma * Mk).tocsc())
        op = spla.LinearOperator((nk, nk), matvec=lu.solve, dtype=float)
        w, V = spla.eigsh(Kk, k=k, M=Mk, sigma=sigma, which="LM", OPinv=op)
    V = P.T @ V[:nk]
    if useAbsoluteValues:
        w = np.abs(w)
    order = np.argsort(w)
    w, V = w[order], V[:, order]
    if convert2Frequencies:
        w = np.sqrt(np.abs(w)) / (2 * np.pi)
    return [w, V]


# ---------------------------------------------------------------------- MainSystem methods
def _ComputeLinearizedSystem(self, simulationSettings=None, projectIntoConstraintNullspace=False,
                             singularValuesTolerance=1e-12, returnConstraintJacobian=False,
                             returnConstraintNullspace=False, autoAssemble=True):
    return compute_linearized_system(self, simulationSettings, projectIntoConstraintNullspace,
                                     singularValuesTolerance, returnConstraintJacobian,
                                     returnConstraintNullspace, autoAssemble)


def _ComputeODE2Eigenvalues(self, simulationSettings=None, useSparseSolver=False, numberOfEigenvalues=0,
                            constrainedCoordinates=[], convert2Frequencies=False, useAbsoluteValues=True,
                            computeComplexEigenvalues=False, ignoreAlgebraicEquations=False,
                            singularValuesTolerance=1e-12, autoAssemble=True):
    return compute_ode2_eigenvalues(self, simulationSettings, useSparseSolver, numberOfEigenvalues,
                                    constrainedCoordinates, convert2Frequencies, useAbsoluteValues,
                                    computeComplexEigenvalues, ignoreAlgebraicEquations,
                                    singularValuesTolerance, autoAssemble)


_ComputeLinearizedSystem.__doc__ = compute_linearized_system.__doc__
_ComputeODE2Eigenvalues.__doc__ = compute_ode2_eigenvalues.__doc__


def _attach():
    from ..model.main_system import MainSystem
    MainSystem.ComputeLinearizedSystem = _ComputeLinearizedSystem
    MainSystem.ComputeODE2Eigenvalues = _ComputeODE2Eigenvalues


_attach()


def ComputeLinearizedSystem(mbs, simulationSettings=None, projectIntoConstraintNullspace=False,
                            singularValuesTolerance=1e-12, returnConstraintJacobian=False,
                            returnConstraintNullspace=False, autoAssemble=True):
    """Module form of mbs.ComputeLinearizedSystem (exu.ComputeLinearizedSystem)."""
    return compute_linearized_system(mbs, simulationSettings, projectIntoConstraintNullspace,
                                     singularValuesTolerance, returnConstraintJacobian,
                                     returnConstraintNullspace, autoAssemble)


def ComputeODE2Eigenvalues(mbs, simulationSettings=None, useSparseSolver=False, numberOfEigenvalues=0,
                           constrainedCoordinates=[], convert2Frequencies=False, useAbsoluteValues=True,
                           computeComplexEigenvalues=False, ignoreAlgebraicEquations=False,
                           singularValuesTolerance=1e-12, autoAssemble=True):
    """Module form of mbs.ComputeODE2Eigenvalues (exu.ComputeODE2Eigenvalues)."""
    return compute_ode2_eigenvalues(mbs, simulationSettings, useSparseSolver, numberOfEigenvalues,
                                    constrainedCoordinates, convert2Frequencies, useAbsoluteValues,
                                    computeComplexEigenvalues, ignoreAlgebraicEquations,
                                    singularValuesTolerance, autoAssemble)
