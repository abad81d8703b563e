"""Group kernels of the point-mass family (equations/points.py): point nodes, mass points,
1D masses, ObjectGenericODE2 and the markers on nodes and bodies."""
from .._jit import njit
from ..assembly import generic_ode2_lhs, scatter_add
from ..constraints import coordinate_markers
from ..markers import (body_points, copy_frames, mass_1d_frames, point_frames, relative_rotation_markers,
                       relative_translation_markers, rotation_coordinate_markers)
from ..records import (AFTER_NEWTON, FLAG_READ, FORCES, FRAMES, MARKER_A, MARKER_ALL, MARKER_JROT, MARKER_LTG, MARKER_OMEGA,
                       MARKERS, MASS, STIFFNESS, Layout, f1, f2, f3, i1, i2)
from ..user import user_call
from . import group_kernel


@njit(inline="always")
def frames_wanted(g, s):
    """True if the FRAMES phase computes this group's frames: an equation reads them, or Python
    asked for all outputs."""
    return s.all_outputs or g.flags[FLAG_READ] != 0


@njit(inline="always")
def marker_outputs(s):
    """The optional marker outputs to write (A, omega, Jrot, ltg): the state's arrays, or empty
    views of them where no equation reads them (the marker kernels skip an empty output)."""
    want = MARKER_ALL if s.all_outputs else s.marker_outputs
    n = s.marker_A.shape[0]
    A = s.marker_A[:n] if want & MARKER_A else s.marker_A[:0]
    om = s.marker_omega[:n] if want & MARKER_OMEGA else s.marker_omega[:0]
    Jrot = s.marker_Jrot[:n] if want & MARKER_JROT else s.marker_Jrot[:0]
    ltg = s.marker_ltg[:n] if want & MARKER_LTG else s.marker_ltg[:0]
    return A, om, Jrot, ltg


# ---------------------------------------------------------------- nodes and bodies
POINT_NODES = Layout()


@group_kernel
def point_nodes(phase, g, s):
    """NodePoint, NodePoint2D: the frame is the coordinates (Jpos = [I_d; 0])."""
    if phase == FRAMES and frames_wanted(g, s):
        point_frames(g.items, g.ltg, s.q_tot, s.v, s.node_pos, s.node_vel, s.node_Jpos, s.node_ltg)
    return 0


MASS_POINTS = Layout()


@group_kernel
def mass_points(phase, g, s):
    """MassPoint, MassPoint2D: the body frame is the node's coordinates; constant mass blocks."""
    if phase == FRAMES and frames_wanted(g, s):
        point_frames(g.items, g.ltg, s.q_tot, s.v, s.body_pos, s.body_vel, s.body_Jpos, s.body_ltg)
    return 0


MASSES_1D = Layout(f2=("p0",), f3=("A0",), i1=("idx",))


@group_kernel
def masses_1d(phase, g, s):
    """Mass1D: p = p0 + e_x q, e_x the first column of the reference rotation A0."""
    if phase == FRAMES and frames_wanted(g, s):
        L = MASSES_1D
        mass_1d_frames(g.items, i1(g, L.i1.idx), s.q_tot, s.v, f2(g, L.f2.p0), f3(g, L.f3.A0), s.body_pos, s.body_vel,
                       s.body_A, s.body_Jpos, s.body_ltg)
    return 0


GENERIC_ODE2 = Layout(f2=("force", "Q", "user_force"), f3=("M", "K", "D"))
# slots of ObjectGenericODE2's call backs: forces, mass matrix, Jacobian of the user forces
GENERIC_FORCE_SLOT, GENERIC_MASS_SLOT, GENERIC_JACOBIAN_SLOT = 0, 1, 2


@group_kernel
def generic_ode2(phase, g, s):
    """ObjectGenericODE2: Q = K q + D q_t - f (constant matrices), minus the forceUserFunction's
    values (a call back writes them into user_force); M constant, or by the
    massMatrixUserFunction (a call back writes g.M); K and D constant, plus the forward
    differences of the user forces (a call back adds them)."""
    L = GENERIC_ODE2
    if phase == FORCES:
        Q = f2(g, L.f2.Q)
        generic_ode2_lhs(g.ltg, s.q, s.v, f3(g, L.f3.K), f3(g, L.f3.D), f2(g, L.f2.force), Q)
        slot = g.slots[GENERIC_FORCE_SLOT]
        if slot != 0:
            user_call(slot, s.t, s.index2)
            uf = f2(g, L.f2.user_force)
            for i in range(Q.shape[0]):
                for a in range(Q.shape[1]):
                    Q[i, a] -= uf[i, a]
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == MASS:
        g.M[:] = f3(g, L.f3.M)
        slot = g.slots[GENERIC_MASS_SLOT]
        if slot != 0:
            user_call(slot, s.t, s.index2)
    elif phase == STIFFNESS:
        g.K[:] = f3(g, L.f3.K)
        g.D[:] = f3(g, L.f3.D)
        slot = g.slots[GENERIC_JACOBIAN_SLOT]
        if slot != 0:
            user_call(slot, s.t, s.index2)
    return 0


