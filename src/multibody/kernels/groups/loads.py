"""Group kernels of the loads (equations/loads.py): J^T F of each load added into the right-hand
side. The values are loadVector (times the load factor in the static solver); items with a
user function get theirs from a call back that overwrites their rows."""
from ..assembly import coordinate_loads_add, marker_vector_loads_add
from ..records import FORCES, Layout, b1, f1, f2, i1
from ..user import user_call
from . import group_kernel

USER_SLOT = 0                   # slots[USER_SLOT]: the call back of the user functions' values
TORQUE, BODY_FIXED = 1, 2       # flags: 1 for torques (rotation Jacobian), 1 if any load is body-fixed

VECTOR_LOADS = Layout(f1=("scale",), f2=("loadVector", "values"), b1=("bodyFixed",), i1=("marker",))


@group_kernel
def vector_loads(phase, g, s):
    """LoadForceVector, LoadTorqueVector (local to the marker's body where bodyFixed) and
    LoadMassProportional (scale: the markers' masses)."""
    if phase == FORCES:
        L = VECTOR_LOADS
        vec, values = f2(g, L.f2.loadVector), f2(g, L.f2.values)
        factor = s.load_factor if s.static_loads else 1.0
        for i in range(vec.shape[0]):
            for a in range(3):
                values[i, a] = vec[i, a] * factor
        if g.slots[USER_SLOT] != 0:
            user_call(g.slots[USER_SLOT], s.t, s.index2)
        A = s.marker_A[:s.marker_A.shape[0]] if g.flags[BODY_FIXED] != 0 else s.marker_A[:0]
        J = s.marker_Jrot if g.flags[TORQUE] != 0 else s.marker_Jpos
        marker_vector_loads_add(s.f, i1(g, L.i1.marker), s.marker_ltg, A, J, values, b1(g, L.b1.bodyFixed),
                                f1(g, L.f1.scale))
    return 0


COORDINATE_LOADS = Layout(f1=("load", "values"), i1=("marker",))


@group_kernel
def coordinate_loads(phase, g, s):
    """LoadCoordinate: the load on the marker's coordinate."""
    if phase == FORCES:
        L = COORDINATE_LOADS
        vec, values = f1(g, L.f1.load), f1(g, L.f1.values)
        factor = s.load_factor if s.static_loads else 1.0
        for i in range(vec.shape[0]):
            values[i] = vec[i] * factor
        if g.slots[USER_SLOT] != 0:
            user_call(g.slots[USER_SLOT], s.t, s.index2)
        coordinate_loads_add(s.f, i1(g, L.i1.marker), s.marker_ltg, s.marker_cJ, values)
    return 0
