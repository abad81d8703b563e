"""Helpers with the names and arguments of Exudyn's ``exudyn.advancedUtilities`` (1.13) that scripts
use in user functions: smooth steps and frequency sweeps (their values measured against Exudyn
1.13.6: the same numbers), and RoundMatrix. ``from multibody.utilities import *`` gives them, as
Exudyn's utilities do.
"""
import math

import numpy as np

__all__ = ["FrequencySweep", "RoundMatrix", "SmoothStep", "SmoothStepDerivative", "SweepCos", "SweepSin"]


def SmoothStep(x, x0, x1, value0, value1):
    """value0 up to x0, value1 from x1 on, between them the cosine transition
    value0 + (value1 - value0) (1 - cos(pi (x - x0) / (x1 - x0))) / 2 (continuous first derivative)."""
    if x <= x0:
        return value0
    if x >= x1:
        return value1
    return value0 + (value1 - value0) * 0.5 * (1.0 - math.cos(math.pi * (x - x0) / (x1 - x0)))


def SmoothStepDerivative(x, x0, x1, value0, value1):
    """The derivative of SmoothStep by x (same arguments): 0 outside (x0, x1)."""
    if x <= x0 or x >= x1:
        return 0
    return (value1 - value0) * 0.5 * math.pi / (x1 - x0) * math.sin(math.pi * (x - x0) / (x1 - x0))


def _sweep_phase(t, t1, f0, f1):
    # the frequency goes linearly from f0 (t = 0) to f1 (t = t1): phase 2 pi (f0 t + (f1 - f0) t^2 / (2 t1))
    return 2.0 * math.pi * (f0 * t + (f1 - f0) * t * t / (2.0 * t1))


def SweepSin(t, t1, f0, f1):
    """sin of a linear frequency sweep from f0 at t = 0 to f1 at t = t1 (FrequencySweep)."""
    return math.sin(_sweep_phase(t, t1, f0, f1))


def SweepCos(t, t1, f0, f1):
    """cos of the sweep of SweepSin."""
    return math.cos(_sweep_phase(t, t1, f0, f1))


def FrequencySweep(t, t1, f0, f1):
    """The frequency of SweepSin and SweepCos at time t: f0 + (f1 - f0) t / t1."""
    return f0 + (f1 - f0) * t / t1


def RoundMatrix(matrix, treshold=1e-14):
    """Set the entries of ``matrix`` (a NumPy array, changed in place) smaller than ``treshold`` in
    magnitude to zero; returns None (as Exudyn's)."""
    m = np.asarray(matrix)
    m[np.abs(m) < treshold] = 0