# ---------------------------------------------------------------- markers
NODE_FRAME_MARKERS = Layout(f3=("A_local",), i1=("nodes",))


@group_kernel
def node_frame_markers(phase, g, s):
    """MarkerNodePosition, MarkerNodeRigid: the node frame (rotated by A_local where given)."""
    if phase == MARKERS:
        L = NODE_FRAME_MARKERS
        A, om, Jrot, ltg = marker_outputs(s)
        copy_frames(i1(g, L.i1.nodes), g.items, f3(g, L.f3.A_local), s.node_pos, s.node_vel, s.node_A, s.node_omega,
                    s.node_Jpos, s.node_Jrot, s.node_ltg, s.marker_pos, s.marker_vel, A, om, s.marker_Jpos, Jrot, ltg)
    return 0


BODY_POINT_MARKERS = Layout(f2=("local",), f3=("A_local",), i1=("bodies",))


@group_kernel
def body_point_markers(phase, g, s):
    """MarkerBodyPosition, MarkerBodyRigid, MarkerBodyMass: a body-fixed point (the center of mass
    for MarkerBodyMass, whose masses are set at Assemble)."""
    if phase == MARKERS:
        L = BODY_POINT_MARKERS
        A, om, Jrot, ltg = marker_outputs(s)
        body_points(i1(g, L.i1.bodies), g.items, f2(g, L.f2.local), f3(g, L.f3.A_local), s.body_pos, s.body_vel,
                    s.body_A, s.body_omega, s.body_omega_local, s.body_Jpos, s.body_Jrot, s.body_Jrot_local,
                    s.body_ltg, s.marker_pos, s.marker_vel, A, om, s.marker_Jpos, Jrot, ltg)
    return 0


NODE_COORDINATE_MARKERS = Layout(i1=("index",))


@group_kernel
def node_coordinate_markers(phase, g, s):
    """MarkerNodeCoordinate: one coordinate of a node, without its reference value."""
    if phase == MARKERS:
        coordinate_markers(g.items, i1(g, NODE_COORDINATE_MARKERS.i1.index), s.q, s.v, s.marker_cval, s.marker_cvel,
                           s.marker_cJ, s.marker_ltg)
    return 0


ROTATION_COORDINATE_MARKERS = Layout(i1=("nodes", "coordinate"))


@group_kernel
def rotation_coordinate_markers_group(phase, g, s):
    """MarkerNodeRotationCoordinate: a Tait-Bryan angle of the node's rotation."""
    if phase == MARKERS:
        L = ROTATION_COORDINATE_MARKERS
        rotation_coordinate_markers(i1(g, L.i1.nodes), g.items, i1(g, L.i1.coordinate), s.node_A, s.node_omega,
                                    s.node_Jrot, s.node_ltg, s.marker_cval, s.marker_cvel, s.marker_cJ, s.marker_ltg)
    return 0


RELATIVE_TRANSLATION_MARKERS = Layout(f1=("offset",), f2=("axis",), f3=("local",), i2=("bodies",))


@group_kernel
def relative_translation_markers_group(phase, g, s):
    """MarkerBodiesRelativeTranslationCoordinate: the translation of a point of body 1 relative to
    a point of body 0 along an axis of body 0."""
    if phase == MARKERS:
        L = RELATIVE_TRANSLATION_MARKERS
        relative_translation_markers(g.items, i2(g, L.i2.bodies), f3(g, L.f3.local), f2(g, L.f2.axis),
                                     f1(g, L.f1.offset), s.body_pos, s.body_vel, s.body_A, s.body_omega_local,
                                     s.body_Jpos, s.body_Jrot_local, s.body_ltg, s.marker_cval, s.marker_cvel,
                                     s.marker_cJ, s.marker_ltg)
    return 0


RELATIVE_ROTATION_MARKERS = Layout(f1=("offset",), f3=("basis",), i1=("data_index",), i2=("bodies",))


@group_kernel
def relative_rotation_markers_group(phase, g, s):
    """MarkerBodiesRelativeRotationCoordinate: the angle of body 1 relative to body 0 about an
    axis of body 0; AFTER_NEWTON stores the converged angle in the data coordinates (the
    reference of the next steps' continuous angle)."""
    if phase == MARKERS or phase == AFTER_NEWTON:
        L = RELATIVE_ROTATION_MARKERS
        data_index = i1(g, L.i1.data_index)
        relative_rotation_markers(g.items, i2(g, L.i2.bodies), f3(g, L.f3.basis), f1(g, L.f1.offset), data_index,
                                  s.x, s.body_A, s.body_omega_local, s.body_Jrot, s.body_ltg, s.marker_cval,
                                  s.marker_cvel, s.marker_cJ, s.marker_ltg)
        if phase == AFTER_NEWTON:
            for i in range(data_index.shape[0]):
                if data_index[i] >= 0:
                    s.x[data_index[i]] = s.marker_cval[g.items[i]]
    return 0


__all__ = ["point_nodes", "mass_points", "masses_1d", "generic_ode2", "node_frame_markers", "body_point_markers",
           "node_coordinate_markers", "rotation_coordinate_markers_group", "relative_translation_markers_group",
           "relative_rotation_markers_group", "frames_wanted", "marker_outputs"]
