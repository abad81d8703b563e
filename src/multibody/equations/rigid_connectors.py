"""Spring-dampers between rigid markers (spec connectors.md): RigidBodySpringDamper,
LinearSpringDamper, TorsionalSpringDamper.

Each connector acts with a global force F and torque T (from m0 to m1) through the marker
Jacobians, Q_LHS = [-Jpos0^T F - Jrot0^T T; Jpos1^T F + Jrot1^T T], i.e. Q_LHS = B^T W with
B = blockdiag([Jpos0; Jrot0], [Jpos1; Jrot1]) (12 x 2K) and W = [-F; -T; F; T] in marker space.
The Jacobians are K = B^T (dW/dx) B and D = B^T (dW/dw) B, with x = [p0, pi0, p1, pi1]
(positions and global virtual rotations, A -> exp(pi~) A) and w = [v0, omega0, v1, omega1];
dW/dx and dW/dw are differences in marker space, vectorized over the items (the marker Jacobians
are taken as constant, as for the other connectors; spec connectors.md allows it): central in
the kernel, forward where a group has user functions (one call per direction, as Exudyn).
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import ModelError
from ..kernels import rigid_connectors as krc
from ..kernels import rotations as rk
from ..kernels.groups import connectors as kg
from .connectors import ConnectorGroup, UserRowsRaise
from .groups import CONNECTOR_GROUPS, Group, param_array, register

# difference step of the marker-space Jacobians (positions [m], rotations [rad], rates)
FD_STEP = krc.FD_STEP
_NO_BLOCKS = np.zeros((0, 0, 0))
_NO_DATA = np.zeros(0)


def _rot_small(k, eps, n):
    """(n, 3, 3) rotation exp(eps e_k~)."""
    v = np.zeros((n, 3))
    v[:, k] = eps
    R = np.empty((n, 3, 3))
    rk.rotvec_rotation_matrix_batch(v, R)
    return R


def _rxyz(A):
    out = np.empty((A.shape[0], 3))
    rk.rxyz_from_rotation_matrix_batch(np.ascontiguousarray(A), out)
    return out


def _mtv(A, x):
    """A^T x for (n, 3, 3), (n, 3)."""
    return np.einsum("nji,nj->ni", A, x)


def _marker_coordinate(j):
    """Marker-space coordinate j (0..11 of x = [p0, pi0, p1, pi1], 12..23 of w = [v0, omega0, v1,
    omega1]) as (state array of MarkerState, component, rotation): rotation True for a virtual
    rotation of A0 or A1 (applied as exp(eps e_k~) A), else the component k of the vector is
    changed."""
    side, kind, k = (j % 12) // 6, (j % 6) // 3, j % 3
    if j < 12:
        return ("p%d" if kind == 0 else "A%d") % side, k, kind == 1
    return ("v%d" if kind == 0 else "w%d") % side, k, False


_DIFFERENCE_PLANS = {}


def _difference_plan(n, eps, directions):
    """What MarkerState.forward_differences changes in the m n rows of n connectors (m
    directions): the rows of the tiled state (each connector m times), per vector (p0, v0, ...)
    the rows, columns and values added, per rotation (A0, A1) the rows and the small rotations
    applied (kept per n, eps and directions)."""
    key = (n, eps, directions)
    plan = _DIFFERENCE_PLANS.get(key)
    if plan is None:
        add, rot = {}, {}
        for m, j in enumerate(directions):
            name, k, rotation = _marker_coordinate(j)
            r = np.arange(m * n, (m + 1) * n)
            if rotation:
                rot.setdefault(name, []).append((r, _rot_small(k, eps, n)))
            else:
                add.setdefault(name, []).append((r, np.full(n, k), np.full(n, eps)))
        plan = {"rows": np.tile(np.arange(n), len(directions)),
                "add": {name: tuple(np.concatenate(x) for x in zip(*parts)) for name, parts in add.items()},
                "rotate": {name: (np.concatenate([r for r, _ in parts]), np.concatenate([R for _, R in parts]))
                           for name, parts in rot.items()}}
        if len(_DIFFERENCE_PLANS) > 64:
            _DIFFERENCE_PLANS.clear()
        _DIFFERENCE_PLANS[key] = plan
    return plan


class MarkerState:
    """Marker-space state of n connectors: p0, A0, v0, w0, p1, A1, v1, w1 (global)."""
    __slots__ = ("p0", "A0", "v0", "w0", "p1", "A1", "v1", "w1")

    def __init__(self, markers, m0, m1):
        self.p0, self.A0, self.v0, self.w0 = (markers.pos[m0], markers.A[m0], markers.vel[m0],
                                              markers.omega[m0])
        self.p1, self.A1, self.v1, self.w1 = (markers.pos[m1], markers.A[m1], markers.vel[m1],
                                              markers.omega[m1])

    def copy(self):
        s = object.__new__(MarkerState)
        for k in self.__slots__:
            setattr(s, k, getattr(self, k).copy())
        return s

    def perturbed(self, j, eps):
        """Copy with coordinate j of x (0..11) or w (12..23) changed by eps (one perturbation;
        ``forward_differences`` makes them all at once)."""
        s = self.copy()
        name, k, rotation = _marker_coordinate(j)
        a = getattr(s, name)
        if rotation:
            a[:] = _rot_small(k, eps, a.shape[0]) @ a
        else:
            a[:, k] += eps
        return s

    def forward_differences(self, eps, directions=tuple(range(24))):
        """The perturbed states of ``marker_jacobians`` in one state of m n rows (m directions):
        row k n + i is connector i with coordinate directions[k] (0..23, as ``perturbed``) changed
        by eps, each row the numbers ``perturbed`` gives (the same sums and 3 x 3 products, made
        for all rows at once)."""
        plan = _difference_plan(self.p0.shape[0], eps, tuple(directions))
        rows = plan["rows"]
        s = object.__new__(MarkerState)
        for name in self.__slots__:
            setattr(s, name, getattr(self, name)[rows])
        for name, (r, c, d) in plan["add"].items():
            getattr(s, name)[r, c] += d
        for name, (r, R) in plan["rotate"].items():
            A = getattr(s, name)
            A[r] = R @ A[r]
        return s


class RigidConnectorGroup(ConnectorGroup):
    """Connectors between rigid markers acting with a force and a torque (module docstring).

    Without user functions a group is evaluated by the kernel ``rigid_connector_forces`` (its
    group kernel calls the same); items with a user function need Python, and a group with
    one is evaluated by the NumPy code below (``wrench``, ``marker_jacobians``)."""
    user_key = ""
    kernel_kind = -1            # kernels/rigid_connectors.py: RIGID_BODY, LINEAR, TORSIONAL
    has_data = False            # data nodes read by the force law (TorsionalSpringDamper)

    def setup(self, records):
        super().setup(records)
        self.user = [i for i, r in enumerate(records) if r.values.get(self.user_key)]
        self.user_functions = [records[i].values[self.user_key] for i in self.user]
        self.user_items = [int(self.items[i]) for i in self.user]
        self.data_index = getattr(self, "data_index", -np.ones(self.n, dtype=np.int64))
        self.params = np.ascontiguousarray(self.kernel_params(), dtype=float)

    def kernel_params(self):
        """The parameter rows (n, N_PARAMS[kernel_kind]) of the kernel (layouts there)."""
        raise NotImplementedError

    def update_parameter(self, row, name, value):
        if name == self.user_key:
            return False
        done = super().update_parameter(row, name, value)
        if done:
            self.params[:] = self.kernel_params()     # in place: the group's record refers to this array
        return done

    def _data(self):
        """The data coordinates the force law reads (the current state's array: its values change
        in place, after each Newton solve) or an empty array."""
        return self.system.states[ConfigurationType.Current].x if self.has_data else _NO_DATA

    def _kernel(self, markers, with_jacobian, Q, K, D, params=None):
        data = self._data()
        krc.rigid_connector_forces(self.kernel_kind, self.m0, self.m1, markers.pos, markers.vel, markers.A,
                                   markers.omega, markers.Jpos, markers.Jrot,
                                   self.params if params is None else params, self.active, data,
                                   self.data_index, with_jacobian, Q, K, D)

    kernel, layout = kg.rigid_connectors, kg.RIGID_CONNECTORS

    def record_phases(self):
        return ("FORCES", "STIFFNESS") + (("AFTER_NEWTON",) if self.has_data else ())

    def record_parameters(self):
        self.Q = np.zeros((self.n, self.L))
        self.phi = np.zeros(self.n)
        return dict(phi=self.phi, params=self.params, Q=self.Q, m0=self.m0, m1=self.m1, data_index=self.data_index)

    def record_flags(self):
        flags = super().record_flags()
        flags[kg.KIND] = self.kernel_kind
        return flags

    def record_slots(self):
        """With user functions Python makes Q, and K and D (``evaluate``), in call backs."""
        slots = Group.record_slots(self)
        if self.user:
            slots[kg.FORCE_SLOT] = self.call_back(lambda t, index2: self.evaluate(self.markers(), t, self.Q))
            slots[kg.JACOBIAN_SLOT] = self.call_back(
                lambda t, index2: self.evaluate(self.markers(), t, np.empty_like(self.Q), self.block_K,
                                                self.block_D))
        return slots

    def call_user(self, k, *args):
        """The user function of the group's k-th item with one (self.user[k])."""
        return self.system.call_user(self.user_key, self.user_items[k], self.user_functions[k], *args)

    # the per-item arrays of the force laws (wrench and the methods it calls), besides the p_* parameters
    _ROW_ARRAYS = ("items", "active", "data_index", "intrinsic")

    def _tiled(self, reps):
        """A copy of the group with its items ``reps`` times over (row p n + i is item i, with
        item i's parameters and user function): ``wrench`` of a state of reps n rows evaluates the
        force law of every row in one pass, the user functions called in row order. Kept until
        a parameter changes (CompiledSystem.parameter_version; the parameters change in place)."""
        key = (reps, self.system.parameter_version)
        kept = self.__dict__.get("_tiled_kept")
        if kept is not None and kept[0] == key:
            return kept[1]
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.__dict__.pop("_tiled_kept", None)
        n = self.n
        g.n = n * reps
        rows = np.tile(np.arange(n), reps)
        for name, a in self.__dict__.items():
            if (name.startswith("p_") or name in self._ROW_ARRAYS) and isinstance(a, np.ndarray) \
                    and a.ndim and a.shape[0] == n:
                setattr(g, name, a[rows])
        g.user = [p * n + i for p in range(reps) for i in self.user]
        g.user_functions = list(self.user_functions) * reps
        g.user_items = self.user_items * reps
        self._tiled_kept = (key, g)
        return g

    def wrench(self, s, t):
        """Global force and torque (n, 3), (n, 3) from m0 to m1, before activeConnector."""
        raise NotImplementedError

    def _W(self, s, t):
        F, T = self.wrench(s, t)
        act = self.active.astype(float)[:, None]
        F, T = F * act, T * act
        return np.concatenate([-F, -T, F, T], axis=1)

    def B(self, markers):
        """(n, 12, 2K) = blockdiag([Jpos0; Jrot0], [Jpos1; Jrot1])."""
        K = markers.Jpos.shape[2]
        out = np.zeros((self.n, 12, 2 * K))
        out[:, 0:3, :K] = markers.Jpos[self.m0]
        out[:, 3:6, :K] = markers.Jrot[self.m0]
        out[:, 6:9, K:] = markers.Jpos[self.m1]
        out[:, 9:12, K:] = markers.Jrot[self.m1]
        return out

    def marker_jacobians(self, s, t, B=None, W0=None):
        """dW/dx (n, 12, 12) and dW/dw (n, 12, 12) by forward differences from W0 = W at ``s``
        (evaluated here if not given): the perturbed states in one evaluation of their rows
        (MarkerState.forward_differences; the user functions called perturbation by perturbation,
        in the group's order), one call of an item's user function per direction, as Exudyn's
        numerical differentiation makes one per coordinate (a central difference took two: 48 per
        Jacobian of a connector between two bodies, 1.7 times Exudyn's calls). With the marker
        Jacobians B (n, 12, 2K), a coordinate whose row of B is zero for every connector of the
        group (a marker on the ground) is not perturbed: its columns of dW/dx and dW/dw meet only
        zeros in B^T (.) B (left zero)."""
        n = self.n
        moving = np.ones(12, dtype=bool) if B is None else B.any(axis=2).any(axis=0)
        directions = [j for j in range(24) if moving[j % 12]]
        m = len(directions)
        S = np.zeros((n, 12, 12))
        Dv = np.zeros((n, 12, 12))
        if not m:
            return S, Dv
        if W0 is None:
            W0 = self._W(s, t)
        W = self._tiled(m)._W(s.forward_differences(FD_STEP, directions), t).reshape(m, n, 12)
        dW = (W - W0) / FD_STEP                                # (m, n, 12)
        for k, j in enumerate(directions):
            (S[:, :, j] if j < 12 else Dv[:, :, j - 12])[:] = dW[k]
        return S, Dv

    def evaluate(self, markers, t, out_Q, out_K=None, out_D=None):
        if not self.user:
            with_jacobian = out_K is not None
            self._kernel(markers, with_jacobian, out_Q, out_K if with_jacobian else _NO_BLOCKS,
                         out_D if with_jacobian else _NO_BLOCKS)
            return
        s = MarkerState(markers, self.m0, self.m1)
        B = self.B(markers)
        W0 = self._W(s, t)
        out_Q[:] = np.einsum("ndl,nd->nl", B, W0)
        if out_K is None:
            return
        params = self.user_linearization(s, t)
        if params is not None:
            # the built-in law through the user functions' values and slopes at this point: its
            # Jacobian is theirs (the kernel's; Q stays the one of the user functions above)
            self._kernel(markers, True, np.empty_like(out_Q), out_K, out_D, params)
            return
        S, Dv = self.marker_jacobians(s, t, B, W0)
        Bt = B.transpose(0, 2, 1)
        np.matmul(Bt @ S, B, out=out_K)
        np.matmul(Bt @ Dv, B, out=out_D)

    def user_linearization(self, s, t):
        """The kernel's parameter rows of a force law whose Jacobian at ``s`` is the one of the
        user functions, or None: their Jacobian by ``marker_jacobians`` (RigidBodySpringDamper)."""
        return None

    def outputs(self, markers, t):
        out = self.output_values(MarkerState(markers, self.m0, self.m1), t)
        # inactive: no potential energy; with a user function Exudyn has none (it raises)
        out["PotentialEnergy"] = UserRowsRaise(out["PotentialEnergy"] * self.active, self.user, self)
        return out


