"""Connectors and joints in the scene (spec/visualization.md; shapes measured with Exudyn 1.13.6):
each drawn only if connectors.show and its own show are True, in its color or
connectors.defaultColor, drawSize -1 meaning connectors.defaultSize, its number with
connectors.showNumbers, and the markers' joint axes with connectors.showJointAxes."""
import numpy as np

from ..graphics import ComputeOrthonormalBasisVectors
from .shapes import (BASIS_COLORS, BASIS_COLORS_1, RED, add_triangles, arrow, axis_basis, cylinder, marker0_color,
                     number_color, resolution, tube)

OBJECT = 2
DEFAULT_COLOR = (-1.0, -1.0, -1.0, -1.0)
# connectors drawing the frames of their markers with connectors.showJointAxes
_JOINT_AXES = ("JointRevoluteZ", "JointPrismaticX", "JointGeneric", "ConnectorRigidBodySpringDamper")


def own_color(vvalues, default):
    col = np.asarray(vvalues.get("color", DEFAULT_COLOR), dtype=float)
    return np.asarray(default, dtype=float) if col[0] < 0 else col


def shown_object(ctx, group, i, rec):
    """([system, OBJECT, i], its color: own or group.defaultColor) if the settings group
    (connectors, bodies) and the object's own show allow drawing object i, else (None, None)."""
    if not group.show or not rec.vvalues.get("show", True):
        return None, None
    return [ctx.s, OBJECT, i], own_color(rec.vvalues, group.defaultColor)


def draw_connector(ctx, i, rec):
    cs = ctx.vs.connectors
    item, c = shown_object(ctx, cs, i, rec)
    if item is None:
        return
    size = rec.vvalues.get("drawSize", -1.0)
    r = 0.5 * (cs.defaultSize if size == -1 else size)
    m0, m1 = (int(m) for m in rec.values["markerNumbers"])
    p1 = CONNECTOR_DRAW[rec.spec.type_name](ctx, item, rec, c, r, m0, m1)
    if cs.showJointAxes and rec.spec.type_name in _JOINT_AXES:
        _joint_axes(ctx, item, m0, m1)
    if cs.showNumbers:
        # the number at the midpoint of marker 0 and marker 1 (or the point the drawing returned
        # for marker 1); a rolling disc's at its center (marker 1)
        p1 = ctx.mpos(m1) if p1 is None else p1
        p = p1 if rec.spec.type_name == "JointRollingDisc" else 0.5 * (ctx.mpos(m0) + p1)
        ctx.b.text(item, p, number_color(c), str(i))


def _joint_axes(ctx, item, m0, m1):
    """Each marker's frame as three arrows (x, y, z): shaft radius jointAxesRadius / 4 and length
    1.5 jointAxesLength, then a cone of 2.5 and 7.5 times the shaft radius; axesTiling tiles."""
    cs = ctx.vs.connectors
    rho, length = 0.25 * float(cs.jointAxesRadius), 1.5 * float(cs.jointAxesLength)
    n = int(ctx.vs.general.axesTiling)
    for m, colors in ((m0, BASIS_COLORS), (m1, BASIS_COLORS_1)):
        p, A = ctx.mpos(m), ctx.mA(m)
        for k in range(3):
            add_triangles(ctx.b, item, arrow(p, A[:, k], length, rho, 2.5 * rho, 7.5 * rho, n), colors[k])


def _draw_two_circles(ctx, item, rec, c, r, m0, m1):
    ctx.b.circle(item, ctx.mpos(m0), np.array(RED), r)
    ctx.b.circle(item, ctx.mpos(m1), c, r)


def _draw_sliding_spheres(ctx, item, rec, c, r, m0, m1):
    """ObjectJointSliding: spheres of radius r (resolution -1, also for r <= 0) at marker 0 (marker 0's
    color) and at marker 1, the sliding marker's own position (color c)."""
    ctx.b.sphere(item, ctx.mpos(m0), marker0_color(c), r, -1)
    ctx.b.sphere(item, ctx.mpos(m1), c, r, -1)


