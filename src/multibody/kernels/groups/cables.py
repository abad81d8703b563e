"""Group kernels of the cable family (equations/cables.py, cables3d.py): NodePoint2DSlope1 nodes,
ObjectANCFCable2D and ObjectANCFCable elements (all elements of a group in one call, Gauss points
inside) and the markers at points of cables."""
from ..assembly import scatter_add
from ..cables import cable_forces, cable_points, cable_stiffness, slope_node_frames
from ..cables3d import cable3d_forces, cable3d_points, cable3d_stiffness
from ..records import FORCES, FRAMES, MARKERS, STIFFNESS, Layout, b1, f1, f2, f3, i2
from ..user import user_call
from . import group_kernel
from .points import frames_wanted, marker_outputs

SLOPE2D_NODES = Layout()


@group_kernel
def slope2d_nodes(phase, g, s):
    """NodePoint2DSlope1 [x, y, r'_x, r'_y]: position and the slope's rotation."""
    if phase == FRAMES and frames_wanted(g, s):
        slope_node_frames(g.items, g.ltg, s.q_tot, s.v, s.node_pos, s.node_vel, s.node_A, s.node_omega,
                          s.node_omega_local, s.node_Jpos, s.node_Jrot, s.node_Jrot_local, s.node_ltg)
    return 0


# prm rows [EA, EI, d_eps, d_K, eps0, K0, f_ref, L]; Gauss points (x, weight) per element;
# the reference strains and curvatures at them; Q the forces' scratch; the body frames' points:
# frame_local (1, n, 3) zeros (x = 0), frame_mean (n,) False; the user functions' values at the
# Gauss points of the elements is_user, user_N (n, na, 3) [N, dN/deps, dN/deps_t], user_M (n, nb, 3)
# likewise (call backs: USER_FORCE_SLOT the values, USER_JACOBIAN_SLOT also the derivatives)
CABLES_2D = Layout(f1=("L",), f2=("prm", "ax_x", "ax_w", "bd_x", "bd_w", "eps_ref", "curv_ref", "Q"),
                   f3=("frame_local", "user_N", "user_M"), b1=("frame_mean", "is_user"))
USER_FORCE_SLOT, USER_JACOBIAN_SLOT = 0, 1


@group_kernel
def ancf_cables_2d(phase, g, s):
    """ObjectANCFCable2D: constant mass blocks (at Assemble); FORCES: Q of all elements, added to
    the right-hand side with a minus; STIFFNESS: K = dQ/dq, D = dQ/dq_t; FRAMES: the body frame at
    x = 0 (outputs)."""
    L = CABLES_2D
    user = (b1(g, L.b1.is_user), f3(g, L.f3.user_N), f3(g, L.f3.user_M))
    if phase == FORCES:
        if g.slots[USER_FORCE_SLOT] != 0:
            user_call(g.slots[USER_FORCE_SLOT], s.t, s.index2)
        Q = f2(g, L.f2.Q)
        cable_forces(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w), f2(g, L.f2.bd_x),
                     f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f2(g, L.f2.curv_ref), user, Q)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        if g.slots[USER_JACOBIAN_SLOT] != 0:
            user_call(g.slots[USER_JACOBIAN_SLOT], s.t, s.index2)
        cable_stiffness(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w), f2(g, L.f2.bd_x),
                        f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f2(g, L.f2.curv_ref), user, g.K, g.D)
    elif phase == FRAMES and frames_wanted(g, s):
        cable_points(g.items, g.ltg, f1(g, L.f1.L), f3(g, L.f3.frame_local)[0], b1(g, L.b1.frame_mean), s.q_tot, s.v,
                     s.body_pos, s.body_vel, s.body_A, s.body_omega, s.body_Jpos, s.body_Jrot, s.body_ltg)
    return 0


CABLE_MARKERS = Layout(f1=("L",), f2=("local",), i2=("ltg",), b1=("mean",))


@group_kernel
def cable_markers(phase, g, s):
    """MarkerBodyPosition, MarkerBodyRigid and MarkerBodyMass on cables: points of the cable axis
    (offset along its normal), or the element's mean (MarkerBodyMass)."""
    if phase == MARKERS:
        L = CABLE_MARKERS
        A, om, Jrot, ltg = marker_outputs(s)
        cable_points(g.items, i2(g, L.i2.ltg), f1(g, L.f1.L), f2(g, L.f2.local), b1(g, L.b1.mean), s.q_tot, s.v,
                     s.marker_pos, s.marker_vel, A, om, s.marker_Jpos, Jrot, ltg)
    return 0


# as CABLES_2D (prm column 5, the pre-curvature, is 0); curv_ref (n, nb, 3) the reference curvature vectors
CABLES_3D = Layout(f1=("L",), f2=("prm", "ax_x", "ax_w", "bd_x", "bd_w", "eps_ref", "Q", "frame_local"),
                   f3=("curv_ref",), b1=("frame_mean",))


@group_kernel
def ancf_cables_3d(phase, g, s):
    """ObjectANCFCable: constant mass blocks (at Assemble); FORCES: Q of all elements, added to the
    right-hand side with a minus; STIFFNESS: K = dQ/dq, D = dQ/dq_t; FRAMES: the body frame at
    x = 0 (outputs)."""
    L = CABLES_3D
    if phase == FORCES:
        Q = f2(g, L.f2.Q)
        cable3d_forces(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w), f2(g, L.f2.bd_x),
                       f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f3(g, L.f3.curv_ref), Q)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        cable3d_stiffness(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w), f2(g, L.f2.bd_x),
                          f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f3(g, L.f3.curv_ref), g.K, g.D)
    elif phase == FRAMES and frames_wanted(g, s):
        cable3d_points(g.items, g.ltg, f1(g, L.f1.L), f2(g, L.f2.frame_local), b1(g, L.b1.frame_mean), s.q_tot, s.v,
                       s.body_pos, s.body_vel, s.body_Jpos, s.body_ltg)
    return 0


@group_kernel
def cable3d_markers(phase, g, s):
    """MarkerBodyPosition and MarkerBodyMass on ObjectANCFCable: points of the cable axis, or the
    element's mean (MarkerBodyMass); layout CABLE_MARKERS."""
    if phase == MARKERS:
        L = CABLE_MARKERS
        _, _, _, ltg = marker_outputs(s)
        cable3d_points(g.items, i2(g, L.i2.ltg), f1(g, L.f1.L), f2(g, L.f2.local), b1(g, L.b1.mean), s.q_tot, s.v,
                       s.marker_pos, s.marker_vel, s.marker_Jpos, ltg)
    return 0


__all__ = ["slope2d_nodes", "ancf_cables_2d", "cable_markers", "ancf_cables_3d", "cable3d_markers"]