def _ht_local(s, R0=None, R1=None):
    """HomogeneousTransformationLocal [A_J0^T A_J1, A_J0^T dp; 0, 1] (n, 4, 4) of the joint frames
    A_Ji = A_i R_i (the marker frames without R_i), also with the intrinsic formulation."""
    A0 = s.A0 if R0 is None else s.A0 @ R0
    A1 = s.A1 if R1 is None else s.A1 @ R1
    H = np.zeros((s.p0.shape[0], 4, 4))
    H[:, :3, :3] = np.einsum("nji,njk->nik", A0, A1)
    H[:, :3, 3] = _mtv(A0, s.p1 - s.p0)
    H[:, 3, 3] = 1.0
    return H


@register(CONNECTOR_GROUPS, "ConnectorRigidBodySpringDamper")
class RigidBodySpringDampers(RigidConnectorGroup):
    """[f; m] = K (u - offset) + D v in the joint frame (connectors.md), u = [A_J^T dp; RotXYZ(A_J^T A_J1)],
    v = [A_J^T dv; A_J^T (omega1 - omega0)]; F = A_J f, T = A_J m; intrinsic formulation with the
    SE(3) logarithm and the mid frame."""
    user_key, user_defines = "springForceTorqueUserFunction", "force and torque"
    kernel_kind = krc.RIGID_BODY

    def kernel_params(self):
        n = self.n
        return np.concatenate([self.p_stiffness.reshape(n, 36), self.p_damping.reshape(n, 36), self.p_offset,
                               self.p_rotationMarker0.reshape(n, 9), self.p_rotationMarker1.reshape(n, 9),
                               self.intrinsic.astype(float)[:, None]], axis=1)

    def read_params(self, records):
        self.p_stiffness = param_array(records, "stiffness").reshape(-1, 6, 6)
        self.p_damping = param_array(records, "damping").reshape(-1, 6, 6)
        self.p_offset = param_array(records, "offset").reshape(-1, 6)
        self.p_rotationMarker0 = param_array(records, "rotationMarker0").reshape(-1, 3, 3)
        self.p_rotationMarker1 = param_array(records, "rotationMarker1").reshape(-1, 3, 3)
        self.intrinsic = param_array(records, "useIntrinsicFormulation", bool)
        self.post_user = [i for i, r in enumerate(records) if r.values.get("postNewtonStepUserFunction")]
        if self.post_user:
            i = self.post_user[0]
            self.system.parameter_error(self, int(self.items[i]), records[i], "postNewtonStepUserFunction",
                                        "function", "is not supported yet by multibody (use 0)")

    def update_parameter(self, row, name, value):
        if name == "useIntrinsicFormulation":
            self.intrinsic[row] = bool(value)
            self.params[:] = self.kernel_params()
            return True
        if name == "postNewtonStepUserFunction":
            return False
        return super().update_parameter(row, name, value)

    def kinematics(self, s):
        """Return A_J (n, 3, 3), u (n, 6), v (n, 6), and the intrinsic half-translation (n, 3)."""
        AJ = s.A0 @ self.p_rotationMarker0
        AJ1 = s.A1 @ self.p_rotationMarker1
        dp, dv, dw = s.p1 - s.p0, s.v1 - s.v0, s.w1 - s.w0
        n = self.n
        u = np.empty((n, 6))
        half_t = np.zeros((n, 3))
        u[:, :3] = _mtv(AJ, dp)
        u[:, 3:] = _rxyz(np.einsum("nji,njk->nik", AJ, AJ1))
        if self.intrinsic.any():
            r = np.nonzero(self.intrinsic)[0]
            AJr, ut, ur, Am = _intrinsic(AJ[r], AJ1[r], dp[r])
            AJ = AJ.copy()
            AJ[r] = Am
            u[r, :3], u[r, 3:] = ut, ur
            half_t[r] = -0.5 * ut
        v = np.empty((n, 6))
        v[:, :3] = _mtv(AJ, dv)
        v[:, 3:] = _mtv(AJ, dw)
        return AJ, u, v, half_t

    def local_forces(self, s, t, AJ, u, v):
        fm = (np.einsum("nij,nj->ni", self.p_stiffness, u - self.p_offset)
              + np.einsum("nij,nj->ni", self.p_damping, v))
        if self.user:
            # the arguments as Exudyn passes them (lists, new ones for each call), converted for
            # all rows at once
            r = self.user
            items, ul, vl = self.user_items, u[r].tolist(), v[r].tolist()
            K, D, R0, R1, off = (a[r].tolist() for a in (self.p_stiffness, self.p_damping, self.p_rotationMarker0,
                                                       self.p_rotationMarker1, self.p_offset))
            for k, i in enumerate(r):
                value = self.call_user(k, t, items[k], ul[k][:3], ul[k][3:], vl[k][:3], vl[k][3:], K[k], D[k], R0[k],
                                       R1[k], off[k])
                fm[i] = self.system.user_array(self.user_key, items[k], value, (6,))
        return fm

    def wrench(self, s, t):
        AJ, u, v, half_t = self.kinematics(s)
        fm = self.local_forces(s, t, AJ, u, v)
        F = np.einsum("nij,nj->ni", AJ, fm[:, :3])
        T = np.einsum("nij,nj->ni", AJ, fm[:, 3:])
        if self.intrinsic.any():
            # T_add = (A_J (-u_t / 2)) x F acts with the same sign on both markers (connectors.md);
            # in W = [-F; -T; F; T] that is T -> T - T_add on m0 and T + T_add on m1, which the
            # antisymmetric stacking cannot hold: keep it in self._t_add for _W
            self._t_add = np.cross(np.einsum("nij,nj->ni", AJ, half_t), F)
        else:
            self._t_add = None
        return F, T

    def _W(self, s, t):
        F, T = self.wrench(s, t)
        act = self.active.astype(float)[:, None]
        F, T = F * act, T * act
        W = np.concatenate([-F, -T, F, T], axis=1)
        if self._t_add is not None:
            Ta = self._t_add * act
            W[:, 3:6] += Ta
            W[:, 9:12] += Ta
        return W

    def output_values(self, s, t):
        AJ, u, v, _ = self.kinematics(s)
        fm = self.local_forces(s, t, AJ, u, v) * self.active[:, None]
        du = u - self.p_offset
        return dict(Displacement=s.p1 - s.p0, DisplacementLocal=u[:, :3], VelocityLocal=v[:, :3],
                    Rotation=u[:, 3:], AngularVelocityLocal=v[:, 3:], ForceLocal=fm[:, :3],
                    TorqueLocal=fm[:, 3:],
                    PotentialEnergy=0.5 * np.einsum("ni,nij,nj->n", du, self.p_stiffness, du),
                    HomogeneousTransformationLocal=_ht_local(s, self.p_rotationMarker0, self.p_rotationMarker1))


