"""Kernels of the fused residual (equations/fused.py) that have no group-by-group twin:
gathers of the system vectors in front of the frame and mass kernels, and the lambda = 0
rows of free axes and inactive items. Everything else the fused residual calls is the
group-by-group path's own kernels, so both paths compute the same numbers."""
import numpy as np

from ._jit import njit
from .connectors import spring_damper_marker_forces
from .constraints import coordinate, point_translation, prismatic_2d
from .rigid import (ep_frames, ep_mass_and_lhs, ep_stiffness, frames_2d, rotvec_frames, rotvec_mass_and_lhs,
                    rotvec_stiffness, rxyz_frames, rxyz_mass_and_lhs, rxyz_stiffness)
from .rotations import rotvec_from_rotation_matrix, rotvec_rotation_matrix, rotvec_t_exp_inv
from .rigid_joints import rigid_joint_equations
from .sparse_lu import lu_solve
from .stack import scratch_2d, stack_empty


@njit
def gather_into(x, idx, out):
    """out = x[idx] for an (n, w) index array without padding; returns out."""
    for i in range(idx.shape[0]):
        for j in range(idx.shape[1]):
            out[i, j] = x[idx[i, j]]
    return out


@njit
def ep_frames_system(rows, idx, q_tot, v, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg, qs, vs):
    """ep_frames with the coordinates read from the system vectors (idx (n, 7); qs, vs scratch of
    its shape)."""
    ep_frames(rows, idx, gather_into(q_tot, idx, qs), gather_into(v, idx, vs), pos, vel, A, omega, omega_local,
              Jpos, Jrot, Jrot_local, ltg)


@njit
def rxyz_frames_system(rows, idx, q_tot, v, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg, qs, vs):
    """rxyz_frames with the coordinates read from the system vectors (idx (n, 6); qs, vs scratch)."""
    rxyz_frames(rows, idx, gather_into(q_tot, idx, qs), gather_into(v, idx, vs), pos, vel, A, omega, omega_local,
                Jpos, Jrot, Jrot_local, ltg)


@njit
def rxyz_mass_and_lhs_system(idx, q_tot, v, mass, J, com, M_out, Q_out, qs, vs):
    """Mass blocks and LHS terms of Rxyz rigid bodies (Q_out overwritten), coordinates from the
    system (qs, vs scratch of idx's shape)."""
    Q_out[:] = 0.0
    rxyz_mass_and_lhs(gather_into(q_tot, idx, qs), gather_into(v, idx, vs), mass, J, com, True, True, M_out, Q_out)


@njit
def rotvec_frames_system(rows, idx, q_tot, v, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg, qs, vs):
    """rotvec_frames with the coordinates read from the system vectors (idx (n, 6); qs, vs scratch)."""
    rotvec_frames(rows, idx, gather_into(q_tot, idx, qs), gather_into(v, idx, vs), pos, vel, A, omega, omega_local,
                  Jpos, Jrot, Jrot_local, ltg)


@njit
def rotvec_mass_and_lhs_system(idx, q_tot, v, mass, J, com, M_out, Q_out, qs, vs):
    """Mass blocks and LHS terms of rigid bodies on rotation-vector nodes (Q_out overwritten),
    coordinates from the system (qs, vs scratch of idx's shape)."""
    Q_out[:] = 0.0
    rotvec_mass_and_lhs(gather_into(q_tot, idx, qs), gather_into(v, idx, vs), mass, J, com, True, True, M_out,
                        Q_out)


@njit
def frames_2d_system(items, q_tot, v, idx, pos, vel, A, omega, Jpos, Jrot, omega_local, Jrot_local, ltg, qs, vs):
    """frames_2d with the coordinates read from the system vectors (idx (n, 3); qs, vs scratch)."""
    frames_2d(items, gather_into(q_tot, idx, qs), gather_into(v, idx, vs), idx, pos, vel, A, omega, Jpos, Jrot,
              omega_local, Jrot_local, ltg)