def _draw_ale_moving_2d(ctx, item, rec, c, r, m0, m1):
    """A red circle at marker 0; at the cable point, a circle and a cross of two lines (x, y) of
    half-length r in color c. The cable point: on the element of marker 1, at the sliding
    coordinate (the ALE node's total coordinate + slidingOffset) minus the offset of the element
    the data coordinate names (measured: also where that is another element). Returns the point."""
    data, ale = (int(n) for n in rec.values["nodeNumbers"])
    k = int(ctx.data_coordinates(data)[0])
    offsets = np.asarray(rec.values["slidingMarkerOffsets"], dtype=float)
    s = ctx.node_coordinates(ale, 1)[0] + float(rec.values["slidingOffset"])
    k = min(max(k, 0), len(offsets) - 1)
    p = ctx.cable_point(ctx.records["marker"][m1].values["bodyNumber"], s - offsets[k])
    ctx.b.circle(item, ctx.mpos(m0), np.array(RED), r)
    ctx.b.circle(item, p, c, r)
    for axis in np.eye(3)[:2]:
        ctx.b.line(item, p - r * axis, p + r * axis, c)
    return p


def _draw_prismatic_2d(ctx, item, rec, c, r, m0, m1):
    _draw_two_circles(ctx, item, rec, c, r, m0, m1)
    ctx.b.line(item, ctx.mpos(m0), ctx.mpos(m1), c)


def _draw_line(ctx, item, rec, c, r, m0, m1):
    ctx.b.line(item, ctx.mpos(m0), ctx.mpos(m1), c)


def _draw_distance(ctx, item, rec, c, r, m0, m1):
    p0, p1 = ctx.mpos(m0), ctx.mpos(m1)
    if ctx.vs.connectors.drawSimplified:
        ctx.b.line(item, p0, p1, c)
    else:
        L = np.linalg.norm(p1 - p0)
        if L > 0:
            # tube radius: half the own drawSize, else 0.05 * connectors.defaultSize (measured)
            size = rec.vvalues.get("drawSize", -1.0)
            radius = 0.05 * ctx.vs.connectors.defaultSize if size == -1 else 0.5 * float(size)
            _solid_axis(ctx, item, 0.5 * (p0 + p1), (p1 - p0) / L, radius, L, c)


def _draw_spring(ctx, item, rec, c, r, m0, m1):
    _helix(ctx, item, ctx.mpos(m0), ctx.mpos(m1), r, c)


def _draw_cartesian_spring(ctx, item, rec, c, r, m0, m1):
    """One helix per global axis, x then y then z, from marker 0 to marker 1."""
    p = ctx.mpos(m0)
    d = ctx.mpos(m1) - p
    for k in range(3):
        q = p.copy()
        q[k] += d[k]
        _helix(ctx, item, p, q, r, c)
        p = q


def _draw_two_spheres(ctx, item, rec, c, r, m0, m1):
    if r <= 0:
        return   # measured: no spheres with connectors.defaultSize <= 0
    res = resolution(ctx.vs.general.sphereTiling)
    ctx.b.sphere(item, ctx.mpos(m0), c, r, res)
    ctx.b.sphere(item, ctx.mpos(m1), c, r, res)


def _draw_linear_spring(ctx, item, rec, c, r, m0, m1):
    """Spheres at the markers; with drawAsCylinder a cylinder of radius r along marker 0's x axis,
    about the markers' midpoint, as long as the displacement along that axis (measured)."""
    _draw_two_spheres(ctx, item, rec, c, r, m0, m1)
    if r > 0 and rec.vvalues.get("drawAsCylinder", False):
        p0, p1 = ctx.mpos(m0), ctx.mpos(m1)
        axis = ctx.mA(m0)[:, 0]
        v = (axis @ (p1 - p0)) * axis
        add_triangles(ctx.b, item, cylinder(0.5 * (p0 + p1 - v), v, r, None, int(ctx.vs.general.cylinderTiling),
                                            basis_axis=None if v @ v > 0 else axis), c)


def _draw_rigid_spring(ctx, item, rec, c, r, m0, m1):
    """Spheres at marker 0 (c) and marker 1 (m), joined by a solid cylinder of radius 0.8 r (nothing
    with r <= 0)."""
    if r <= 0:
        return
    p0, p1 = ctx.mpos(m0), ctx.mpos(m1)
    res = resolution(ctx.vs.general.sphereTiling)
    ctx.b.sphere(item, p0, c, r, res)
    ctx.b.sphere(item, p1, marker0_color(c), r, res)
    L = np.linalg.norm(p1 - p0)
    if L > 0:
        _solid_axis(ctx, item, 0.5 * (p0 + p1), (p1 - p0) / L, 0.8 * r, L, c)