def _intrinsic(AJ0, AJ1, dp):
    """SE(3) log of H0^-1 H1 and the mid frame: (AJ0, u_t, u_r, A_mid), all (m, ...)."""
    m = AJ0.shape[0]
    R = np.einsum("nji,njk->nik", AJ0, AJ1)
    ur = np.empty((m, 3))
    rk.rotvec_from_rotation_matrix_batch(np.ascontiguousarray(R), ur)
    d = _mtv(AJ0, dp)
    # SE(3) log: translation part = T_exp(u_r)^-T-like inverse of the left Jacobian applied to d
    Tinv = np.empty((m, 3, 3))
    for i in range(m):
        rk.rotvec_t_exp_inv(ur[i], Tinv[i])
    # exp_SE3(u_t, u_r) has translation T_exp(u_r)^T u_t (left Jacobian = T_exp^T)
    ut = np.einsum("nji,nj->ni", Tinv, d)
    half = np.empty((m, 3, 3))
    rk.rotvec_rotation_matrix_batch(0.5 * ur, half)
    return AJ0, ut, ur, AJ0 @ half


class ScalarConnectorGroup(RigidConnectorGroup):
    """A connector whose force law is a scalar f(x, x_t) of one displacement x and its rate
    (LinearSpringDamper: along the axis, TorsionalSpringDamper: about the joint's z axis), in the
    kernel's parameter columns stiffness, damping, offset, velocityOffset, force: f = k (x - x_off)
    + d (x_t - v_off) + f_c, or a user function of (x, x_t)."""

    def scalar(self, s, t):
        """(frame or axis, x, x_t, f) (n, ...) at ``s``, f by the user functions where items have one."""
        raise NotImplementedError

    def _user_scalars(self, t, out, x, x_t):
        """out[i] = the user function of each item i with one, called with (t, item, x[i], x_t[i],
        stiffness, damping, offset) as Exudyn passes them (floats; converted for all rows at once),
        the scalar force laws' (LinearSpringDamper, TorsionalSpringDamper) user functions."""
        if self.user:
            r = self.user
            rows = zip(*(a[r].tolist() for a in (x, x_t, self.p_stiffness, self.p_damping, self.p_offset)))
            for k, (i, args) in enumerate(zip(r, rows)):
                out[i] = self.system.user_real(self.user_key, self.user_items[k],
                                               self.call_user(k, t, self.user_items[k], *args))

    def user_linearization(self, s, t):
        """The built-in law with the user functions' value f and slopes df/dx, df/dx_t at ``s``
        (forward differences, two more calls of each): stiffness df/dx, damping df/dx_t, offset x,
        velocityOffset x_t, force f. Its Jacobian in the kernel (chain rule: the law enters W only
        through f) is the user functions' one, for 3 calls of each instead of one per marker
        direction (24 between two bodies)."""
        _, x, x_t, f = self.scalar(s, t)
        params = self.params.copy()
        r = self.user
        fx, fv = f.copy(), f.copy()
        self._user_scalars(t, fx, x + FD_STEP, x_t)
        self._user_scalars(t, fv, x, x_t + FD_STEP)
        params[r, 0] = (fx[r] - f[r]) / FD_STEP
        params[r, 1] = (fv[r] - f[r]) / FD_STEP
        params[r, 2], params[r, 3], params[r, 4] = x[r], x_t[r], f[r]
        return params


