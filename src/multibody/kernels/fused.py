"""Kernels of the fused residual (equations/fused.py) that have no group-by-group twin:
gathers of the system vectors in front of the frame and mass kernels, and the lambda = 0
rows of free axes and inactive items. Everything else the fused residual calls is the
group-by-group path's own kernels, so both paths compute the same numbers."""
import numpy as np

from ._jit import njit
from .connectors import spring_damper_marker_forces
from .constraints import coordinate, point_translation
from .rigid import ep_frames, ep_mass_and_lhs, frames_2d
from .rigid_joints import rigid_joint_equations
from .sparse_lu import lu_solve


@njit
def gather_rows(x, idx):
    """x[idx] for an (n, w) index array without padding."""
    out = np.empty(idx.shape)
    for i in range(idx.shape[0]):
        for j in range(idx.shape[1]):
            out[i, j] = x[idx[i, j]]
    return out


@njit
def ep_frames_system(rows, idx, q_tot, v, pos, vel, A, omega, omega_local, Jpos, Jrot, Jrot_local, ltg):
    """ep_frames with the coordinates read from the system vectors (idx (n, 7))."""
    ep_frames(rows, idx, gather_rows(q_tot, idx), gather_rows(v, idx), pos, vel, A, omega, omega_local,
              Jpos, Jrot, Jrot_local, ltg)


@njit
def frames_2d_system(items, q_tot, v, idx, pos, vel, A, omega, Jpos, Jrot, omega_local, Jrot_local, ltg):
    """frames_2d with the coordinates read from the system vectors (idx (n, 3))."""
    frames_2d(items, gather_rows(q_tot, idx), gather_rows(v, idx), idx, pos, vel, A, omega, Jpos, Jrot,
              omega_local, Jrot_local, ltg)


@njit
def ep_mass_and_lhs_system(idx, q_tot, v, mass, J, com, M_out, Q_out):
    """Mass blocks and LHS terms of EP rigid bodies (Q_out overwritten), coordinates from the system."""
    Q_out[:] = 0.0
    ep_mass_and_lhs(gather_rows(q_tot, idx), gather_rows(v, idx), mass, J, com, True, True, M_out, Q_out)


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
    d = np.where(velocity_level, offset, 0.0)
    coordinate(m0, m1, cval, cvel, cJ, factor1, offset, d, vel_form, True, g, C)



@njit
def point_translation_index2(m0, m1, pos, vel, Jpos, index2, flags, g, C):
    """point_translation with one index-2 flag for all items (flags: a work array (n,))."""
    flags[:] = index2
    point_translation(m0, m1, pos, vel, Jpos, flags, True, g, C)


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
    none = np.zeros((0, 3, 3))
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


@njit
def rk_increment(coef, K, count, h, out):
    """out = h * sum_{j < count} coef[j] K[j] (K (s, m)): a Runge-Kutta stage increment or the
    step's increment, summed in order (the Python step and the compiled step loop share it)."""
    for k in range(out.shape[0]):
        acc = 0.0
        for j in range(count):
            acc += coef[j] * K[j, k]
        out[k] = h * acc
