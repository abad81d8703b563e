"""Joint constraint groups (spec joints.md): GenericJoint, RevoluteJointZ, PrismaticJointX,
SphericalJoint, RevoluteJoint2D, PrismaticJoint2D and the nonholonomic RollingDisc.

Every group evaluates all its joints with array kernels (kernels/joints.py); only items with
a Python offset user function are visited one by one. Free axes (``constrainedAxes`` 0,
``constrainRotation`` False) are rows ``lambda_i = 0``: the mask ``free_rows`` (n, E) makes
``evaluate`` put lambda into the residual and zero into the Jacobian row, and the system
Jacobian puts the lambda-lambda coefficient on those rows, as for inactive joints.
"""
from __future__ import annotations

import numpy as np

from ..errors import NotImplementedFeatureError
from ..kernels import constraints as kc
from ..kernels import joints as kj
from ..kernels import rigid_joints as krj
from ..kernels.groups import constraints as kg
from ..kernels.rotations import rxyz_rotation_matrix_batch as _rxyz_rotation_matrix_batch
from .constraints import ConstraintGroup
from .groups import CONSTRAINT_GROUPS, param_array, register

_NO_RU = np.zeros((0, 3, 3))
_NO_C = np.zeros((1, 1, 1))


_INDEX2_FLAGS: dict = {}


def _as_index2(index2, n):
    """Per-joint index-2 flags (n,) bool, contiguous; the all-False / all-True arrays are cached."""
    if not isinstance(index2, np.ndarray):
        key = (bool(index2), n)
        a = _INDEX2_FLAGS.get(key)
        if a is None:
            a = _INDEX2_FLAGS[key] = np.full(n, bool(index2))
            a.flags.writeable = False
        return a
    return np.ascontiguousarray(np.broadcast_to(np.asarray(index2, dtype=bool), (n,)))


def _point_translation(group, markers, index2, with_jacobian):
    """Global translation rows of SphericalJoint / RevoluteJoint2D (one kernel call)."""
    n, E = group.n, group.n_eq
    g = np.empty((n, E))
    C = np.empty((n, E, 2 * markers.K)) if with_jacobian else _NO_C
    kc.point_translation(group.m0, group.m1, markers.pos, markers.vel, markers.Jpos,
                         _as_index2(index2, n), bool(with_jacobian), g, C)
    return g, (C if with_jacobian else None)


def _matrix_array(records, name):
    return np.array([np.asarray(r.values[name], dtype=float).reshape(3, 3) for r in records]).reshape(-1, 3, 3)


def _vector_array(records, name, size=3):
    return np.array([np.asarray(r.values[name], dtype=float).reshape(size) for r in records]).reshape(-1, size)


class JointGroup(ConstraintGroup):
    """Base of the joint groups: free rows (lambda = 0) per item and axis."""

    def setup(self, records):
        self.records = records
        self.free_rows = np.zeros((len(records), self.E), dtype=bool)
        super().setup(records)

    def check_axes(self, row, rec, value, size):
        """constrainedAxes must be `size` flags of 0 or 1 (raises an ItemParameterError)."""
        a = np.asarray(value).ravel()
        if a.size != size or not np.all((a == 0) | (a == 1)):
            self.system.parameter_error(self, int(self.items[row]), rec, "constrainedAxes", list(np.asarray(value).ravel()),
                                        f"must be a list of {size} flags, each 0 (free) or 1 (locked)")
        return a.astype(np.int64)

    def free_axes(self):
        return self.free_rows

    def markers_data(self, markers):
        """Marker data of both markers, rows = joints."""
        m0, m1 = self.m0, self.m1
        return (markers.pos[m0], markers.pos[m1], markers.vel[m0], markers.vel[m1],
                markers.omega[m0], markers.omega[m1], markers.A[m0], markers.A[m1],
                markers.Jpos[m0], markers.Jpos[m1], markers.Jrot[m0], markers.Jrot[m1])

    def lam(self, lam):
        """Multipliers (n, E), zero for padded rows."""
        return np.where(self.ae >= 0, lam[np.maximum(self.ae, 0)], 0.0)


