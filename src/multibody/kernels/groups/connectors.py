"""Group kernels of the spring-dampers (equations/connectors.py, rigid_connectors.py).

A connector between markers m0 and m1 acts through B = [-J_m0, J_m1]: Q_LHS = B^T F added with
sign -1 into the right-hand side (FORCES), K = B^T (dF/d dp) B and D = B^T (dF/d dv) B
(STIFFNESS; kernels/connectors.py project_to_coordinates). Items with Python user functions get
their values from a call back into the group's Python code (kernels/user.py) before the kernel
reads them.
"""
from .._jit import njit
from ..assembly import scatter_add
from ..connectors import (cartesian_spring_forces, coordinate_spring_forces, gravity_marker_forces,
                          project_to_coordinates, spring_damper_marker_forces)
from ..records import AFTER_NEWTON, FORCES, STIFFNESS, Layout, b1, f1, f2, f3, i1
from ..rigid_connectors import rigid_connector_forces, torsional_angles
from ..friction import ext_forces, ext_project, post_newton_data
from ..user import user_call
from . import group_kernel

# the call-back slots of a connector group: its forces (or the user functions' values the kernel
# reads), its K and D blocks (where Python makes them)
FORCE_SLOT, JACOBIAN_SLOT = 0, 1

SPRING_DAMPERS = Layout(f1=("referenceLength", "stiffness", "damping", "force", "velocityOffset", "user_force"),
                        f2=("F", "Q"), f3=("S", "Dv"), i1=("m0", "m1"), b1=("is_user",))


@group_kernel
def spring_dampers(phase, g, s):
    """ConnectorSpringDamper: F = f_SD e along the markers' distance; the springForceUserFunction's
    values (a call back) where items have one."""
    L = SPRING_DAMPERS
    m0, m1 = i1(g, L.i1.m0), i1(g, L.i1.m1)
    F, Q = f2(g, L.f2.F), f2(g, L.f2.Q)
    args = (f1(g, L.f1.referenceLength), f1(g, L.f1.stiffness), f1(g, L.f1.damping), f1(g, L.f1.force),
            f1(g, L.f1.velocityOffset), b1(g, L.b1.is_user), f1(g, L.f1.user_force))
    if phase == FORCES:
        if g.slots[FORCE_SLOT] != 0:
            user_call(g.slots[FORCE_SLOT], s.t, s.index2)
        none = g.K[:0]
        spring_damper_marker_forces(m0, m1, s.marker_pos, s.marker_vel, *args, False, F, none, none)
        project_to_coordinates(m0, m1, s.marker_Jpos, F, none, none, g.active, False, Q, none, none)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        S, Dv = f3(g, L.f3.S), f3(g, L.f3.Dv)
        spring_damper_marker_forces(m0, m1, s.marker_pos, s.marker_vel, *args, True, F, S, Dv)
        project_to_coordinates(m0, m1, s.marker_Jpos, F, S, Dv, g.active, True, Q, g.K, g.D)
    return 0


GRAVITY_CONNECTORS = Layout(f1=("G", "mass0", "mass1", "d_min"), f2=("F", "Q"), f3=("S", "Dv"), i1=("m0", "m1"))


@group_kernel
def gravity_connectors(phase, g, s):
    """ConnectorGravity: the attraction F = f e of two masses (kernels/connectors.py
    gravity_marker_forces); no velocity dependence (Dv = 0)."""
    L = GRAVITY_CONNECTORS
    m0, m1 = i1(g, L.i1.m0), i1(g, L.i1.m1)
    F, Q, S, Dv = f2(g, L.f2.F), f2(g, L.f2.Q), f3(g, L.f3.S), f3(g, L.f3.Dv)
    args = (f1(g, L.f1.G), f1(g, L.f1.mass0), f1(g, L.f1.mass1), f1(g, L.f1.d_min))
    if phase == FORCES:
        none = g.K[:0]
        gravity_marker_forces(m0, m1, s.marker_pos, *args, False, F, S)
        project_to_coordinates(m0, m1, s.marker_Jpos, F, none, none, g.active, False, Q, none, none)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        gravity_marker_forces(m0, m1, s.marker_pos, *args, True, F, S)
        project_to_coordinates(m0, m1, s.marker_Jpos, F, S, Dv, g.active, True, Q, g.K, g.D)
    return 0


# (m0, m1 first: _constant_blocks_connector reads them as i1[0], i1[1])
CARTESIAN_SPRING_DAMPERS = Layout(f2=("stiffness", "damping", "offset", "F", "Q"), f3=("S", "Dv"),
                                  i1=("m0", "m1"))


@njit(inline="always")
def _constant_blocks_connector(phase, g, s, J, F, Q, S, Dv):
    """The forces' projection (F, made before) and the K, D blocks of a connector with constant
    dF/d dp = S and dF/d dv = Dv."""
    if phase == FORCES:
        none = g.K[:0]
        project_to_coordinates(i1(g, 0), i1(g, 1), J, F, none, none, g.active, False, Q, none, none)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        project_to_coordinates(i1(g, 0), i1(g, 1), J, F, S, Dv, g.active, True, Q, g.K, g.D)


@group_kernel
def cartesian_spring_dampers(phase, g, s):
    """ConnectorCartesianSpringDamper: F = k u + d dv per axis; constant dF/d dp = diag(k) and
    dF/d dv = diag(d) (S, Dv, kept by the Python group); a user function gives F (a call back)."""
    L = CARTESIAN_SPRING_DAMPERS
    F = f2(g, L.f2.F)
    if phase == FORCES:
        if g.slots[FORCE_SLOT] != 0:
            user_call(g.slots[FORCE_SLOT], s.t, s.index2)
        else:
            cartesian_spring_forces(i1(g, L.i1.m0), i1(g, L.i1.m1), s.marker_pos, s.marker_vel, f2(g, L.f2.stiffness),
                                    f2(g, L.f2.damping), f2(g, L.f2.offset), F)
    _constant_blocks_connector(phase, g, s, s.marker_Jpos, F, f2(g, L.f2.Q), f3(g, L.f3.S), f3(g, L.f3.Dv))
    return 0