@njit
def ep_mass_and_lhs_system(idx, q_tot, v, mass, J, com, M_out, Q_out, qs, vs):
    """Mass blocks and LHS terms of EP rigid bodies (Q_out overwritten), coordinates from the system
    (qs, vs scratch of idx's shape)."""
    Q_out[:] = 0.0
    ep_mass_and_lhs(gather_into(q_tot, idx, qs), gather_into(v, idx, vs), mass, J, com, True, True, M_out, Q_out)


@njit
def rigid_2d_mass_and_lhs(idx, q_tot, v, mass, inertia, com, M_out, Q_out):
    """ObjectRigidBody2D: M = [[m, 0, g_x], [0, m, g_y], [g_x, g_y, J]], g = m (-(A b)_y, (A b)_x),
    Q_LHS = [-m psi_t^2 A b; 0] (equations/rigid.py RigidBodies2D, the same formulas)."""
    for i in range(idx.shape[0]):
        th = q_tot[idx[i, 2]]
        c, s = np.cos(th), np.sin(th)
        ax = c * com[i, 0] - s * com[i, 1]
        ay = s * com[i, 0] + c * com[i, 1]
        m = mass[i]
        for a in range(3):
            for b in range(3):
                M_out[i, a, b] = 0.0
        M_out[i, 0, 0] = m
        M_out[i, 1, 1] = m
        M_out[i, 2, 2] = inertia[i]
        M_out[i, 0, 2] = M_out[i, 2, 0] = -m * ay
        M_out[i, 1, 2] = M_out[i, 2, 1] = m * ax
        w = v[idx[i, 2]]
        Q_out[i, 0] = -m * w * w * ax
        Q_out[i, 1] = -m * w * w * ay
        Q_out[i, 2] = 0.0


@njit
def lambda_rows(mask, ae, lam, g, C):
    """Rows with mask (n, E) True (free axes, inactive items): residual lambda, Jacobian row 0."""
    for i in range(mask.shape[0]):
        for e in range(mask.shape[1]):
            if not mask[i, e]:
                continue
            g[i, e] = lam[ae[i, e]] if ae[i, e] >= 0 else 0.0
            for l in range(C.shape[2]):
                C[i, e, l] = 0.0


@njit
def coordinate_system(m0, m1, cval, cvel, cJ, factor1, offset, velocity_level, index2, vel_form, g, C):
    """Coordinate constraints without user functions: the offset is the velocity offset of the
    velocity-level items (``velocityLevel``), the position offset otherwise."""
    for i in range(vel_form.shape[0]):
        vel_form[i] = velocity_level[i] or index2
    # the velocity offset: offset where velocityLevel, else 0 (scratch on the stack up to 64 rows;
    # np.where here made 4 heap allocations per residual)
    n = vel_form.shape[0]
    d = scratch_2d(stack_empty(64), 1, n)[0]
    for i in range(n):
        d[i] = offset[i] if velocity_level[i] else 0.0
    coordinate(m0, m1, cval, cvel, cJ, factor1, offset, d, vel_form, True, g, C)



@njit
def point_translation_index2(m0, m1, pos, vel, Jpos, index2, flags, g, C):
    """point_translation with one index-2 flag for all items (flags: a work array (n,))."""
    flags[:] = index2
    point_translation(m0, m1, pos, vel, Jpos, flags, True, g, C)


@njit
def prismatic_2d_index2(m0, m1, pos, vel, omega, A, Jpos, Jrot, axis0, normal1, index2, flags, g, C):
    """prismatic_2d with one index-2 flag for all items (flags: a work array (n,))."""
    flags[:] = index2
    prismatic_2d(m0, m1, pos, vel, omega, A, Jpos, Jrot, axis0, normal1, flags, True, g, C)


