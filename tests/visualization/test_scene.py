"""Scene data vs Exudyn 1.13.6 (tests/reference/visualization/*.json, tools/make_visualization_reference.py)."""
import json
import os
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.graphics as G
import multibody.utilities as U

from . import vis_models as vm

REF = os.path.join(os.path.dirname(__file__), "..", "reference", "visualization")
# coordinates are float32 in the scene; Exudyn's and ours are rounded independently
POINT_ATOL = 1e-5
KINDS = ("lines", "spheres", "circles", "texts", "triangles", "triangles6", "lines3")


def _load(case):
    with open(os.path.join(REF, case + ".json")) as f:
        return json.load(f)["scene"]


def _ours(case):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return vm.build(exu, U, G, case).renderer.GetGraphicsData(flatShapes=False)


@pytest.fixture(scope="module", params=sorted(vm.CASES))
def case_pair(request):
    return request.param, _load(request.param), _ours(request.param)


def test_format(case_pair):
    _, _, ours = case_pair
    assert ours["formatVersion"] == 1
    for kind in KINDS:
        assert ours[kind]["items"].dtype == np.int32
        assert ours[kind]["points"].dtype == np.float32


@pytest.mark.parametrize("kind", KINDS)
def test_elements_per_item(case_pair, kind):
    """Same elements, drawn by the same items in the same order."""
    _, ref, ours = case_pair
    np.testing.assert_array_equal(ours[kind]["items"], np.array(ref[kind]["items"], dtype=np.int32).reshape(-1, 3))


@pytest.mark.parametrize("kind", KINDS)
def test_colors_and_sizes(case_pair, kind):
    _, ref, ours = case_pair
    for key in ("colors", "radius", "resolution", "numberOfSegments", "fontSize", "offset"):
        if key in ref[kind]:
            np.testing.assert_allclose(ours[kind][key], np.reshape(ref[kind][key], ours[kind][key].shape),
                                       atol=POINT_ATOL, err_msg=f"{kind}.{key}")
    if kind == "texts":
        assert ours[kind]["text"] == ref[kind]["text"]


@pytest.mark.parametrize("kind", ("lines", "spheres", "circles", "texts"))
def test_points(case_pair, kind):
    """Positions, spring helices and marker crosses point by point."""
    _, ref, ours = case_pair
    np.testing.assert_allclose(ours[kind]["points"], np.reshape(ref[kind]["points"], ours[kind]["points"].shape),
                               atol=POINT_ATOL)


def test_triangle_geometry(case_pair):
    """Per item: the bounding box of the triangle corners (tessellations differ inside)."""
    _, ref, ours = case_pair
    ri, rp = np.array(ref["triangles"]["items"]).reshape(-1, 3), np.array(ref["triangles"]["points"])
    for key in {tuple(k) for k in ri.tolist()}:
        a = rp[np.all(ri == key, axis=1)].reshape(-1, 3)
        b = ours["triangles"]["points"][np.all(ours["triangles"]["items"] == key, axis=1)].reshape(-1, 3)
        np.testing.assert_allclose(b.min(0), a.min(0), atol=POINT_ATOL, err_msg=str(key))
        np.testing.assert_allclose(b.max(0), a.max(0), atol=POINT_ATOL, err_msg=str(key))


def test_body_brick_exact():
    """A Brick on ground: the 12 triangles as Exudyn places them."""
    ref, ours = _load("points_spring"), _ours("points_spring")
    np.testing.assert_allclose(ours["triangles"]["points"], np.reshape(ref["triangles"]["points"], (-1, 3, 3)),
                               atol=POINT_ATOL)


def test_flat_shapes_refines_curved_triangles():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(U.ObjectGround(visualization=U.VObjectGround(graphicsData=[G.Cylinder(nTiles=8)])))
    mbs.Assemble()
    curved = SC.renderer.GetGraphicsData(flatShapes=False)
    flat = SC.renderer.GetGraphicsData(flatShapes=True)
    assert len(curved["triangles6"]["items"]) == 16 and len(curved["triangles"]["items"]) == 0
    assert len(flat["triangles6"]["items"]) == 0 and len(flat["triangles"]["items"]) == 64


def test_scene_does_not_change_the_state():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        SC = vm.build(exu, U, G, "points_spring")
    mbs = SC.GetSystem(0)
    eq = mbs._compiled.equations
    before = eq.markers.pos.copy(), eq.q.copy()
    SC.renderer.GetGraphicsData()
    np.testing.assert_array_equal(eq.markers.pos, before[0])
    np.testing.assert_array_equal(eq.q, before[1])
