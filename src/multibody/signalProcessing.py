"""Signal processing with the names of Exudyn's ``exudyn.signalProcessing`` (1.13): FFT of a
sampled signal, Savitzky-Golay filtering and differentiation of sensor output, interpolation in
signals with constant sampling rate."""
from __future__ import annotations

import math
from typing import Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np
from scipy.signal import savgol_filter

from multibody._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from multibody.errors import ExudynIndexError, ExudynTypeError, ExudynValueError

__all__ = ["ComputeFFT", "FilterSensorOutput", "FilterSignal", "GetInterpolatedSignalValue"]


def _float_array(value, function, argument) -> np.ndarray:
    try:
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ExudynTypeError(f"{function}: {argument} must be an array of real numbers; received {value!r}") from None


def ComputeFFT(time: Vector, data: Any):
    """Frequencies [Hz], magnitudes and phases [rad] of the FFT of a signal sampled at constant rate.

    The time step is ``time[1] - time[0]``. Magnitudes are ``2 |F_k| / n`` and phases ``angle(F_k)``
    of the DFT ``F = fft(data)``, for the ``n//2 + 1`` frequencies ``k / (n dt)``.

    Returns
    -------
    frequency, magnitude, phase : ndarray, shape (n//2 + 1,)
    """
    time = _float_array(time, "ComputeFFT", "time")
    data = _float_array(data, "ComputeFFT", "data")
    if time.ndim != 1 or data.ndim != 1 or len(time) != len(data) or len(time) < 2:
        raise ExudynValueError("ComputeFFT: time and data must be 1D arrays of the same length >= 2; "
                               f"received shapes {time.shape} and {data.shape}")
    n = len(data)
    spectrum = np.fft.fft(data)[: n // 2 + 1]
    frequency = np.fft.rfftfreq(n, time[1] - time[0])
    return frequency, 2.0 * np.abs(spectrum) / n, np.angle(spectrum)


def _check_filter_args(function, filterWindow, polyOrder, derivative):
    for name, value in (("filterWindow", filterWindow), ("polyOrder", polyOrder), ("derivative", derivative)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ExudynTypeError(f"{function}: {name} must be an integer; received {value!r}")
    if derivative < 0:
        raise ExudynValueError(f"{function}: derivative must be >= 0; received {derivative}")
    if filterWindow == 0:
        if derivative > 2:
            raise ExudynValueError(f"{function}: unfiltered signals only supported up to 2nd derivatives; "
                                   f"received derivative={derivative}")
        return
    if filterWindow < 1 or filterWindow % 2 == 0:
        raise ExudynValueError(f"{function}: filterWindow must be 0 or an ODD integer >= 1; received {filterWindow}")
    if not 0 <= polyOrder < filterWindow:
        raise ExudynValueError(f"{function}: polyOrder must be >= 0 and less than filterWindow={filterWindow}; "
                               f"received {polyOrder}")


def _differences(values, steps, derivative, centralDifferentiate):
    """Unfiltered derivative of the columns of ``values`` (n, m) for time steps ``steps`` (n-1,).

    First derivative: forward differences (last row 0), or with centralDifferentiate the mean of
    the forward differences before and after each sample (zero outside). Second derivative:
    ``(y[i+2] - 2 y[i+1] + y[i]) / steps[i+1]^2``, first and last value repeated.
    """
    steps = steps[:, None]
    if derivative == 1:
        forward = np.zeros_like(values)
        forward[:-1] = (values[1:] - values[:-1]) / steps
        if not centralDifferentiate:
            return forward
        central = 0.5 * forward
        central[1:] += 0.5 * forward[:-1]
        return central
    second = (values[2:] - 2.0 * values[1:-1] + values[:-2]) / steps[1:] ** 2
    return np.concatenate((second[:1], second, second[-1:]))


def _process(function, values, steps, filterWindow, polyOrder, derivative, centralDifferentiate):
    """Filtered / differentiated columns of ``values`` (n, m) for the time steps ``steps`` (n-1,).

    The filtered derivative of order k is the Savitzky-Golay derivative for unit spacing divided
    by ``steps[i]^k`` (the step after sample i; the last sample uses the last step).
    """
    _check_filter_args(function, filterWindow, polyOrder, derivative)
    if filterWindow == 0:
        if derivative == 0:
            for _ in range(values.shape[1]):
                print(f"WARNING: {function}: no processing")
            return values.copy()
        if len(values) < 3:
            raise ExudynValueError(f"{function}: unfiltered derivatives need at least 3 samples; received {len(values)}")
        return _differences(values, steps, derivative, centralDifferentiate)
    if derivative > 0 and len(values) < 2:
        raise ExudynValueError(f"{function}: derivatives need at least 2 samples; received {len(values)}")
    if filterWindow > len(values):
        raise ExudynValueError(f"{function}: filterWindow={filterWindow} must not exceed the number of samples "
                               f"{len(values)}")
    filtered = savgol_filter(values, filterWindow, polyOrder, deriv=derivative, axis=0)
    if derivative == 0:
        return filtered
    spacing = np.concatenate((steps, steps[-1:]))[:, None]
    return filtered / spacing**derivative


def FilterSensorOutput(signal: Matrix, filterWindow: int = 5, polyOrder: int = 3, derivative: int = 0,
                       centralDifferentiate: bool = True):
    """Savitzky-Golay filtered signals (and their derivatives) of sensor output.

    Parameters
    ----------
    signal : array_like, shape (n, m)
        Column 0 is time (almost constant steps), columns 1.. are the signals.
    filterWindow : int
        Odd filter window length, > polyOrder; 0 gives unfiltered finite-difference derivatives.
    polyOrder : int
        Order of the interpolating polynomial.
    derivative : int
        0 = filter only, 1 = first derivative, ...; up to 2 without filter.
    centralDifferentiate : bool
        Unfiltered first derivative by central instead of forward differences.

    Returns
    -------
    ndarray, shape (n, m): time in column 0, processed signals in the other columns.
    """
    name = "FilterSensorOutput"
    signal = _float_array(signal, name, "signal")
    if signal.ndim != 2 or signal.shape[1] < 2:
        raise ExudynValueError(f"{name}: signal must have 2 dimensions with a time column and at least one signal "
                               f"column; received shape {signal.shape}")
    out = signal.copy()
    out[:, 1:] = _process(name, signal[:, 1:], np.diff(signal[:, 0]), filterWindow, polyOrder, derivative,
                          centralDifferentiate)
    return out


def FilterSignal(signal: Matrix, samplingRate: float = -1, filterWindow: int = 5, polyOrder: int = 3,
                 derivative: int = 0, centralDifferentiate: bool = True):
    """Savitzky-Golay filtered 1D signal (and its derivative); ``samplingRate`` is the time step
    between the values (the derivatives are scaled by it; keep -1 only for derivative=0).
    Other arguments as in :func:`FilterSensorOutput`.

    Returns
    -------
    ndarray, shape (n,)
    """
    name = "FilterSignal"
    signal = _float_array(signal, name, "signal")
    if signal.ndim != 1:
        raise ExudynValueError(f"{name}: signal must be a 1D array; received shape {signal.shape}")
    steps = np.full(max(len(signal) - 1, 0), float(samplingRate))
    return _process(name, signal[:, None], steps, filterWindow, polyOrder, derivative, centralDifferentiate)[:, 0]


def _column(array, index, function, argument, index_name) -> np.ndarray:
    if array.ndim == 1:
        return array
    if array.ndim != 2:
        raise ExudynValueError(f"{function}: {argument} must be a 1D or 2D array; received shape {array.shape}")
    if index < 0:
        raise ExudynValueError(f"{function}: in case of 2D {argument}, {index_name} must be provided!")
    if index >= array.shape[1]:
        raise ExudynIndexError(f"{function}: {index_name}={index} out of range for {argument} with "
                               f"{array.shape[1]} columns")
    return array[:, index]


def GetInterpolatedSignalValue(time: float, dataArray: Matrix, timeArray: Matrix = [], dataArrayIndex: int = -1,
                               timeArrayIndex: int = -1, rangeWarning: bool = True, tolerance: float = 1e-6):
    """Value of a signal at ``time``, linearly interpolated between samples of CONSTANT time step.

    Parameters
    ----------
    time : float
        Time at which the signal is interpolated.
    dataArray : array_like, shape (n,) or (n, m)
        Data values; for 2D, column ``dataArrayIndex``.
    timeArray : array_like, shape (n,) or (n, k)
        Times, for 2D column ``timeArrayIndex``; ``[]``: times are taken from dataArray.
    dataArrayIndex : int
        Column of the data in a 2D dataArray (required there; -1: not given).
    timeArrayIndex : int
        Column of the times in a 2D time array (required there; -1: not given).
    rangeWarning : bool
        Print a warning if time lies outside the time range (the first / last value is returned).
    tolerance : float
        Allowed deviation of the samples next to ``time`` from constant sampling (else a warning).
    """
    name = "GetInterpolatedSignalValue"
    if not isinstance(time, (int, float, np.number)) or isinstance(time, bool):
        raise ExudynTypeError(f"{name}: time must be a real scalar; received {time!r}")
    data_all = _float_array(dataArray, name, "dataArray")
    time_all = data_all if len(timeArray) == 0 else _float_array(timeArray, name, "timeArray")
    times = _column(time_all, timeArrayIndex, name, "timeArray", "timeArrayIndex")
    data = _column(data_all, dataArrayIndex, name, "dataArray", "dataArrayIndex")
    if len(times) < 2:
        raise ExudynValueError(f"{name}: timeArray must have at least 2 values; received {len(times)}")
    t0, dt = times[0], times[1] - times[0]
    if not dt > 0:
        raise ExudynValueError(f"{name}: sample rate is zero or negative: timeArray must increase; "
                               f"received time step {dt}")
    index = math.floor((time - t0) / dt)
    if index < 0:
        if rangeWarning:
            print(f"Warning: {name}: index returned smaller than 0; using 0 instead")
        return data[0]
    if index >= len(data) - 1 or index >= len(times) - 1:
        if rangeWarning and time > times[-1]:
            print(f"Warning: {name}: time larger than available time data; using last row of dataArray instead")
        return data[-1]
    if abs(times[index] - (t0 + index * dt)) > tolerance or abs(times[index + 1] - (t0 + (index + 1) * dt)) > tolerance:
        print(f"Warning: {name}: timeArray does not seem to have constant sampling rate; use larger tolerance "
              "or numpy.interp(...) instead")
    return data[index] + (data[index + 1] - data[index]) * (time - (t0 + index * dt)) / dt

attach_parameter_docs(globals(), __all__)
