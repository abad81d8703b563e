"""Group kernels of the rigid-body family (equations/rigid.py): rigid nodes (2D, Euler
parameters, Rxyz, rotation vector), rigid bodies on each node type, ObjectRigidBody2D and
ObjectRotationalMass1D. The node kinds have one kernel each (a model loads only those it uses)."""
from .._jit import njit
from ..assembly import scatter_add
from ..records import CONSTRAINTS, FORCES, FRAMES, MASS, STIFFNESS, Layout, f1, f2, f3, i1
from ..rigid import (ep_frames, ep_mass_and_lhs, ep_normalization, ep_stiffness, frames_2d, rigid_2d_mass_and_lhs,
                     rigid_2d_stiffness, rotational_mass_1d_frames, rotvec_frames, rotvec_mass_and_lhs, rotvec_stiffness,
                     rxyz_frames, rxyz_mass_and_lhs, rxyz_stiffness)
from . import group_kernel
from .points import frames_wanted

# relative step of the central differences of the gyroscopic terms w.r.t. the coordinates
FD_STEP = 1e-6


@njit(inline="always")
def gather(x, idx, out):
    """out = x[idx] for an (n, w) index array without padding; returns out."""
    for i in range(idx.shape[0]):
        for j in range(idx.shape[1]):
            out[i, j] = x[idx[i, j]]
    return out


# ---------------------------------------------------------------- nodes
RIGID_NODES = Layout(f2=("qs", "vs"))


@group_kernel
def rigid_2d_nodes(phase, g, s):
    """NodeRigidBody2D [x, y, theta]."""
    if phase == FRAMES and frames_wanted(g, s):
        L = RIGID_NODES
        frames_2d(g.items, gather(s.q_tot, g.ltg, f2(g, L.f2.qs)), gather(s.v, g.ltg, f2(g, L.f2.vs)), g.ltg,
                  s.node_pos, s.node_vel, s.node_A, s.node_omega, s.node_Jpos, s.node_Jrot, s.node_omega_local,
                  s.node_Jrot_local, s.node_ltg)
    return 0


@njit(inline="always")
def _rigid_3d_nodes(phase, g, s, frames):
    """Rigid 3D nodes with the frames kernel of their rotation parametrization."""
    if phase == FRAMES and frames_wanted(g, s):
        L = RIGID_NODES
        frames(g.items, g.ltg, gather(s.q_tot, g.ltg, f2(g, L.f2.qs)), gather(s.v, g.ltg, f2(g, L.f2.vs)), s.node_pos,
               s.node_vel, s.node_A, s.node_omega, s.node_omega_local, s.node_Jpos, s.node_Jrot, s.node_Jrot_local,
               s.node_ltg)


@group_kernel
def ep_nodes(phase, g, s):
    """NodeRigidBodyEP: frames; the Euler-parameter condition |ep|^2 - 1 = 0 (index 2 of the
    system: 2 ep . ep_t) as a constraint row of the node."""
    _rigid_3d_nodes(phase, g, s, ep_frames)
    if phase == CONSTRAINTS:
        ep_normalization(g.ltg, s.q_tot, s.v, s.index2, True, g.g, g.C)
    return 0


@group_kernel
def rxyz_nodes(phase, g, s):
    """NodeRigidBodyRxyz."""
    _rigid_3d_nodes(phase, g, s, rxyz_frames)
    return 0


@group_kernel
def rotvec_nodes(phase, g, s):
    """NodeRigidBodyRotVecLG (its Lie-group update is the solvers')."""
    _rigid_3d_nodes(phase, g, s, rotvec_frames)
    return 0


# ---------------------------------------------------------------- bodies
RIGID_BODIES = Layout(f1=("mass",), f2=("com", "qs", "vs", "Q"), f3=("J",))