@register(CONNECTOR_GROUPS, "ConnectorLinearSpringDamper")
class LinearSpringDampers(ScalarConnectorGroup):
    """a = A0 axisMarker0, f = k (a.dp - x_off) + d (a.dv - v_off) + f_c, F = f a, no torque."""
    user_key = "springForceUserFunction"
    kernel_kind = krc.LINEAR

    def kernel_params(self):
        return np.concatenate([np.stack([self.p_stiffness, self.p_damping, self.p_offset, self.p_velocityOffset,
                                         self.p_force], axis=1), self.p_axisMarker0], axis=1)

    def read_params(self, records):
        for name in ("stiffness", "damping", "offset", "velocityOffset", "force"):
            setattr(self, "p_" + name, param_array(records, name))
        self.p_axisMarker0 = param_array(records, "axisMarker0").reshape(-1, 3)
        for i, r in enumerate(records):
            if abs(np.linalg.norm(self.p_axisMarker0[i]) - 1.0) > 1e-10:
                raise ModelError(f"{self.system.describe('object', int(self.items[i]))}: "
                                 "ObjectConnectorLinearSpringDamper: axisMarker0 must be normalized "
                                 f"(length must be 1); received {self.p_axisMarker0[i].tolist()}")

    def scalar(self, s, t):
        a = np.einsum("nij,nj->ni", s.A0, self.p_axisMarker0)
        dx = (a * (s.p1 - s.p0)).sum(axis=1)
        dvx = (a * (s.v1 - s.v0)).sum(axis=1)
        f = (self.p_stiffness * (dx - self.p_offset) + self.p_damping * (dvx - self.p_velocityOffset)
             + self.p_force)
        self._user_scalars(t, f, dx, dvx)
        return a, dx, dvx, f

    def wrench(self, s, t):
        a, _, _, f = self.scalar(s, t)
        return f[:, None] * a, np.zeros((self.n, 3))

    def output_values(self, s, t):
        _, dx, dvx, f = self.scalar(s, t)
        return dict(Displacement=s.p1 - s.p0, DisplacementLocal=dx, VelocityLocal=dvx,
                    ForceLocal=f * self.active,
                    PotentialEnergy=0.5 * self.p_stiffness * (dx - self.p_offset) ** 2 + self.p_force * dx,
                    HomogeneousTransformationLocal=_ht_local(s))


