"""Outputs of ObjectANCFCable2D at a local point [x, y, 0] and of ObjectANCFCable at an axis point x
(spec bodies.md), from a state: the axis r(x) and its derivatives by the Hermite functions, the
planar cable's point offset by y along the normal."""
from __future__ import annotations

import math

import numpy as np

from ..enums import OutputVariableType as OVT
from ..errors import NotImplementedFeatureError
from ..kernels import cables as kc


def _cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def _vec3(u):
    return np.array([u[0], u[1], 0.0])


def shape_matrix(x, L):
    """S (3, 4): the Hermite functions and their derivatives at x."""
    S = np.empty((3, 4))
    kc.shape_functions(float(x), float(L), S)
    return S


def _axis(S, d, q):
    """r, r' or r'' (d = 0, 1, 2) of the element's values q (8 or 12)."""
    return S[d] @ q.reshape(4, -1)


def _element_values(g, st, row):
    """(q_tot, q_ref, v, a) of element ``row`` (8 each); the reference configuration's state
    (no velocities) gives the reference values."""
    c = g.system
    ltg = g.ltg[row]
    q_ref = c.q_ref[ltg]
    zero = np.zeros(ltg.size)
    if st.v.size == 0:
        return q_ref.copy(), q_ref, zero, zero
    a = st.a[ltg] if st.a.size else zero
    return q_ref + st.q[ltg], q_ref, st.v[ltg], a


def _position(S, q, y):
    r, a = _axis(S, 0, q), _axis(S, 1, q)
    t = a / math.sqrt(a @ a)
    return r + y * np.array([-t[1], t[0]])


def _strains(S, q, q_ref):
    """(eps, K, eps_ref, K_ref): strain and curvature of q and of the reference values."""
    a, b, ar, br = _axis(S, 1, q), _axis(S, 2, q), _axis(S, 1, q_ref), _axis(S, 2, q_ref)
    return (math.sqrt(a @ a) - 1.0, _cross(a, b) / (a @ a), math.sqrt(ar @ ar) - 1.0, _cross(ar, br) / (ar @ ar))


def point_strains(S, q, q_ref, v):
    """(eps, eps_t, eps_ref, K, K_t, K_ref) of the planar cable at the point of S: strain,
    curvature, their rates and their values in the reference configuration."""
    eps, K, eps_ref, K_ref = _strains(S, q, q_ref)
    a, b, at, bt = _axis(S, 1, q), _axis(S, 2, q), _axis(S, 1, v), _axis(S, 2, v)
    gg = a @ a
    eps_t = (a @ at) / math.sqrt(gg)
    K_t = (_cross(at, b) + _cross(a, bt)) / gg - 2.0 * _cross(a, b) * (a @ at) / (gg * gg)
    return eps, eps_t, eps_ref, K, K_t, K_ref


def _laws(g, row, x, q, q_ref, v, t, var):
    """(eps, K, N, M): strain, curvature, axial force and bending moment at x (the linear laws, or
    the element's user function of the output ``var``, ForceLocal or TorqueLocal, at the time t)."""
    EA, EI, d_eps, d_K, eps0, K0, f_ref, L = g.prm[row]
    eps, eps_t, eps_ref, K, K_t, K_ref = point_strains(shape_matrix(x, L), q, q_ref, v)
    N = EA * (eps - eps0 - f_ref * eps_ref) + d_eps * eps_t
    M = EI * (K - K0 - f_ref * K_ref) + d_K * K_t
    if g.is_user[row] and var in (OVT.ForceLocal, OVT.TorqueLocal):
        bending = var == OVT.TorqueLocal
        value = g.user_law(bending, row, t, x, (eps, eps_t, eps0 + f_ref * eps_ref), (K, K_t, K0 + f_ref * K_ref))[0]
        N, M = (N, value) if bending else (value, M)
    return eps, K, N, M


def _potential_energy(g, row, q, q_ref):
    """int 1/2 EA (eps - eps0 - f eps_ref)^2 + 1/2 EI (K - K0 - f K_ref)^2 dx by the element's
    Gauss rules."""
    EA, EI, _, _, eps0, K0, f_ref, L = g.prm[row]
    energy = 0.0
    for x, w in zip(g.ax_x[row], g.ax_w[row]):
        if w != 0.0:
            eps, _, eps_ref, _ = _strains(shape_matrix(x, L), q, q_ref)
            energy += 0.5 * w * EA * (eps - eps0 - f_ref * eps_ref) ** 2
    for x, w in zip(g.bd_x[row], g.bd_w[row]):
        if w != 0.0:
            _, K, _, K_ref = _strains(shape_matrix(x, L), q, q_ref)
            energy += 0.5 * w * EI * (K - K0 - f_ref * K_ref) ** 2
    return energy


