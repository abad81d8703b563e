"""Degree-of-freedom analysis and redundant constraints (spec system.md 8).

The counts of ``ComputeSystemDegreeOfFreedom`` follow Exudyn exactly: the AE
columns of the static Jacobian, ``C_all = J[:, n_ode2:]`` (``C_q^T`` in the
ODE2 rows, ``dg/dlambda`` in the AE rows) and ``C_lam = J[n_ode2:, n_ode2:]``;
``n_red = m - rank(C_all)``, ``n_pureAE = rank(C_lam)``.

In addition, the analysis names the redundant equations. It computes a basis
``N`` (m, d) of the null space of ``C_all`` (the combinations of multipliers
that produce no force): a dense SVD for small systems, shift-invert Lanczos
(``scipy.sparse.linalg.eigsh``) on ``C_all^T C_all`` for large ones. It then
picks d equations whose rows of ``N`` form a regular d x d matrix, by a QR of
``N^T`` with column pivoting relaxed towards later equations (a column is
accepted if its remaining norm is at least half the largest one; among those
the latest equation wins). Removing exactly those equations leaves a set of
full rank: a null vector of the remaining columns would be a null vector of
``C_all`` vanishing on the picked rows, and the picked rows of ``N`` are
regular. Preferring later equations names the constraint that was added on
top of an earlier one (the second of two identical joints).
"""
from __future__ import annotations

import time

import numpy as np
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from ..enums import ConfigurationType
from ..messages import warn

CFG = ConfigurationType

# above this number of constraints (and when not forced), the sparse path is used
DENSE_LIMIT = 600


# ---------------------------------------------------------------------- Jacobian blocks
def static_jacobian(mbs, q=None, v=None, t=None, lam=None, dense=False, configuration=CFG.Initial):
    """Static Newton matrix [[K, C^T], [C, dg/dlam]] (a_K = -1) at a state.

    Without q, v, t, lam the state of ``configuration`` is used. The equations'
    index-2 flag is set to False for the evaluation (position-level rows) and
    restored afterwards.
    """
    c = mbs._compiled
    eq = c.equations
    st = c.states[configuration]
    q = st.q if q is None else q
    v = st.v if v is None else v
    t = st.t if t is None else t
    lam = st.lam if lam is None else lam
    index2 = eq.index2
    eq.index2 = False
    try:
        eq.update_kinematics(np.array(q, dtype=float), np.array(v, dtype=float), float(t))
        eq.constraints(np.array(lam, dtype=float))
        return eq.jacobian(0.0, -1.0, 0.0, 1.0, 1.0, 1.0, dense=dense)
    finally:
        eq.index2 = index2


def constraint_columns(mbs, **state):
    """(C_all (n, m) sparse CSC, C_lam (m, m) sparse CSC) of the static Jacobian."""
    c = mbs._compiled
    J = static_jacobian(mbs, dense=False, **state).tocsc()
    n2 = c.n_ode2 + c.n_ode1
    return J[:, n2:], J[n2:, n2:]


# ---------------------------------------------------------------------- equation owners
def ae_owners(mbs):
    """For every global AE index: dict with objectNumber, name, objectType, equation, itemFamily."""
    c = mbs._compiled
    out = [None] * c.n_ae
    for k, rec in enumerate(c.items["node"]):
        s, n = int(c.node_ae_start[k]), int(c.node_n_ae[k])
        for j in range(n):
            out[s + j] = {"objectNumber": k, "name": rec.name, "objectType": rec.spec.class_name,
                          "equation": j, "itemFamily": "node", "aeIndex": s + j}
    for i, lst in enumerate(c.object_ltg_ae):
        rec = c.items["object"][i]
        for j, a in enumerate(lst):
            out[a] = {"objectNumber": i, "name": rec.name, "objectType": rec.spec.class_name,
                      "equation": j, "itemFamily": "object", "aeIndex": int(a)}
    return out


# ---------------------------------------------------------------------- rank analysis
def _null_space_dense(C_all, tol=None):
    """(rank, N (m, d), singular values) of a dense C_all with matrix_rank's tolerance."""
    n, m = C_all.shape
    if m == 0:
        return 0, np.zeros((0, 0)), np.zeros(0)
    _, s, vh = sla.svd(C_all, full_matrices=True, lapack_driver="gesdd")
    if tol is None:
        tol = (s.max() if s.size else 0.0) * max(n, m) * np.finfo(float).eps
    rank = int(np.count_nonzero(s > tol))
    return rank, vh[rank:].T.copy(), s


