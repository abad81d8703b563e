"""SystemEquations: the whole system's mass matrix, right-hand side, constraint residuals and
Newton matrix, evaluated by the compiled system code (kernels/system.py) over the system's
records (kernels/records.py).

At Assemble() every group packs its arrays into a GroupRecord with its type's group kernel;
SystemEquations puts them into the SystemRecord in evaluation order (nodes, bodies, markers,
connectors, loads, constraints), binds the frames arrays (which Python reads after an
evaluation), and builds the Newton matrix's sparsity pattern, fixed from then on: every group's
local blocks have fixed (row, column) positions, and ``slots`` maps each entry of the
concatenated block values to its place in the CSC data array (or in the flattened dense matrix).
The same records serve the compiled solvers (engine/); Python calls this class for what runs
once per output or per Assemble, and for the matrices that Python factorizes.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from ..kernels import assembly as ka
from ..kernels import records as kr
from ..kernels import system as ks
from ..kernels._jit import entry_point, ready
from .groups import Frames

_EMPTY = {kind: kr.empty(kind) for kind in ("f1", "f2", "i1", "i2", "b1", "b2")}
_EMPTY3 = np.zeros((0, 0, 0))
_NO_COEF = np.zeros(9)


_ENTRY = []


def _evaluate():
    """The compiled entry of SystemEquations (kernels/system.py ``evaluate``), loaded once; the
    exception of a user function it calls back is raised as itself (kernels/user.py)."""
    if not _ENTRY:
        from ..kernels.user import reraising
        _ENTRY.append(reraising(entry_point(ks.evaluate)))
    return _ENTRY[0]


class SystemEquations:
    """Evaluates the equations of a CompiledSystem (solvers see only this class and engine/)."""

    def __init__(self, compiled):
        c = self.c = compiled
        c.equations = self          # (the groups' records and call backs reach the frames through it)
        self.n_ode2, self.n_ae = c.n_ode2, c.n_ae
        self.n = c.n_ode2 + c.n_ae
        n_nodes, n_obj, n_mark = len(c.items["node"]), len(c.items["object"]), len(c.items["marker"])
        self.node_frames = Frames(n_nodes, c.K)
        self.body_frames = Frames(n_obj, c.K)
        self.markers = Frames(n_mark, c.K)
        self.index2 = False
        self.t = 0.0
        self.q = self.v = self.q_tot = None
        self._kin_version = 0          # counts kinematics updates (caches of q-dependent terms)
        self.groups = self._groups_in_order()
        self.body_groups = [g for g in self.groups if g.role == kr.ROLE_BODY]
        self.constant_mass = all(g.constant_mass for g in self.body_groups)
        for g in self.groups:
            if hasattr(g, "constant_frames"):
                g.constant_frames(self.node_frames if g.role == kr.ROLE_NODE or hasattr(g, "ltg_nodes")
                                  else self.body_frames if g.role == kr.ROLE_BODY else self.markers)
        self._q0, self._v0 = np.zeros(c.n_ode2), np.zeros(c.n_ode2)
        self.q_tot_buffer = np.zeros(c.n_ode2)
        self.f_buffer = np.zeros(c.n_ode2)
        self.n_ode1 = c.n_ode1
        self.y1_buffer = np.zeros(c.n_ode1)     # the ODE1 coordinates of an evaluation (user functions read them)
        self.f1_buffer = np.zeros(c.n_ode1)
        self._make_records()
        self.update_kinematics(self._q0, self._v0, 0.0)
        self._build_pattern()
        self.update_constant_masses()

    # ------------------------------------------------------------ records
    def _groups_in_order(self):
        """Every group once, in the order of evaluation (a node group with constraint rows, the
        Euler parameters' normalization, comes with the nodes)."""
        c, seen, out = self.c, set(), []
        for family in (c.node_groups, c.body_groups, c.marker_groups, c.connector_groups, c.load_groups,
                       c.constraint_groups, c.ode1_groups):
            for g in family:
                if id(g) not in seen:
                    seen.add(id(g))
                    out.append(g)
        return out

    def _make_records(self):
        c = self.c
        self.state = ready(kr.new_state)(
            self._q0, self._v0, c.q_ref, self.q_tot_buffer, c.states[_current()].x, self.f_buffer, self.y1_buffer,
            self.f1_buffer, c.K,
            *self._frame_arrays(self.node_frames), *self._frame_arrays(self.body_frames),
            *self._frame_arrays(self.markers), self.markers.cval, self.markers.cvel, self.markers.cJ,
            self.markers.mass)
        self._set_marker_outputs()
        empty = np.zeros(0)
        empty_i = np.zeros(0, dtype=np.int64)
        self._vals, self._slots64, self._dense_slots = empty, empty_i, empty_i
        self.record = ready(kr.new_system)(self.state, self._empty_group(), ready(kr.no_kernel), c.n_ode2,
                                           c.n_ae, c.n_ode1, empty, empty_i, empty_i, empty_i, empty_i, 0, 0,
                                           np.zeros(c.n_ode2), np.zeros(c.n_ode2))
        reads_nodes = any(getattr(g, "reads_node_frames", False) for g in c.marker_groups)
        reads_bodies = any(getattr(g, "reads_body_frames", False) for g in c.marker_groups)
        set_group = ready(kr.set_group)
        k = 0
        for g in self.groups:
            if g.record_kernel() is None:
                continue
            if k >= kr.MAX_GROUPS:
                raise NotImplementedError(f"multibody: a system has at most {kr.MAX_GROUPS} item groups")
            flags = g.record_flags()
            flags[kr.FLAG_READ] = int(reads_nodes if g in c.node_groups else reads_bodies)
            g.refresh_record()
            rec = self._group_record(g, k)
            phases = np.zeros(kr.N_LISTS, dtype=bool)
            for name in g.record_phases():
                phases[kr.PHASES.index(name)] = True
            phases[kr.BODY_LIST] = g.role == kr.ROLE_BODY and g.width > 0
            phases[kr.JACOBIAN_LIST] = g.role in (kr.ROLE_BODY, kr.ROLE_CONNECTOR, kr.ROLE_CONSTRAINT)
            set_group(self.record, k, ready(g.record_kernel()), rec, phases)
            g.record = rec
            k += 1

    @staticmethod
    def _frame_arrays(f):
        return (f.pos, f.vel, f.omega, f.omega_local), (f.A, f.Jpos, f.Jrot, f.Jrot_local), f.ltg

    def _set_marker_outputs(self):
        """The optional marker outputs that some equation reads (groups' ``marker_reads``)."""
        bits = {"A": kr.MARKER_A, "omega": kr.MARKER_OMEGA, "Jrot": kr.MARKER_JROT}
        want = 0
        for g in list(self.c.connector_groups) + list(self.c.constraint_groups) + list(self.c.load_groups):
            for name in getattr(g, "marker_reads", ("A", "omega", "Jrot")):
                want |= bits[name]
        self.marker_outputs = want

    def _empty_group(self):
        e = _EMPTY
        tuples = kr.Layout().pack({})
        return ready(kr.new_group)(-1, -1, 0, e["i1"], e["i2"], e["i2"], _EMPTY3, _EMPTY3, _EMPTY3, e["f2"], _EMPTY3,
                                   e["b2"], e["b1"], e["b1"], 1, 0, np.full(4, -1, dtype=np.int64), e["i1"],
                                   e["i1"], *tuples)

    def _group_record(self, g, k):
        """The GroupRecord of group g (its role arrays allocated here as its attributes)."""
        n = g.n
        role = g.role
        ltg = ae = _EMPTY["i2"]
        M = K = D = C = _EMPTY3
        gg = _EMPTY["f2"]
        lam_rows = _EMPTY["b2"]
        vel = act = _EMPTY["b1"]
        g.jac_at = np.full(4, -1, dtype=np.int64)
        if role in (kr.ROLE_NODE, kr.ROLE_BODY) or (role == kr.ROLE_CONSTRAINT and hasattr(g, "ltg_nodes")):
            ltg = np.ascontiguousarray(g.ltg, dtype=np.int64) if isinstance(g.ltg, np.ndarray) else ltg
        if role == kr.ROLE_BODY:
            w = g.width
            M = g.block_M = np.zeros((n, w, w))
            if "STIFFNESS" in g.record_phases():
                K, D = g.block_K, g.block_D = np.zeros((n, w, w)), np.zeros((n, w, w))
            else:
                K = D = g.block_K = g.block_D = np.zeros((n, w, w))
        elif role == kr.ROLE_CONNECTOR:
            ltg = g.ltg_cache = -np.ones((n, g.L), dtype=np.int64)
            K, D = g.block_K, g.block_D = np.zeros((n, g.L, g.L)), np.zeros((n, g.L, g.L))
            act = g.active
        elif role == kr.ROLE_CONSTRAINT:
            if hasattr(g, "ltg_nodes"):
                g.ltg_cache = ltg
            elif hasattr(g, "ltg_arr"):
                ltg = g.ltg_cache = g.ltg_arr
            else:
                ltg = g.ltg_cache = -np.ones((n, g.L), dtype=np.int64)
            ae = np.ascontiguousarray(g.ae, dtype=np.int64)
            E, L = ae.shape[1], ltg.shape[1]
            gg, C = g.block_g, g.block_C = np.zeros((n, E)), np.zeros((n, E, L))
            if getattr(g, "ae_block", False):       # rows that depend on the group's AE values
                K = g.block_K = np.zeros((n, E, E))
            lam_rows = g.lambda_rows() if hasattr(g, "lambda_rows") else np.zeros((n, E), dtype=bool)
            vel, act = g.velocity_level, g.active
        elif hasattr(g, "active"):
            act = g.active
        tuples = g.layout.pack(g.record_parameters())
        return ready(kr.new_group)(k, role, n, g.items, ltg, ae, M, K, D, gg, C, lam_rows, vel, act,
                                   int(g.constant_mass) if role == kr.ROLE_BODY else 1,
                                   int("STIFFNESS" in g.record_phases()), g.jac_at, g.record_slots(),
                                   g.record_flags(), *tuples)

    def refresh(self, g):
        """After a parameter of group g changed in place: what its record derives from it."""
        g.refresh_record()
        if self.c.mass_changed:
            self.update_constant_masses()

    def update_constant_masses(self):
        """The constant mass blocks (at Assemble and after a mass parameter changed)."""
        for g in self.body_groups:
            if g.constant_mass and g.width and hasattr(g, "block_M"):
                g.constant_mass_blocks(g.block_M)
        self.c.mass_changed = False

    # ------------------------------------------------------------ pattern
    def _build_pattern(self):
        """The Newton matrix's sparsity pattern: the block positions of every group (jac_at: main,
        C, C^T, lambda) in the values array, and their CSC and dense slots."""
        rows, cols = [], []
        size = [0]

        def add(r, cc):
            r, cc = np.broadcast_arrays(r, cc)
            rows.append(r.ravel())
            cols.append(cc.ravel())
            at = size[0]
            size[0] += r.size
            return at

        for g in self.groups:
            if not hasattr(g, "jac_at"):
                continue
            if g.role == kr.ROLE_BODY and g.width:
                g.jac_at[0] = add(g.ltg[:, :, None], g.ltg[:, None, :])
        for g in self.groups:
            if getattr(g, "role", None) == kr.ROLE_CONNECTOR and hasattr(g, "jac_at"):
                g.ltg_cache[:] = g.ltg(self.markers)
                g.jac_at[0] = add(g.ltg_cache[:, :, None], g.ltg_cache[:, None, :])
        for g in self.groups:
            if getattr(g, "role", None) != kr.ROLE_CONSTRAINT or not hasattr(g, "jac_at"):
                continue
            if not hasattr(g, "ltg_nodes") and not hasattr(g, "ltg_arr"):
                g.ltg_cache[:] = g.ltg(self.markers)
            ltg = g.ltg_cache
            ae = np.where(g.ae >= 0, g.ae + self.n_ode2, -1)
            g.jac_at[1] = add(ae[:, :, None], ltg[:, None, :])
            g.jac_at[2] = add(ltg[:, :, None], ae[:, None, :])
            g.jac_at[3] = add(ae, ae)
            if getattr(g, "ae_block", False):
                g.jac_at[0] = add(ae[:, :, None], ae[:, None, :])
        # the full diagonal, so that the pattern is structurally regular where possible
        diag = np.arange(self.n)
        diag_at = add(diag, diag)
        r = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        cc = np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64)
        valid = (r >= 0) & (cc >= 0)
        n = self.n
        slots = np.empty(r.size, dtype=np.int64)
        indices, indptr = ka.csc_pattern(np.ascontiguousarray(r, dtype=np.int64),
                                         np.ascontiguousarray(cc, dtype=np.int64), n, slots)
        self._slots = slots
        self.nnz = indices.size
        self.csc_indices64 = np.ascontiguousarray(indices, dtype=np.int64)
        self.csc_indptr64 = np.ascontiguousarray(indptr, dtype=np.int64)
        self.csc_indices = indices.astype(np.int32)
        self.csc_indptr = indptr.astype(np.int32)
        self._dense_slots = np.ascontiguousarray(np.where(valid, r * n + cc, n * n), dtype=np.int64)
        self._values = np.zeros(r.size)
        ready(kr.set_pattern)(self.record, self._values, self._slots, self._dense_slots, self.csc_indptr64,
                              self.csc_indices64, diag_at, n)

    # ------------------------------------------------------------ evaluation
    def _call(self, mode, q, v, t, out, a=None, lam=None, index2=False, coef=_NO_COEF, load_factor=-1.0):
        """One call of the compiled entry; its group status (nonzero: a kernel failed) raised."""
        q = self._vector(q)
        v = self._vector(v)
        a = self._q0 if a is None else self._vector(a)
        lam = np.zeros(self.n_ae) if lam is None else np.ascontiguousarray(lam, dtype=float)
        c, solver_coef = self.c, getattr(self.c, "newton_coef", None)
        if coef is not _NO_COEF:
            c.newton_coef = coef        # (the Newton matrix's factors, read by user Jacobians)
        try:
            return _evaluate()(mode, self.record, q, v, a, lam, float(t), bool(index2), out, coef,
                               float(load_factor), self.marker_outputs)
        finally:
            c.newton_coef = solver_coef

    @staticmethod
    def _vector(x):
        if isinstance(x, np.ndarray) and x.dtype == np.float64 and x.flags.c_contiguous and x.flags.writeable:
            return x
        return np.array(x, dtype=float)

    def bind(self, q, v, t):
        """Record (q, v, t) as the point the compiled code evaluates at (user functions read
        CompiledSystem.current_q, current_v; outputs compare _kin_version)."""
        c = self.c
        c.current_q, c.current_v, c.current_t = q, v, t
        c.current_q_tot = self.q_tot_buffer
        self.q, self.v, self.t, self.q_tot = q, v, t, self.q_tot_buffer
        self._kin_version += 1

    def update_kinematics(self, q, v, t):
        """Node, body and marker frames at (q, v, t), every output; q without reference values."""
        q, v = self._vector(q), self._vector(v)
        self.bind(q, v, t)
        self._call(ks.KINEMATICS, q, v, t, self._q0)

    def frames_at(self, q, v, t):
        """Copies of the node, body and marker frames at (q, v, t); the system's own frames and
        point are those of before afterwards (evaluated there again: the same numbers)."""
        saved = (self.q, self.v, self.t, self.c.current_q, self.c.current_v, self.c.current_t)
        try:
            self.update_kinematics(q, v, t)
            return self.node_frames.copy(), self.body_frames.copy(), self.markers.copy()
        finally:
            q0, v0, t0 = saved[:3]
            self.update_kinematics(q0, v0, t0)
            self.c.current_q, self.c.current_v, self.c.current_t = saved[3:]
            self.q, self.v = q0, v0

    def residual(self, q, v, a, lam, t, index2, static=False, load_factor=-1.0):
        """r = [M a - f + C^T lambda; g] (``static``: [f + C^T lambda; g], the loads times
        load_factor) at (q, v, a, lambda, t)."""
        q, v = self._vector(q), self._vector(v)
        self.bind(q, v, t)
        r = np.empty(self.n)
        self._call(ks.STATIC_RESIDUAL if static else ks.RESIDUAL, q, v, t, r, a=a, lam=lam, index2=index2,
                   load_factor=load_factor if static else -1.0)
        return r

    def mass_blocks(self):
        """Mass blocks (n, w, w) per body group at the current kinematics (constant ones as set)."""
        self._call(ks.MASSES, self.q, self.v, self.t, self._q0)
        return [getattr(g, "block_M", np.zeros((g.n, 0, 0))) for g in self.c.body_groups]

    def constant_mass_block(self, k):
        """Mass blocks of body group k, which has a constant mass matrix."""
        return self.c.body_groups[k].block_M

    def mass_matrix(self, dense=False):
        """Mass matrix as scipy CSR (or dense ndarray) at the current kinematics."""
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
        """M a (n_ode2,) with the mass blocks of the current kinematics."""
        self._call(ks.MASSES, self.q, self.v, self.t, self._q0)
        out = np.zeros(self.n_ode2)
        self._call(ks.MASS_TIMES, self.q, self.v, self.t, out, a=a)
        return out

    def ode2_rhs(self, load_factor=1.0):
        """f = loads (times load_factor) - sum of object LHS terms, at the current kinematics."""
        out = np.empty(self.n_ode2)
        self._call(ks.RHS, self.q, self.v, self.t, out, load_factor=load_factor)
        return out

    def ode1_rhs(self, y, t):
        """f(t, y) of the first-order equations y_t = f (n_ode1,)."""
        out = np.empty(self.n_ode1)
        self._call(ks.ODE1_RHS, y, self._v0, t, out)
        return out

    def constraints(self, lam, with_jacobian=True):
        """Residuals g (n_ae,) at the current kinematics (position-level rows in the velocity form
        where ``index2``); the Jacobian blocks are kept for ``jacobian``."""
        out = np.empty(self.n_ae)
        self._call(ks.CONSTRAINT_ROWS, self.q, self.v, self.t, out, lam=lam, index2=self.index2)
        return out

    def reaction_forces(self, lam):
        """C^T lambda (n_ode2,), with the Jacobian blocks of the last ``constraints``."""
        out = np.zeros(self.n_ode2)
        self._call(ks.REACTIONS, self.q, self.v, self.t, out, lam=lam)
        return out

    def jacobian(self, a_M, a_K, a_D, c_q, c_v, c_lam, dense=False, extra=None):
        """Newton matrix [[a_M M + a_K K + a_D D, C^T], [c C, c_lam dg/dlam]] at the current
        kinematics (the constraint blocks of the last ``constraints``).

        K = -df/dq, D = -df/dq_t; position-level constraint rows get c_q, velocity-level rows c_v.
        ``extra``: optional (n, n) dense or sparse matrix added.
        """
        self._call(ks.MASSES, self.q, self.v, self.t, self._q0)
        coef = np.array([0.0, 0.0, 0.0, a_M, a_K, a_D, c_q, c_v, c_lam])
        n = self.n
        if dense:
            out = np.empty(n * n)
            self._call(ks.JACOBIAN_DENSE, self.q, self.v, self.t, out, coef=coef)
            J = out.reshape(n, n)
            if extra is not None:
                J += extra.toarray() if sp.issparse(extra) else extra
            return J
        data = np.empty(self.nnz)
        self._call(ks.JACOBIAN_SPARSE, self.q, self.v, self.t, data, coef=coef)
        J = sp.csc_matrix((data, self.csc_indices, self.csc_indptr), shape=(n, n))
        if extra is not None:
            J = (J + sp.csc_matrix(extra)).tocsc()
        return J

    def converged_state(self):
        """The data coordinates of connectors from the current kinematics (after a converged
        Newton solve or an explicit step: e.g. a torsional spring's continuous angle)."""
        self._call(ks.CONVERGED_STATE, self.q, self.v, self.t, self._q0)

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


def _current():
    from ..enums import ConfigurationType
    return ConfigurationType.Current