def _kinematic_output(var, S, q, v, acc, y, q_ref):
    a, at, att = _axis(S, 1, q), _axis(S, 1, v), _axis(S, 1, acc)
    gg = a @ a
    t = a / math.sqrt(gg)
    n = np.array([-t[1], t[0]])
    om = _cross(a, at) / gg
    if var == OVT.Position:
        return _vec3(_position(S, q, y))
    if var == OVT.Displacement:
        return _vec3(_position(S, q, y) - _position(S, q_ref, y))
    vel = _axis(S, 0, v) - y * om * t
    if var == OVT.Velocity:
        return _vec3(vel)
    if var == OVT.VelocityLocal:
        return np.array([t @ vel, n @ vel, 0.0])
    om_t = _cross(a, att) / gg - 2.0 * (a @ at) * _cross(a, at) / (gg * gg)
    if var == OVT.Acceleration:
        return _vec3(_axis(S, 0, acc) - y * (om_t * t + om * om * n))
    if var == OVT.Rotation:
        return math.atan2(a[1], a[0])
    if var in (OVT.AngularVelocity, OVT.AngularVelocityLocal):
        return np.array([0.0, 0.0, om])
    if var == OVT.AngularAcceleration:
        return np.array([0.0, 0.0, om_t])
    if var == OVT.Director1:
        return _vec3(a)
    return None


def cable_output(g, st, row, var, local):
    """The output ``var`` of cable element ``row`` of the group ``g`` at ``local`` [x, y, 0]."""
    q, q_ref, v, acc = _element_values(g, st, row)
    if var == OVT.KineticEnergy:
        return 0.5 * float(v @ g.block_M[row] @ v)
    if var == OVT.PotentialEnergy:
        if g.is_user[row]:
            raise NotImplementedFeatureError("ObjectANCFCable2D: no PotentialEnergy, its axialForceUserFunction or "
                                             "bendingMomentUserFunction defines the forces")
        return _potential_energy(g, row, q, q_ref)
    S = shape_matrix(local[0], g.L[row])
    out = _kinematic_output(var, S, q, v, acc, float(local[1]), q_ref)
    if out is not None:
        return out
    eps, K, N, M = _laws(g, row, float(local[0]), q, q_ref, v, st.t, var)
    # the strain of the fibre at y (Exudyn 1.13.6: eps - y K); N and M are the section's
    return {OVT.StrainLocal: eps - float(local[1]) * K, OVT.CurvatureLocal: K, OVT.ForceLocal: N,
            OVT.TorqueLocal: M}.get(var)


def _laws3d(g, row, S, q, q_ref, v):
    """(eps, kappa, N, M, eps_ref, kappa_ref) of ObjectANCFCable at the point of S: strain,
    curvature vector, axial force and bending moment vector (with the damping terms)."""
    EA, EI, d_eps, d_K, eps0, _, f_ref, _ = g.prm[row]
    a, b, at, bt = _axis(S, 1, q), _axis(S, 2, q), _axis(S, 1, v), _axis(S, 2, v)
    ar, br = _axis(S, 1, q_ref), _axis(S, 2, q_ref)
    gg = a @ a
    eps, kappa = math.sqrt(gg) - 1.0, np.cross(a, b) / gg
    eps_ref, kappa_ref = math.sqrt(ar @ ar) - 1.0, np.cross(ar, br) / (ar @ ar)
    eps_t = (a @ at) / math.sqrt(gg)
    kappa_t = (np.cross(at, b) + np.cross(a, bt)) / gg - 2.0 * np.cross(a, b) * (a @ at) / (gg * gg)
    N = EA * (eps - eps0 - f_ref * eps_ref) + d_eps * eps_t
    M = EI * (kappa - f_ref * kappa_ref) + d_K * kappa_t
    return eps, kappa, N, M, eps_ref, kappa_ref


def _potential_energy3d(g, row, q, q_ref):
    """int 1/2 EA (eps - eps0 - f eps_ref)^2 + 1/2 EI |kappa - f kappa_ref|^2 dx by the element's
    Gauss rules."""
    EA, EI, _, _, eps0, _, f_ref, L = g.prm[row]
    zero, energy = np.zeros(q.size), 0.0
    for x, w in zip(g.ax_x[row], g.ax_w[row]):
        if w != 0.0:
            eps, _, _, _, eps_ref, _ = _laws3d(g, row, shape_matrix(x, L), q, q_ref, zero)
            energy += 0.5 * w * EA * (eps - eps0 - f_ref * eps_ref) ** 2
    for x, w in zip(g.bd_x[row], g.bd_w[row]):
        if w != 0.0:
            _, kappa, _, _, _, kappa_ref = _laws3d(g, row, shape_matrix(x, L), q, q_ref, zero)
            d = kappa - f_ref * kappa_ref
            energy += 0.5 * w * EI * float(d @ d)
    return energy


def cable3d_output(g, st, row, var, local):
    """The output ``var`` of ObjectANCFCable element ``row`` of the group ``g`` at the axis point
    x = local[0] (Exudyn 1.13.6 does not use local[1:]: no offsets, StrainLocal the axis strain)."""
    q, q_ref, v, acc = _element_values(g, st, row)
    if var == OVT.KineticEnergy:
        return 0.5 * float(v @ g.block_M[row] @ v)
    if var == OVT.PotentialEnergy:
        return _potential_energy3d(g, row, q, q_ref)
    S = shape_matrix(local[0], g.L[row])
    kinematic = {OVT.Position: (0, q), OVT.Velocity: (0, v), OVT.Acceleration: (0, acc), OVT.Director1: (1, q)}
    if var in kinematic:
        d, x = kinematic[var]
        return _axis(S, d, x)
    if var == OVT.Displacement:
        return _axis(S, 0, q) - _axis(S, 0, q_ref)
    eps, kappa, N, M, _, _ = _laws3d(g, row, S, q, q_ref, v)
    return {OVT.StrainLocal: eps, OVT.CurvatureLocal: kappa, OVT.ForceLocal: N, OVT.TorqueLocal: M}.get(var)
