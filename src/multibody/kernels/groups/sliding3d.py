"""Group kernel of ObjectJointSliding (equations/sliding3d.py, physics kernels/sliding3d.py) on the
sliding joints' layout (kernels/groups/sliding.py): the rows g, C and the AE block K = dg/dz in
the CONSTRAINTS phase; the element switch, the update of the data coordinates and the switching
error in AFTER_NEWTON."""
from ..records import AFTER_NEWTON, CONSTRAINTS, b1, f1, f2, i1, i2
from ..sliding3d import sliding_3d_rows
from . import group_kernel
from .sliding import SLIDING_JOINTS, sliding_ae_values, sliding_switch


@group_kernel
def sliding_joints_3d(phase, g, s):
    """ObjectJointSliding: rows and AE block (CONSTRAINTS), element switch (AFTER_NEWTON)."""
    L = SLIDING_JOINTS
    if phase == CONSTRAINTS:
        z = sliding_ae_values(g)
        sliding_3d_rows(i1(g, L.i1.m0), i1(g, L.i1.data_index), i1(g, L.i1.n_el), i2(g, L.i2.cols),
                        f2(g, L.f2.offs), f2(g, L.f2.lens), f1(g, L.f1.axialForce), g.active, s.marker_pos,
                        s.marker_Jpos, s.q_tot, s.v, s.x, g.ltg, z, s.index2, s.width, g.g, g.C, g.K,
                        b1(g, L.b1.bad))
    elif phase == AFTER_NEWTON:
        err = sliding_switch(g, s, 0)
        if err > s.post_error:
            s.post_error = err
    return 0
