"""multibody.rigidBodyUtilities / basicUtilities against Exudyn 1.13.6 reference values.

The values come from tools/make_rbu_reference.py (tests/reference/rigid_body_utilities.json).
"""
import json
from pathlib import Path

import numpy as np
import pytest

import multibody.basicUtilities as bu
import multibody.rigidBodyUtilities as rbu
from multibody.enums import NodeType

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "rigid_body_utilities.json"
# same formulas as Exudyn up to the order of floating-point operations
RTOL = 1e-12
# entries that are zero in exact arithmetic come out as round-off of order 1e-16
ATOL = 1e-14

with REFERENCE.open() as f:
    _REF = json.load(f)

MODULES = {"rbu": rbu, "bu": bu}
FUNCTION_CASES = [c for c in _REF["functions"] if c["module"] in MODULES]


def _case_id(case):
    return f"{case['function']}-{json.dumps(case['args'])[:40]}"


def call_args(args):
    """Same conversion as tools/make_rbu_reference.py: lists become float arrays."""
    return [np.array(a, dtype=float) if isinstance(a, list) else a for a in args]


def assert_same(result, expected):
    if isinstance(expected, str):
        assert result == expected
    elif isinstance(expected, list) and expected and isinstance(result, list) \
            and np.ndim(expected[0]) != np.ndim(expected[-1]):
        # list of arrays of different shapes, e.g. [A, v]
        for r, e in zip(result, expected, strict=True):
            assert_same(r, e)
    else:
        np.testing.assert_allclose(np.asarray(result, dtype=float), np.asarray(expected, dtype=float),
                                   rtol=RTOL, atol=ATOL)


def test_reference_covers_expected_version():
    assert _REF["exudyn_version"] == "1.13.6"


@pytest.mark.parametrize("case", FUNCTION_CASES, ids=_case_id)
def test_function_matches_exudyn(case):
    function = getattr(MODULES[case["module"]], case["function"])
    assert_same(function(*call_args(case["args"])), case["result"])


def build_inertia(scenario):
    """Same scenario interpreter as tools/make_rbu_reference.py."""
    args = [np.array(a, dtype=float) if isinstance(a, list) and isinstance(a[0], list) else a
            for a in scenario["args"]]
    inertia = getattr(rbu, scenario["class"])(*args, **scenario.get("kwargs", {}))
    for method, method_args in scenario["ops"]:
        inertia = getattr(inertia, method)(*[np.array(a, dtype=float) for a in method_args])
    if "add" in scenario:
        inertia = inertia + build_inertia(scenario["add"])
    return inertia


@pytest.mark.parametrize("case", _REF["inertia"], ids=lambda c: c["scenario"]["name"])
def test_inertia_matches_exudyn(case):
    body = build_inertia(case["scenario"])
    assert_same(body.mass, case["mass"])
    assert_same(body.com, case["com"])
    assert_same(body.inertiaTensor, case["inertiaTensor"])
    assert_same(body.GetInertia6D(), case["inertia6D"])
    assert_same(body.InertiaCOM(), case["inertiaCOM"])


@pytest.mark.parametrize("name, order, expected", _REF["integration"])
def test_integration_matches_exudyn(name, order, expected):
    def polynomial(x):
        return x ** 5 - 2.0 * x ** 3 + x * x + 0.5
    assert_same(getattr(bu, name)(polynomial, order, -0.5, 2.0), expected)


@pytest.mark.parametrize("name, order, message", [
    ("GaussIntegrate", 2, "must be odd"), ("GaussIntegrate", 11, "maximum"),
    ("LobattoIntegrate", 7, "maximum")])
def test_integration_rejects_unsupported_order(name, order, message):
    with pytest.raises(ValueError, match=message):
        getattr(bu, name)(lambda x: x, order, 0.0, 1.0)


def test_rotated_inertia_with_com_raises():
    body = rbu.InertiaCuboid(1000, [1, 2, 3]).Translated([0.1, 0, 0])
    with pytest.raises(ValueError, match="com=0"):
        body.Rotated(np.eye(3))


