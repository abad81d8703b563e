"""exudyn.advancedUtilities' smooth steps, sweeps and RoundMatrix (from multibody.utilities import *,
or multibody.advancedUtilities): the values Exudyn 1.13.6 gives at these points (measured with it,
kept here as data)."""
import numpy as np
import pytest

from multibody import advancedUtilities as A
from multibody.utilities import FrequencySweep, RoundMatrix, SmoothStep, SmoothStepDerivative, SweepCos, SweepSin

# (x, SmoothStep(x, 0, 1, 2, 5), SmoothStepDerivative(x, 0, 1, 2, 5)) from Exudyn 1.13.6
SMOOTH = [(-1.0, 2.0, 0), (0.0, 2.0, 0), (0.1, 2.0734152255572695, 1.4562082790440998),
          (0.25, 2.4393398282201786, 3.3321622036187746), (0.5, 3.5, 4.71238898038469),
          (0.9, 4.9265847744427305, 1.4562082790441002), (1.0, 5.0, 0), (1.3, 5.0, 0)]
# (x, SmoothStep(x, 0.5, 2, -1, 3), SmoothStepDerivative(...))
SMOOTH_SHIFTED = [(0.6, -0.9562952014676114, 0.8708984539580066), (1.2, 0.7909430734646927, 4.165843573764219),
                  (1.9, 2.9562952014676114, 0.8708984539580085)]
# (t, SweepSin(t, 2, 1, 5), SweepCos(t, 2, 1, 5), FrequencySweep(t, 2, 1, 5))
SWEEP = [(0.0, 0.0, 1.0, 1.0), (0.3, 0.6374239897486899, -0.7705132427757891, 1.6),
         (1.0, -4.898587196589413e-16, 1.0, 3.0), (1.7, -0.535826794978996, -0.8443279255020155, 4.4),
         (2.5, -1.0, -3.919488737908119e-15, 6.0)]


@pytest.mark.parametrize("x, value, derivative", SMOOTH)
def test_smooth_step(x, value, derivative):
    assert SmoothStep(x, 0.0, 1.0, 2.0, 5.0) == pytest.approx(value, rel=1e-15)
    assert SmoothStepDerivative(x, 0.0, 1.0, 2.0, 5.0) == pytest.approx(derivative, rel=1e-14, abs=1e-15)


@pytest.mark.parametrize("x, value, derivative", SMOOTH_SHIFTED)
def test_smooth_step_shifted(x, value, derivative):
    assert SmoothStep(x, 0.5, 2.0, -1.0, 3.0) == pytest.approx(value, rel=1e-14)
    assert SmoothStepDerivative(x, 0.5, 2.0, -1.0, 3.0) == pytest.approx(derivative, rel=1e-13)


@pytest.mark.parametrize("t, s, c, f", SWEEP)
def test_sweeps(t, s, c, f):
    assert SweepSin(t, 2.0, 1.0, 5.0) == pytest.approx(s, rel=1e-13, abs=1e-15)
    assert SweepCos(t, 2.0, 1.0, 5.0) == pytest.approx(c, rel=1e-13, abs=1e-14)
    assert FrequencySweep(t, 2.0, 1.0, 5.0) == pytest.approx(f, rel=1e-15)


def test_round_matrix_in_place():
    m = np.array([[1e-15, 1.0], [2e-14, -3e-15]])
    assert RoundMatrix(m) is None
    np.testing.assert_array_equal(m, [[0.0, 1.0], [2e-14, 0.0]])
    RoundMatrix(m, treshold=1e-13)
    np.testing.assert_array_equal(m, [[0.0, 1.0], [0.0, 0.0]])
    assert A.__all__ == sorted(A.__all__)
