"""Group kernels of ObjectALEANCFCable2D elements (equations/cables_ale.py), the markers at points
of them and ObjectJointALEMoving2D (equations/joints_ale.py)."""
from ..assembly import scatter_add
from ..cables import cable_points
from ..cables_ale import (ale_cable_forces, ale_cable_mass, ale_cable_stiffness, ale_joint_compliance,
                          ale_joint_equations, ale_joint_switch, ale_points_fixup)
from ..records import AFTER_NEWTON, CONSTRAINTS, FORCES, FRAMES, MARKERS, MASS, STIFFNESS, Layout, b1, f1, f2, f3, i1, i2
from . import group_kernel
from .points import frames_wanted, marker_outputs

# the cable's prm rows (kernels/groups/cables.py CABLES_2D) and Gauss points; rho_a (n,); ale rows
# [beta, useCouplingTerms, addALEvariation, 0]; Q the forces' scratch (n, 9); ltg8 the structure's
# coordinates (frames); frame_local (1, n, 3) zeros, frame_mean (n,) False
ALE_CABLES_2D = Layout(f1=("L", "rho_a"), f2=("prm", "ax_x", "ax_w", "bd_x", "bd_w", "eps_ref", "curv_ref", "Q"),
                       f3=("frame_local", "ale"), i2=("ltg8",), b1=("frame_mean",))


@group_kernel
def ale_cables_2d(phase, g, s):
    """ObjectALEANCFCable2D: MASS the (q-dependent) mass blocks; FORCES: Q of all elements, added
    to the right-hand side with a minus; STIFFNESS: K = dQ/dq, D = dQ/dq_t; FRAMES: the body frame
    at x = 0 (outputs)."""
    L = ALE_CABLES_2D
    ale = f3(g, L.f3.ale)[0]
    if phase == MASS:
        ale_cable_mass(g.ltg, s.q_tot, f1(g, L.f1.rho_a), ale, f1(g, L.f1.L), g.M)
    elif phase == FORCES:
        Q = f2(g, L.f2.Q)
        ale_cable_forces(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w), f2(g, L.f2.bd_x),
                         f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f2(g, L.f2.curv_ref), f1(g, L.f1.rho_a), ale, Q)
        scatter_add(s.f, g.ltg, Q, -1.0)
    elif phase == STIFFNESS:
        ale_cable_stiffness(g.ltg, s.q_tot, s.v, f2(g, L.f2.prm), f2(g, L.f2.ax_x), f2(g, L.f2.ax_w),
                            f2(g, L.f2.bd_x), f2(g, L.f2.bd_w), f2(g, L.f2.eps_ref), f2(g, L.f2.curv_ref),
                            f1(g, L.f1.rho_a), ale, g.K, g.D)
    elif phase == FRAMES and frames_wanted(g, s):
        cable_points(g.items, i2(g, L.i2.ltg8), f1(g, L.f1.L), f3(g, L.f3.frame_local)[0], b1(g, L.b1.frame_mean),
                     s.q_tot, s.v, s.body_pos, s.body_vel, s.body_A, s.body_omega, s.body_Jpos, s.body_Jrot,
                     s.body_ltg)
    return 0


ALE_CABLE_MARKERS = Layout(f1=("L",), f2=("local",), i2=("ltg",), b1=("mean",))


@group_kernel
def ale_cable_markers(phase, g, s):
    """MarkerBodyPosition, MarkerBodyRigid and MarkerBodyMass on ALE cables: the cable's points
    moving with the material's speed; MarkerBodyMass also acts on q_ALE."""
    if phase == MARKERS:
        L = ALE_CABLE_MARKERS
        A, om, Jrot, ltg = marker_outputs(s)
        ltg9 = i2(g, L.i2.ltg)
        cable_points(g.items, ltg9, f1(g, L.f1.L), f2(g, L.f2.local), b1(g, L.b1.mean), s.q_tot, s.v, s.marker_pos,
                     s.marker_vel, A, om, s.marker_Jpos, Jrot, ltg)
        ale_points_fixup(g.items, ltg9, f1(g, L.f1.L), f2(g, L.f2.local), b1(g, L.b1.mean), s.q_tot, s.v,
                         s.marker_vel, s.marker_Jpos, ltg)
    return 0


# per joint: the sliding offset, the ALE node's reference value, the last switching error; per
# sliding element: length and offset (n, n_el); the marker m0, the data coordinate, the ALE
# coordinate, the number of elements; the elements' 8 coordinates (n, 8 n_el) and their 9 columns
# (ALE last) in the joint's coordinates (n, 9 n_el); penalty formulation flags and compliances
# comp = -1/k (0 without penalty); lam: the multipliers of the rows (n, 2), scratch
ALE_JOINTS = Layout(f1=("s_off", "ale_ref", "error", "comp"), f2=("el_L", "el_off", "lam"), i1=("m0", "data_index", "ale", "n_el"),
                    i2=("el_ltg", "el_col"), b1=("penalty",))


@group_kernel
def ale_joints(phase, g, s):
    """ObjectJointALEMoving2D: CONSTRAINTS the rows of the current elements; AFTER_NEWTON the
    element switch of the active joints (its largest error into s.post_error)."""
    L = ALE_JOINTS
    if phase == CONSTRAINTS:
        lam = f2(g, L.f2.lam)
        lam[:, :] = g.g     # constraint_rows puts the multipliers into g (ae_block)
        ale_joint_equations(i1(g, L.i1.m0), i1(g, L.i1.data_index), i1(g, L.i1.ale), f1(g, L.f1.ale_ref),
                            f1(g, L.f1.s_off), i2(g, L.i2.el_ltg), i2(g, L.i2.el_col), f2(g, L.f2.el_L),
                            f2(g, L.f2.el_off), i1(g, L.i1.n_el), b1(g, L.b1.penalty), s.q_tot, s.v, s.x, s.marker_pos,
                            s.marker_vel, s.marker_Jpos, s.index2, g.g, g.C)
        ale_joint_compliance(f1(g, L.f1.comp), lam, g.g, g.K)
    elif phase == AFTER_NEWTON:
        err = ale_joint_switch(i1(g, L.i1.data_index), i1(g, L.i1.ale), f1(g, L.f1.ale_ref), f1(g, L.f1.s_off),
                               f2(g, L.f2.el_L), f2(g, L.f2.el_off), i1(g, L.i1.n_el), g.active, s.q_tot, s.x,
                               f1(g, L.f1.error))
        if err > s.post_error:
            s.post_error = err
    return 0


__all__ = ["ale_cables_2d", "ale_cable_markers", "ale_joints"]
