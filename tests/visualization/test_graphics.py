"""multibody.graphics outputs vs exudyn.graphics 1.13.6 (tests/reference/visualization/graphics.json)."""
import json
import os

import numpy as np
import pytest

import multibody.graphics as G
import multibody.graphicsDataUtilities as GDU

with open(os.path.join(os.path.dirname(__file__), "..", "reference", "visualization", "graphics.json")) as _f:
    REF = json.load(_f)
# same layout as Exudyn, point by point
EXACT = ["Brick", "BrickNormals", "BrickXYZ", "Cylinder8", "CylinderX", "CylinderInner", "Sphere", "Sphere8",
         "Lines", "Text", "Circle", "Quad", "CheckerBoard", "CheckerBoardZ", "FromPointsAndTrigs"]


def _call(name):
    f, args, kwargs = REF["calls"][name]
    return getattr(G, f)(*args, **kwargs), REF["outputs"][name]


@pytest.mark.parametrize("name", EXACT)
def test_graphics_data_matches_exudyn(name):
    ours, ref = _call(name)
    assert set(ours) == set(ref)
    for key, value in ref.items():
        if isinstance(value, str):
            assert ours[key] == value
        else:
            np.testing.assert_allclose(np.asarray(ours[key], dtype=float), np.asarray(value, dtype=float),
                                       atol=1e-12, err_msg=key)


@pytest.mark.parametrize("name", ["Arrow", "Basis", "CheckerBoardY"])
def test_graphics_data_same_kind(name):
    """Same type, keys and extent (the tessellation differs)."""
    ours, ref = _call(name)
    assert ours["type"] == ref["type"]
    assert {k for k in ref if np.size(ref[k])} <= set(ours)
    lo, hi = np.min(ref["points"], 0), np.max(ref["points"], 0)
    np.testing.assert_allclose(np.min(ours["points"], 0), lo, atol=0.05 * np.abs(hi - lo).max())
    np.testing.assert_allclose(np.max(ours["points"], 0), hi, atol=0.05 * np.abs(hi - lo).max())


def test_colors():
    assert G.color.red == [1.0, 0.0, 0.0, 1.0] and G.color.default == [-1.0, -1.0, -1.0, -1.0]
    assert len(G.colorList) == 16 and GDU.color4list[0] == G.color.red


def test_legacy_names_forward():
    assert GDU.GraphicsDataOrthoCubePoint([0, 0, 0], [1, 1, 1], G.color.red)["type"] == "TriangleList"
    assert GDU.GraphicsDataCylinder(nTiles=8)["triangles6"].shape == (16, 6)
    assert GDU.GraphicsDataRectangle(0, 0, 1, 2)["data"].shape == (5, 3)


def test_move_rotates_and_translates():
    g = G.Move(G.Brick([1, 0, 0], [0.2, 0.2, 0.2]), [0, 0, 1], G.RotationMatrixZ(np.pi / 2))
    np.testing.assert_allclose(np.mean(g["points"], 0), [0, 1, 1], atol=1e-12)


# ComputeOrthonormalBasisVectors(v / |v|)[1:] of exudyn.graphics 1.13.6: n1 from the y axis only where
# |v_y| and |v_z| < 0.1 (the first and fourth rows), else from the x axis
BASIS_VECTORS = [
    ([1., 0.09, 0.09], [-0.0889203383951866, 0.996006590402084, -0.00800283045556679],
     [-0.0896376994958906, 0.0, 0.995974438843229]),
    ([1., 0.05, 0.12], [0.12891523025462, -0.381406006670476, -0.915374416009143],
     [0., 0.923076923076923, -0.384615384615385]),
    ([1., 0.1006, 0.01], [0.100583105024188, -0.990049309949315, -0.0984144443289578],
     [0., 0.098916081384555, -0.995095778728623]),
    ([-1., 0.05, 0.05], [0.0498132391244992, 0.998755444446209, -0.00249066195622496],
     [-0.0499376169438922, 0.0, -0.998752338877845]),
    ([0., 1., 0.], [1., 0., 0.], [0., 0., -1.]),
    ([0.3, 0.2, -1.], [0.959350812946383, -0.0553471622853682, 0.276735811426841],
     [0., -0.98058067569092, -0.196116135138184]),
]


@pytest.mark.parametrize("v, n1, n2", BASIS_VECTORS)
def test_orthonormal_basis_vectors(v, n1, n2):
    v = np.array(v) / np.linalg.norm(v)
    out = G.ComputeOrthonormalBasisVectors(v)
    np.testing.assert_allclose(out[0], v, atol=1e-14)
    np.testing.assert_allclose(out[1], n1, atol=1e-14)
    np.testing.assert_allclose(out[2], n2, atol=1e-14)