# ------------------------------------------------------------------ 3D rigid joints
class RigidJoints(JointGroup):
    """Joints between two rigid markers in the joint frames A_J0 = A_m0 R0, A_J1 = A_m1 R1.

    Each joint evaluates six quantities [t_0, t_1, t_2, r_0, r_1, r_2]: translations (GLOBAL
    or in J0, ``local``) and three dot products t_a0^T t_b1 (axis indices ``rot_a``, ``rot_b``);
    ``ROWS`` selects the E equations of the joint type among them.
    """
    ROWS = (0, 1, 2, 3, 4, 5)

    @classmethod
    def count(cls, record):
        return len(cls.ROWS)

    @property
    def E(self):
        return len(self.ROWS)

    def read_params(self, records):
        self.p_rotationMarker0 = _matrix_array(records, "rotationMarker0")
        self.p_rotationMarker1 = _matrix_array(records, "rotationMarker1")
        self.local = np.zeros(self.n, dtype=bool)
        self.rot_a = np.zeros((self.n, 3), dtype=np.int64)
        self.rot_b = np.zeros((self.n, 3), dtype=np.int64)
        self.alternative = np.zeros(self.n, dtype=bool)
        self.uf = [0] * self.n
        self.uf_t = [0] * self.n
        self.rows = np.array(self.ROWS, dtype=np.int64)
        self.u_t = np.zeros((self.n, 3))
        self.index2_flags = np.zeros(self.n, dtype=bool)

    kernel, layout = kg.rigid_joints, kg.RIGID_JOINTS

    def has_user_offsets(self):
        return any(self.uf) or any(self.uf_t)

    def record_parameters(self):
        # the user rotation offsets Ru (n, 3, 3) only where there are user functions (empty: none)
        self.Ru = np.zeros((self.n if self.has_user_offsets() else 0, 3, 3))
        return dict(u_t=self.u_t, rotationMarker0=self.p_rotationMarker0, rotationMarker1=self.p_rotationMarker1,
                    Ru=self.Ru, local=self.local, alternative=self.alternative, index2=self.index2_flags,
                    m0=self.m0, m1=self.m1, rows=self.rows, rot_a=self.rot_a, rot_b=self.rot_b)

    def record_slots(self):
        slots = super().record_slots()
        if self.has_user_offsets():
            slots[kg.USER_SLOT] = self.call_back(
                lambda t, index2: self.user_offsets(t, _as_index2(index2, self.n), self.Ru, self.u_t))
        return slots

    def offsets(self, t, index2):
        """User offsets u (n, 6) of the position-level equations (GenericJoint only)."""
        return None

    def user_offsets(self, t, ix2, Ru, u_t):
        """The user offsets at time t (a joint with offset user functions) into Ru (n, 3, 3) and
        u_t (n, 3), Ru = I where the rotation offsets are zero (the same numbers as without Ru:
        products with 1 and 0)."""
        u = self.offsets(t, ix2)
        u_t[...] = u[:, :3]
        _rxyz_rotation_matrix_batch(np.ascontiguousarray(u[:, 3:]), Ru)

    def equations(self, markers, t, index2, with_jacobian):
        n = self.n
        ix2 = _as_index2(index2, n)
        Ru, u_t = _NO_RU, np.zeros((n, 3))
        if any(self.uf) or any(self.uf_t):
            Ru = np.zeros((n, 3, 3))
            self.user_offsets(t, ix2, Ru, u_t)
        K = markers.K
        g = np.empty((n, self.E))
        C = np.empty((n, self.E, 2 * K)) if with_jacobian else _NO_C
        krj.rigid_joint_equations(self.m0, self.m1, markers.pos, markers.vel, markers.omega, markers.A,
                                  markers.Jpos, markers.Jrot, self.p_rotationMarker0, self.p_rotationMarker1,
                                  Ru, u_t, self.local, self.rot_a, self.rot_b, self.alternative, ix2,
                                  self.rows, bool(with_jacobian), g, C)
        return g, (C if with_jacobian else None)

    # outputs (joints.md, GenericJoint table)
    def frames_out(self, markers):
        p0, p1, v0, v1, w0, w1, A0, A1 = self.markers_data(markers)[:8]
        AJ0 = A0 @ self.p_rotationMarker0
        AJ1 = A1 @ self.p_rotationMarker1
        return p0, p1, v0, v1, w0, w1, AJ0, AJ1

    def force_torque(self, lam, AJ0):
        raise NotImplementedError

    def outputs(self, markers, lam, t):
        p0, p1, v0, v1, w0, w1, AJ0, AJ1 = self.frames_out(markers)
        dp = p1 - p0
        At = AJ0.transpose(0, 2, 1)
        dp_loc = np.einsum("nij,nj->ni", At, dp)
        R = At @ AJ1
        force, torque = self.force_torque(self.lam(lam), AJ0)
        return dict(Position=p0, Velocity=v0, DisplacementLocal=dp_loc,
                    VelocityLocal=np.einsum("nij,nj->ni", At, v1 - v0),
                    Rotation=kj.rotation_xyz(R),
                    AngularVelocityLocal=np.einsum("nij,nj->ni", At, w1 - w0),
                    ForceLocal=force, TorqueLocal=torque,
                    HomogeneousTransformation=kj.homogeneous(AJ0, p0),
                    HomogeneousTransformationLocal=kj.homogeneous(R, dp_loc))


