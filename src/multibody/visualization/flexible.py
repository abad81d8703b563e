"""Flexible bodies in the scene (beams and cables), as Exudyn 1.13.6 draws them (measured with its
``GetGraphicsData``): the axis at bodies.beams.axialTiling + 1 points of the element (at least 3),
as a polyline in the body's color (own color or bodies.defaultColor); with a drawHeight h > 0 a band
of width h about the axis in the plane, filled (four triangles per segment) or, with
bodies.beams.crossSectionFilled False, its outline in the body's color with red 0 (measured). The
number at the element's middle, in the number color of the body's color.

``FLEXIBLE_DRAW`` maps an object type to the function giving the axis points and tangents of an
element at local coordinates x; a new beam type draws with one entry there.
"""
import numpy as np

from .connectors import shown_object
from .shapes import add_triangles, number_color

def _node_coordinates(ctx, n, count):
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
    n0, n1 = (int(n) for n in rec.values["nodeNumbers"])
    q = np.concatenate([_node_coordinates(ctx, n0, 4), _node_coordinates(ctx, n1, 4)]).reshape(4, 2)
    S, dS = _hermite(x, float(rec.values["length"]))
    r, t = S.T @ q, dS.T @ q
    zeros = np.zeros((len(r), 1))
    return np.hstack([r, zeros]), np.hstack([t, zeros])


FLEXIBLE_DRAW = {"ANCFCable2D": ancf_cable2d_axis}


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
    if h > 0:
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
