"""kernels/assembly.py csc_pattern: the pattern and entry slots of np.unique(col * n + row)."""
import numpy as np
import pytest

from multibody.kernels.assembly import csc_pattern


def _reference(r, c, n):
    valid = (r >= 0) & (c >= 0)
    uniq, inv = np.unique((c * n + r)[valid], return_inverse=True)
    slots = np.full(r.size, uniq.size, dtype=np.int64)
    slots[valid] = inv
    col_of = uniq // n if n else uniq
    return slots, uniq % n if n else uniq, np.searchsorted(col_of, np.arange(n + 1))


@pytest.mark.parametrize("n, m, seed", [(1, 5, 0), (7, 60, 1), (50, 3000, 2), (300, 20000, 3), (0, 0, 4)])
def test_same_as_unique_with_duplicates_and_missing_entries(n, m, seed):
    rng = np.random.default_rng(seed)
    r = rng.integers(-1, max(n, 1), m) if n else np.zeros(0, dtype=np.int64)
    c = rng.integers(-1, max(n, 1), m) if n else np.zeros(0, dtype=np.int64)
    slots = np.empty(m, dtype=np.int64)
    indices, indptr = csc_pattern(r, c, n, slots)
    ref_slots, ref_indices, ref_indptr = _reference(r, c, n)
    np.testing.assert_array_equal(slots, ref_slots)
    np.testing.assert_array_equal(indices, ref_indices)
    np.testing.assert_array_equal(indptr, ref_indptr)