@register(CONSTRAINT_GROUPS, "JointGeneric")
class GenericJoints(RigidJoints):
    """GenericJoint: 6 equations, free axes by constrainedAxes (translations GLOBAL if all locked)."""

    def read_params(self, records):
        super().read_params(records)
        self.axes = np.zeros((self.n, 6), dtype=np.int64)
        for i, r in enumerate(records):
            self.set_axes(i, self.check_axes(i, r, r.values["constrainedAxes"], 6))
        self.p_alternativeConstraints = param_array(records, "alternativeConstraints", bool)
        self.p_offsetUserFunctionParameters = _vector_array(records, "offsetUserFunctionParameters", 6)
        self.uf = [r.values["offsetUserFunction"] for r in records]
        self.uf_t = [r.values["offsetUserFunction_t"] for r in records]
        self.update_alternative()

    def set_axes(self, i, axes):
        """Equations of item i for the flags ``axes`` (joints.md rotational table)."""
        self.axes[i] = axes
        self.free_rows[i] = axes == 0
        self.local[i] = not np.all(axes[:3] == 1)
        locked = [k for k in range(3) if axes[3 + k]]
        free = [k for k in range(3) if not axes[3 + k]]
        a, b = [0, 0, 0], [0, 0, 0]
        if len(locked) == 3:
            a, b = [2, 2, 0], [1, 0, 1]
        elif len(locked) == 2:
            f = free[0]
            for k in locked:
                a[k], b[k] = f, k
        elif len(locked) == 1:
            a[locked[0]], b[locked[0]] = free[0], free[1]
        self.rot_a[i], self.rot_b[i] = a, b

    def update_alternative(self):
        self.alternative[:] = self.p_alternativeConstraints & (self.axes[:, 3:].sum(axis=1) == 3)

    def update_parameter(self, row, name, value):
        if name == "constrainedAxes":
            self.set_axes(row, self.check_axes(row, self.records[row], value, 6))
            self.update_alternative()
            return True
        if name in ("offsetUserFunction", "offsetUserFunction_t"):
            if (not self.has_user_offsets()) != (not value):
                return False        # with or without user offsets: another record (Assemble again)
            (self.uf if name == "offsetUserFunction" else self.uf_t)[row] = value
            return True
        done = super().update_parameter(row, name, value)
        if name == "alternativeConstraints":
            self.update_alternative()
        return done

    def offsets(self, t, index2):
        if not any(self.uf) and not any(self.uf_t):
            return None
        c = self.system
        u = np.zeros((self.n, 6))
        for i in range(self.n):
            item = int(self.items[i])
            if index2[i]:
                if self.uf_t[i]:
                    raise NotImplementedFeatureError(
                        f"{c.describe('object', item)}: offsetUserFunction_t is not implemented for velocity "
                        "level constraints (use an index-3 solver with offsetUserFunction)")
                continue
            if self.uf[i]:
                val = c.call_user("offsetUserFunction", item, self.uf[i], t, item,
                                  list(self.p_offsetUserFunctionParameters[i]))
                u[i] = c.user_array("offsetUserFunction", item, val, (6,))
        return u

    def force_torque(self, lam, AJ0):
        glob = ~self.local[:, None]
        f = np.where(glob, np.einsum("nji,nj->ni", AJ0, lam[:, :3]), lam[:, :3])
        return f, lam[:, 3:6]


