"""output/manager.py fmt_row: the lines of solution and sensor files, each value as fmt writes it
(C++ stream default formatting with the precision's significant digits)."""
import numpy as np
import pytest

from multibody.output.manager import fmt, fmt_row


@pytest.mark.parametrize('precision', [1, 6, 10, 16, 17])
def test_row_is_the_values_as_fmt_writes_them(precision):
    rng = np.random.default_rng(precision)
    vals = rng.normal(size=300) * 10.0 ** rng.integers(-300, 300, 300)
    vals[:8] = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-320, 123456789012.0, 0.1]
    t = 0.30000000000000004
    expected = ",".join([fmt(t, precision)] + [fmt(x, precision) for x in vals]) + "\n"
    assert fmt_row(t, vals, precision) == expected
    assert fmt_row(t, vals[:3].reshape(3, 1), precision) == ",".join(
        [fmt(t, precision)] + [fmt(x, precision) for x in vals[:3]]) + "\n"
    assert fmt_row(1.0, [], precision) == fmt(1.0, precision) + "\n"
