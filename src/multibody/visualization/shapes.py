"""Solid shapes of the scene as triangle arrays (k, 3, 3) and the color rules shared by the
drawing modules (scene.py, connectors.py, flexible.py); the shapes are those Exudyn 1.13.6 draws
(triangle counts and vertices measured with its ``GetGraphicsData``).

Rings of n tiles around an axis u with the basis (n1, n2) of ``ComputeOrthonormalBasisVectors(u)``
start at n2 and turn toward n1 (measured with odd and even, non-multiple-of-4 tilings).
"""
from math import floor, log2

import numpy as np

from ..graphics import ComputeOrthonormalBasisVectors

RED = (1.0, 0.0, 0.0, 1.0)
# colors of the x, y, z axes of node and marker bases and of marker 0's joint axes; marker 1's joint axes
BASIS_COLORS = ((0.9, 0.1, 0.1, 1.0), (0.1, 0.9, 0.1, 1.0), (0.1, 0.1, 0.9, 1.0))
BASIS_COLORS_1 = ((0.6, 0.4, 0.4, 1.0), (0.4, 0.6, 0.4, 1.0), (0.4, 0.4, 0.6, 1.0))


def resolution(tiling):
    return int(floor(log2(max(tiling, 1))))


def marker0_color(c):
    m = np.array(c, dtype=float)
    m[:3] = 0.25 * m[:3] + 0.375
    return m


def number_color(c):
    t = np.array(c, dtype=float)
    t[:3] = 0.5 * t[:3] + 0.5 * np.mean(t[:3])
    return t


def face_normals(P):
    """Normals (n, k, 3) of triangles whose corners are P[:, :3]."""
    n = np.cross(P[:, 1] - P[:, 0], P[:, 2] - P[:, 0])
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-300)
    return np.repeat(n[:, None, :], P.shape[1], axis=1)


def add_triangles(b, item, P, color):
    """Append triangles P (k, 3, 3) of one color to the SceneBuilder b."""
    if not len(P):
        return
    b.triangles[0].extend([item] * len(P))
    b.triangles[1].append(P)
    b.triangles[2].append(face_normals(P))
    b.triangles[3].append(np.tile(np.asarray(color, dtype=float), (len(P), 3, 1)))


def _axis_basis(u):
    u = np.asarray(u, dtype=float)
    norm = np.linalg.norm(u)
    if norm == 0:
        return np.array([1., 0., 0.]), np.array([0., 1., 0.]), np.array([0., 0., 1.])
    _, n1, n2 = ComputeOrthonormalBasisVectors(u / norm)
    return u / norm, np.asarray(n1), np.asarray(n2)


def _ring(n1, n2, n):
    """(n + 1, 3) unit vectors of a ring of n tiles, closed, starting at n2 toward n1."""
    ang = 2 * np.pi * np.arange(n + 1) / n
    return np.outer(np.cos(ang), n2) + np.outer(np.sin(ang), n1)


def cylinder(p0, v, radius, inner, n, basis_axis=None):
    """Triangles of a cylinder from p0 along v with n tiles: solid 4n (side 2n, caps n each), hollow
    (inner radius) 8n (outer and inner side, two annuli). ``basis_axis``: the axis giving the ring's
    basis if v may vanish or point backwards."""
    p0, v = np.asarray(p0, dtype=float), np.asarray(v, dtype=float)
    _, n1, n2 = _axis_basis(v if basis_axis is None else basis_axis)
    ring = _ring(n1, n2, n)
    p1 = p0 + v
    tri = []
    for i in range(n):
        a, b = ring[i], ring[i + 1]
        o0, o1, t0, t1 = p0 + radius * a, p0 + radius * b, p1 + radius * a, p1 + radius * b
        tri += [[o0, t1, t0], [o0, o1, t1]]
        if inner is None:
            tri += [[p0, o1, o0], [p1, t0, t1]]
        else:
            i0, i1, j0, j1 = p0 + inner * a, p0 + inner * b, p1 + inner * a, p1 + inner * b
            tri += [[i0, j0, j1], [i0, j1, i1], [o0, o1, i1], [o0, i1, i0], [t0, j1, t1], [t0, j0, j1]]
    return np.array(tri).reshape(-1, 3, 3)


def cone(base, v, radius, n, basis_axis=None):
    """2n triangles of a cone with base center ``base`` and tip base + v: the base disc, the mantle."""
    base = np.asarray(base, dtype=float)
    _, n1, n2 = _axis_basis(v if basis_axis is None else basis_axis)
    ring = radius * _ring(n1, n2, n)
    tip = base + np.asarray(v, dtype=float)
    tri = []
    for i in range(n):
        a, b = base + ring[i], base + ring[i + 1]
        tri += [[base, b, a], [a, b, tip]]
    return np.array(tri).reshape(-1, 3, 3)


