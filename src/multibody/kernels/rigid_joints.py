"""The 3D rigid joints (GenericJoint, RevoluteJointZ, PrismaticJointX) in one Numba pass.

Reads the two markers' frames straight from the system marker arrays (no per-joint copies)
and writes the residuals and constraint Jacobians of all joints of a group. The equations are
those of ``kernels/joints.py`` (joints.md): six candidate quantities per joint,

    t = dp (GLOBAL) or A_bar^T dp (in J0, ``local``),   index 2: dv or A_J0^T dv + (d/dt A_J0)^T dp
    r_k = a_k^T b_k, a_k = A_bar[:, rot_a[k]], b_k = A_J1[:, rot_b[k]],  index 2: a_k_t^T b_k + a_k^T b_k_t

with A_J0 = A_m0 R0, A_J1 = A_m1 R1 and A_bar = A_J0 Ru (Ru the user rotation offset, identity
without one); ``rows`` selects the E equations of the joint type. The rates are the body-frame
forms of joints.md, d/dt A_J = A_m (w_m x R) with the markers' angular velocities w_m in their own
frames, w_m = A_m^-1 w (marker w = A_body w_body-local): with Euler parameters off unit length
(index-2 drift) A_m is not orthonormal and these differ from w x A_J, as in Exudyn.
"""
import numpy as np

from ._jit import njit
from .stack import scratch_2d, stack_empty


@njit
def rigid_joint_equations(m0, m1, pos, vel, omega, A, Jpos, Jrot, R0, R1, Ru, u_t, local, rot_a, rot_b,
                          alternative, index2, rows, with_jacobian, g, C):
    """g (n, E) residuals and C (n, E, 2K) Jacobians ([marker 0 | marker 1] columns).

    Ru : (n, 3, 3) user rotation offsets or (0, 3, 3) for none; u_t : (n, 3) translation offsets.
    """
    n = m0.shape[0]
    K = Jpos.shape[2]
    E = rows.shape[0]
    has_ru = Ru.shape[0] > 0
    AJ0 = stack_empty((3, 3))
    AJ1 = stack_empty((3, 3))
    Ab = stack_empty((3, 3))
    t3 = stack_empty(3)
    t2 = stack_empty(3)
    val = stack_empty(6)
    Cf = scratch_2d(stack_empty(192), 6, 2 * K)     # on the stack up to K = 16
    dp = stack_empty(3)
    dv = stack_empty(3)
    dpw = stack_empty(3)
    axb = stack_empty(3)
    wm0 = stack_empty(3)
    wm1 = stack_empty(3)
    AJ0t = stack_empty((3, 3))
    AJ1t = stack_empty((3, 3))
    for i in range(n):
        i0, i1 = m0[i], m1[i]
        for a in range(3):
            for b in range(3):
                s0 = 0.0
                s1 = 0.0
                for c in range(3):
                    s0 += A[i0, a, c] * R0[i, c, b]
                    s1 += A[i1, a, c] * R1[i, c, b]
                AJ0[a, b] = s0
                AJ1[a, b] = s1
        if has_ru:
            for a in range(3):
                for b in range(3):
                    s0 = 0.0
                    for c in range(3):
                        s0 += AJ0[a, c] * Ru[i, c, b]
                    Ab[a, b] = s0
        else:
            for a in range(3):
                for b in range(3):
                    Ab[a, b] = AJ0[a, b]
        for a in range(3):
            dp[a] = pos[i1, a] - pos[i0, a]
            dv[a] = vel[i1, a] - vel[i0, a]
        if index2[i]:
            _marker_local(A, omega, i0, wm0)
            _marker_local(A, omega, i1, wm1)
            # rates of the joint axes: A_m (w_m x R[:, c])
            _axes_rates(A, i0, R0, i, wm0, AJ0t)
            _axes_rates(A, i1, R1, i, wm1, AJ1t)
            # (d/dt A_J0)^T dp = -R0^T (w_m0 x A_m0^T dp)
            for a in range(3):
                dpw[a] = A[i0, 0, a] * dp[0] + A[i0, 1, a] * dp[1] + A[i0, 2, a] * dp[2]
            c0 = wm0[1] * dpw[2] - wm0[2] * dpw[1]
            c1 = wm0[2] * dpw[0] - wm0[0] * dpw[2]
            c2 = wm0[0] * dpw[1] - wm0[1] * dpw[0]
            for a in range(3):
                dpw[a] = -(R0[i, 0, a] * c0 + R0[i, 1, a] * c1 + R0[i, 2, a] * c2)
        # translations
        if local[i]:
            for a in range(3):
                s3 = 0.0
                s2 = dpw[a] if index2[i] else 0.0
                for c in range(3):
                    s3 += Ab[c, a] * dp[c]
                    s2 += AJ0[c, a] * dv[c]
                t3[a] = s3
                t2[a] = s2
            if with_jacobian:
                # C0 = A_bar^T (skew(dp) J0r - J0p), C1 = A_bar^T J1p
                for k in range(K):
                    s0 = dp[1] * Jrot[i0, 2, k] - dp[2] * Jrot[i0, 1, k] - Jpos[i0, 0, k]
                    s1 = dp[2] * Jrot[i0, 0, k] - dp[0] * Jrot[i0, 2, k] - Jpos[i0, 1, k]
                    s2 = dp[0] * Jrot[i0, 1, k] - dp[1] * Jrot[i0, 0, k] - Jpos[i0, 2, k]
                    for a in range(3):
                        Cf[a, k] = Ab[0, a] * s0 + Ab[1, a] * s1 + Ab[2, a] * s2
                        Cf[a, K + k] = (Ab[0, a] * Jpos[i1, 0, k] + Ab[1, a] * Jpos[i1, 1, k]
                                        + Ab[2, a] * Jpos[i1, 2, k])
        else:
            for a in range(3):
                t3[a] = dp[a]
                t2[a] = dv[a]
            if with_jacobian:
                for a in range(3):
                    for k in range(K):
                        Cf[a, k] = -Jpos[i0, a, k]
                        Cf[a, K + k] = Jpos[i1, a, k]
        for a in range(3):
            t3[a] -= u_t[i, a]
            val[a] = t2[a] if index2[i] else t3[a]
        # rotations
        for kk in range(3):
            ca, cb = rot_a[i, kk], rot_b[i, kk]
            ax, ay, az = Ab[0, ca], Ab[1, ca], Ab[2, ca]
            bx, by, bz = AJ1[0, cb], AJ1[1, cb], AJ1[2, cb]
            axb[0] = ay * bz - az * by
            axb[1] = az * bx - ax * bz
            axb[2] = ax * by - ay * bx
            if index2[i]:
                # product rule with the vectors of A_J0 (without user offset)
                val[3 + kk] = (AJ0t[0, ca] * bx + AJ0t[1, ca] * by + AJ0t[2, ca] * bz
                               + AJ0[0, ca] * AJ1t[0, cb] + AJ0[1, ca] * AJ1t[1, cb] + AJ0[2, ca] * AJ1t[2, cb])
            else:
                val[3 + kk] = ax * bx + ay * by + az * bz
            if with_jacobian:
                for k in range(K):
                    Cf[3 + kk, k] = axb[0] * Jrot[i0, 0, k] + axb[1] * Jrot[i0, 1, k] + axb[2] * Jrot[i0, 2, k]
                    Cf[3 + kk, K + k] = -(axb[0] * Jrot[i1, 0, k] + axb[1] * Jrot[i1, 1, k]
                                          + axb[2] * Jrot[i1, 2, k])
        if alternative[i] and not index2[i]:
            # triple products x0.(y1 x z0), y0.(z1 x x0), z0.(x1 x y0) minus 1
            for kk in range(3):
                p, q1, r = kk, (kk + 1) % 3, (kk + 2) % 3
                # e_p0 . (e_q1 x e_r0)
                ux, uy, uz = AJ1[0, q1], AJ1[1, q1], AJ1[2, q1]
                rx, ry, rz = Ab[0, r], Ab[1, r], Ab[2, r]
                val[3 + kk] = (Ab[0, p] * (uy * rz - uz * ry) + Ab[1, p] * (uz * rx - ux * rz)
                               + Ab[2, p] * (ux * ry - uy * rx)) - 1.0
        for e in range(E):
            g[i, e] = val[rows[e]]
            if with_jacobian:
                for k in range(2 * K):
                    C[i, e, k] = Cf[rows[e], k]