@njit
def rigid_joint_equations_index2(m0, m1, pos, vel, omega, A, Jpos, Jrot, R0, R1, Ru, u_t, local, rot_a, rot_b,
                                 alternative, index2, flags, rows, g, C):
    """rigid_joint_equations with one index-2 flag for all items (flags: a work array (n,))."""
    flags[:] = index2
    rigid_joint_equations(m0, m1, pos, vel, omega, A, Jpos, Jrot, R0, R1, Ru, u_t, local, rot_a, rot_b,
                          alternative, flags, rows, True, g, C)


@njit
def solve_factored(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, scale, b, x, work):
    """x = J^-1 b with the sparse triangular factors of LinearSolver.compiled_factors() (SuperLU,
    or KLU with its rows scaled by ``scale`` first): the same operations as LinearSolver.solve."""
    if scale.shape[0] == b.shape[0]:
        for i in range(b.shape[0]):
            x[i] = b[i] * scale[i]
        # lu_solve reads its right-hand side completely before it writes x
        lu_solve(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, x, x, work)
    else:
        lu_solve(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, b, x, work)


@njit
def coordinate_spring_forces(m0, m1, cval, cvel, k, d, offset, F):
    """CoordinateSpringDamper without user function: F = k (dq - offset) + d dv (n, 1)."""
    for i in range(m0.shape[0]):
        dq = cval[m1[i]] - cval[m0[i]]
        dv = cvel[m1[i]] - cvel[m0[i]]
        F[i, 0] = k[i] * (dq - offset[i]) + d[i] * dv


@njit
def cartesian_spring_forces(m0, m1, pos, vel, k, d, offset, F):
    """CartesianSpringDamper without user function: F = k u + d dv, u = p1 - p0 - offset (n, 3)."""
    for i in range(m0.shape[0]):
        for a in range(3):
            u = pos[m1[i], a] - pos[m0[i], a] - offset[i, a]
            dv = vel[m1[i], a] - vel[m0[i], a]
            F[i, a] = k[i, a] * u + d[i, a] * dv


@njit
def coordinate_loads_add(out, marker, ltg, cJ, load):
    """LoadCoordinate without user function: out[ltg[m]] += cJ[m] load (m = marker[i])."""
    for i in range(marker.shape[0]):
        mk = marker[i]
        for j in range(ltg.shape[1]):
            k = ltg[mk, j]
            if k >= 0:
                out[k] += 1.0 * (cJ[mk, j] * load[i])


@njit
def mass_1d_frames(items, idx, q_tot, v, p0, A0, pos, vel, A, Jpos, ltg):
    """Mass1D: p = p0 + e_x q, v = e_x q_t with e_x the first column of the reference rotation."""
    for i in range(items.shape[0]):
        r = items[i]
        k = idx[i]
        for a in range(3):
            ex = A0[i, a, 0]
            pos[r, a] = p0[i, a] + ex * q_tot[k]
            vel[r, a] = ex * v[k]
            Jpos[r, a, 0] = ex
            for b in range(3):
                A[r, a, b] = A0[i, a, b]
        ltg[r, 0] = k


@njit
def spring_damper_forces(m0, m1, pos, vel, L0, k, d, fa, L0_t, is_user, fsd_user, F):
    """spring_damper_marker_forces without Jacobians (F (n, 3))."""
    none = stack_empty((1, 3, 3))[:0]      # no Jacobians (no heap allocation per residual)
    spring_damper_marker_forces(m0, m1, pos, vel, L0, k, d, fa, L0_t, is_user, fsd_user, False, F, none, none)


@njit
def all_finite(q, v, lam):
    """True if no entry of the three state vectors is NaN or Inf."""
    for x in (q, v, lam):
        for i in range(x.shape[0]):
            if not np.isfinite(x[i]):
                return False
    return True


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
def copy_vectors(src, dst):
    """dst[k][:] = src[k] for two tuples of vectors of equal sizes."""
    for k in range(len(src)):
        x, y = src[k], dst[k]
        for i in range(x.shape[0]):
            y[i] = x[i]


