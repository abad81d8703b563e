"""Flexible bodies in the scene (beams and cables), as Exudyn 1.13.6 draws them (measured with its
``GetGraphicsData``): the axis at bodies.beams.axialTiling + 1 points of the element (at least 3),
as a polyline in the body's color (own color or bodies.defaultColor); with a drawHeight h > 0 a band
of width h about the axis in the plane, filled (four triangles per segment) or, with
bodies.beams.crossSectionFilled False, its outline in the body's color with red 0 (measured); with a
radius > 0 (3D cables) a tube of general.cylinderTiling tiles, or the axis without
bodies.beams.crossSectionFilled. The number at the element's middle, in the number color of the
body's color.

``FLEXIBLE_DRAW`` maps an object type to the function giving the axis points and tangents of an
element at local coordinates x; a new beam type draws with one entry there.
"""
import numpy as np

from ..graphics import ComputeOrthonormalBasisVectors
from .connectors import shown_object
from .shapes import add_triangles, number_color

def node_coordinates(ctx, n, count):
    """Total coordinates (reference + displacement) of node n's first ``count`` ODE2 coordinates."""
    c = ctx.mbs._compiled
    s = int(c.node_ode2_start[n])
    return np.asarray(c.q_ref[s:s + count], dtype=float) + ctx.f.q[s:s + count]


def _hermite(x, L):
    """Cubic Hermite functions (4, m) and their x-derivatives at x (m,) on an element of length L."""
    xi = np.asarray(x, dtype=float) / L
    S = np.array([1 - 3 * xi**2 + 2 * xi**3, L * (xi - 2 * xi**2 + xi**3), 3 * xi**2 - 2 * xi**3, L * (xi**3 - xi**2)])
    dS = np.array([(6 * xi**2 - 6 * xi) / L, 1 - 4 * xi + 3 * xi**2, (6 * xi - 6 * xi**2) / L, 3 * xi**2 - 2 * xi])
    return S, dS


def ancf_cable2d_axis(ctx, rec, x):
    """Points (m, 3) and tangents (m, 3) of an ObjectANCFCable2D's axis at local x (m,)."""
    r, t = _ancf_axis(ctx, rec, x, 2)
    zeros = np.zeros((len(r), 1))
    return np.hstack([r, zeros]), np.hstack([t, zeros])


def ancf_cable_axis(ctx, rec, x):
    """Points (m, 3) and tangents (m, 3) of an ObjectANCFCable's (3D) axis at local x (m,)."""
    return _ancf_axis(ctx, rec, x, 3)


def _ancf_axis(ctx, rec, x, dim):
    """Hermite interpolation of the two nodes' positions and slopes (dim components each)."""
    n0, n1 = (int(n) for n in rec.values["nodeNumbers"][:2])
    q = np.concatenate([node_coordinates(ctx, n0, 2 * dim), node_coordinates(ctx, n1, 2 * dim)]).reshape(4, dim)
    S, dS = _hermite(x, float(rec.values["length"]))
    return S.T @ q, dS.T @ q


FLEXIBLE_DRAW = {"ANCFCable2D": ancf_cable2d_axis, "ALEANCFCable2D": ancf_cable2d_axis, "ANCFCable": ancf_cable_axis}


def draw_flexible(ctx, i, rec):
    """Draw the flexible body i (type in FLEXIBLE_DRAW) if bodies.show and its own show."""
    bs = ctx.vs.bodies
    item, col = shown_object(ctx, bs, i, rec)
    if item is None:
        return
    axis = FLEXIBLE_DRAW[rec.spec.type_name]
    L = float(rec.values["length"])
    P, T = axis(ctx, rec, np.linspace(0.0, L, max(int(bs.beams.axialTiling), 2) + 1))
    h = float(rec.vvalues.get("drawHeight", 0.0))
    radius = float(rec.vvalues.get("radius", 0.0))
    if radius > 0 and bs.beams.crossSectionFilled:
        add_triangles(ctx.b, item, _tube(P, T, radius, int(ctx.vs.general.cylinderTiling)), col)
    elif h > 0:
        T = T / np.maximum(np.linalg.norm(T, axis=1, keepdims=True), 1e-300)
        offset = 0.5 * h * np.stack([-T[:, 1], T[:, 0], np.zeros(len(T))], axis=1)
        _band(ctx, item, P - offset, P, P + offset, col, bool(bs.beams.crossSectionFilled))
    else:
        ctx.b.polyline(item, P, col)
    if bs.showNumbers:
        mid, _ = axis(ctx, rec, np.array([0.5 * L]))
        ctx.b.text(item, mid[0], number_color(col), str(i))


def _band(ctx, item, lo, mid, up, col, filled):
    """The band between the polylines lo and up through mid: two triangles per segment and half,
    lower half first; or its outline (start, lower and upper edges, end) in col with red 0."""
    if filled:
        tri = []
        for a, b in ((lo, mid), (mid, up)):
            for j in range(len(mid) - 1):
                tri += [[a[j], a[j + 1], b[j + 1]], [a[j], b[j + 1], b[j]]]
        add_triangles(ctx.b, item, np.array(tri), col)
        return
    outline = np.array(col, dtype=float)
    outline[0] = 0.0
    ctx.b.line(item, lo[0], up[0], outline)
    ctx.b.polyline(item, lo, outline)
    ctx.b.polyline(item, up, outline)
    ctx.b.line(item, lo[-1], up[-1], outline)


def _tube(P, T, radius, n):
    """Triangles (2 n per segment, no caps) of the tube of the given radius about the polyline P
    with tangents T: ring j at P[j], normal to T[j], of n points at angles 2 pi k / n from e1 toward
    T[j] x e1; e1 of the first ring from ComputeOrthonormalBasisVectors(T[0]), then each ring's the
    previous one's projected into its plane and normalized (measured with Exudyn 1.13.6)."""
    T = T / np.maximum(np.linalg.norm(T, axis=1, keepdims=True), 1e-300)
    ang = 2 * np.pi * np.arange(n + 1) / n
    e1 = np.asarray(ComputeOrthonormalBasisVectors(T[0])[1])
    rings = []
    for p, t in zip(P, T):
        e1 = e1 - (e1 @ t) * t
        e1 /= max(np.linalg.norm(e1), 1e-300)
        rings.append(p + radius * (np.outer(np.cos(ang), e1) + np.outer(np.sin(ang), np.cross(t, e1))))
    tri = []
    for a, b in zip(rings[:-1], rings[1:]):
        for k in range(n):
            tri += [[a[k], a[k + 1], b[k + 1]], [a[k], b[k + 1], b[k]]]
    return np.array(tri).reshape(-1, 3, 3)
