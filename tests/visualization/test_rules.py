"""The drawing rules of spec/visualization.md, stated directly (numbers from the spec tables)."""
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.graphics as G
import multibody.utilities as U

from . import vis_models as vm


def _scene(case, **settings):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        SC = vm.build(exu, U, G, case)
    vm.apply_settings(SC, settings)
    return SC.renderer.GetGraphicsData()


def _of(scene, kind, obj):
    return np.all(scene[kind]["items"] == [0, 2, obj], axis=1)


def test_spring_is_a_helix_of_windings_times_tiling_plus_one_lines():
    s = _scene("points_spring", **{"connectors.springNumberOfWindings": 3, "connectors.curveTiling": 10})
    assert _of(s, "lines", 2).sum() == 31


def test_spring_radius_is_half_the_default_size():
    s = _scene("points_spring", **{"connectors.defaultSize": 0.3})
    P = s["lines"]["points"][_of(s, "lines", 2)]
    p0, p1 = np.array([0., 0., 0.]), np.array([1.1, 0.5, 0.])
    d = (p1 - p0) / np.linalg.norm(p1 - p0)
    inner = P[1:-1, 0]
    radial = np.linalg.norm((inner - p0) - np.outer((inner - p0) @ d, d), axis=1)
    np.testing.assert_allclose(radial, 0.15, atol=1e-6)


def test_hidden_connector_draws_nothing_not_even_its_number():
    s = _scene("points_spring_hidden")
    for kind in ("lines", "texts"):
        assert not _of(s, kind, 2).any()


def test_connectors_show_false_keeps_nodes_and_markers():
    s = _scene("points_spring", **{"connectors.show": False})
    assert not _of(s, "lines", 2).any()
    assert (s["spheres"]["items"][:, 1] == 1).sum() == 1
    assert (s["lines"]["items"][:, 1] == 3).sum() == 12


def test_own_color_and_default_color():
    s = _scene("points_spring", **{"connectors.defaultColor": [0.0, 1.0, 0.0, 1.0]})
    np.testing.assert_allclose(s["lines"]["colors"][_of(s, "lines", 2)], np.tile([0., 1., 0., 1.], (257, 2, 1)))
    s = _scene("points_spring_numbers")
    np.testing.assert_allclose(s["lines"]["colors"][_of(s, "lines", 2)][0, 0], [1., 0.5, 0., 1.])


def test_number_text_color_offset_and_position():
    s = _scene("points_spring_numbers")
    t = _of(s, "texts", 2)
    assert s["texts"]["text"][int(np.where(t)[0][0])] == "2"
    # 0.5 c + 0.5 mean(c_RGB) with c = orange: mean 0.5
    np.testing.assert_allclose(s["texts"]["colors"][t][0], [0.75, 0.5, 0.25, 1.0], atol=1e-6)
    np.testing.assert_allclose(s["texts"]["offset"][t][0], [0.25, 0.25])
    np.testing.assert_allclose(s["texts"]["points"][t][0], [0.55, 0.25, 0.0], atol=1e-6)


def test_coordinate_constraint_circles_red_then_color_radius_half_size():
    s = _scene("coordinate_distance")
    c = s["circles"]
    np.testing.assert_allclose(c["colors"][_of(s, "circles", 2)], [[1, 0, 0, 1], [0.2, 0.2, 1, 1]], atol=1e-6)
    np.testing.assert_allclose(c["radius"][_of(s, "circles", 2)], 0.05, atol=1e-7)
    np.testing.assert_allclose(c["radius"][_of(s, "circles", 4)], 0.15, atol=1e-7)  # drawSize 0.3


def test_distance_constraint_one_line_or_a_tube():
    assert _of(_scene("coordinate_distance"), "lines", 3).sum() == 1
    assert _of(_scene("coordinate_distance", **{"connectors.drawSimplified": False}), "triangles", 3).sum() == 64


@pytest.mark.parametrize("obj, n_triangles", [(3, 192), (4, 192), (6, 192), (7, 128), (8, 0), (9, 0), (11, 128)])
def test_joint_triangle_counts(obj, n_triangles):
    assert _of(_scene("joints_3d"), "triangles", obj).sum() == n_triangles


def test_joint_cylinders_scale_with_tiling():
    s = _scene("joints_3d", **{"general.cylinderTiling": 8})
    assert _of(s, "triangles", 3).sum() == 96


def test_joint_marker0_part_is_lightened():
    s = _scene("joints_3d")
    # spherical joint: marker 0 sphere in 0.25 c + 0.375, marker 1 sphere in c
    np.testing.assert_allclose(s["spheres"]["colors"][_of(s, "spheres", 2)],
                               [[0.425, 0.425, 0.625, 1.0], [0.2, 0.2, 1.0, 1.0]], atol=1e-6)
    np.testing.assert_allclose(s["spheres"]["radius"][_of(s, "spheres", 10)], 0.2)  # VjointRadius


def test_nodes_as_points_or_spheres():
    s = _scene("nodes_as_spheres", **{"nodes.drawNodesAsPoint": True})
    np.testing.assert_allclose(s["spheres"]["radius"], -1.0)
    s = _scene("nodes_as_spheres")
    np.testing.assert_allclose(s["spheres"]["radius"], [0.1, 0.15, 0.1])
    np.testing.assert_array_equal(s["spheres"]["resolution"], [2, 2, 2])  # floor(log2(nodes.tiling = 4))


def test_bodies_show_false_hides_all_bodies_ground_included():
    s = _scene("points_spring", **{"bodies.show": False})
    assert not np.any(s["triangles"]["items"][:, 1] == 2)
    assert not np.any(np.all(s["spheres"]["items"] == [0, 2, 1], axis=1))
