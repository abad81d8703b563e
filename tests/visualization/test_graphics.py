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