@njit(inline="always")
def _lie_product_log(v0, v1, A0, A1, P, psi):
    """psi = log(exp(v0) exp(v1)) (rotation vectors, 3 x 3 scratch A0, A1, P)."""
    rotvec_rotation_matrix(v0, A0)
    rotvec_rotation_matrix(v1, A1)
    for a in range(3):
        for b in range(3):
            P[a, b] = A0[a, 0] * A1[0, b] + A0[a, 1] * A1[1, b] + A0[a, 2] * A1[2, b]
    rotvec_from_rotation_matrix(P, psi)


@njit(inline="always")
def _lie_rows(lie, y, dy, sign, out, packed):
    """For every node's rotation rows r of lie = [r (3 m, as floats), ref (3 m)]: psi =
    log(exp(ref + y[r]) exp(sign dy[r])) - ref into out[r] (or, ``packed``, out[k])."""
    m3 = lie.shape[0] // 2
    A0 = stack_empty((3, 3))
    A1 = stack_empty((3, 3))
    P = stack_empty((3, 3))
    v0 = stack_empty(3)
    v1 = stack_empty(3)
    psi = stack_empty(3)
    for k in range(0, m3, 3):
        for a in range(3):
            r = int(lie[k + a])
            v0[a] = lie[m3 + k + a] + y[r]
            v1[a] = sign * dy[r]
        _lie_product_log(v0, v1, A0, A1, P, psi)
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
    A0 = stack_empty((3, 3))
    A1 = stack_empty((3, 3))
    P = stack_empty((3, 3))
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
        _lie_product_log(v0, th, A0, A1, P, psi)
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
def zero_eliminated(elim, k, y):
    """The k eliminated coordinates elim[:k] of a state y = [q; q_t] and their velocities zero."""
    n2 = y.shape[0] // 2
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


# ---------------------------------------------------------------- Newton matrix (compiled refactorization)
# The blocks of SystemEquations.jacobian, value for value and in the same order of operations,
# written into its values array; coef = [gamma', beta', beta h^2, a_M, a_K, a_D, c_q, c_v, c_lam].

@njit
def ep_stiffness_system(idx, q_tot, v, mass, J, com, fd_step, K_out, D_out, qs, vs):
    """ep_stiffness with the coordinates read from the system vectors (idx (n, 7); qs, vs scratch)."""
    ep_stiffness(gather_into(q_tot, idx, qs), gather_into(v, idx, vs), mass, J, com, fd_step, K_out, D_out)


@njit
def rxyz_stiffness_system(idx, q_tot, v, mass, J, com, fd_step, K_out, D_out, qs, vs):
    """rxyz_stiffness with the coordinates read from the system vectors (idx (n, 6); qs, vs scratch)."""
    rxyz_stiffness(gather_into(q_tot, idx, qs), gather_into(v, idx, vs), mass, J, com, fd_step, K_out, D_out)


@njit
def rotvec_stiffness_system(idx, q_tot, v, mass, J, com, fd_step, K_out, D_out, qs, vs):
    """rotvec_stiffness with the coordinates read from the system vectors (idx (n, 6); qs, vs scratch)."""
    rotvec_stiffness(gather_into(q_tot, idx, qs), gather_into(v, idx, vs), mass, J, com, fd_step, K_out, D_out)


@njit
def generic_ode2_lhs(ltg, q, v, K, D, f, Q_out):
    """ObjectGenericODE2 without user functions: Q_out (n, w) = K q + D q_t - f per item, its
    coordinates q[ltg[i]] (ltg padded with -1 up to the widest item: no coordinate)."""
    n, w = ltg.shape[0], ltg.shape[1]
    for i in range(n):
        for a in range(w):
            kq = 0.0
            dv = 0.0
            for b in range(w):
                k = ltg[i, b]
                if k >= 0:
                    kq += K[i, a, b] * q[k]
                    dv += D[i, a, b] * v[k]
            Q_out[i, a] = kq + dv - f[i, a]


