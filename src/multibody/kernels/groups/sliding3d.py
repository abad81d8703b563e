"""Group kernel of ObjectJointSliding (equations/sliding3d.py, physics kernels/sliding3d.py): the
rows g, C and the AE block K = dg/dz in the CONSTRAINTS phase (g holds the items' AE values z
when the phase starts: kernels/system.py constraint_rows); the element switch, the update of the
data coordinates and the switching error in AFTER_NEWTON."""
from ..records import AFTER_NEWTON, CONSTRAINTS, Layout, b1, f1, f2, i1, i2
from ..sliding3d import sliding_3d_after_newton, sliding_3d_rows
from . import group_kernel

# offs, lens (n, elements): start and length of each element; z (n, 4) the AE values of the last
# CONSTRAINTS phase; cols (n, 12 elements) the columns of each element's coordinates in ltg;
# warned: 1/2 the chain's start/end was reached
SLIDING_JOINTS_3D = Layout(f1=("axialForce",), f2=("offs", "lens", "z"),
                           i1=("m0", "data_index", "n_el", "warned"), i2=("cols",), b1=("bad",))


@group_kernel
def sliding_joints_3d(phase, g, s):
    """ObjectJointSliding: rows and AE block (CONSTRAINTS), element switch (AFTER_NEWTON)."""
    L = SLIDING_JOINTS_3D
    z = f2(g, L.f2.z)
    if phase == CONSTRAINTS:
        gg = g.g
        for i in range(gg.shape[0]):
            for e in range(gg.shape[1]):
                z[i, e] = gg[i, e]
        sliding_3d_rows(i1(g, L.i1.m0), i1(g, L.i1.data_index), i1(g, L.i1.n_el), i2(g, L.i2.cols),
                        f2(g, L.f2.offs), f2(g, L.f2.lens), f1(g, L.f1.axialForce), g.active, s.marker_pos,
                        s.marker_Jpos, s.q_tot, s.v, s.x, g.ltg, z, s.index2, s.width, gg, g.C, g.K,
                        b1(g, L.b1.bad))
    elif phase == AFTER_NEWTON:
        err = sliding_3d_after_newton(i1(g, L.i1.data_index), i1(g, L.i1.n_el), f2(g, L.f2.offs),
                                      f2(g, L.f2.lens), g.active, s.x, z, i1(g, L.i1.warned))
        if err > s.post_error:
            s.post_error = err
    return 0
