"""Group kernels of the constraints and joints (equations/constraints.py, joints.py): each writes
its residual rows g (n, E) and Jacobian blocks C (n, E, L) in the CONSTRAINTS phase, in the
velocity form of position-level rows where the state says index 2. The rows lambda = 0 of
inactive items and free axes are the system's (kernels/system.py)."""
from ..constraints import (coordinate, coordinate_system, coordinate_vector, distance, point_translation,
                           prismatic_2d)
from ..records import CONSTRAINTS, Layout, b1, f1, f2, f3, i1, i2
from ..rigid_joints import rigid_joint_equations, rolling_disc_equations
from ..user import user_call
from . import group_kernel

USER_SLOT = 0       # slots[USER_SLOT]: the call back of the items' Python user functions

COORDINATE_CONSTRAINTS = Layout(f1=("factor1", "offset", "user_offset", "user_velocity_offset"),
                                b1=("velocityLevel", "velocity_form"), i1=("m0", "m1"))


@group_kernel
def coordinate_constraints(phase, g, s):
    """CoordinateConstraint: k1 q_m1 - q_m0 - offset (index 3), k1 v_m1 - v_m0 - d (index 2 or
    velocityLevel); with offset user functions a call back writes the forms and offsets."""
    if phase == CONSTRAINTS:
        L = COORDINATE_CONSTRAINTS
        m0, m1 = i1(g, L.i1.m0), i1(g, L.i1.m1)
        if g.slots[USER_SLOT] != 0:
            user_call(g.slots[USER_SLOT], s.t, s.index2)
            coordinate(m0, m1, s.marker_cval, s.marker_cvel, s.marker_cJ, f1(g, L.f1.factor1),
                       f1(g, L.f1.user_offset), f1(g, L.f1.user_velocity_offset), b1(g, L.b1.velocity_form), True,
                       g.g, g.C)
        else:
            coordinate_system(m0, m1, s.marker_cval, s.marker_cvel, s.marker_cJ, f1(g, L.f1.factor1),
                              f1(g, L.f1.offset), b1(g, L.b1.velocityLevel), s.index2, b1(g, L.b1.velocity_form), g.g,
                              g.C)
    return 0


DISTANCE_CONSTRAINTS = Layout(f1=("distance",), i1=("m0", "m1"))


@group_kernel
def distance_constraints(phase, g, s):
    """DistanceConstraint: |p1 - p0| - d0 (index 3), e . (v1 - v0) (index 2)."""
    if phase == CONSTRAINTS:
        L = DISTANCE_CONSTRAINTS
        distance(i1(g, L.i1.m0), i1(g, L.i1.m1), s.marker_pos, s.marker_vel, s.marker_Jpos, f1(g, L.f1.distance),
                 s.index2, True, g.g, g.C)
    return 0


COORDINATE_VECTOR_CONSTRAINTS = Layout(f2=("offset",), f3=("X", "Y"), b1=("velocityLevel",))


@group_kernel
def coordinate_vector_constraints(phase, g, s):
    """CoordinateVectorConstraint on the coordinates ltg (total values); with user functions a
    call back writes g and C."""
    if phase == CONSTRAINTS:
        if g.slots[USER_SLOT] != 0:
            user_call(g.slots[USER_SLOT], s.t, s.index2)
        else:
            L = COORDINATE_VECTOR_CONSTRAINTS
            coordinate_vector(g.ltg, s.q_tot, s.v, f3(g, L.f3.X), f3(g, L.f3.Y), f2(g, L.f2.offset),
                              b1(g, L.b1.velocityLevel), s.index2, True, g.g, g.C)
    return 0


POINT_JOINTS = Layout(b1=("index2",), i1=("m0", "m1"))


@group_kernel
def point_joints(phase, g, s):
    """SphericalJoint, RevoluteJoint2D: the global translation rows (E of them)."""
    if phase == CONSTRAINTS:
        L = POINT_JOINTS
        flags = b1(g, L.b1.index2)
        flags[:] = s.index2
        point_translation(i1(g, L.i1.m0), i1(g, L.i1.m1), s.marker_pos, s.marker_vel, s.marker_Jpos, flags, True,
                          g.g, g.C)
    return 0


PRISMATIC_JOINTS_2D = Layout(f2=("axisMarker0", "normalMarker1"), b1=("index2",), i1=("m0", "m1"))


@group_kernel
def prismatic_joints_2d(phase, g, s):
    """PrismaticJoint2D: dp . n1 = 0 and t0 . n1 = 0."""
    if phase == CONSTRAINTS:
        L = PRISMATIC_JOINTS_2D
        flags = b1(g, L.b1.index2)
        flags[:] = s.index2
        prismatic_2d(i1(g, L.i1.m0), i1(g, L.i1.m1), s.marker_pos, s.marker_vel, s.marker_omega, s.marker_A,
                     s.marker_Jpos, s.marker_Jrot, f2(g, L.f2.axisMarker0), f2(g, L.f2.normalMarker1), flags, True,
                     g.g, g.C)
    return 0


RIGID_JOINTS = Layout(f2=("u_t",), f3=("rotationMarker0", "rotationMarker1", "Ru"),
                      b1=("local", "alternative", "index2"), i1=("m0", "m1", "rows"), i2=("rot_a", "rot_b"))


@group_kernel
def rigid_joints(phase, g, s):
    """GenericJoint, RevoluteJointZ, PrismaticJointX in the joint frames A_m R (rows: the joint
    type's equations); GenericJoint's offset user functions: a call back writes Ru and u_t."""
    if phase == CONSTRAINTS:
        L = RIGID_JOINTS
        if g.slots[USER_SLOT] != 0:
            user_call(g.slots[USER_SLOT], s.t, s.index2)
        flags = b1(g, L.b1.index2)
        flags[:] = s.index2
        rigid_joint_equations(i1(g, L.i1.m0), i1(g, L.i1.m1), s.marker_pos, s.marker_vel, s.marker_omega, s.marker_A,
                              s.marker_Jpos, s.marker_Jrot, f3(g, L.f3.rotationMarker0), f3(g, L.f3.rotationMarker1),
                              f3(g, L.f3.Ru), f2(g, L.f2.u_t), b1(g, L.b1.local), i2(g, L.i2.rot_a), i2(g, L.i2.rot_b),
                              b1(g, L.b1.alternative), flags, i1(g, L.i1.rows), True, g.g, g.C)
    return 0


ROLLING_DISCS = Layout(f1=("discRadius",), f2=("planeNormal", "discAxis"), i1=("m0", "m1"))


@group_kernel
def rolling_discs(phase, g, s):
    """RollingDisc: velocity-level rolling conditions (NaN for a disc lying flat, which the solver
    then diagnoses in Python)."""
    if phase == CONSTRAINTS:
        L = ROLLING_DISCS
        rolling_disc_equations(i1(g, L.i1.m0), i1(g, L.i1.m1), s.marker_pos, s.marker_vel, s.marker_omega,
                               s.marker_A, s.marker_Jpos, s.marker_Jrot, f1(g, L.f1.discRadius),
                               f2(g, L.f2.planeNormal), f2(g, L.f2.discAxis), True, g.g, g.C)
    return 0