def _revolved(p, A, profile, n):
    """Triangles (k, 3, 3) of a solid of revolution about A's z axis through p, n tiles starting at
    A's y axis toward its x axis; profile: ("cylinder", z0, z1, radius) -> 4n triangles,
    ("cone", z_base, z_tip, radius) -> 2n."""
    ang = 2 * np.pi * np.arange(n + 1) / n
    ring = np.outer(np.cos(ang), A[:, 1]) + np.outer(np.sin(ang), A[:, 0])
    kind, z0, z1, radius = profile
    c0, c1 = p + z0 * A[:, 2], p + z1 * A[:, 2]
    tri = []
    for i in range(n):
        a, b = radius * ring[i], radius * ring[i + 1]
        if kind == "cylinder":
            tri += [[c0 + a, c0 + b, c1 + b], [c0 + a, c1 + b, c1 + a], [c0, c0 + b, c0 + a], [c1, c1 + a, c1 + b]]
        else:
            tri += [[c0, c0 + b, c0 + a], [c0 + a, c0 + b, c1]]
    return np.array(tri)


# torsional spring per marker, in units of r along the marker's z axis: a disc (2 axesTiling tiles) and
# a double arrow (axesTiling tiles): shaft, then two cones
_TORSIONAL_PARTS = (("cylinder", 0., 0.25, 0.5, 2), ("cylinder", 0., 0.625, 0.025, 1),
                    ("cone", 0.625, 0.8125, 0.0625, 1), ("cone", 0.8125, 1., 0.0625, 1))


def _draw_torsional_spring(ctx, item, rec, c, r, m0, m1):
    """At each marker a disc and a double arrow along its z axis; marker 0 in c, marker 1 in 0.5 c + 0.25.
    r: half connectors.defaultSize, or the own drawSize itself (measured)."""
    size = rec.vvalues.get("drawSize", -1.0)
    r = r if size == -1 else float(size)
    if r <= 0:
        return
    n = int(ctx.vs.general.axesTiling)
    c1 = c.copy()
    c1[:3] = 0.5 * c[:3] + 0.25
    for m, col in ((m0, c), (m1, c1)):
        # tiles about the marker's z axis, starting at the basis of that axis (measured)
        p, axis = ctx.mpos(m), ctx.mA(m)[:, 2]
        _, n1, n2 = axis_basis(axis)
        A = np.column_stack([n1, n2, axis])
        for kind, z0, z1, radius, tiles in _TORSIONAL_PARTS:
            add_triangles(ctx.b, item, _revolved(p, A, (kind, z0 * r, z1 * r, radius * r), tiles * n), col)


def _draw_rolling_disc(ctx, item, rec, c, r, m0, m1):
    """At marker 1, about its discAxis: the disc (discRadius, discWidth; 4 cylinderTiling tiles, c) and an
    axle (radius 0.1 discRadius, length 2 discWidth; cylinderTiling tiles, m)."""
    n = int(ctx.vs.general.cylinderTiling)
    axis = ctx.mA(m1) @ np.asarray(rec.values.get("discAxis", (1., 0., 0.)), dtype=float)
    norm = np.linalg.norm(axis)
    if norm == 0:
        return
    axis /= norm
    p = ctx.mpos(m1)
    radius, width = float(rec.values["discRadius"]), float(rec.vvalues.get("discWidth", 0.1))
    add_triangles(ctx.b, item, cylinder(p - 0.5 * width * axis, width * axis, radius, None, 4 * n), c)
    add_triangles(ctx.b, item, cylinder(p - width * axis, 2 * width * axis, 0.1 * radius, None, n),
                   marker0_color(c))


def _helix(ctx, item, p0, p1, r, c):
    """springNumberOfWindings * curveTiling + 1 lines: a helix of radius r from p0 to p1; with
    connectors.drawSimplified False a tube of radius 0.1 r along them (cylinderTiling tiles)."""
    d = p1 - p0
    L = np.linalg.norm(d)
    if L == 0:
        return
    cs = ctx.vs.connectors
    n = int(cs.springNumberOfWindings) * int(cs.curveTiling)
    _, n1, n2 = ComputeOrthonormalBasisVectors(d)
    k = np.arange(n)
    phi = 2 * np.pi * k / int(cs.curveTiling)
    helix = p0 + np.outer(k * L / n, d / L) + r * (np.outer(np.cos(phi), n2) + np.outer(np.sin(phi), n1))
    points = np.vstack([p0, helix, p1])
    if cs.drawSimplified:
        ctx.b.polyline(item, points, c)
    else:
        add_triangles(ctx.b, item, tube(points, 0.1 * r, int(ctx.vs.general.cylinderTiling)), c)


