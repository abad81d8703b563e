"""Kernels of the time integrators (engine/): the Newton residual norm, the Lie-group updates of
rotation-vector coordinates (spec solvers.md 4.9 and 6.5) and the Runge-Kutta combinations,
summed in a fixed order."""
import numpy as np

from ._jit import njit
from .rotations import rotvec_t_exp_inv
from .stack import stack_empty


@njit
def dot(x, y):
    """x . y as a plain loop (no BLAS call, no BLAS threads; the Newton norms)."""
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i] * y[i]
    return acc


@njit
def residual_norm(r, rbar, n2, scale, weighted):
    """The Newton error of ImplicitSecondOrderSolver._residual_norm (|r|, divided by sqrt(n) if
    ``weighted``) and rbar = r with its first n2 entries times ``scale`` (beta h^2)."""
    n = r.shape[0]
    err = np.sqrt(dot(r, r))
    if weighted and n > 0:
        err /= np.sqrt(n)
    for i in range(n):
        rbar[i] = r[i]
    for i in range(n2):
        rbar[i] *= scale
    return err


@njit
def all_finite(q, v, lam):
    """True if no entry of the three state vectors is NaN or Inf."""
    for x in (q, v, lam):
        for i in range(x.shape[0]):
            if not np.isfinite(x[i]):
                return False
    return True


@njit
def copy_vectors(src, dst):
    """dst[k][:] = src[k] for two tuples of vectors of equal sizes."""
    for k in range(len(src)):
        x, y = src[k], dst[k]
        for i in range(x.shape[0]):
            y[i] = x[i]


@njit(inline="always")
def _half_angle(v, e):
    """Euler parameters e = ExpS3(v) = [cos(|v|/2), sin(|v|/2) v / |v|] of a rotation vector v."""
    phi = np.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    e[0] = np.cos(0.5 * phi)
    s = np.sin(0.5 * phi) / phi if phi > 0.0 else 0.5
    for a in range(3):
        e[a + 1] = s * v[a]


@njit(inline="always")
def _lie_product_log(v0, v1, a, b, psi):
    """psi with exp(psi) = exp(v0) exp(v1) (rotation vectors), by the product of the Euler parameters
    e = ExpS3(v0) ExpS3(v1) and psi = 2 atan2(|e_v|, e_0) e_v / |e_v|: |psi| in [0, 2 pi], not
    mapped to the principal range (Exudyn's composition: the coordinates continue past pi);
    a, b: scratch of 4 entries."""
    _half_angle(v0, a)
    _half_angle(v1, b)
    e0 = a[0] * b[0] - (a[1] * b[1] + a[2] * b[2] + a[3] * b[3])
    e1 = a[0] * b[1] + b[0] * a[1] + (a[2] * b[3] - a[3] * b[2])
    e2 = a[0] * b[2] + b[0] * a[2] + (a[3] * b[1] - a[1] * b[3])
    e3 = a[0] * b[3] + b[0] * a[3] + (a[1] * b[2] - a[2] * b[1])
    n = np.sqrt(e1 * e1 + e2 * e2 + e3 * e3)
    if n == 0.0:
        psi[0] = psi[1] = psi[2] = 0.0
        return
    f = 2.0 * np.arctan2(n, e0) / n
    psi[0], psi[1], psi[2] = f * e1, f * e2, f * e3


@njit(inline="always")
def _lie_rows(lie, y, dy, sign, out, packed):
    """For every node's rotation rows r of lie = [r (3 m, as floats), ref (3 m)]: psi =
    log(exp(ref + y[r]) exp(sign dy[r])) - ref into out[r] (or, ``packed``, out[k])."""
    m3 = lie.shape[0] // 2
    a4 = stack_empty(4)
    b4 = stack_empty(4)
    v0 = stack_empty(3)
    v1 = stack_empty(3)
    psi = stack_empty(3)
    for k in range(0, m3, 3):
        for a in range(3):
            r = int(lie[k + a])
            v0[a] = lie[m3 + k + a] + y[r]
            v1[a] = sign * dy[r]
        _lie_product_log(v0, v1, a4, b4, psi)
        for a in range(3):
            out[k + a if packed else int(lie[k + a])] = psi[a] - lie[m3 + k + a]


@njit
def lie_compose(lie, y, dy, out):
    """Lie-group stage values of rotation-vector coordinates (spec solvers.md 6.5): out[r] =
    log(exp(ref + y[r]) exp(dy[r])) - ref for every node's rotation rows r, lie = [r (3 m, as
    floats), ref (3 m)] (ExplicitSolver's LieGroupRotations and the compiled steps share it)."""
    _lie_rows(lie, y, dy, 1.0, out, False)