@njit(inline="always")
def _marker_local(A, omega, m, out):
    """out = A[m]^-1 omega[m] (the rows of the inverse: cross products of the columns over det)."""
    c00, c01, c02 = A[m, 0, 0], A[m, 1, 0], A[m, 2, 0]
    c10, c11, c12 = A[m, 0, 1], A[m, 1, 1], A[m, 2, 1]
    c20, c21, c22 = A[m, 0, 2], A[m, 1, 2], A[m, 2, 2]
    wx, wy, wz = omega[m, 0], omega[m, 1], omega[m, 2]
    # c1 x c2, c2 x c0, c0 x c1
    r00, r01, r02 = c11 * c22 - c12 * c21, c12 * c20 - c10 * c22, c10 * c21 - c11 * c20
    r10, r11, r12 = c21 * c02 - c22 * c01, c22 * c00 - c20 * c02, c20 * c01 - c21 * c00
    r20, r21, r22 = c01 * c12 - c02 * c11, c02 * c10 - c00 * c12, c00 * c11 - c01 * c10
    det = c00 * r00 + c01 * r01 + c02 * r02
    out[0] = (r00 * wx + r01 * wy + r02 * wz) / det
    out[1] = (r10 * wx + r11 * wy + r12 * wz) / det
    out[2] = (r20 * wx + r21 * wy + r22 * wz) / det