def _null_space_sparse(C_all, tol_factor=1e3):
    """(rank, N (m, d)) of a sparse C_all by shift-invert Lanczos on A = C_all^T C_all.

    The null space of C_all is the eigenspace of A at 0. Eigenvalues of A below
    ``tol_factor * m * eps * ||A||_1`` count as zero (A squares the singular values,
    so its null eigenvalues come out at round-off times ||A||). The number of
    requested eigenvalues doubles until a nonzero one is among them.
    """
    n, m = C_all.shape
    A = (C_all.T @ C_all).tocsc()
    norm_a = max(spla.norm(A, 1), 1e-300)
    tol = tol_factor * max(n, m) * np.finfo(float).eps * norm_a
    shift = -1e-6 * norm_a          # A - shift*I is positive definite: a regular LU
    k = min(8, m - 1)
    if m <= 2:
        rank, N, _ = _null_space_dense(C_all.toarray())
        return rank, N
    lu = spla.splu((A - shift * sp.identity(m, format="csc")).tocsc())
    op = spla.LinearOperator((m, m), matvec=lu.solve, dtype=float)
    while True:
        w, V = spla.eigsh(A, k=k, sigma=shift, which="LM", OPinv=op, tol=1e-14)
        zero = np.abs(w) <= tol
        if not zero.all() or k >= m - 1:
            break
        k = min(2 * k, m - 1)
    N = V[:, zero]
    if N.shape[1]:
        # one re-orthogonalization and a check that the vectors are null vectors of C_all
        N, _ = np.linalg.qr(N)
        res = np.linalg.norm(C_all @ N, axis=0)
        N = N[:, res <= np.sqrt(tol) * 10]
    return m - N.shape[1], N


def pick_redundant(N):
    """Indices of d equations (rows of N (m, d)) whose rows form a regular matrix.

    QR of N^T with relaxed column pivoting: at each step the remaining column
    norms are computed and the latest equation with at least half the largest
    norm is taken.
    """
    m, d = N.shape
    if d == 0:
        return []
    R = N.T.copy()            # (d, m): columns = equations
    picked = []
    for k in range(d):
        norms = np.linalg.norm(R[k:], axis=0)
        norms[picked] = 0.0
        best = norms.max()
        j = int(np.nonzero(norms >= 0.5 * best)[0][-1])
        picked.append(j)
        # Householder reflection that zeroes column j below row k
        x = R[k:, j].copy()
        alpha = -np.copysign(np.linalg.norm(x), x[0] if x[0] != 0 else 1.0)
        u = x
        u[0] -= alpha
        nu = np.linalg.norm(u)
        if nu > 0:
            u /= nu
            R[k:] -= 2.0 * np.outer(u, u @ R[k:])
    return sorted(picked)


class DofAnalysis:
    """Result of the constraint analysis at one configuration."""

    def __init__(self, n_ode2, n_ode1, n_ae, n_red, n_pure, redundant, seconds, method,
                 singular_values=None, singular_values_lambda=None):
        self.n_ode2, self.n_ode1, self.n_ae = n_ode2, n_ode1, n_ae
        self.n_red, self.n_pure = n_red, n_pure
        self.redundant = redundant
        self.seconds = seconds
        self.method = method
        self.singular_values = singular_values
        self.singular_values_lambda = singular_values_lambda

    @property
    def dof(self):
        return self.n_ode2 - (self.n_ae - self.n_pure) + self.n_red


