"""Documented API: every item class has a one-line doc of its own; every public function of the
utility modules and every mbs.Create... function lists each argument in a numpydoc 'Parameters'
section (as help() and the Sphinx reference show it) and carries type hints."""
import importlib
import inspect
import re

import pytest

import multibody as exu
from multibody.items import REGISTRY

UTILITY_MODULES = ["rigidBodyUtilities", "basicUtilities", "advancedUtilities", "graphicsDataUtilities", "graphics",
                   "lieGroupBasics", "lieGroupIntegration", "signalProcessing"]
CREATE = sorted(n for n in dir(exu.MainSystem) if n.startswith("Create"))


def _public_functions(module_name):
    module = importlib.import_module("multibody." + module_name)
    names = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
    return [(f"{module_name}.{n}", f) for n in names
            if inspect.isfunction(f := getattr(module, n, None)) and f.__module__ == module.__name__]


FUNCTIONS = [x for m in UTILITY_MODULES for x in _public_functions(m)]
FUNCTIONS += [(f"MainSystem.{n}", getattr(exu.MainSystem, n)) for n in CREATE]


def _arguments(function):
    return [p for p in inspect.signature(function).parameters.values() if p.name not in ("self", "mbs")]


def _documented(doc):
    """Argument names of the 'Parameters' section of a docstring."""
    doc = inspect.cleandoc(doc or "")
    match = re.search(r"^Parameters\n-+\n(.*?)(?:\n\n[A-Z][a-z]+\n-+\n|\Z)", doc, re.S | re.M)
    if not match:
        return set()
    return {re.sub(r"[\\*]", "", m) for m in re.findall(r"^([\\*\w]+)\s*(?::|$)", match.group(1), re.M)}


@pytest.mark.parametrize("name", sorted(REGISTRY.by_class))
def test_every_item_class_has_a_one_line_doc(name):
    cls = REGISTRY.by_class[name]
    first = (cls.__doc__ or "").strip().splitlines()[0]
    assert len(first) > 20 and first.endswith("."), (name, first)
    assert name not in first and first.rstrip(".") not in (name, name.replace("Object", "", 1)), (name, first)


def test_the_checked_surface_is_complete():
    assert len(FUNCTIONS) > 200
    assert {"CreateRevoluteJoint", "CreateRigidBody", "CreateRollingDisc", "CreateLinearSpringDamper"} <= set(CREATE)


@pytest.mark.parametrize("name,function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_every_argument_is_documented(name, function):
    missing = [p.name for p in _arguments(function) if p.name not in _documented(function.__doc__)]
    assert not missing, f"{name}: arguments without a line in 'Parameters': {missing}"


@pytest.mark.parametrize("name,function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_every_argument_has_a_type_hint(name, function):
    missing = [p.name for p in _arguments(function) if p.annotation is inspect.Parameter.empty]
    assert not missing, f"{name}: arguments without a type hint: {missing}"


def test_help_of_a_create_function_shows_types_defaults_and_meanings():
    text = exu.MainSystem.CreateRevoluteJoint.__doc__
    assert "axisRadius : float, default 0.1" in text
    assert "useGlobalFrame : bool, default True" in text
    sig = inspect.signature(exu.MainSystem.CreateRevoluteJoint)
    assert sig.parameters["bodyNumbers"].default is None and "Optional" in str(sig.parameters["bodyNumbers"].annotation)


def test_a_missing_description_is_reported_by_name():
    from multibody._apidoc import parameters_section

    def NotDocumented(unknownArgumentXyz: float = 1.0):
        """Nothing."""
    with pytest.raises(KeyError, match="unknownArgumentXyz"):
        parameters_section(NotDocumented)
