"""graphicsDataUtilities of issue 40 against Exudyn 1.13.6: Compute6NodeTrigsNormals,
ComputeTriangularMesh and ShrinkMeshNormalToSurface (reference:
tests/reference/utilities_issue40.json, written by tools/make_utilities40_reference.py)."""
import json
from pathlib import Path

import numpy as np
import pytest

import multibody.graphicsDataUtilities as gdu

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "utilities_issue40.json"
with REFERENCE.open() as _f:
    MESHES = json.load(_f)["meshes"]

# the same formulas up to the order of floating-point operations
NORMAL_ATOL = 1e-15


@pytest.mark.parametrize("case", range(len(MESHES["sixNode"])))
def test_six_node_normals(case):
    ref = MESHES["sixNode"][case]
    normals = gdu.Compute6NodeTrigsNormals(np.array(ref["nodes"]))
    np.testing.assert_allclose(normals, ref["normals"], rtol=0, atol=NORMAL_ATOL)


def test_six_node_normals_of_a_flat_triangle():
    nodes = [[0, 0, 0], [2, 0, 0], [0, 1, 0], [1, .5, 0], [0, .5, 0], [1, 0, 0]]
    np.testing.assert_array_equal(gdu.Compute6NodeTrigsNormals(nodes), [[0, 0, 1]] * 6)
    np.testing.assert_array_equal(gdu.Compute6NodeTrigsNormals(np.zeros((6, 3))), np.zeros((6, 3)))


@pytest.mark.parametrize("case", range(len(MESHES["triangularMesh"])))
def test_triangular_mesh_keeps_exudyns_triangles(case):
    ref = MESHES["triangularMesh"][case]
    tri = gdu.ComputeTriangularMesh(np.array(ref["points"]), ref["segments"])
    # the same qhull triangulation, filtered: the same triangles in the same order
    assert np.asarray(tri.simplices).tolist() == ref["simplices"]


def test_shrink_mesh_normal_to_surface():
    ref = MESHES["shrink"]
    points2, triangles2 = gdu.ShrinkMeshNormalToSurface(np.array(ref["points"]), np.array(ref["triangles"]),
                                                        ref["distance"])
    np.testing.assert_allclose(points2, ref["points2"], rtol=0, atol=NORMAL_ATOL)
    assert np.asarray(triangles2).tolist() == ref["triangles"]


def test_shrink_mesh_of_a_tetrahedron():
    points = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1.], [5, 5, 5]]
    triangles = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]
    points2, triangles2 = gdu.ShrinkMeshNormalToSurface(points, triangles, 0.1)
    # Exudyn 1.13.6: the corner at the origin moves along its three face normals; an unused point stays
    c = 1 - 0.1 / np.sqrt(3)
    np.testing.assert_allclose(points2, [[.1, .1, .1], [c, .1, .1], [.1, c, .1], [.1, .1, c], [5, 5, 5]], atol=1e-15)
    assert triangles2 == triangles and triangles2 is not triangles