@njit
def lie_newton(lie, q, delta, tmp):
    """The Newton update of the rotation rows of an implicit solver (spec solvers.md 4.9), before
    q -= delta: tmp[k] = log(exp(ref + q[r]) exp(-delta[r])) - ref (lie as in lie_compose; then
    lie_store). ImplicitSecondOrderSolver.update and the compiled iterate share it."""
    _lie_rows(lie, q, delta, -1.0, tmp, True)


@njit
def lie_store(lie, tmp, q):
    """q[r] = tmp[k] for the rotation rows r of lie (after lie_newton and q -= delta)."""
    for k in range(lie.shape[0] // 2):
        q[int(lie[k])] = tmp[k]


@njit
def lie_predict(lie, sq, q, v, c):
    """The implicit predictor's rotation rows (spec solvers.md 4.9): the additive predictor's
    increment theta = q[r] - sq[r], theta += (c v[r]) x theta with c = -h beta / (2 gamma), then
    q[r] = log(exp(ref + sq[r]) exp(theta)) - ref (lie as in lie_compose). The predictor of
    ImplicitSecondOrderSolver and the compiled steps share it."""
    m3 = lie.shape[0] // 2
    a4 = stack_empty(4)
    b4 = stack_empty(4)
    v0 = stack_empty(3)
    th = stack_empty(3)
    psi = stack_empty(3)
    for k in range(0, m3, 3):
        r0, r1, r2 = int(lie[k]), int(lie[k + 1]), int(lie[k + 2])
        t0, t1, t2 = q[r0] - sq[r0], q[r1] - sq[r1], q[r2] - sq[r2]
        w0, w1, w2 = c * v[r0], c * v[r1], c * v[r2]
        th[0] = t0 + (w1 * t2 - w2 * t1)
        th[1] = t1 + (w2 * t0 - w0 * t2)
        th[2] = t2 + (w0 * t1 - w1 * t0)
        for a in range(3):
            v0[a] = lie[m3 + k + a] + sq[int(lie[k + a])]
        _lie_product_log(v0, th, a4, b4, psi)
        for a in range(3):
            q[int(lie[k + a])] = psi[a] - lie[m3 + k + a]


@njit
def lie_rate(lie, dy, K):
    """K[r] = T_exp^-1(dy[r]) K[r] for every node's rotation rows r (lie as in lie_compose): the
    rotation-vector rate of a stage from its local angular velocity."""
    m3 = lie.shape[0] // 2
    T = stack_empty((3, 3))
    d = stack_empty(3)
    x = stack_empty(3)
    for k in range(0, m3, 3):
        for a in range(3):
            r = int(lie[k + a])
            d[a] = dy[r]
            x[a] = K[r]
        rotvec_t_exp_inv(d, T)
        for a in range(3):
            K[int(lie[k + a])] = T[a, 0] * x[0] + T[a, 1] * x[1] + T[a, 2] * x[2]


@njit(inline="always")
def rk_combine(coef, K, count, h, y0, dy, out):
    """out = y0 + h sum_{j < count} coef[j] K[j] (the increment into dy, rk_increment): a
    Runge-Kutta step's new state before its Lie-group rotations (lie_compose) and eliminated
    coordinates (zero_eliminated), as the Python step (the compiled steps)."""
    rk_increment(coef, K, count, h, dy)
    for j in range(y0.shape[0]):
        out[j] = y0[j] + dy[j]


@njit(inline="always")
def zero_eliminated(elim, k, y, n2):
    """The k eliminated coordinates elim[:k] of a state y = [q; q_t; ...] (n2 ODE2 coordinates)
    and their velocities zero."""
    for j in range(k):
        e = int(elim[j])
        y[e] = 0.0
        y[n2 + e] = 0.0


@njit(error_model="numpy")
def rk_error(y0, y1, y_hat, a_tol, r_tol):
    """The error estimate of an embedded Runge-Kutta pair (spec solvers.md 6.3): the root mean
    square of (y_hat - y1) / (a_tol + r_tol max(y_hat, y0)) over the state (with the signed
    values, as Exudyn), summed in order (the Python step and the compiled step loop share it)."""
    m = y0.shape[0]
    acc = 0.0
    for j in range(m):
        d = (y_hat[j] - y1[j]) / (a_tol + r_tol * max(y_hat[j], y0[j]))
        acc += d * d
    return np.sqrt(acc / max(m, 1))


@njit
def rk_increment(coef, K, count, h, out):
    """out = h * sum_{j < count} coef[j] K[j] (K (s, m)): a Runge-Kutta stage increment or the
    step's increment, summed in order (the Python step and the compiled step loop share it)."""
    for k in range(out.shape[0]):
        acc = 0.0
        for j in range(count):
            acc += coef[j] * K[j, k]
        out[k] = h * acc
