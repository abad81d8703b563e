"""SystemEquations: the whole system's mass matrix, right-hand side, constraint
residuals and Newton Jacobian, evaluated with one call per item group.

The Jacobian has a sparsity pattern fixed at Assemble(): every group's local
blocks have fixed (row, column) positions; ``_slots`` maps each entry of the
concatenated block values to its place in the CSC data array (or in the
flattened dense matrix), so a Jacobian is one ``np.bincount``.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from ..kernels import assembly as ka
from . import lean_cache as _lean
from . import native_code as _native
from .groups import Frames
from .python_kernels import PythonKernels

_lean.install(ka.csc_pattern)       # called from Python only: its cache entry without bitcode,
_csc_pattern = _native.linked(ka.csc_pattern)       # its machine code linked by the package
kap = PythonKernels(ka)             # the others as Python calls them: lean twins (python_kernels.py)


class SystemEquations:
    """Evaluates the equations of a CompiledSystem (solvers see only this class)."""

    def __init__(self, compiled):
        c = self.c = compiled
        self.n_ode2, self.n_ae = c.n_ode2, c.n_ae
        self.n = c.n_ode2 + c.n_ae
        n_nodes, n_obj, n_mark = len(c.items["node"]), len(c.items["object"]), len(c.items["marker"])
        self.node_frames = Frames(n_nodes, c.K)
        self.body_frames = Frames(n_obj, c.K)
        self.markers = Frames(n_mark, c.K)
        self.index2 = False
        self.t = 0.0
        self._kin_version = 0          # counts kinematics updates (caches of q-dependent terms)
        self._mass_version = -1
        self._mass_cache = None
        self._mass_const = None
        self._lhs_cache = {}
        self.update_kinematics(np.zeros(c.n_ode2), np.zeros(c.n_ode2), 0.0)
        self._build_pattern()
        self.constant_mass = all(g.constant_mass for g in c.body_groups)

    # ------------------------------------------------------------ kinematics
    def update_kinematics(self, q, v, t):
        """Node, body and marker frames at (q, v, t); q without reference values."""
        c = self.c
        q_tot = c.q_ref + q if c.n_ode2 else np.zeros(0)
        c.current_q, c.current_q_tot, c.current_v, c.current_t = q, q_tot, v, t
        self._kin_version += 1
        self.q, self.q_tot, self.v, self.t = q, q_tot, v, t
        for g in c.node_groups:
            g.frame(q_tot, v, self.node_frames)
        for g in c.body_groups:
            if g.has_frame:
                g.frame(q_tot, v, self.body_frames)
        for g in c.marker_groups:
            g.evaluate(self.node_frames, self.body_frames, q_tot, v, self.markers)

    # ------------------------------------------------------------ pattern
    def _build_pattern(self):
        c = self.c
        rows, cols = [], []
        self._blocks = []                 # (kind, group, size)

        def add(kind, g, r, cc):
            r, cc = np.broadcast_arrays(r, cc)
            rows.append(r.ravel())
            cols.append(cc.ravel())
            self._blocks.append((kind, g, r.size))

        for g in c.body_groups:
            if g.width:
                add("body", g, g.ltg[:, :, None], g.ltg[:, None, :])
        self.connector_ltg = []
        for g in c.connector_groups:
            ltg = g.ltg(self.markers)
            g.ltg_cache = ltg
            add("connector", g, ltg[:, :, None], ltg[:, None, :])
        for g in c.constraint_groups:
            ltg = g.ltg(self.markers)
            g.ltg_cache = ltg
            ae = g.ae + self.n_ode2
            ae = np.where(g.ae >= 0, ae, -1)
            add("C", g, ae[:, :, None], ltg[:, None, :])
            add("CT", g, ltg[:, :, None], ae[:, None, :])
            add("lam", g, ae, ae)
        # the full diagonal, so that the pattern is structurally regular where possible
        diag = np.arange(self.n)
        add("diag", None, diag, diag)
        r = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        cc = np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64)
        valid = (r >= 0) & (cc >= 0)
        n = self.n
        # entry -> position in the CSC pattern (rows ascending per column); invalid entries: nnz
        slots = np.empty(r.size, dtype=np.int64)
        indices, indptr = _csc_pattern(np.ascontiguousarray(r, dtype=np.int64),
                                         np.ascontiguousarray(cc, dtype=np.int64), n, slots)
        self._slots = slots
        self.nnz = indices.size
        self.csc_indices = indices.astype(np.int32)
        self.csc_indptr = indptr.astype(np.int32)
        self._dense_slots = np.where(valid, r * n + cc, n * n)
        self._values = np.zeros(r.size)

    # ------------------------------------------------------------ ODE2 part
    def mass_blocks(self):
        """Mass blocks per body group: constant ones computed once, the others once per
        kinematics update (groups with ``mass_and_lhs`` fill their LHS forces in the same pass)."""
        c = self.c
        if c.mass_changed:
            self._mass_const = None
            self._mass_version = -1
            c.mass_changed = False
        if self._mass_const is not None and self.constant_mass and all(m is not None for m in self._mass_const):
            return self._mass_const
        if self._mass_version == self._kin_version:
            return self._mass_cache
        if self._mass_const is None:
            self._mass_const = [None] * len(c.body_groups)
        blocks = []
        self._lhs_cache = {}
        for k, g in enumerate(c.body_groups):
            if g.constant_mass and self._mass_const[k] is not None:
                blocks.append(self._mass_const[k])
                continue
            out = np.zeros((g.n, g.width, g.width))
            if g.width:
                both = getattr(g, "mass_and_lhs", None)
                if both is not None and not g.constant_mass:
                    lhs = np.zeros((g.n, g.width))
                    both(self.q_tot, self.v, out, lhs)
                    self._lhs_cache[id(g)] = lhs
                else:
                    g.mass_blocks(self.q_tot, self.v, out)
            if g.constant_mass:
                self._mass_const[k] = out
            blocks.append(out)
        if self.constant_mass:
            self._mass_const = blocks
        self._mass_cache = blocks
        self._mass_version = self._kin_version
        return blocks

    def constant_mass_block(self, k):
        """Mass blocks of body group k, which has a constant mass matrix (computed once; no
        kernel of the groups with a configuration-dependent one is called)."""
        c = self.c
        if c.mass_changed:
            return self.mass_blocks()[k]
        if self._mass_const is None:
            self._mass_const = [None] * len(c.body_groups)
        if self._mass_const[k] is None:
            g = c.body_groups[k]
            out = np.zeros((g.n, g.width, g.width))
            if g.width:
                g.mass_blocks(self.q_tot, self.v, out)
            self._mass_const[k] = out
        return self._mass_const[k]

    def mass_matrix(self, dense=False):
        """Mass matrix as scipy CSR (or dense ndarray, assembled directly: the explicit solvers
        factorize a configuration-dependent one at every stage, and building the CSR matrix took
        150-180 us of a 4-body model's 184 us per stage)."""
        n = self.n_ode2
        Md = np.zeros((n, n)) if dense else None
        rows, cols, vals = [], [], []
        for g, M in zip(self.c.body_groups, self.mass_blocks()):
            if not g.width:
                continue
            r, cc = np.broadcast_arrays(g.ltg[:, :, None], g.ltg[:, None, :])
            ok = (r >= 0) & (cc >= 0)
            if dense:
                np.add.at(Md, (r[ok], cc[ok]), M[ok])
            else:
                rows.append(r[ok]), cols.append(cc[ok]), vals.append(M[ok])
        if dense:
            return Md
        if not rows:
            return sp.csr_matrix((n, n))
        return sp.csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(n, n))

    def mass_times(self, a):
        """M a (n_ode2,)."""
        out = np.zeros(self.n_ode2)
        for g, M in zip(self.c.body_groups, self.mass_blocks()):
            if not g.width:
                continue
            kap.blocks_times_vector_add(out, g.ltg, M, a)
        return out

    def ode2_rhs(self, load_factor=1.0):
        """f = loads - sum of object LHS terms, at the current kinematics."""
        c = self.c
        f = np.zeros(self.n_ode2)
        for g in c.body_groups:
            if not g.width:
                continue
            if hasattr(g, "mass_and_lhs") and not g.constant_mass:
                self.mass_blocks()
                kap.scatter_add(f, g.ltg, self._lhs_cache[id(g)], -1.0)
                continue
            out = np.zeros((g.n, g.width))
            if g.lhs_forces(self.q, self.q_tot, self.v, self.t, out):
                kap.scatter_add(f, g.ltg, out, -1.0)
        for g in c.connector_groups:
            Q = np.zeros((g.n, g.L))
            g.evaluate(self.markers, self.t, Q)
            kap.scatter_add(f, g.ltg_cache, Q, -1.0)
        for g in c.load_groups:
            g.add_to(f, self.markers, self.t, load_factor)
        return f

    # ------------------------------------------------------------ AE part
    def constraints(self, lam, with_jacobian=True):
        """Residuals g (n_ae,) at the current kinematics; caches constraint Jacobians."""
        g_all = np.zeros(self.n_ae)
        self._C = []
        for g in self.c.constraint_groups:
            res, C = g.evaluate(self.markers, lam, self.t, self.index2, with_jacobian)
            kap.scatter_add(g_all, g.ae, res, 1.0)
            self._C.append(C)
        return g_all

    def reaction_forces(self, lam):
        """C^T lambda (n_ode2,), with the Jacobians cached by ``constraints``."""
        out = np.zeros(self.n_ode2)
        for g, C in zip(self.c.constraint_groups, self._C):
            kap.transposed_times_multipliers_add(out, g.ltg_cache, g.ae, C, lam)
        return out

    # ------------------------------------------------------------ Jacobian
    def jacobian(self, a_M, a_K, a_D, c_q, c_v, c_lam, dense=False, extra=None):
        """Newton matrix [[a_M M + a_K K + a_D D, C^T], [c C, c_lam dg/dlam]].

        K = -df/dq, D = -df/dq_t; position-level constraint rows get c_q,
        velocity-level rows c_v. Constraint Jacobians come from the last call
        of ``constraints``. ``extra``: optional (n, n) dense or sparse matrix added.
        """
        c = self.c
        vals = self._values
        pos = 0
        masses = self.mass_blocks()
        body_index = {id(g): k for k, g in enumerate(c.body_groups)}
        for kind, g, size in self._blocks:
            seg = vals[pos:pos + size]
            if kind == "body":
                M = masses[body_index[id(g)]]
                blk = a_M * M
                Kb = np.zeros_like(M)
                Db = np.zeros_like(M)
                if g.stiffness_blocks(self.q, self.q_tot, self.v, self.t, Kb, Db):
                    blk = blk + a_K * Kb + a_D * Db
                if getattr(g, "numeric_user_jacobian", lambda: False)():
                    blk = blk + self._numeric_body_jacobian(g, a_K, a_D)
                seg[:] = blk.ravel()
            elif kind == "connector":
                Q = np.zeros((g.n, g.L))
                Kc = np.zeros((g.n, g.L, g.L))
                Dc = np.zeros((g.n, g.L, g.L))
                g.evaluate(self.markers, self.t, Q, Kc, Dc)
                seg[:] = (a_K * Kc + a_D * Dc).ravel()
            elif kind == "C":
                k = c.constraint_groups.index(g)
                C = self._C[k]
                coef = np.where(g.velocity_level, c_v, c_q)
                seg[:] = (C * coef[:, None, None]).ravel()
            elif kind == "CT":
                k = c.constraint_groups.index(g)
                seg[:] = np.transpose(self._C[k], (0, 2, 1)).ravel()
            elif kind == "lam":
                # rows lambda = 0: inactive items and free axes of joints (``free_rows``, (n, E))
                lam_rows = ~g.active[:, None] | getattr(g, "free_rows", False)
                seg[:] = (np.where(lam_rows, c_lam, 0.0) * np.ones(g.ae.shape)).ravel()
            elif kind == "diag":
                seg[:] = 0.0
            pos += size
        n = self.n
        if dense:
            J = np.bincount(self._dense_slots, weights=vals, minlength=n * n + 1)[:n * n].reshape(n, n)
            if extra is not None:
                J += extra.toarray() if sp.issparse(extra) else extra
            return J
        data = np.bincount(self._slots, weights=vals, minlength=self.nnz + 1)[:self.nnz]
        J = sp.csc_matrix((data, self.csc_indices, self.csc_indptr), shape=(n, n))
        if extra is not None:
            J = (J + sp.csc_matrix(extra)).tocsc()
        return J

    def numeric_ode2_jacobian(self, a_K, a_D, rhs, eps_rel, q_min, add_reference, perturbed):
        """System-wide differentiation (spec solvers.md 3.2): the (n, n) matrix whose ODE2 block is
        a_K K + a_D D with K = -df/dq and D = -df/dq_t, forward differences of f = ``rhs()`` (the
        ODE2 right-hand side at the current kinematics) by every coordinate: step eps_rel
        max(q_min, |z_i|) (z_i + its reference value with ``add_reference``), the coordinate
        changed by ``perturbed(q, i, h)`` (the solver's update: composition for Lie-group
        rotations). The point's arrays (the solver's current state) are changed in place, so that
        user functions reading the system's outputs see each perturbation, as in Exudyn; they and
        the kinematics are the point's again after it, to the last bit."""
        n2 = self.n_ode2
        q, v, t = self.q, self.v, self.t
        q0, v0 = q.copy(), v.copy()
        out = np.zeros((self.n, self.n))
        f0 = rhs()
        try:
            for z, z0, coef in ((q, q0, a_K), (v, v0, a_D)):
                if coef == 0.0:
                    continue
                size = np.abs(z0 + self.c.q_ref) if z is q and add_reference else np.abs(z0)
                for i in range(n2):
                    h = eps_rel * max(q_min, float(size[i]))
                    if z is q:
                        q[:] = perturbed(q0, i, h)
                    else:
                        v[i] = v0[i] + h
                    self.update_kinematics(q, v, t)
                    out[:n2, i] += (rhs() - f0) * (-coef / h)
                    z[:] = z0
        finally:
            q[:], v[:] = q0, v0
            self.update_kinematics(q, v, t)
        return out

    def _numeric_body_jacobian(self, g, a_K, a_D, eps=1e-7):
        """Forward differences of user-function LHS forces of a body group (per item)."""
        out = np.zeros((g.n, g.width, g.width))
        base = np.zeros((g.n, g.width))
        g.lhs_forces(self.q, self.q_tot, self.v, self.t, base)
        for which, coef in (("q", a_K), ("v", a_D)):
            for j in range(g.width):
                for i in range(g.n):
                    k = g.ltg[i, j]
                    if k < 0:
                        continue
                    q, v = self.q.copy(), self.v.copy()
                    h = eps * max(1e-2, abs((self.q_tot if which == "q" else v)[k]))
                    (q if which == "q" else v)[k] += h
                    pert = np.zeros((g.n, g.width))
                    g.lhs_forces(q, self.c.q_ref + q, v, self.t, pert)
                    # remove the linear K/D parts already counted analytically
                    out[i, :, j] += coef * (pert[i] - base[i]) / h
        Kb = np.zeros_like(out)
        Db = np.zeros_like(out)
        g.stiffness_blocks(self.q, self.q_tot, self.v, self.t, Kb, Db)
        return out - a_K * Kb - a_D * Db
