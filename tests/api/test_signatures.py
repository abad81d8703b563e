"""Real signatures and docs: the item classes, the settings structures and the Create functions
show their parameters, defaults and one-line docs to inspect.signature and help(), generated from
the declarations; the type stubs (tools/make_stubs.py) are what the declarations give now."""
import ast
import importlib.util
import inspect
import json
import pydoc
from pathlib import Path

import pytest

import multibody as exu
import multibody.itemInterface as ii

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = json.loads((ROOT / "tests" / "reference" / "api_surface.json").read_text())["modules"]


def _make_stubs():
    spec = importlib.util.spec_from_file_location("make_stubs", ROOT / "tools" / "make_stubs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _reference_signature(name):
    return [(p, d) for p, d in REFERENCE["exudyn.itemInterface"][name]["signature"]]


def _value(text):
    """A default as Exudyn's signature shows it, as a Python value where it is a literal."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


@pytest.mark.parametrize("name", ["RevoluteJointZ", "ObjectJointRevoluteZ", "MassPoint", "RigidBody",
                                  "SpringDamper", "GenericJoint", "SensorBody", "LoadForceVector"])
def test_signature_lists_exudyns_parameters_and_defaults(name):
    """inspect.signature of an item class: Exudyn 1.13.6's parameter names, order and defaults
    (equal as values: Exudyn's [[1, 0, 0], ...] and our [[1.0, 0.0, 0.0], ...]; an enum member
    and Exudyn's int)."""
    sig = inspect.signature(getattr(ii, name))
    reference = _reference_signature(name)
    assert list(sig.parameters) == [n for n, _ in reference]
    for (param, text) in reference:
        default = sig.parameters[param].default
        expected = _value(text)
        if isinstance(expected, str) and isinstance(default, dict):
            continue        # (a visualization dict with Exudyn objects in it: not a literal)
        assert default == expected, (param, default, text)


def test_help_shows_the_parameter_docs():
    text = pydoc.render_doc(ii.RevoluteJointZ, renderer=pydoc.plaintext)
    assert "markerNumbers : ArrayMarkerIndex, default [-1, -1]" in text
    assert "activeConnector : Bool, default True" in text
    assert "(name='', markerNumbers=[-1, -1]" in text
    assert "[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]" in text


def test_settings_show_their_fields():
    ti = exu.SimulationSettings().timeIntegration
    text = pydoc.render_doc(type(ti), renderer=pydoc.plaintext)
    assert "numberOfSteps : PReal, default 100.0" in text and "verboseMode : UInt, default 0" in text
    assert "newton : NewtonSettings" in text


def test_stubs_are_up_to_date():
    """The stubs are what tools/make_stubs.py writes from the declarations (run it after changing
    an item or settings declaration); they are valid Python."""
    make = _make_stubs()
    for path, render in make.STUBS.items():
        text = render()
        ast.parse(text)
        assert path.exists() and path.read_text() == text, f"{path.name} is stale: run tools/make_stubs.py"


def test_stub_of_an_item_class():
    text = (ROOT / "src" / "multibody" / "itemInterface.pyi").read_text()
    tree = ast.parse(text)
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    init = next(n for n in classes["ObjectJointRevoluteZ"].body if isinstance(n, ast.FunctionDef))
    names = [a.arg for a in init.args.args][1:]
    assert names == [p.name for p in inspect.signature(ii.RevoluteJointZ).parameters.values()]
    assert "RevoluteJointZ = ObjectJointRevoluteZ" in text
    assert "markerNumbers: Sequence[MarkerIndex | int] = [-1, -1]" in text
    # every item class of the registry has its class in the stub
    from multibody.items import REGISTRY
    assert {s.class_name for s in REGISTRY.by_class.values()} <= set(classes)


def test_py_typed_marker():
    assert (ROOT / "src" / "multibody" / "py.typed").exists()
