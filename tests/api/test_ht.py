"""exu.HT against Exudyn 1.13.6 (tests/reference/ht.json, written by tools/make_ht_reference.py from
the cases of ht_cases.py): matrices, rotation parameters, maps, flags, printing and error kinds."""
import json
import os

import numpy as np
import pytest

import multibody as exu

from . import ht_cases

REFERENCE = os.path.join(os.path.dirname(__file__), "..", "reference", "ht.json")
# products, inverses and conversions of rotation matrices: round-off of a few operations
ATOL = 1e-14


def _reference():
    with open(REFERENCE) as f:
        return json.load(f)["cases"]


def _same(ours, theirs, path):
    if isinstance(theirs, dict) and "__ndarray__" in theirs:
        assert isinstance(ours, np.ndarray), f"{path}: expected an ndarray, got {type(ours).__name__}"
        np.testing.assert_allclose(ours, np.array(theirs["__ndarray__"]), rtol=1e-13, atol=ATOL, err_msg=path)
    elif isinstance(theirs, list):
        assert isinstance(ours, (list, tuple)) and len(ours) == len(theirs), f"{path}: {ours!r} vs {theirs!r}"
        for i, (a, b) in enumerate(zip(ours, theirs)):
            _same(a, b, f"{path}[{i}]")
    elif isinstance(theirs, float):
        assert ours == pytest.approx(theirs, rel=1e-13, abs=ATOL), path
    else:
        assert ours == theirs, f"{path}: {ours!r} vs {theirs!r}"


@pytest.mark.parametrize("name", sorted(ht_cases.CASES))
def test_ht_case_matches_exudyn(name):
    expected = _reference()[name]
    kind, value = ht_cases.run(exu, name)
    assert kind == expected["kind"], f"{name}: {kind} {value!r}"
    _same(value, expected["value"], name)


def test_reference_has_every_case():
    assert set(_reference()) == set(ht_cases.CASES)


def test_ht_is_taken_as_a_4x4_matrix_by_items_and_create_functions():
    H = exu.HT(rotation=ht_cases.B, translation=[1.0, 2.0, 3.0])
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround(referenceHT=H)
    np.testing.assert_array_equal(mbs.GetObject(ground)["referenceRotation"], ht_cases.B)
    np.testing.assert_array_equal(mbs.GetObject(ground)["referencePosition"], [1.0, 2.0, 3.0])
    marker = mbs.AddMarker(exu.itemInterface.MarkerBodyRigid(bodyNumber=ground, localHT=H))
    np.testing.assert_array_equal(mbs.GetMarker(marker)["localHT"], H.HT44())


def test_ht_pickles_and_copies():
    import copy
    import pickle
    H = exu.HT(rotation=ht_cases.A, translation=[1.0, 2.0, 3.0])
    for other in (copy.copy(H), copy.deepcopy(H), pickle.loads(pickle.dumps(H))):
        assert other == H and other is not H