@register(CONSTRAINT_GROUPS, "JointRevoluteZ")
class RevoluteJointsZ(RigidJoints):
    """RevoluteJointZ: dp = 0 (GLOBAL), t_z0^T t_x1 = t_z0^T t_y1 = 0."""
    ROWS = (0, 1, 2, 3, 4)

    def read_params(self, records):
        super().read_params(records)
        self.rot_a[:] = [2, 2, 0]
        self.rot_b[:] = [0, 1, 0]

    def force_torque(self, lam, AJ0):
        f = np.einsum("nji,nj->ni", AJ0, lam[:, :3])
        return f, np.concatenate([lam[:, 3:5], np.zeros((self.n, 1))], axis=1)


@register(CONSTRAINT_GROUPS, "JointPrismaticX")
class PrismaticJointsX(RigidJoints):
    """PrismaticJointX: J0 components y, z of dp = 0, three rotations locked."""
    ROWS = (1, 2, 3, 4, 5)

    def read_params(self, records):
        super().read_params(records)
        self.local[:] = True
        self.rot_a[:] = [2, 2, 0]
        self.rot_b[:] = [1, 0, 1]

    def force_torque(self, lam, AJ0):
        return np.concatenate([np.zeros((self.n, 1)), lam[:, :2]], axis=1), lam[:, 2:5]


# ------------------------------------------------------------------ point joints
@register(CONSTRAINT_GROUPS, "JointSpherical")
class SphericalJoints(JointGroup):
    """SphericalJoint: GLOBAL dp_i = 0 for locked axes (index 2: dv_i)."""
    n_eq = 3
    kernel, layout = kg.point_joints, kg.POINT_JOINTS
    marker_reads = ()

    def record_parameters(self):
        return dict(index2=np.zeros(self.n, dtype=bool), m0=self.m0, m1=self.m1)

    def read_params(self, records):
        for i, r in enumerate(records):
            self.free_rows[i] = self.check_axes(i, r, r.values["constrainedAxes"], 3) == 0

    def update_parameter(self, row, name, value):
        if name == "constrainedAxes":
            self.free_rows[row] = self.check_axes(row, self.records[row], value, 3) == 0
            return True
        return super().update_parameter(row, name, value)

    def equations(self, markers, t, index2, with_jacobian):
        return _point_translation(self, markers, index2, with_jacobian)

    LAMBDA_OUTPUTS = ("Force",)

    def lambda_indices(self, name):
        return self.ae

    def outputs(self, markers, lam, t):
        m0, m1 = self.m0, self.m1
        return dict(Position=markers.pos[m0], Velocity=markers.vel[m0],
                    Displacement=markers.pos[m1] - markers.pos[m0], Force=self.lambda_output("Force", lam))


