"""Group kernel of ObjectJointSliding2D (equations/sliding.py, physics kernels/sliding.py): the
rows g, C and the AE block K = dg/dz in the CONSTRAINTS phase (g holds the items' AE values z
when the phase starts: kernels/system.py constraint_rows); the element switch and the update of
the data coordinates in AFTER_NEWTON. The layout and the phases' common parts serve
ObjectJointSliding as well (kernels/groups/sliding3d.py)."""
from .._jit import njit
from ..records import AFTER_NEWTON, CONSTRAINTS, Layout, b1, f1, f2, i1, i2
from ..sliding import sliding_2d_rows, sliding_after_newton
from . import group_kernel

# offs, lens (n, elements): start and length of each element; z (n, E) the AE values of the last
# CONSTRAINTS phase; cols (n, width elements) the columns of each element's coordinates in ltg;
# warned: 1/2 the chain's start/end was reached; classical, constrainRotation: ObjectJointSliding2D's
SLIDING_JOINTS = Layout(f1=("axialForce",), f2=("offs", "lens", "z"),
                        i1=("m0", "data_index", "n_el", "warned"), i2=("cols",),
                        b1=("classical", "constrainRotation", "bad"))


@njit(inline="always")
def sliding_ae_values(g):
    """z (n, E): the items' AE values, copied from g.g (CONSTRAINTS phase)."""
    z = f2(g, SLIDING_JOINTS.f2.z)
    gg = g.g
    for i in range(gg.shape[0]):
        for e in range(gg.shape[1]):
            z[i, e] = gg[i, e]
    return z


@njit(inline="always")
def sliding_switch(g, s, si):
    """The element switch and x1 += s (s = z[:, si]) of the items (AFTER_NEWTON); returns the
    largest distance of a point outside its element."""
    L = SLIDING_JOINTS
    return sliding_after_newton(i1(g, L.i1.data_index), i1(g, L.i1.n_el), f2(g, L.f2.offs), f2(g, L.f2.lens),
                                g.active, s.x, f2(g, L.f2.z), si, i1(g, L.i1.warned))


@group_kernel
def sliding_joints_2d(phase, g, s):
    """ObjectJointSliding2D: rows and AE block (CONSTRAINTS), element switch (AFTER_NEWTON; it asks
    for no further discontinuous iteration, as Exudyn 1.13.6)."""
    L = SLIDING_JOINTS
    if phase == CONSTRAINTS:
        z = sliding_ae_values(g)
        sliding_2d_rows(i1(g, L.i1.m0), i1(g, L.i1.data_index), i1(g, L.i1.n_el), i2(g, L.i2.cols),
                        f2(g, L.f2.offs), f2(g, L.f2.lens), b1(g, L.b1.classical), b1(g, L.b1.constrainRotation),
                        f1(g, L.f1.axialForce), g.active, s.marker_pos, s.marker_vel, s.marker_A, s.marker_omega,
                        s.marker_Jpos, s.marker_Jrot, s.q_tot, s.v, s.x, g.ltg, z, s.index2, s.width, g.g, g.C, g.K,
                        b1(g, L.b1.bad))
    elif phase == AFTER_NEWTON:
        sliding_switch(g, s, 2)
    return 0
