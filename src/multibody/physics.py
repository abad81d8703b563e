"""Physics helpers with the names of Exudyn's ``exudyn.physics`` (1.13): regularized friction
laws (Flores 2008, Qian 2018; Stribeck after Isermann 2008, Armstrong-Helouvry 1991) and the
von Mises equivalent stress."""
import numpy as np

from multibody.errors import ExudynTypeError, ExudynValueError

__all__ = ["StribeckFunction", "RegularizedFrictionStep", "RegularizedFriction", "VonMisesStress",
           "UFvonMisesStress"]


def _scalar(value, function, argument):
    if isinstance(value, (bool, str, bytes)) or not (isinstance(value, (int, float, np.number))
                                                      or (isinstance(value, np.ndarray) and value.ndim == 0)):
        raise ExudynTypeError(f"{function}: {argument} must be a real scalar; received {value!r}")
    return value


def StribeckFunction(vel, muDynamic, muStaticOffset, muViscous=0, expVel=1e-3, regVel=1e-3):
    """Regularized Stribeck friction coefficient (or force) for the velocity ``vel``.

    ``f(v) = (mu_d + mu_s) v / v_reg`` for ``|v| < v_reg``, else
    ``sign(v) (mu_d + mu_s exp(-(|v| - v_reg)/v_exp) + mu_v (|v| - v_reg))``,
    with mu_d = muDynamic, mu_s = muStaticOffset, mu_v = muViscous, v_exp = expVel, v_reg = regVel.
    """
    _scalar(vel, "StribeckFunction", "vel")
    if abs(vel) < regVel:
        return (muDynamic + muStaticOffset) * vel / regVel
    excess = abs(vel) - regVel
    return np.sign(vel) * (muDynamic + muStaticOffset * np.exp(-excess / expVel) + muViscous * excess)


def RegularizedFrictionStep(x, x0, h0, x1, h1):
    """Cubic step from ``h0`` at ``x0`` to ``h1`` at ``x1``: ``h0 + (h1 - h0) xi^2 (3 - 2 xi)`` with
    ``xi = (x - x0)/(x1 - x0)``; ``h0`` for ``x <= x0`` and ``h1`` for ``x >= x1``."""
    _scalar(x, "RegularizedFrictionStep", "x")
    if x <= x0:
        return h0
    if x >= x1:
        return h1
    xi = (x - x0) / (x1 - x0)
    return h0 + (h1 - h0) * xi * xi * (3.0 - 2.0 * xi)


def RegularizedFriction(vel, muDynamic, muStaticOffset, velStatic, velDynamic, muViscous=0):
    """Regularized friction coefficient (or force) with static peak, dynamic level and viscous part.

    Smooth step from ``-(mu_d + mu_s)`` to ``mu_d + mu_s`` on ``|v| <= velStatic``, smooth step from
    ``mu_d + mu_s`` down to ``mu_d`` on ``velStatic < |v| < velDynamic``, then
    ``mu_d + mu_v (|v| - velDynamic)``; odd in v.
    """
    _scalar(vel, "RegularizedFriction", "vel")
    mu_static = muDynamic + muStaticOffset
    speed = abs(vel)
    if speed <= velStatic:
        mu = RegularizedFrictionStep(speed, -velStatic, -mu_static, velStatic, mu_static)
    elif speed < velDynamic:
        mu = RegularizedFrictionStep(speed, velStatic, mu_static, velDynamic, muDynamic)
    else:
        mu = muDynamic + muViscous * (speed - velDynamic)
    return np.sign(vel) * mu


def VonMisesStress(stress6D):
    """Von Mises equivalent stress of ``[s_xx, s_yy, s_zz, s_yz, s_xz, s_xy]``.

    Parameters
    ----------
    stress6D : array_like, shape (6,) or (n, 6)

    Returns
    -------
    float or ndarray, shape (n,)
    """
    try:
        s = np.asarray(stress6D, dtype=float)
    except (TypeError, ValueError):
        raise ExudynTypeError("VonMisesStress: stress6D must be 6 stress components or rows of 6 components; "
                              f"received {stress6D!r}") from None
    if s.ndim not in (1, 2) or s.shape[-1] != 6:
        raise ExudynValueError("VonMisesStress: stress6D must have shape (6,) or (n, 6); "
                               f"received shape {s.shape}")
    sxx, syy, szz, syz, sxz, sxy = (s[..., k] for k in range(6))
    return np.sqrt(0.5 * ((sxx - syy) ** 2 + (syy - szz) ** 2 + (szz - sxx) ** 2)
                   + 3.0 * (syz ** 2 + sxz ** 2 + sxy ** 2))


def UFvonMisesStress(mbs, t, sensorNumbers, factors, configuration):
    """Sensor user function: ``[max over sensorNumbers of VonMisesStress(sensor values)]``; the
    sensors give Stress or StressLocal (6 components); factors are ignored."""
    if len(sensorNumbers) == 0:
        raise ExudynValueError("UFvonMisesStress: sensorNumbers must contain at least one sensor")
    stresses = [np.max(VonMisesStress(mbs.GetSensorValues(s, configuration=configuration))) for s in sensorNumbers]
    return [max(stresses)]