def _draw_spherical(ctx, item, rec, c, r, m0, m1):
    radius = float(rec.vvalues.get("jointRadius", 0.1))
    res = resolution(ctx.vs.general.sphereTiling)
    ctx.b.sphere(item, ctx.mpos(m0), marker0_color(c), radius, res)
    ctx.b.sphere(item, ctx.mpos(m1), c, radius, res)


def _cylinder_triangles(ctx, item, p, axis, radius, inner, length, color):
    P = cylinder(p - 0.5 * length * axis, length * axis, radius, inner, int(ctx.vs.general.cylinderTiling))
    add_triangles(ctx.b, item, P, color)


def _solid_axis(ctx, item, p, axis, radius, length, color):
    _cylinder_triangles(ctx, item, p, axis, radius, None, length, color)


def _hollow_axis(ctx, item, p, axis, radius, inner, length, color):
    _cylinder_triangles(ctx, item, p, axis, radius, inner, length, color)


def _revolute(ctx, item, c, m0, m1, k, radius, length):
    """Solid cylinder along marker 0's axis k (color m) and hollow cylinder at marker 1 (color c)."""
    axis = ctx.mA(m0)[:, k]
    _solid_axis(ctx, item, ctx.mpos(m0), axis, 0.5 * radius, 1.2 * length, marker0_color(c))
    _hollow_axis(ctx, item, ctx.mpos(m1), axis, radius, 0.75 * radius, length, c)


def _draw_revolute_z(ctx, item, rec, c, r, m0, m1):
    vv = rec.vvalues
    _revolute(ctx, item, c, m0, m1, 2, float(vv.get("axisRadius", 0.1)), float(vv.get("axisLength", 0.4)))


def _draw_prismatic_x(ctx, item, rec, c, r, m0, m1):
    vv = rec.vvalues
    radius, length = float(vv.get("axisRadius", 0.1)), float(vv.get("axisLength", 0.4))
    _solid_axis(ctx, item, ctx.mpos(m0), ctx.mA(m0)[:, 0], 0.5 * radius, 1.5 * length, marker0_color(c))
    _hollow_axis(ctx, item, ctx.mpos(m1), ctx.mA(m1)[:, 0], radius, 0.5 * radius, length, c)


def _draw_generic(ctx, item, rec, c, r, m0, m1):
    vv = rec.vvalues
    radius, length = float(vv.get("axesRadius", 0.1)), float(vv.get("axesLength", 0.4))
    rot = [int(a) for a in rec.values["constrainedAxes"][3:6]]
    free = [k for k in range(3) if not rot[k]]
    n_constrained = 3 - len(free)
    if n_constrained == 3:
        res = resolution(ctx.vs.general.sphereTiling)
        ctx.b.sphere(item, ctx.mpos(m0), marker0_color(c), 0.5 * radius, res)
        ctx.b.sphere(item, ctx.mpos(m1), c, 0.5 * radius, res)
    elif n_constrained == 2:
        _revolute(ctx, item, c, m0, m1, free[0], radius, length)
    elif n_constrained == 1:
        # the two free axes: the first in marker 0's frame (color c), the second in marker 1's (color m)
        _solid_axis(ctx, item, ctx.mpos(m0), ctx.mA(m0)[:, free[0]], 0.5 * radius, 1.2 * length, c)
        _solid_axis(ctx, item, ctx.mpos(m1), ctx.mA(m1)[:, free[1]], 0.5 * radius, 1.2 * length,
                    marker0_color(c))


CONNECTOR_DRAW = {
    "ConnectorCoordinate": _draw_two_circles,
    "JointRevolute2D": _draw_two_circles,
    "JointPrismatic2D": _draw_prismatic_2d,
    "JointSliding2D": _draw_two_circles,
    "JointSliding": _draw_sliding_spheres,
    "JointALEMoving2D": _draw_ale_moving_2d,
    "ConnectorDistance": _draw_distance,
    "ConnectorSpringDamper": _draw_spring,
    "ConnectorCoordinateSpringDamper": _draw_spring,
    "ConnectorCoordinateSpringDamperExt": _draw_spring,
    "ConnectorCartesianSpringDamper": _draw_cartesian_spring,
    "ConnectorLinearSpringDamper": _draw_linear_spring,
    "ConnectorRigidBodySpringDamper": _draw_rigid_spring,
    "ConnectorTorsionalSpringDamper": _draw_torsional_spring,
    "JointRollingDisc": _draw_rolling_disc,
    "ConnectorGravity": _draw_line,
    "JointSpherical": _draw_spherical,
    "JointRevoluteZ": _draw_revolute_z,
    "JointPrismaticX": _draw_prismatic_x,
    "JointGeneric": _draw_generic,
}
