"""Fuzzing every item type's parameters (hypothesis): wrong types, shapes, NaN, inf, negative and
huge values, indices of the wrong kind or out of range, given to Add, Modify and Set...Parameter
after Assemble. Asserts: only multibody's own errors (errors.py; no internal error), naming the
item type and the parameter; a refused call leaves the items and the assembled arrays as they were.

Budget: MULTIBODY_FUZZ_EXAMPLES examples per test (default 400, about 15 s in all);
e.g. ``MULTIBODY_FUZZ_EXAMPLES=5000 ./py -m pytest tests/model/test_fuzz_items.py`` by hand."""
import math
import os
import types
import warnings

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import multibody as exu  # noqa: E402
import multibody.itemInterface as ii  # noqa: E402
from multibody.errors import ExudynError, InternalError, ItemParameterError, ItemParameterTypeError  # noqa: E402

from .item_recipes import RECIPES, add_item, family_of, host  # noqa: E402

NS = types.SimpleNamespace(**vars(ii), OutputVariableType=exu.OutputVariableType, LoadIndex=exu.LoadIndex)
EXAMPLES = int(os.environ.get("MULTIBODY_FUZZ_EXAMPLES", "400"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="MULTIBODY_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=list(HealthCheck))
INDEX_TYPES = (exu.NodeIndex, exu.ObjectIndex, exu.MarkerIndex, exu.LoadIndex, exu.SensorIndex)


def _parameters(class_name):
    return [k for k in dict(getattr(ii, class_name)()) if not k.endswith("Type") and k != "name"
            and not k.startswith("V")]


CASES = [(c, p) for c in RECIPES for p in _parameters(c)]
numbers = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-2 ** 70, 2 ** 70),
                    st.sampled_from([0, -1, 1, 2 ** 31 - 1, 2 ** 31, -2 ** 31 - 1, 1e20, -1e-300, math.nan, math.inf]))
indices = st.builds(lambda k, i: INDEX_TYPES[k](i), st.integers(0, 4), st.integers(-5, 40))
scalars = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=3), indices, st.just({}),
                    st.just(print), st.just(lambda *a: None))
vectors = st.lists(st.one_of(numbers, st.none(), indices, st.text(max_size=2)), max_size=8)
matrices = st.lists(st.lists(numbers, min_size=0, max_size=7), max_size=7)
arrays = st.builds(lambda n, m, v: np.full((n, m), v), st.integers(0, 7), st.integers(0, 7), numbers)
bad_values = st.one_of(scalars, vectors, matrices, arrays)


def _records(mbs):
    """The items as plain data (user functions by identity)."""
    out = []
    for family in ("node", "object", "marker", "load", "sensor"):
        for r in mbs._items[family]:
            out.append((family, {k: _plain(v) for k, v in r.values.items()},
                        {k: _plain(v) for k, v in r.vvalues.items()}))
    return out


def _plain(v):
    if isinstance(v, np.ndarray):
        return ("array", v.shape, v.tobytes())
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if callable(v):
        return ("function", id(v))
    return repr(v)


def _assembled(mbs):
    """The assembled arrays: coordinates of every configuration and every group's arrays."""
    c = mbs._compiled
    out = [repr(mbs.systemIsConsistent), id(c)]
    if c is None:
        return out
    for st_ in c.states.values():
        out += [x.tobytes() for x in (st_.q, st_.v, st_.y, st_.lam, st_.x)]
    for name in ("body_groups", "connector_groups", "constraint_groups", "load_groups", "marker_groups",
                 "node_groups", "ode1_groups"):
        for g in getattr(c, name, []):
            out += [(k, v.tobytes()) for k, v in sorted(vars(g).items()) if isinstance(v, np.ndarray)]
    return out


def _check_refusal(exc, class_name, param):
    assert isinstance(exc, ExudynError) and not isinstance(exc, InternalError), \
        f"{class_name}.{param}: internal error {type(exc).__name__}: {exc}"
    assert class_name in str(exc), f"{class_name}.{param}: the error does not name the item: {exc}"
    if isinstance(exc, (ItemParameterError, ItemParameterTypeError)):
        assert exc.parameter == param or param in str(exc), f"{class_name}.{param}: {exc}"


def _system(class_name):
    mbs = exu.SystemContainer().AddSystem()
    h = host(NS, mbs)
    index = add_item(NS, mbs, class_name, RECIPES[class_name](h))
    mbs.Assemble()
    return mbs, h, index


@FUZZ
@given(case=st.sampled_from(CASES), value=bad_values, how=st.sampled_from(["Add", "Modify", "Set"]))
def test_bad_parameter_refused_or_taken_cleanly(case, value, how):
    class_name, param = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mbs, h, index = _system(class_name)
        records, assembled = _records(mbs), _assembled(mbs)
        family = family_of(class_name).capitalize()
        try:
            if how == "Add":
                kwargs = RECIPES[class_name](h)
                kwargs[param] = value
                add_item(NS, mbs, class_name, kwargs)
            elif how == "Modify":
                getattr(mbs, "Modify" + family)(index, {param: value})
            else:
                getattr(mbs, f"Set{family}Parameter")(index, param, value)
        except Exception as exc:       # noqa: BLE001 (what is checked)
            _check_refusal(exc, class_name, param)
            assert _records(mbs) == records, f"{how} {class_name}.{param}={value!r}: items changed"
            assert _assembled(mbs) == assembled, f"{how} {class_name}.{param}={value!r}: assembled arrays changed"
            return
        try:
            mbs.Assemble()
        except Exception as exc:       # noqa: BLE001
            assert isinstance(exc, ExudynError) and not isinstance(exc, InternalError), \
                f"{how} {class_name}.{param}={value!r}: internal error at Assemble {type(exc).__name__}: {exc}"


@FUZZ
@given(case=st.sampled_from(CASES), values=st.lists(bad_values, min_size=2, max_size=2))
def test_refused_modify_of_two_parameters_changes_nothing(case, values):
    """A Modify whose second value is refused does not set its first one (records and groups)."""
    class_name, param = case
    others = [p for p in _parameters(class_name) if p != param]
    if not others:
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mbs, h, index = _system(class_name)
        good = RECIPES[class_name](h).get(others[0], dict(getattr(ii, class_name)())[others[0]])
        records, assembled = _records(mbs), _assembled(mbs)
        family = family_of(class_name).capitalize()
        try:
            getattr(mbs, "Modify" + family)(index, {others[0]: good, param: values[0]})
        except Exception as exc:       # noqa: BLE001
            _check_refusal(exc, class_name, param)
            assert _records(mbs) == records and _assembled(mbs) == assembled