@register(CONSTRAINT_GROUPS, "JointRevolute2D")
class RevoluteJoints2D(JointGroup):
    """RevoluteJoint2D: x, y components of dp = 0 (index 2: dv)."""
    n_eq = 2
    kernel, layout = kg.point_joints, kg.POINT_JOINTS
    marker_reads = ()
    record_parameters = SphericalJoints.record_parameters

    def equations(self, markers, t, index2, with_jacobian):
        return _point_translation(self, markers, index2, with_jacobian)

    LAMBDA_OUTPUTS = ("Force",)

    def lambda_indices(self, name):
        return np.concatenate([self.ae, np.full((self.n, 1), -1, dtype=self.ae.dtype)], axis=1)   # F_z = 0

    def outputs(self, markers, lam, t):
        m0, m1 = self.m0, self.m1
        return dict(Position=markers.pos[m0], Velocity=markers.vel[m0],
                    Displacement=markers.pos[m1] - markers.pos[m0], Force=self.lambda_output("Force", lam))


@register(CONSTRAINT_GROUPS, "JointPrismatic2D")
class PrismaticJoints2D(JointGroup):
    """PrismaticJoint2D: dp^T n1 = 0 and (constrainRotation) t0^T n1 = 0."""
    n_eq = 2
    kernel, layout = kg.prismatic_joints_2d, kg.PRISMATIC_JOINTS_2D

    def record_parameters(self):
        return dict(axisMarker0=self.p_axisMarker0, normalMarker1=self.p_normalMarker1,
                    index2=np.zeros(self.n, dtype=bool), m0=self.m0, m1=self.m1)

    def read_params(self, records):
        self.p_axisMarker0 = _vector_array(records, "axisMarker0")
        self.p_normalMarker1 = _vector_array(records, "normalMarker1")
        self.p_constrainRotation = param_array(records, "constrainRotation", bool)
        self.free_rows[:, 1] = ~self.p_constrainRotation

    def update_parameter(self, row, name, value):
        done = super().update_parameter(row, name, value)
        self.free_rows[:, 1] = ~self.p_constrainRotation
        return done

    def equations(self, markers, t, index2, with_jacobian):
        n, m = self.n, markers
        g = np.empty((n, 2))
        C = np.empty((n, 2, 2 * m.K)) if with_jacobian else _NO_C
        kc.prismatic_2d(self.m0, self.m1, m.pos, m.vel, m.omega, m.A, m.Jpos, m.Jrot, self.p_axisMarker0,
                        self.p_normalMarker1, _as_index2(index2, n), bool(with_jacobian), g, C)
        return g, (C if with_jacobian else None)

    def outputs(self, markers, lam, t):
        p0, p1, v0, v1, w0, w1, A0, A1 = self.markers_data(markers)[:8]
        At = A0.transpose(0, 2, 1)
        dp_loc = np.einsum("nij,nj->ni", At, p1 - p0)
        R = At @ A1
        # normal force lambda_0 n1 in the m0 frame (1.13.6: [0, lambda_0, 0] while t0 is the m0 x-axis)
        n1 = np.einsum("nij,nj->ni", A1, self.p_normalMarker1)
        # signed position along the sliding axis (axisMarker0 . A0^T dp; measured against 1.13.6)
        return dict(Distance=(self.p_axisMarker0 * dp_loc).sum(axis=1), Position=p0, Velocity=v0,
                    DisplacementLocal=dp_loc, Rotation=np.arctan2(R[:, 1, 0], R[:, 0, 0]),
                    ForceLocal=self.lam(lam)[:, :1] * np.einsum("nij,nj->ni", At, n1),
                    HomogeneousTransformation=kj.homogeneous(A0, p0),
                    HomogeneousTransformationLocal=kj.homogeneous(R, dp_loc))


