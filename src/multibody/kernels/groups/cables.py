"""Group kernels of the cable family (equations/cables.py): NodePoint2DSlope1 nodes,
ObjectANCFCable2D elements (all elements of a group in one call, Gauss points inside) and the
markers at points of cables."""
from ..assembly import scatter_add
from ..cables import cable_forces, cable_points, cable_stiffness, slope_node_frames
from ..records import FORCES, FRAMES, MARKERS, STIFFNESS, Layout, b1, f1, f2, f3, i2
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
# frame_local (1, n, 3) zeros (x = 0), frame_mean (n,) False
CABLES_2D = Layout(f1=("L",), f2=("prm", "ax_x", "ax_w", "bd_x", "bd_w", "eps_ref", "curv_ref", "Q"),
                   f3=("frame_local",), b1=("frame_mean",))


@group_kernel
def ancf_cables_2d(phase, g, s):
    """ObjectANCFCable2D: constant mass blocks (at Assemble); FORCES: Q of all elements, added to
    the right-hand side with a minus; STIFFNESS: K = dQ/dq, D = dQ/dq_t; FRAMES: the body frame at
    x = 0 (outputs)."""
    L = CABLES_2D
    if phase == FORCES:
        Q = f2(g, L.f2.Q)
        cable_forces(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w), f2(g, L.f2.bd_x),
                     f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f2(g, L.f2.curv_ref), Q)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        cable_stiffness(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w), f2(g, L.f2.bd_x),
                        f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f2(g, L.f2.curv_ref), g.K, g.D)
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


__all__ = ["slope2d_nodes", "ancf_cables_2d", "cable_markers"]