def analyze(mbs, threshold=1e-12, useSVD=False, sparse=None, **state):
    """Rank analysis of the constraint columns (see the module docstring).

    Parameters
    ----------
    mbs : MainSystem (assembled)
    threshold : float
        Singular-value threshold of the ``useSVD`` variant.
    useSVD : bool
        Count by ``threshold`` instead of matrix_rank's default tolerance.
    sparse : bool or None
        Force the sparse (True) or dense (False) path; None: sparse above DENSE_LIMIT AE.
    state : q, v, t, lam or configuration (default Initial)
    """
    t0 = time.perf_counter()
    c = mbs._compiled
    m = c.n_ae
    owners = ae_owners(mbs)
    if m == 0:
        return DofAnalysis(c.n_ode2, c.n_ode1, 0, 0, 0, [], time.perf_counter() - t0, "none")
    C_all, C_lam = constraint_columns(mbs, **state)
    if sparse is None:
        sparse = m > DENSE_LIMIT and not useSVD
    s = s_lam = None
    if sparse:
        rank, N = _null_space_sparse(C_all)
        n_red = m - rank
        n_pure = _rank_lambda_sparse(C_lam)
        method = "sparse"
    else:
        Cd = C_all.toarray()
        Cl = C_lam.toarray()
        if useSVD:
            rank_tmp, N_all, s = _null_space_dense(Cd, tol=threshold)
            s_lam = sla.svdvals(Cl)
            n_red = int(np.count_nonzero(np.abs(s) <= threshold))
            n_pure = int(np.count_nonzero(np.abs(s_lam) > threshold))
            _, _, vh = sla.svd(Cd, full_matrices=True)
            N = vh[m - n_red:].T if n_red else np.zeros((m, 0))
        else:
            rank, N, s = _null_space_dense(Cd)
            n_red = m - rank
            n_pure = int(np.linalg.matrix_rank(Cl))
        method = "dense"
    idx = pick_redundant(N)
    redundant = [dict(owners[i]) for i in idx]
    return DofAnalysis(c.n_ode2, c.n_ode1, m, n_red, n_pure, redundant, time.perf_counter() - t0, method,
                       s, s_lam)


def _rank_lambda_sparse(C_lam):
    """Rank of dg/dlambda: diagonal in multibody (inactive items), dense rank otherwise."""
    C_lam = C_lam.tocoo()
    nz = C_lam.data != 0
    r, cc = C_lam.row[nz], C_lam.col[nz]
    if np.all(r == cc):
        return int(r.size)
    rows, cols = np.unique(r), np.unique(cc)
    return int(np.linalg.matrix_rank(C_lam.tocsr()[rows][:, cols].toarray()))


# ---------------------------------------------------------------------- public functions
def compute_system_dof(mbs, simulationSettings=None, threshold=1e-12, verbose=False, useSVD=False,
                       autoAssemble=True):
    """mbs.ComputeSystemDegreeOfFreedom: Exudyn's dictionary plus 'redundantEquations'.

    The extra key lists, for each redundant equation, a dict with objectNumber,
    name, objectType, equation (index within the item) and itemFamily ('object',
    or 'node' for Euler-parameter conditions); removing exactly these equations
    leaves constraints of full rank.
    """
    from ..errors import SolverError
    if not mbs.systemIsConsistent:
        if not autoAssemble:
            raise SolverError("ComputeSystemDegreeOfFreedom: system is inconsistent (call Assemble())")
        warn("ComputeSystemDegreeOfFreedom: mbs.systemIsConsistent=False, therefore calling "
              "mbs.Assemble(); to avoid this, set autoAssemble=False")
        mbs.Assemble()
    c = mbs._compiled
    if c.n_ode1 != 0:
        warn("ComputeSystemDegreeOfFreedom(...) not suitable in case of ODE1 coordinates; "
              "ODE1 coordinates will not count as additional DOF!")
    a = analyze(mbs, threshold=threshold, useSVD=useSVD, sparse=False if useSVD else None)
    if useSVD and verbose and c.n_ae:
        print(f"singular values ODE2+AE={a.singular_values[:c.n_ae]}")
        print(f"singular values pure AE={a.singular_values_lambda}")
    if verbose:
        print(f"ODE2 coordinates          = {a.n_ode2}")
        print(f"total constraints         = {a.n_ae}")
        print(f"redundant constraints     = {a.n_red}")
        print(f"pure algebraic constraints= {a.n_pure}")
        print(f"degree of freedom         = {a.dof}")
    # numpy integers where Exudyn has them (m > 0), so that the printed dictionary is the same
    num = np.int64 if a.n_ae else int
    return {"degreeOfFreedom": num(a.dof), "redundantConstraints": num(a.n_red), "nODE2": int(a.n_ode2),
            "nODE1": int(a.n_ode1), "nAE": int(a.n_ae), "nPureAE": num(a.n_pure),
            "redundantEquations": a.redundant}


def redundant_equations(mbs, use_current=True):
    """Redundant constraint equations at the solver's current kinematics (for error messages).

    Returns a list of dicts with objectNumber, name, objectType, equation.
    """
    c = mbs._compiled
    eq = c.equations
    if use_current and eq.q is not None and len(eq.q) == c.n_ode2:
        lam = c.states[CFG.Current].lam
        a = analyze(mbs, q=eq.q.copy(), v=eq.v.copy(), t=eq.t, lam=lam.copy())
    else:
        a = analyze(mbs)
    return a.redundant