@njit(inline="always")
def _axes_rates(A, m, R, i, w, out):
    """out[:, c] = A[m] (w x R[i, :, c]): the rates of A[m] R[i] for a marker rotating with w in its
    own frame."""
    for c in range(3):
        x = w[1] * R[i, 2, c] - w[2] * R[i, 1, c]
        y = w[2] * R[i, 0, c] - w[0] * R[i, 2, c]
        z = w[0] * R[i, 1, c] - w[1] * R[i, 0, c]
        for a in range(3):
            out[a, c] = A[m, a, 0] * x + A[m, a, 1] * y + A[m, a, 2] * z


@njit
def rolling_disc_equations(m0, m1, pos, vel, omega, A, Jpos, Jrot, radius, plane_normal, disc_axis, with_jacobian,
                           g, C):
    """JointRollingDisc (joints.md; kernels/joints.py rolling_disc, its NumPy form): the velocity-level
    residuals g (n, 3) = A_J1^T (v_C,m1 - v_C,m0), A_J1 = [n x w2, w2, n], and C (n, 3, 2K) = d g /
    d q_t. A disc lying flat on the plane (|w1 x n| <= 1e-12: no rolling direction) gets NaN
    residuals (RollingDiscJoints.check_geometry names it)."""
    nj = m0.shape[0]
    K = Jpos.shape[2]
    nv = stack_empty(3)
    w1 = stack_empty(3)
    w2 = stack_empty(3)
    w3 = stack_empty(3)
    wl = stack_empty(3)
    r3 = stack_empty(3)
    r0 = stack_empty(3)
    de = stack_empty(3)
    AJ = stack_empty((3, 3))
    for i in range(nj):
        i0, i1 = m0[i], m1[i]
        for a in range(3):
            s0 = 0.0
            s1 = 0.0
            for b in range(3):
                s0 += A[i0, a, b] * plane_normal[i, b]
                s1 += A[i1, a, b] * disc_axis[i, b]
            nv[a] = s0
            w1[a] = s1
        u0 = w1[1] * nv[2] - w1[2] * nv[1]
        u1 = w1[2] * nv[0] - w1[0] * nv[2]
        u2 = w1[0] * nv[1] - w1[1] * nv[0]
        lu = np.sqrt(u0 * u0 + u1 * u1 + u2 * u2)
        if not lu > 1e-12:
            for k in range(3):
                g[i, k] = np.nan
            if with_jacobian:
                for k in range(3):
                    for c in range(2 * K):
                        C[i, k, c] = 0.0
            continue
        w2[0], w2[1], w2[2] = u0 / lu, u1 / lu, u2 / lu
        w3[0] = w1[1] * w2[2] - w1[2] * w2[1]
        w3[1] = w1[2] * w2[0] - w1[0] * w2[2]
        w3[2] = w1[0] * w2[1] - w1[1] * w2[0]
        wl[0] = nv[1] * w2[2] - nv[2] * w2[1]
        wl[1] = nv[2] * w2[0] - nv[0] * w2[2]
        wl[2] = nv[0] * w2[1] - nv[1] * w2[0]
        for a in range(3):
            r3[a] = radius[i] * w3[a]
            r0[a] = pos[i1, a] + r3[a] - pos[i0, a]
            AJ[a, 0] = wl[a]
            AJ[a, 1] = w2[a]
            AJ[a, 2] = nv[a]
        wg1, wg0 = omega[i1], omega[i0]
        de[0] = vel[i1, 0] + (wg1[1] * r3[2] - wg1[2] * r3[1]) - vel[i0, 0] - (wg0[1] * r0[2] - wg0[2] * r0[1])
        de[1] = vel[i1, 1] + (wg1[2] * r3[0] - wg1[0] * r3[2]) - vel[i0, 1] - (wg0[2] * r0[0] - wg0[0] * r0[2])
        de[2] = vel[i1, 2] + (wg1[0] * r3[1] - wg1[1] * r3[0]) - vel[i0, 2] - (wg0[0] * r0[1] - wg0[1] * r0[0])
        for k in range(3):
            g[i, k] = AJ[0, k] * de[0] + AJ[1, k] * de[1] + AJ[2, k] * de[2]
        if not with_jacobian:
            continue
        # B0 = J0p - r0~ J0r, B1 = J1p - r3~ J1r (r~ x = r cross x); C = [-AJ^T B0, AJ^T B1]
        for c in range(K):
            for side in range(2):
                im = i0 if side == 0 else i1
                r = r0 if side == 0 else r3
                j0, j1, j2 = Jrot[im, 0, c], Jrot[im, 1, c], Jrot[im, 2, c]
                b0 = Jpos[im, 0, c] - (r[1] * j2 - r[2] * j1)
                b1 = Jpos[im, 1, c] - (r[2] * j0 - r[0] * j2)
                b2 = Jpos[im, 2, c] - (r[0] * j1 - r[1] * j0)
                for k in range(3):
                    s = AJ[0, k] * b0 + AJ[1, k] * b1 + AJ[2, k] * b2
                    if side == 0:
                        C[i, k, c] = -s
                    else:
                        C[i, k, K + c] = s