@njit
def rigid_2d_stiffness(idx, q_tot, v, mass, com, K_out, D_out):
    """ObjectRigidBody2D: dQ_LHS/dq and dQ_LHS/dq_t (n, 3, 3) (Q_LHS = [-m psi_t^2 A b; 0]):
    K[0, 2] = m w^2 (A b)_y, K[1, 2] = -m w^2 (A b)_x, D[:2, 2] = -2 m w A b, zero elsewhere."""
    for i in range(idx.shape[0]):
        th = q_tot[idx[i, 2]]
        c, s = np.cos(th), np.sin(th)
        ax = c * com[i, 0] - s * com[i, 1]
        ay = s * com[i, 0] + c * com[i, 1]
        w = v[idx[i, 2]]
        for a in range(3):
            for b in range(3):
                K_out[i, a, b] = 0.0
                D_out[i, a, b] = 0.0
        mww = mass[i] * w * w
        K_out[i, 0, 2] = mww * ay
        K_out[i, 1, 2] = -mww * ax
        D_out[i, 0, 2] = -(2.0 * mass[i] * w) * ax
        D_out[i, 1, 2] = -(2.0 * mass[i] * w) * ay


@njit
def jac_body(vals, pos, M, K, D, coef, stiff):
    """a_M M (+ a_K K + a_D D) of a body group's (n, w, w) blocks."""
    n, w = M.shape[0], M.shape[1]
    k = pos
    for i in range(n):
        for a in range(w):
            for b in range(w):
                x = coef[3] * M[i, a, b]
                if stiff:
                    x = x + coef[4] * K[i, a, b]
                    x = x + coef[5] * D[i, a, b]
                vals[k] = x
                k += 1


@njit
def jac_connector(vals, pos, K, D, coef):
    """a_K K + a_D D of a connector group's (n, L, L) blocks."""
    k = pos
    for i in range(K.shape[0]):
        for a in range(K.shape[1]):
            for b in range(K.shape[2]):
                vals[k] = coef[4] * K[i, a, b] + coef[5] * D[i, a, b]
                k += 1


@njit
def jac_constraint(vals, pos, C, velocity_level, coef):
    """c C (c = c_v for velocity-level items, else c_q), then C^T, of a constraint group (n, E, L)."""
    n, E, L = C.shape[0], C.shape[1], C.shape[2]
    k = pos
    for i in range(n):
        c = coef[7] if velocity_level[i] else coef[6]
        for e in range(E):
            for l in range(L):
                vals[k] = C[i, e, l] * c
                k += 1
    for i in range(n):
        for l in range(L):
            for e in range(E):
                vals[k] = C[i, e, l]
                k += 1


@njit
def jac_lambda_rows(vals, pos, mask, coef):
    """c_lam on the rows lambda = 0 (mask (n, E)), else 0."""
    k = pos
    for i in range(mask.shape[0]):
        for e in range(mask.shape[1]):
            vals[k] = coef[8] * 1.0 if mask[i, e] else 0.0
            k += 1


@njit
def jac_zero(vals, pos, size):
    for k in range(pos, pos + size):
        vals[k] = 0.0