@njit(inline="always")
def _rigid_bodies(phase, g, s, frames, mass_and_lhs, stiffness):
    """ObjectRigidBody with the kernels of its nodes' rotation parametrization: frames, mass
    blocks and LHS terms in one pass (MASS; FORCES adds -Q), K by central differences and D
    analytic (STIFFNESS)."""
    L = RIGID_BODIES
    qs, vs = f2(g, L.f2.qs), f2(g, L.f2.vs)
    if phase == FRAMES:
        if frames_wanted(g, s):
            frames(g.items, g.ltg, gather(s.q_tot, g.ltg, qs), gather(s.v, g.ltg, vs), s.body_pos, s.body_vel,
                   s.body_A, s.body_omega, s.body_omega_local, s.body_Jpos, s.body_Jrot, s.body_Jrot_local, s.body_ltg)
    elif phase == MASS:
        Q = f2(g, L.f2.Q)
        Q[:] = 0.0
        mass_and_lhs(gather(s.q_tot, g.ltg, qs), gather(s.v, g.ltg, vs), f1(g, L.f1.mass), f3(g, L.f3.J),
                     f2(g, L.f2.com), True, True, g.M, Q)
    elif phase == FORCES:
        scatter_add(s.f, g.ltg, f2(g, L.f2.Q), -1.0)
    elif phase == STIFFNESS:
        stiffness(gather(s.q_tot, g.ltg, qs), gather(s.v, g.ltg, vs), f1(g, L.f1.mass), f3(g, L.f3.J),
                  f2(g, L.f2.com), FD_STEP, g.K, g.D)


@group_kernel
def ep_bodies(phase, g, s):
    """ObjectRigidBody on Euler-parameter nodes."""
    _rigid_bodies(phase, g, s, ep_frames, ep_mass_and_lhs, ep_stiffness)
    return 0


@group_kernel
def rxyz_bodies(phase, g, s):
    """ObjectRigidBody on Rxyz nodes."""
    _rigid_bodies(phase, g, s, rxyz_frames, rxyz_mass_and_lhs, rxyz_stiffness)
    return 0


@group_kernel
def rotvec_bodies(phase, g, s):
    """ObjectRigidBody on rotation-vector (Lie-group) nodes."""
    _rigid_bodies(phase, g, s, rotvec_frames, rotvec_mass_and_lhs, rotvec_stiffness)
    return 0


RIGID_BODIES_2D = Layout(f1=("mass", "inertia"), f2=("com", "qs", "vs", "Q"))


@group_kernel
def rigid_bodies_2d(phase, g, s):
    """ObjectRigidBody2D: frames; M and Q_LHS = [-m psi_t^2 A b; 0] (a center of mass at the node:
    constant M, set at Assemble, and no LHS terms); their Jacobians."""
    L = RIGID_BODIES_2D
    if phase == FRAMES:
        if frames_wanted(g, s):
            frames_2d(g.items, gather(s.q_tot, g.ltg, f2(g, L.f2.qs)), gather(s.v, g.ltg, f2(g, L.f2.vs)), g.ltg,
                      s.body_pos, s.body_vel, s.body_A, s.body_omega, s.body_Jpos, s.body_Jrot, s.body_omega_local,
                      s.body_Jrot_local, s.body_ltg)
    elif phase == MASS:
        rigid_2d_mass_and_lhs(g.ltg, s.q_tot, s.v, f1(g, L.f1.mass), f1(g, L.f1.inertia), f2(g, L.f2.com), g.M,
                              f2(g, L.f2.Q))
    elif phase == FORCES:
        if g.mass_constant == 0:
            scatter_add(s.f, g.ltg, f2(g, L.f2.Q), -1.0)
    elif phase == STIFFNESS:
        rigid_2d_stiffness(g.ltg, s.q_tot, s.v, f1(g, L.f1.mass), f2(g, L.f2.com), g.K, g.D)
    return 0


ROTATIONAL_MASSES_1D = Layout(f2=("p0",), f3=("A0",), i1=("idx",))


@group_kernel
def rotational_masses_1d(phase, g, s):
    """ObjectRotationalMass1D: A = A0 Rz(theta) about a fixed point p0; constant inertia."""
    if phase == FRAMES and frames_wanted(g, s):
        L = ROTATIONAL_MASSES_1D
        rotational_mass_1d_frames(g.items, i1(g, L.i1.idx), s.q_tot, s.v, f2(g, L.f2.p0), f3(g, L.f3.A0), s.body_pos,
                                  s.body_vel, s.body_A, s.body_omega, s.body_omega_local, s.body_Jpos,
                                  s.body_Jrot, s.body_Jrot_local, s.body_ltg)
    return 0