def arrow(p, u, shaft, radius, head_radius, head_length, n, heads=1):
    """An arrow along the unit vector u: a solid shaft (4n triangles) from p of length ``shaft``
    (may be negative), then ``heads`` cones (2n each) stacked from p + shaft u."""
    p, u = np.asarray(p, dtype=float), np.asarray(u, dtype=float)
    parts = [cylinder(p, shaft * u, radius, None, n, basis_axis=u)]
    for k in range(heads):
        parts.append(cone(p + (shaft + k * head_length) * u, head_length * u, head_radius, n, basis_axis=u))
    return np.concatenate(parts)


# corner signs of the 12 triangles of a cube (two per face)
_CUBE = np.array([[[-1, -1, -1], [1, -1, -1], [1, 1, -1]], [[-1, -1, -1], [1, 1, -1], [-1, 1, -1]],
                  [[1, 1, 1], [1, -1, 1], [-1, -1, 1]], [[1, 1, 1], [-1, -1, 1], [-1, 1, 1]],
                  [[-1, -1, -1], [-1, -1, 1], [1, -1, -1]], [[1, -1, -1], [-1, -1, 1], [1, -1, 1]],
                  [[1, -1, -1], [1, -1, 1], [1, 1, -1]], [[1, 1, -1], [1, -1, 1], [1, 1, 1]],
                  [[1, 1, -1], [1, 1, 1], [-1, 1, -1]], [[-1, 1, -1], [1, 1, 1], [-1, 1, 1]],
                  [[-1, 1, -1], [-1, 1, 1], [-1, -1, -1]], [[-1, -1, -1], [-1, 1, 1], [-1, -1, 1]]], dtype=float)


def cube(p, d):
    """12 triangles of the axis-aligned cube with center p and half side d."""
    return np.asarray(p, dtype=float) + d * _CUBE


def small_sphere(p, r):
    """16 triangles of a sphere of 4 tiles (two bands, degenerate at the poles) with center p."""
    p = np.asarray(p, dtype=float)
    ring = [p + r * np.array(e) for e in ((0., 1., 0.), (1., 0., 0.), (0., -1., 0.), (-1., 0., 0.), (0., 1., 0.))]
    south, north = p - [0., 0., r], p + [0., 0., r]
    tri = [t for j in range(4) for t in ([south, ring[j], ring[j + 1]], [south, ring[j + 1], south])]
    tri += [t for j in range(4) for t in ([ring[j], north, north], [ring[j], north, ring[j + 1]])]
    return np.array(tri)


def _tube_start(t):
    """First direction of a tube's first ring with tangent t: t x ex, normalized (else a COB vector)."""
    e1 = np.cross(t, [1., 0., 0.])
    norm = np.linalg.norm(e1)
    if norm < 1e-10:
        return np.asarray(ComputeOrthonormalBasisVectors(t)[1])
    return e1 / norm


def tube(points, radius, n):
    """Triangles of a tube of n tiles along a polyline: a cap at each end (n each) and 2n per
    segment. The rings are normal to the segment (ends) or to the mean of the adjacent segments'
    directions; each ring's first direction is the previous one's moved along the previous ring's
    normal into the ring's plane (no twist), the first ring's t x ex; ring k: cos(2 pi k / n) e1 +
    sin(2 pi k / n) (e1 x t)."""
    P = np.asarray(points, dtype=float)
    d = np.diff(P, axis=0)
    d /= np.maximum(np.linalg.norm(d, axis=1, keepdims=True), 1e-300)
    t = np.vstack([d[:1], d[:-1] + d[1:], d[-1:]])
    t /= np.maximum(np.linalg.norm(t, axis=1, keepdims=True), 1e-300)
    ang = 2 * np.pi * np.arange(n + 1) / n
    rings = []
    e1 = _tube_start(t[0])
    for j, (p, tj) in enumerate(zip(P, t)):
        if j:
            c = t[j - 1] @ tj
            e1 = e1 - (e1 @ tj) / c * t[j - 1] if abs(c) > 1e-12 else e1 - (e1 @ tj) * tj
            e1 /= max(np.linalg.norm(e1), 1e-300)
        rings.append(p + radius * (np.outer(np.cos(ang), e1) + np.outer(np.sin(ang), np.cross(e1, tj))))
    tri = [[P[0], rings[0][k + 1], rings[0][k]] for k in range(n)]
    for a, b in zip(rings[:-1], rings[1:]):
        for k in range(n):
            tri += [[a[k], b[k + 1], b[k]], [a[k], a[k + 1], b[k + 1]]]
    tri += [[P[-1], rings[-1][k], rings[-1][k + 1]] for k in range(n)]
    return np.array(tri)