@njit
def dense_lu_factors(A, L_val, U_val, perm_r, perm, pivot_tol):
    """LU with partial pivoting (the largest |a_ik| first, rows swapped whole) of A (n, n), in
    place, into the dense triangular factors of LinearSolver (column j of L: rows j+1..n-1, of U:
    rows 0..j; perm_r[original row] = position). Returns the first pivot k with |u_kk| <= pivot_tol
    max(max|a_ij|, 1) (then perm[k] is its original row), or -1."""
    n = A.shape[0]
    scale = 1.0
    for i in range(n):
        for j in range(n):
            x = abs(A[i, j])
            if x > scale:
                scale = x
    for i in range(n):
        perm[i] = i
    bad = -1
    for k in range(n):
        p = k
        best = abs(A[k, k])
        for i in range(k + 1, n):
            x = abs(A[i, k])
            if x > best:
                best, p = x, i
        if p != k:
            for j in range(n):
                A[k, j], A[p, j] = A[p, j], A[k, j]
            perm[k], perm[p] = perm[p], perm[k]
        piv = A[k, k]
        if abs(piv) <= pivot_tol * scale:
            if bad < 0:
                bad = k
            if piv == 0.0:
                continue
        for i in range(k + 1, n):
            A[i, k] /= piv
        for i in range(k + 1, n):
            l = A[i, k]
            if l != 0.0:
                for j in range(k + 1, n):
                    A[i, j] -= l * A[k, j]
    if bad >= 0:
        return bad
    kl, ku = 0, 0
    for j in range(n):
        for i in range(j + 1):
            U_val[ku] = A[i, j]
            ku += 1
        for i in range(j + 1, n):
            L_val[kl] = A[i, j]
            kl += 1
    for k in range(n):
        perm_r[perm[k]] = k
    return -1


@njit
def scatter_values(vals, slots, data):
    """data = the sums of vals over slots (nnz for none), in the order of np.bincount."""
    nnz = data.shape[0]
    for i in range(nnz):
        data[i] = 0.0
    for i in range(vals.shape[0]):
        s = slots[i]
        if s < nnz:
            data[s] += vals[i]


@njit
def refactor_dense(vals, slots, Jw, L_val, U_val, perm_r, perm, pivot_tol):
    """The dense Newton matrix from the block values (``slots`` of SystemEquations: r n + c, n n
    for none; the sums in the order of np.bincount) and its LU into the factors; False (factors
    unchanged) if a pivot is singular or the matrix has NaN or Inf."""
    n = perm.shape[0]
    for i in range(Jw.shape[0]):
        Jw[i] = 0.0
    nn = n * n
    for i in range(vals.shape[0]):
        s = slots[i]
        if s < nn:
            Jw[s] += vals[i]
    for i in range(nn):
        if not np.isfinite(Jw[i]):
            return False
    A = Jw[:nn].reshape((n, n))
    Lt = np.empty(L_val.shape[0])
    Ut = np.empty(U_val.shape[0])
    pt = np.empty(n, dtype=np.int64)
    if dense_lu_factors(A, Lt, Ut, pt, perm, pivot_tol) >= 0:
        return False
    L_val[:] = Lt
    U_val[:] = Ut
    perm_r[:] = pt
    return True


# ---------------------------------------------------------------- borrowed arrays
try:
    import numba as _numba
    if _numba.config.DISABLE_JIT:
        raise ImportError
    from numba.core import cgutils as _cgutils
    from numba.core import types as _types
    from numba.extending import intrinsic as _intrinsic

    @_intrinsic
    def borrowed(typingctx, arr):
        """The array without its reference count (no NRT meminfo, like a view of foreign memory):
        passing it on costs no atomic increment and decrement per call and callee. For arrays that
        outlive the compiled call that borrows them (the arguments of the fused module's ``run``,
        held by the Python caller) and never escape it."""
        if not isinstance(arr, _types.Array):
            return None

        def codegen(context, builder, sig, args):
            src = context.make_array(arr)(context, builder, value=args[0])
            out = context.make_array(arr)(context, builder)
            out.meminfo = _cgutils.get_null_value(out.meminfo.type)
            out.parent = _cgutils.get_null_value(out.parent.type)
            out.nitems = src.nitems
            out.itemsize = src.itemsize
            out.data = src.data
            out.shape = src.shape
            out.strides = src.strides
            return out._getvalue()
        return arr(arr), codegen
except ImportError:         # pragma: no cover - NUMBA_DISABLE_JIT or another Numba layout
    def borrowed(arr):
        return arr
