"""The triangle solids of multibody.graphics (RigidLink, SolidOfRevolution, SolidExtrusion, Torus,
Tube, LinkedCylinders, spheres as triangles, STL files): their extent, closed and outward-facing
surfaces (triangles counterclockwise seen from outside, normals outward), as Exudyn's graphics data
has them."""
import numpy as np
import pytest

import multibody.graphics as G


def _volume(g):
    """The enclosed volume by the divergence theorem (positive for outward triangles)."""
    p, t = np.asarray(g["points"]), np.asarray(g["triangles"])
    return float(np.einsum("ij,ij->i", p[t[:, 0]], np.cross(p[t[:, 1]], p[t[:, 2]])).sum() / 6)


def test_rigid_link_with_joint_cylinders_and_spheres():
    g = G.RigidLink([0, 0, 0], [1, 0, 0], [0, 0, 1], [0, 0, 1], radius=[0.1, 0.15], thickness=0.05, width=[0.05, 0.1],
                    color=[1, 0, 0, 1])
    bmin, bmax = G.BoundingBoxSingle(g)
    np.testing.assert_allclose(bmin, [-0.1, -0.15, -0.05], atol=1e-12)
    np.testing.assert_allclose(bmax, [1.15, 0.15, 0.05], atol=1e-12)
    assert G.InconsistentTriangles(g) == 0 and np.all(g["colors"] == [1, 0, 0, 1])
    s = G.RigidLink([0, 0, 0], [1, 0, 0])                               # spheres at the joints
    np.testing.assert_allclose(G.BoundingBoxSingle(s)[1], [1.1, 0.1, 0.1], atol=1e-12)
    assert G.InconsistentTriangles(s) == 0


def test_solid_of_revolution_is_a_closed_outward_cylinder():
    g = G.SolidOfRevolution([0, 0, 0], [0, 0, 2], [[0, 0], [0, 0.5], [2, 0.5], [2, 0]], nTiles=64)
    assert G.InconsistentTriangles(g) == 0
    assert _volume(g) == pytest.approx(np.pi * 0.25 * 2, rel=5e-3)


def test_solid_extrusion_of_a_concave_polygon():
    v = [[0, 0], [2, 0], [2, 2], [1, 2], [1, 1], [0, 1]]                # an L of area 3
    seg = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]
    g = G.SolidExtrusion(v, seg, 0.5, pOff=[1, 0, 0])
    assert _volume(g) == pytest.approx(1.5, rel=1e-12)
    np.testing.assert_allclose(G.BoundingBoxSingle(g), [[1, 0, 0], [3, 2, 0.5]])


def test_torus_tube_and_linked_cylinders():
    t = G.Torus([0, 0, 0], [0, 0, 1], radiusMajor=1., radiusMinor=0.1, nTilesMajor=64, nTilesMinor=32)
    assert G.InconsistentTriangles(t) == 0
    assert _volume(t) == pytest.approx(2 * np.pi ** 2 * 1. * 0.01, rel=1.5e-2)     # (polygons inside the circles)
    tube = G.Tube([[0, 0, 0], [1, 0, 0], [2, 1, 0]], [[1, 0, 0], [1, 0, 0], [1, 1, 0]], radius=0.1)
    assert G.InconsistentTriangles(tube) == 0 and len(tube["points"]) == 3 * 16
    lc = G.LinkedCylinders([0, 0, 0], [1, 0, 0], [0, 0, 0.1], 0.2, 0.1, nTiles=128)
    area = np.pi * 0.2 ** 2 / 2 + np.pi * 0.1 ** 2 / 2 + (0.2 + 0.1) * 1.   # about: two half circles and a trapezoid
    assert _volume(lc) == pytest.approx(0.1 * area, rel=2e-2)


def test_spheres_as_triangles_and_stl_round_trip(tmp_path):
    s = G.SpheresToTriangleList(G.Sphere([0, 0, 0], 1., nTiles=32))
    assert s["type"] == "TriangleList" and G.InconsistentTriangles(s) == 0
    assert _volume(s) == pytest.approx(4 / 3 * np.pi, rel=2e-2)
    b = G.Brick(size=[1, 2, 3])
    path = str(tmp_path / "brick.stl")
    G.ExportSTL(b, path)
    back = G.FromSTLfile(path)
    np.testing.assert_allclose(G.BoundingBoxSingle(back), G.BoundingBoxSingle(b))
    assert abs(_volume(back)) == pytest.approx(6.)
