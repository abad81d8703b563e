"""Group kernels of the first-order equations (equations/ode1.py): the ODE1 phase adds the right-
hand side f of y_t = f(t, y) of each group into state.f1 at state.y1 (coordinates without
reference values)."""
from ..records import ODE1, Layout, f1, f2, f3, i1, i2
from ..user import user_call
from . import group_kernel

USER_SLOT = 0                   # slots[USER_SLOT]: the call back of the user functions' values

GENERIC_ODE1 = Layout(f2=("b", "user"), f3=("A",), i2=("ltg1",))


@group_kernel
def generic_ode1(phase, g, s):
    """ObjectGenericODE1: f += A y + b + f_user(t, y) on the object's ODE1 coordinates ltg1 (-1:
    padding); the user functions' values come from a call back into ``user``."""
    if phase == ODE1:
        L = GENERIC_ODE1
        if g.slots[USER_SLOT] != 0:
            user_call(g.slots[USER_SLOT], s.t, s.index2)
        ltg, A, b, u = i2(g, L.i2.ltg1), f3(g, L.f3.A), f2(g, L.f2.b), f2(g, L.f2.user)
        y, f = s.y1, s.f1
        for i in range(ltg.shape[0]):
            for a in range(ltg.shape[1]):
                k = ltg[i, a]
                if k < 0:
                    continue
                acc = b[i, a] + u[i, a]
                for c in range(ltg.shape[1]):
                    kc = ltg[i, c]
                    if kc >= 0:
                        acc += A[i, a, c] * y[kc]
                f[k] += acc
    return 0


ODE1_COORDINATE_LOADS = Layout(f1=("load", "values"), i1=("index",))


@group_kernel
def ode1_coordinate_loads(phase, g, s):
    """LoadCoordinate on a MarkerNodeODE1Coordinate: the load added to the right-hand side of the
    coordinate's first-order equation."""
    if phase == ODE1:
        L = ODE1_COORDINATE_LOADS
        vec, values, index = f1(g, L.f1.load), f1(g, L.f1.values), i1(g, L.i1.index)
        for i in range(vec.shape[0]):
            values[i] = vec[i]
        if g.slots[USER_SLOT] != 0:
            user_call(g.slots[USER_SLOT], s.t, s.index2)
        for i in range(vec.shape[0]):
            s.f1[index[i]] += values[i]
    return 0