def test_inertia_type_names_and_special_data():
    cuboid = rbu.InertiaCuboid(1000, [1, 2, 3])
    assert cuboid.GetTypeName() == "InertiaCuboid"
    moved = cuboid.Translated([0.1, 0.2, 0.3])
    assert moved.GetTypeName() == "RigidBodyInertia"
    assert moved.GetSpecialData()["type"] == "InertiaCuboid"
    np.testing.assert_array_equal(moved.GetSpecialData()["HT"], rbu.HTtranslate([0.1, 0.2, 0.3]))
    assert (moved + rbu.InertiaSphere(2, 0.5)).GetSpecialData() == {"type": "RigidBodyInertia"}


def test_cuboid_graphics_is_translated_box():
    g = rbu.InertiaCuboid(1000, [1, 2, 3]).Translated([0.1, 0.2, 0.3]).GetGraphics([1, 0, 0, 1])
    assert g["type"] == "TriangleList"
    np.testing.assert_allclose(g["points"].min(axis=0), [-0.4, -0.8, -1.2])
    np.testing.assert_allclose(g["points"].max(axis=0), [0.6, 1.2, 1.8])
    assert g["triangles"].shape == (12, 3) and g["colors"].shape == (8, 4)
    assert rbu.RigidBodyInertia(1.0, np.eye(3)).GetGraphics([1, 0, 0, 1]) is None


def test_str_node_type():
    assert rbu.StrNodeType2NodeType("RotationRxyz") == NodeType.RotationRxyz
    with pytest.raises(ValueError, match="no valid NodeType"):
        rbu.StrNodeType2NodeType("EP")


def test_euler_parameters0_is_identity():
    assert rbu.eulerParameters0 == [1.0, 0.0, 0.0, 0.0]
    np.testing.assert_array_equal(rbu.EulerParameters2RotationMatrix(rbu.eulerParameters0), np.eye(3))


def test_all_names_exist():
    for module in (rbu, bu):
        for name in module.__all__:
            assert hasattr(module, name), name


def test_legacy_vector_helpers():
    v0, v1 = [1.0, 2.0, 2.0], [0.5, -1.0, 3.0]
    assert bu.NormL2(v0) == 3.0
    assert bu.VSub(v0, v1) == [0.5, 3.0, -1.0]
    assert bu.VAdd(v0, v1) == [1.5, 1.0, 5.0]
    assert bu.VMult(v0, v1) == 4.5
    assert bu.ScalarMult(2.0, v0) == [2.0, 4.0, 4.0]
    np.testing.assert_array_equal(bu.Vec2Tilde(v0) @ v1, np.cross(v0, v1))
    assert bu.Tilde2Vec(bu.Vec2Tilde(v0)) == v0
    assert bu.NumpyInt8ArrayToString(np.array([72, 105], dtype=np.int8)) == "Hi"


def test_deprecated_helpers_warn_as_exudyn():
    """AddRigidBody, AddRevoluteJoint and AddPrismaticJoint warn with Exudyn 1.13.6's text (their
    items against Exudyn's: reference case legacy_rigid_body_helpers); node types also as text."""
    import multibody as exu
    import multibody.utilities as U
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    with pytest.warns(DeprecationWarning, match=r"rigidBodyUtilities\.AddRigidBody is deprecated since 1\.11\.0 and "
                                                r"removed in 2029; use mbs\.CreateRigidBody instead"):
        n, b = U.AddRigidBody(mainSys=mbs, inertia=U.InertiaCuboid(1., [1., 1., 1.]), nodeType="NodeType.RotationRxyz")
    assert mbs.GetNode(n)["nodeType"] == "RigidBodyRxyz"
    with pytest.warns(DeprecationWarning, match=r"AddRevoluteJoint is deprecated .* use mbs\.CreateRevoluteJoint"):
        joint, m0, m1 = U.AddRevoluteJoint(mbs, g, b, point=[0., 0., 0.], axis=[0., 0., 1.])
    assert mbs.GetObject(joint)["markerNumbers"] == [m0, m1]
    assert U.StrNodeType2NodeType("NodeType.RotationEulerParameters") == exu.NodeType.RotationEulerParameters
    with pytest.raises(ValueError, match='no valid NodeType: "Rotation"'):
        U.StrNodeType2NodeType("NodeType.Rotation")
