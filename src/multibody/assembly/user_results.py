"""The values returned by Python user functions, converted and checked as Exudyn 1.13.6 casts them:
a real number (float, int, bool, NumPy scalar or 0-d array), a vector of numbers of a given length
(list, tuple or 1-d array), a matrix of a given shape. Anything else (a string, None, a list of the
wrong length, a 2-d array for a vector) is refused with the item and the function named; a
non-finite value is accepted and remembered, so that the solver's NaN error can name its source."""
import math
from numbers import Real

import numpy as np

from ..errors import UserFunctionResultError

_NUMERIC = "biuf"


def real_or_none(value):
    """``value`` as a float, or None where Exudyn refuses it as a real number."""
    if isinstance(value, Real):              # float, int, bool, NumPy floating and integer scalars
        return float(value)
    if isinstance(value, (np.ndarray, np.generic)) and value.shape == () and value.dtype.kind in _NUMERIC:
        return float(value)
    return None


def array_or_none(value, shape):
    """``value`` as a float array of ``shape`` (a -1 entry: any size), or None where Exudyn
    refuses it."""
    if value is None or isinstance(value, (str, bytes, dict)):
        return None
    try:
        a = np.asarray(value)
    except (TypeError, ValueError):          # ragged lists
        return None
    if a.dtype.kind not in _NUMERIC or a.ndim != len(shape):
        return None
    if any(want not in (-1, got) for want, got in zip(shape, a.shape)):
        return None
    return a.astype(float, copy=False)


def finite_vector(value, shape):
    """``value`` itself where it is a list, tuple or float array of ``shape`` (one dimension) of
    finite numbers, the common value, checked at the cost of a loop over its entries; else None
    (``array_or_none`` decides)."""
    kind = type(value)
    if kind is np.ndarray:
        if value.shape != shape or value.dtype.kind != "f":
            return None
        finite = all(map(math.isfinite, value.tolist())) if value.size <= 16 else np.isfinite(value).all()
        return value if finite else None
    if (kind is list or kind is tuple) and len(value) == shape[0]:
        try:
            finite = all(map(math.isfinite, value))      # (TypeError: an entry that is not a number)
        except TypeError:
            return None
        return value if finite else None
    return None


def expected_text(shape):
    if shape == ():
        return "a real number"
    if len(shape) == 1:
        if shape[0] < 0:
            return "a vector of real numbers"
        return "a vector of 1 real number" if shape[0] == 1 else f"a vector of {shape[0]} real numbers"
    return f"a {shape[0]}x{shape[1]} matrix of real numbers"


def received_text(value):
    text = " ".join(repr(value).split())
    text = text if len(text) <= 60 else text[:57] + "..."
    return f"{type(value).__name__} {text}" if not isinstance(value, (list, tuple)) else text


def result_error(where, what, value, shape):
    """The error of a user function's value that Exudyn refuses (an InternalError in Exudyn)."""
    return UserFunctionResultError(f"{where}: user function '{what}' returned {received_text(value)}; "
                                   f"expected {expected_text(shape)}")


def nonfinite_text(where, what, value):
    return f"{where}: user function '{what}' returned a value that is not finite: {received_text(value)}"


def is_finite(x):
    """True where a float or every entry of an array is finite (one NumPy call)."""
    return math.isfinite(x) if isinstance(x, float) else bool(np.isfinite(x).all())