# ------------------------------------------------------------------ rolling disc
@register(CONSTRAINT_GROUPS, "JointRollingDisc")
class RollingDiscJoints(JointGroup):
    """RollingDisc: nonholonomic, velocity level in every solver: A_J1^T (v_C,m1 - v_C,m0) = 0."""
    n_eq = 3
    kernel, layout = kg.rolling_discs, kg.ROLLING_DISCS

    def record_parameters(self):
        return dict(discRadius=self.p_discRadius, planeNormal=self.p_planeNormal, discAxis=self.p_discAxis,
                    m0=self.m0, m1=self.m1)

    def read_params(self, records):
        c = self.system
        self.velocity_level[:] = True
        self.p_discRadius = param_array(records, "discRadius")
        self.p_discAxis = _vector_array(records, "discAxis")
        self.p_planeNormal = _vector_array(records, "planeNormal")
        for i, r in enumerate(records):
            self.free_rows[i] = self.check_axes(i, r, r.values["constrainedAxes"], 3) == 0
            item = int(self.items[i])
            if not self.p_discRadius[i] > 0:
                c.parameter_error(self, item, r, "discRadius", self.p_discRadius[i], "must be > 0")
            for name in ("discAxis", "planeNormal"):
                vec = getattr(self, "p_" + name)[i]
                if not np.linalg.norm(vec) > 0:
                    c.parameter_error(self, item, r, name, list(vec), "must be a non-zero (unit) vector")

    def update_parameter(self, row, name, value):
        if name == "constrainedAxes":
            self.free_rows[row] = self.check_axes(row, self.records[row], value, 3) == 0
            return True
        if name == "discRadius" and not float(value) > 0:
            self.system.parameter_error(self, int(self.items[row]), self.records[row], name, value, "must be > 0")
        return super().update_parameter(row, name, value)

    def check_geometry(self, A0, A1):
        """The rolling direction w1 x n must exist (disc not lying flat on the plane)."""
        lu = kj.rolling_disc_frame(A0, A1, self.p_planeNormal, self.p_discAxis)[5]
        bad = np.nonzero(~(lu > 1e-12))[0]
        if bad.size:
            from ..errors import SolverError
            i = int(bad[0])
            raise SolverError(f"{self.system.describe('object', int(self.items[i]))}: disc axis is parallel to "
                              "the plane normal (disc lying flat on the plane); the rolling direction is undefined")

    def equations(self, markers, t, index2, with_jacobian):
        self.check_geometry(markers.A[self.m0], markers.A[self.m1])
        g = np.empty((self.n, 3))
        C = np.empty((self.n, 3, self.L)) if with_jacobian else _NO_C
        krj.rolling_disc_equations(self.m0, self.m1, markers.pos, markers.vel, markers.omega, markers.A,
                                   markers.Jpos, markers.Jrot, self.p_discRadius, self.p_planeNormal,
                                   self.p_discAxis, bool(with_jacobian), g, C)
        return g, (C if with_jacobian else None)

    def diagnose_nonfinite(self, markers):
        """Raise the error of a disc lying flat (the compiled residual gives NaN for it)."""
        self.check_geometry(markers.A[self.m0], markers.A[self.m1])

    def outputs(self, markers, lam, t):
        p0, p1, v0, v1, w0, w1, A0, A1, J0p, J1p, J0r, J1r = self.markers_data(markers)
        _, _, pC, AJ = kj.rolling_disc(p0, p1, v0, v1, w0, w1, A0, A1, self.p_discRadius, self.p_planeNormal,
                                       self.p_discAxis, J0p, J1p, J0r, J1r)
        vel = kj.rolling_disc_trail_velocity(v0, v1, w0, w1, A0, A1, self.p_discRadius, self.p_planeNormal,
                                             self.p_discAxis, pC)
        return dict(Position=pC, Velocity=vel, RotationMatrix=AJ.reshape(self.n, 9),
                    ForceLocal=-self.lam(lam), HomogeneousTransformation=kj.homogeneous(AJ, pC))