COORDINATE_SPRING_DAMPERS = Layout(f1=("stiffness", "damping", "offset"), f2=("F", "Q"), f3=("S", "Dv"),
                                   i1=("m0", "m1"))


@group_kernel
def coordinate_spring_dampers(phase, g, s):
    """ConnectorCoordinateSpringDamper on coordinate markers: F = k (dq - offset) + d dv (n, 1)."""
    L = COORDINATE_SPRING_DAMPERS
    F = f2(g, L.f2.F)
    if phase == FORCES:
        if g.slots[FORCE_SLOT] != 0:
            user_call(g.slots[FORCE_SLOT], s.t, s.index2)
        else:
            coordinate_spring_forces(i1(g, L.i1.m0), i1(g, L.i1.m1), s.marker_cval, s.marker_cvel,
                                     f1(g, L.f1.stiffness), f1(g, L.f1.damping), f1(g, L.f1.offset), F)
    cJ = s.marker_cJ
    _constant_blocks_connector(phase, g, s, cJ.reshape((cJ.shape[0], 1, cJ.shape[1])), F, f2(g, L.f2.Q),
                               f3(g, L.f3.S), f3(g, L.f3.Dv))
    return 0


RIGID_CONNECTORS = Layout(f1=("phi",), f2=("params", "Q"), i1=("m0", "m1", "data_index"))
KIND = 1            # flags[KIND]: kernels/rigid_connectors.py RIGID_BODY, LINEAR or TORSIONAL


@group_kernel
def rigid_connectors(phase, g, s):
    """RigidBodySpringDamper, LinearSpringDamper, TorsionalSpringDamper: a force and a torque
    through the markers' position and rotation Jacobians (kernels/rigid_connectors.py); with
    user functions Python makes Q (and K, D) in call backs; a torsional spring's data node
    keeps its continuous angle (AFTER_NEWTON)."""
    L = RIGID_CONNECTORS
    m0, m1, data_index = i1(g, L.i1.m0), i1(g, L.i1.m1), i1(g, L.i1.data_index)
    Q, params = f2(g, L.f2.Q), f2(g, L.f2.params)
    kind = g.flags[KIND]
    if phase == FORCES:
        if g.slots[FORCE_SLOT] != 0:
            user_call(g.slots[FORCE_SLOT], s.t, s.index2)
        else:
            none = g.K[:0]
            rigid_connector_forces(kind, m0, m1, s.marker_pos, s.marker_vel, s.marker_A, s.marker_omega,
                                   s.marker_Jpos, s.marker_Jrot, params, g.active, s.x, data_index, False, Q, none,
                                   none)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        if g.slots[JACOBIAN_SLOT] != 0:
            user_call(g.slots[JACOBIAN_SLOT], s.t, s.index2)
        else:
            rigid_connector_forces(kind, m0, m1, s.marker_pos, s.marker_vel, s.marker_A, s.marker_omega,
                                   s.marker_Jpos, s.marker_Jrot, params, g.active, s.x, data_index, True,
                                   f2(g, L.f2.Q), g.K, g.D)
    elif phase == AFTER_NEWTON:
        phi = f1(g, L.f1.phi)
        torsional_angles(m0, m1, s.marker_A, params, s.x, data_index, phi)
        for i in range(phi.shape[0]):
            if data_index[i] >= 0:
                s.x[data_index[i]] = phi[i]
    return 0


COORDINATE_SPRING_DAMPERS_EXT = Layout(f1=("user_force", "x_start", "error"), f2=("params", "F", "Q"),
                                       f3=("S", "Dv"), i1=("m0", "m1", "flags", "data_index"), b1=("is_user",))


@group_kernel
def coordinate_spring_dampers_ext(phase, g, s):
    """ConnectorCoordinateSpringDamperExt (kernels/friction.py): the force with friction and limit
    stops through B = [-f0 J_m0, f1 J_m1]; the springForceUserFunction's values from a call back;
    AFTER_NEWTON switches the data coordinates (stick-slip, limit stops) and reports the largest
    switching error in s.post_error."""
    L = COORDINATE_SPRING_DAMPERS_EXT
    m0, m1, flags, data_index = i1(g, L.i1.m0), i1(g, L.i1.m1), i1(g, L.i1.flags), i1(g, L.i1.data_index)
    params, F, S, Dv = f2(g, L.f2.params), f2(g, L.f2.F), f3(g, L.f3.S), f3(g, L.f3.Dv)
    if phase == FORCES or phase == STIFFNESS:
        if phase == FORCES and g.slots[FORCE_SLOT] != 0:
            user_call(g.slots[FORCE_SLOT], s.t, s.index2)
        ext_forces(m0, m1, s.marker_cval, s.marker_cvel, params, flags, s.x, data_index, b1(g, L.b1.is_user),
                   f1(g, L.f1.user_force), F, S, Dv)
        Q = f2(g, L.f2.Q)
        ext_project(m0, m1, s.marker_cJ, params, F, S, Dv, g.active, phase == STIFFNESS, Q, g.K, g.D)
        if phase == FORCES:
            scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == AFTER_NEWTON:
        err = post_newton_data(m0, m1, s.marker_cval, s.marker_cvel, params, flags, g.active, s.x,
                               f1(g, L.f1.x_start), data_index, f1(g, L.f1.error))
        if err > s.post_error:
            s.post_error = err
    return 0