@register(CONNECTOR_GROUPS, "ConnectorTorsionalSpringDamper")
class TorsionalSpringDampers(ScalarConnectorGroup):
    """phi = RotXYZ(A_J0^T A_J1)_z (continuous with the optional data node), omega = (A_J0^T dw)_z,
    tau = k (phi - off) + d (omega - v_off) + tau_c, T = A_J0 [0, 0, tau]."""
    user_key, user_defines = "springTorqueUserFunction", "torque"
    kernel_kind = krc.TORSIONAL

    def kernel_params(self):
        n = self.n
        return np.concatenate([np.stack([self.p_stiffness, self.p_damping, self.p_offset, self.p_velocityOffset,
                                         self.p_torque], axis=1), self.p_rotationMarker0.reshape(n, 9),
                               self.p_rotationMarker1.reshape(n, 9)], axis=1)

    def read_params(self, records):
        c = self.system
        for name in ("stiffness", "damping", "offset", "velocityOffset", "torque"):
            setattr(self, "p_" + name, param_array(records, name))
        self.p_rotationMarker0 = param_array(records, "rotationMarker0").reshape(-1, 3, 3)
        self.p_rotationMarker1 = param_array(records, "rotationMarker1").reshape(-1, 3, 3)
        nodes = np.array([int(r.values["nodeNumber"]) for r in records], dtype=np.int64)
        self.data_index = -np.ones(self.n, dtype=np.int64)
        n_nodes = len(c.items["node"])
        for i, (r, nd) in enumerate(zip(records, nodes)):
            if nd < 0:
                continue
            if nd >= n_nodes or c.items["node"][int(nd)].spec.type_name != "GenericData" \
                    or int(c.node_n_data[nd]) < 1:
                c.parameter_error(self, int(self.items[i]), r, "nodeNumber", int(nd),
                                  "must be a NodeGenericData with 1 data coordinate (or invalid)")
            self.data_index[i] = int(c.node_data_start[nd])
        self.has_data = bool((self.data_index >= 0).any())

    def continuous_angle(self, A0, A1):
        """(A_J0, phi): the joint frame A_J0 = A0 R0 (n, 3, 3) and the angle phi (n,) about its z
        axis to A_J1 = A1 R1, continuous with the data coordinate (the angle of the last step)
        where the spring has one."""
        AJ0 = A0 @ self.p_rotationMarker0
        AJ1 = A1 @ self.p_rotationMarker1
        phi = _rxyz(np.einsum("nji,njk->nik", AJ0, AJ1))[:, 2]
        if self.has_data:
            x = self.system.states[ConfigurationType.Current].x
            r = self.data_index >= 0
            d = phi[r] - x[self.data_index[r]]
            if (np.abs(d) > np.pi).any():       # (only where the angle is beyond +-pi)
                phi[r] = np.where(np.abs(d) > np.pi, phi[r] + 2 * np.pi * np.round(-d / (2 * np.pi)), phi[r])
        return AJ0, phi

    def angle(self, s, t):
        AJ0, phi = self.continuous_angle(s.A0, s.A1)
        om = _mtv(AJ0, s.w1 - s.w0)[:, 2]
        return AJ0, phi, om

    def scalar(self, s, t):
        AJ0, phi, om = self.angle(s, t)
        tau = (self.p_stiffness * (phi - self.p_offset) + self.p_damping * (om - self.p_velocityOffset)
               + self.p_torque)
        self._user_scalars(t, tau, phi, om)
        return AJ0, phi, om, tau

    def wrench(self, s, t):
        AJ0, _, _, tau = self.scalar(s, t)
        return np.zeros((self.n, 3)), AJ0[:, :, 2] * tau[:, None]

    def post_newton(self, markers, t, x):
        """Store the continuous angle in the data nodes (also if inactive; no discontinuous error)."""
        if not self.has_data:
            return
        # the angle alone (after each Newton solve, also in the compiled step loops' call back):
        # the kernel of the compiled force law's angle, from the markers' rotations (by NumPy:
        # 15-25 us of a one-body step)
        phi = np.empty(self.n)
        krc.torsional_angles(self.m0, self.m1, markers.A, self.params, x, self.data_index, phi)
        r = self.data_index >= 0
        x[self.data_index[r]] = phi[r]

    def output_values(self, s, t):
        _, phi, om, tau = self.scalar(s, t)
        return dict(Rotation=phi, AngularVelocityLocal=om, TorqueLocal=tau * self.active,
                    PotentialEnergy=0.5 * self.p_stiffness * (phi - self.p_offset) ** 2 + self.p_torque * phi)
