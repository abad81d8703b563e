"""The first-order coordinates y in the implicit steps (spec solvers.md 4: Exudyn integrates them
with the trapezoidal rule y = y_n + h/2 (y_t,n + y_t) beside the ODE2 method, from y_t = 0 at the
start): their residual r1 = y_t(y) - f(t, y), its Newton matrix J1 = 2/h I - df/dy (df/dy by
forward differences, as Exudyn's numerical differentiation: f has Python user functions), the
Newton update and the predictor. Their Newton block is solved on its own: no load or connector
couples y into the ODE2 or algebraic rows' derivatives (loads are not differentiated), so the
Newton matrix is block diagonal."""
import numpy as np

from ..kernels._jit import njit
from ..kernels.integration import dot
from ..kernels.linalg import dense_factor, dense_solve
from ..kernels.system import ode1_rhs


@njit
def ode1_predict(w, c):
    """y = y_n + h y_t,n, y_t = y_t,n."""
    h = c.h_step
    for i in range(w.y1.shape[0]):
        w.y1[i] = w.sy1[i] + h * w.sy1_t[i]
        w.y1_t[i] = w.sy1_t[i]


@njit
def ode1_residual(system, w, c):
    """r1 = y_t - f(t_new, y); returns (status, |r1|^2)."""
    r1 = w.r1
    status = ode1_rhs(system, w.y1, c.t_new, r1)
    for i in range(r1.shape[0]):
        r1[i] = w.y1_t[i] - r1[i]
    return status, dot(r1, r1)


@njit
def ode1_jacobian(system, w, c):
    """J1 = 2/h I - df/dy at the current y (forward differences with Exudyn's increments:
    relativeEpsilon max(|y_j|, minimumCoordinateSize)), factorized in place; False if a group
    failed or J1 is singular."""
    n1 = c.n1
    y, J, f0, f = w.y1, w.J1, w.d1, w.r1_work
    if ode1_rhs(system, y, c.t_new, f0) != 0:
        return False
    for j in range(n1):
        eps = c.nd_rel_eps * max(abs(y[j]), c.nd_min_size)
        keep = y[j]
        y[j] = keep + eps
        status = ode1_rhs(system, y, c.t_new, f)
        y[j] = keep
        if status != 0:
            return False
        for i in range(n1):
            J[i, j] = -(f[i] - f0[i]) / eps
    g = 2.0 / c.h_step
    for i in range(n1):
        J[i, i] += g
    return dense_factor(J, w.p1, c.singular_pivot) < 0


@njit
def ode1_update(w, c):
    """d1 = J1^-1 r1, y -= d1, y_t -= 2/h d1."""
    dense_solve(w.J1, w.p1, w.r1, w.d1)
    g = 2.0 / c.h_step
    for i in range(w.y1.shape[0]):
        w.y1[i] -= w.d1[i]
        w.y1_t[i] -= g * w.d1[i]


@njit
def ode1_finite(w):
    for i in range(w.y1.shape[0]):
        if not (np.isfinite(w.y1[i]) and np.isfinite(w.y1_t[i])):
            return False
    return True
