"""The helpers of multibody.itemInterface (CheckForValid..., IsValidNumber, CopyDictLevel1,
IIDiagMatrix) and the user function types (userFunctionArgsDict, the Protocol classes) against
Exudyn 1.13.6: the tables below were measured by calling Exudyn's functions."""
import inspect
import json
import typing
from pathlib import Path

import numpy as np
import pytest

import multibody.itemInterface as ii
import multibody.utilities as mu
from multibody.model.main_system import MainSystem
from multibody.model.matrix_container import MatrixContainer

SURFACE = Path(__file__).resolve().parents[1] / "reference" / "api_surface.json"

# IsValidNumber as measured in Exudyn 1.13.6
VALID_NUMBERS = [(1, True), (-0.5, True), (True, True), (np.int32(3), True), (np.uint8(2), True),
                 (np.float64(2.5), True), (float("nan"), True), (np.float32(1.5), False), (np.bool_(True), False),
                 ("3", False), (None, False), ([1], False), (np.array([1.0]), False), (1 + 2j, False)]


@pytest.mark.parametrize("value, expected", VALID_NUMBERS)
def test_is_valid_number(value, expected):
    assert ii.IsValidNumber(value) is expected


@pytest.mark.parametrize("value", [2.5, 3, True, np.int32(2), np.float64(1.0)])
def test_check_for_valid_numpy_array_keeps_numbers(value):
    assert ii.CheckForValidNumpyArray(value) is value


@pytest.mark.parametrize("value, expected", [([1, 2], np.array([1, 2])), ((1, 2), np.array([1, 2])),
                                             (np.float32(1.5), np.array(1.5, dtype=np.float32)),
                                             ([[1, 2], [3, 4]], np.array([[1, 2], [3, 4]]))])
def test_check_for_valid_numpy_array_makes_new_arrays(value, expected):
    result = ii.CheckForValidNumpyArray(value)
    assert isinstance(result, np.ndarray) and result is not value
    np.testing.assert_array_equal(result, expected)
    assert result.dtype == expected.dtype


# (function, value, passes): Exudyn 1.13.6's answers; a passing value comes back unchanged
RANGE_CASES = [("CheckForValidPInt", 1, True), ("CheckForValidPInt", 0, False), ("CheckForValidPInt", 1.5, True),
               ("CheckForValidPInt", -np.inf, False), ("CheckForValidPInt", np.nan, True),
               ("CheckForValidUInt", 0, True), ("CheckForValidUInt", -1, False), ("CheckForValidUInt", False, True),
               ("CheckForValidPReal", 0.0, False), ("CheckForValidPReal", np.float32(1.5), True),
               ("CheckForValidUReal", 0.0, True), ("CheckForValidUReal", np.int64(-2), False)]


@pytest.mark.parametrize("name, value, passes", RANGE_CASES)
def test_check_for_valid_range(name, value, passes):
    check = getattr(ii, name)
    if passes:
        assert check(value, "stiffness", "ObjectX") is value
    else:
        kind = "int" if name.endswith("Int") else "float"
        with pytest.raises(ValueError, match=rf"Error in ObjectX: \({kind}\) parameter stiffness"):
            check(value, "stiffness", "ObjectX")


def test_check_for_valid_refuses_non_numbers_with_type_error():
    with pytest.raises(TypeError):
        ii.CheckForValidPReal("3", "p", "o")


def test_copy_dict_level1_copies_each_value_shallow():
    inner = [3]
    original = {"a": [1, 2], "b": {"c": inner}, "t": (1, [2])}
    copied = ii.CopyDictLevel1(original)
    assert copied == original and copied is not original
    assert copied["a"] is not original["a"] and copied["b"] is not original["b"]
    assert copied["b"]["c"] is inner and copied["t"] is original["t"]


@pytest.mark.parametrize("value", [[1, [2]], None, 5, "x"])
def test_copy_dict_level1_returns_other_values_as_they_are(value):
    assert ii.CopyDictLevel1(value) is value


def test_iidiag_matrix():
    assert ii.IIDiagMatrix(3, 2.0) == [[2.0, 0, 0], [0, 2.0, 0], [0, 0, 2.0]]
    assert ii.IIDiagMatrix(0, 1.0) == [] and ii.IIDiagMatrix(-1, 1.0) == []
    with pytest.raises(TypeError):
        ii.IIDiagMatrix(2.0, 1)


def test_user_function_args_dict_is_exudyns():
    with SURFACE.open() as f:
        expected = json.load(f)["modules"]["exudyn.itemInterface"]["userFunctionArgsDict"]["value"]
    assert ii.userFunctionArgsDict == expected
    assert mu.userFunctionArgsDict is ii.userFunctionArgsDict


def test_user_function_protocols_carry_the_signature():
    cls = mu.ObjectConnectorSpringDamperSpringForceUserFunction
    assert issubclass(cls, typing.Protocol)
    with pytest.raises(TypeError):
        cls()
    signature = inspect.signature(cls.__call__)
    assert list(signature.parameters) == ["self", "mbs", "t", "itemNumber", "deltaL", "deltaL_t", "stiffness",
                                          "damping", "force"]
    assert signature.parameters["mbs"].annotation is MainSystem
    assert signature.return_annotation is float
    jacobian = inspect.signature(ii.ObjectGenericODE2JacobianUserFunction.__call__)
    assert jacobian.return_annotation is MatrixContainer
    graphics = inspect.signature(ii.ObjectGroundGraphicsDataUserFunction.__call__)
    assert graphics.return_annotation is list


def test_every_protocol_of_the_dict_exists():
    names = [entry[3][0] for entry in ii.userFunctionArgsDict.values() if len(entry) > 3]
    assert len(names) == 34
    for name in names:
        cls = getattr(ii, name)
        params = list(inspect.signature(cls.__call__).parameters)[1:]
        key = next(k for k, e in ii.userFunctionArgsDict.items() if len(e) > 3 and e[3][0] == name)
        assert params == ii.userFunctionArgsDict[key][1]
