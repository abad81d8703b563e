"""The solids of ``multibody.graphics`` made of triangles beyond the basic shapes: solids of
revolution, extrusions of polygons, tubes, tori, links between two joints, spheres as triangles,
STL files, and the checks and conversions of triangle lists. Each returns a graphics data dict of
the type 'TriangleList' (points, colors, normals, triangles; see graphics.py)."""
from __future__ import annotations

import struct
from math import pi

import numpy as np


def _rgba(c):
    return np.asarray(c, dtype=float).reshape(4)


def _triangle_list(points, triangles, color, normals=None):
    p = np.asarray(points, dtype=float).reshape(-1, 3)
    d = {"type": "TriangleList", "colors": np.tile(_rgba(color), (len(p), 1)), "points": p,
         "triangles": np.asarray(triangles, dtype=int).reshape(-1, 3)}
    if normals is not None:
        d["normals"] = np.asarray(normals, dtype=float).reshape(-1, 3)
    return d


def _merge(parts):
    """One TriangleList of several (normals kept where all have them)."""
    parts = [g for g in parts if g is not None]
    offsets = np.cumsum([0] + [len(g["points"]) for g in parts])
    d = {"type": "TriangleList", "colors": np.vstack([g["colors"] for g in parts]),
         "points": np.vstack([g["points"] for g in parts]),
         "triangles": np.vstack([np.asarray(g.get("triangles", np.zeros((0, 3))), dtype=int).reshape(-1, 3) + o
                                 for g, o in zip(parts, offsets)])}
    if all("normals" in g for g in parts):
        d["normals"] = np.vstack([g["normals"] for g in parts])
    return d


def _basis(axis):
    """Unit vector along axis and two unit vectors normal to it."""
    a = np.asarray(axis, dtype=float)
    e0 = a / np.linalg.norm(a)
    helper = np.array([1.0, 0.0, 0.0]) if abs(e0[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    e1 = np.cross(e0, helper)
    e1 /= np.linalg.norm(e1)
    return e0, e1, np.cross(e0, e1)


def _revolve(p0, axis, contour, color, nTiles, normals2d=None):
    """The surface of a 2D contour (x along the axis, y the radius) revolved about the axis."""
    e0, e1, e2 = _basis(axis)
    c = np.asarray(contour, dtype=float).reshape(-1, 2)
    n = max(int(nTiles), 3)
    phi = 2 * pi * np.arange(n) / n
    ring = np.outer(np.cos(phi), e1) + np.outer(np.sin(phi), e2)          # (n, 3)
    pts = (np.asarray(p0, dtype=float)[None, None, :] + c[:, 0, None, None] * e0[None, None, :]
           + c[:, 1, None, None] * ring[None, :, :]).reshape(-1, 3)
    if normals2d is None:
        normals2d = _contour_normals(c)
    nrm = (normals2d[:, 0, None, None] * e0[None, None, :] + normals2d[:, 1, None, None] * ring[None, :, :]).reshape(-1, 3)
    tri = []
    on_axis = np.abs(c[:, 1]) <= 1e-14 * max(float(np.abs(c).max()), 1e-300)
    for i in range(len(c) - 1):
        for j in range(n):
            a, b = i * n + j, i * n + (j + 1) % n
            if not on_axis[i]:                  # (no triangles of zero area at a pole)
                tri.append([a, b, a + n])
            if not on_axis[i + 1]:
                tri.append([b, b + n, a + n])
    return _triangle_list(pts, tri, color, nrm)


def _contour_normals(c):
    """Outward unit normals at the points of a 2D contour (averaged over its two segments); the
    outside is on the left of the contour's direction (x along the axis, y the radius)."""
    seg = np.diff(c, axis=0)
    seg_n = np.stack([-seg[:, 1], seg[:, 0]], axis=1)
    length = np.linalg.norm(seg_n, axis=1, keepdims=True)
    seg_n = np.divide(seg_n, length, out=np.zeros_like(seg_n), where=length > 0)
    n = np.zeros_like(c)
    n[:-1] += seg_n
    n[1:] += seg_n
    length = np.linalg.norm(n, axis=1, keepdims=True)
    return np.divide(n, length, out=np.tile([0.0, 1.0], (len(c), 1)), where=length > 0)


def SolidOfRevolution(pAxis, vAxis, contour, color=[0.0, 0.0, 0.0, 1.0], nTiles=16, smoothContour=False,
                      addEdges=False, edgeColor=[0.0, 0.0, 0.0, 1.0], addFaces=True, smoothingAngle=2 * pi,
                      **kwargs):
    """A solid of revolution: the 2D contour [[x, r], ...] (x along vAxis from pAxis, r the radius)
    revolved with nTiles segments; smoothContour: normals averaged along the contour (else per
    segment, the contour's points doubled)."""
    c = np.asarray(contour, dtype=float).reshape(-1, 2)
    if smoothContour:
        return _revolve(pAxis, vAxis, c, color, nTiles)
    parts = []
    for i in range(len(c) - 1):
        seg = c[i:i + 2]
        d = seg[1] - seg[0]
        normal = np.array([-d[1], d[0]]) / max(np.linalg.norm(d), 1e-300)
        parts.append(_revolve(pAxis, vAxis, seg, color, nTiles, np.tile(normal, (2, 1))))
    return _merge(parts)


def Torus(point, axis, radiusMajor=0.5, radiusMinor=0.1, color=[0.0, 0.0, 0.0, 1.0], nTilesMajor=24,
          nTilesMinor=12, minorAngleStart=0, minorAngleEnd=2 * pi, smoothNormals=True, invert=False):
    """A torus about axis through point (minor angle 0 at the outer radius)."""
    psi = np.linspace(minorAngleStart, minorAngleEnd, int(nTilesMinor) + 1)
    contour = np.stack([radiusMinor * np.sin(psi), radiusMajor + radiusMinor * np.cos(psi)], axis=1)
    normals = np.stack([np.sin(psi), np.cos(psi)], axis=1)
    g = _revolve(point, axis, contour, color, nTilesMajor, normals)
    if invert:
        g["triangles"] = g["triangles"][:, ::-1].copy()
        g["normals"] = -g["normals"]
    return g


def Tube(points, axes, radius=0.1, color=[0.0, 0.0, 0.0, 1.0], nTiles=16):
    """A tube of the radius along a polyline: a ring about each point, normal to its axis."""
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    ax = np.asarray(axes, dtype=float).reshape(-1, 3)
    n = max(int(nTiles), 3)
    phi = 2 * pi * np.arange(n) / n
    _, e1, e2 = _basis(ax[0])
    rings, normals = [], []
    for p, a in zip(pts, ax):
        e0 = a / np.linalg.norm(a)
        e1 = e1 - e0 * (e1 @ e0)               # the previous ring's frame carried along (no twist)
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(e0, e1)
        r = np.outer(np.cos(phi), e1) + np.outer(np.sin(phi), e2)
        rings.append(p + radius * r)
        normals.append(r)
    tri = []
    for i in range(len(pts) - 1):
        for j in range(n):
            a, b = i * n + j, i * n + (j + 1) % n
            tri += [[a, b, a + n], [b, b + n, a + n]]
    return _triangle_list(np.vstack(rings), tri, color, np.vstack(normals))


def _sphere(point, radius, color, nTiles=8):
    """A sphere as triangles (nTiles segments around, nTiles//2 from pole to pole)."""
    n = max(int(nTiles), 4)
    m = max(n // 2, 2)
    theta = np.linspace(-pi / 2, pi / 2, m + 1)
    contour = np.stack([radius * np.sin(theta), radius * np.cos(theta)], axis=1)
    normals = np.stack([np.sin(theta), np.cos(theta)], axis=1)
    return _revolve(point, [0.0, 0.0, 1.0], contour, color, n, normals)


def SpheresToTriangleList(graphicsData):
    """The spheres of a 'Spheres' graphics data as one 'TriangleList'; other types unchanged."""
    g = graphicsData
    if g.get("type") != "Spheres":
        return g
    n = int(g.get("resolution", -1))
    return _merge([_sphere(p, r, c, n if n > 0 else 16) for p, r, c in
                   zip(np.asarray(g["points"]), np.asarray(g["radii"]), np.asarray(g["colors"]))])


def _cylinder(p0, v, radius, color, nTiles):
    """A closed cylinder from p0 along v as triangles."""
    length = float(np.linalg.norm(v))
    contour = [[0, 0], [0, radius], [length, radius], [length, 0]]
    return SolidOfRevolution(p0, v, contour, color, nTiles)


def RigidLink(p0, p1, axis0=[0, 0, 0], axis1=[0, 0, 0], radius=[0.1, 0.1], thickness=0.05, width=[0.05, 0.05],
              color=[0.0, 0.0, 0.0, 1.0], nTiles=16):
    """A link between two joint positions: a shaft of the diameter thickness from p0 to p1, and at
    each end a cylinder of radius[i] and width[i] about axis[i], or a sphere of radius[i] where the
    axis is [0, 0, 0]."""
    p0, p1 = np.asarray(p0, dtype=float), np.asarray(p1, dtype=float)
    parts = [_cylinder(p0, p1 - p0, 0.5 * thickness, color, nTiles)]
    for p, a, r, w in ((p0, axis0, radius[0], width[0]), (p1, axis1, radius[1], width[1])):
        a = np.asarray(a, dtype=float)
        if np.linalg.norm(a) > 0:
            e = a / np.linalg.norm(a)
            parts.append(_cylinder(p - 0.5 * w * e, w * e, r, color, nTiles))
        else:
            parts.append(_sphere(p, r, color, nTiles))
    return _merge(parts)


def _polygon_triangles(v2, segments):
    """Triangles of the region bounded by segments (pairs of vertex numbers, the inside on their
    left): Delaunay triangles of the vertices whose centroid is inside the boundary."""
    from scipy.spatial import Delaunay
    tri = Delaunay(v2).simplices
    seg = np.asarray(segments, dtype=int).reshape(-1, 2)
    a, b = v2[seg[:, 0]], v2[seg[:, 1]]
    centroids = v2[tri].mean(axis=1)
    inside = np.zeros(len(tri), dtype=bool)
    for k, c in enumerate(centroids):                  # even-odd rule over the boundary segments
        crosses = ((a[:, 1] > c[1]) != (b[:, 1] > c[1]))
        x = a[:, 0] + (c[1] - a[:, 1]) * (b[:, 0] - a[:, 0]) / np.where(b[:, 1] != a[:, 1], b[:, 1] - a[:, 1], 1)
        inside[k] = np.count_nonzero(crosses & (c[0] < x)) % 2 == 1
    t = tri[inside]
    u, w = v2[t[:, 1]] - v2[t[:, 0]], v2[t[:, 2]] - v2[t[:, 0]]
    area = u[:, 0] * w[:, 1] - u[:, 1] * w[:, 0]
    t[area < 0] = t[area < 0][:, ::-1]                 # counterclockwise
    return t


def SolidExtrusion(vertices, segments, height, rot=np.eye(3, dtype=int), pOff=[0, 0, 0], relRot=np.eye(3, dtype=int),
                   relOff=[0, 0, 0], color=[0, 0, 0, 1], smoothNormals=False, addEdges=False,
                   edgeColor=[0.0, 0.0, 0.0, 1.0], addFaces=True):
    """The 2D region bounded by segments (pairs of vertex numbers, inside on the left) extruded by
    height along z; the points p are placed as pOff + rot (relOff + relRot p)."""
    v2 = np.asarray(vertices, dtype=float).reshape(-1, 2)
    n = len(v2)
    seg = np.asarray(segments, dtype=int).reshape(-1, 2)
    base = np.hstack([v2, np.zeros((n, 1))])
    top = np.hstack([v2, np.full((n, 1), float(height))])
    local = np.vstack([base, top])
    pts = (np.asarray(relOff, dtype=float) + local @ np.asarray(relRot, dtype=float).T) @ \
        np.asarray(rot, dtype=float).T + np.asarray(pOff, dtype=float)
    faces = _polygon_triangles(v2, seg)
    tri = [faces[:, ::-1], faces + n]                              # bottom (facing -z), top
    for i, j in seg:
        tri.append(np.array([[i, j, j + n], [i, j + n, i + n]]))
    d = _triangle_list(pts, np.vstack(tri), color)
    if addEdges:
        d["edges"] = np.vstack([seg, seg + n, np.stack([seg[:, 0], seg[:, 0] + n], axis=1)])
        d["edgeColor"] = _rgba(edgeColor)
    return d


def LinkedCylinders(point0, point1, axisCylinder, radius0, radius1, radiusInner0=0, radiusInner1=0, nTiles=32,
                    color=[0, 0, 0, 1], addEdges=0, edgeColor=[0.0, 0.0, 0.0, 1.0], addFaces=True,
                    smoothNormals=True, **kwargs):
    """Two circles (at point0 and at point1 projected into point0's plane normal to axisCylinder)
    joined by their external tangents, extruded along axisCylinder (its length is the height)."""
    p0 = np.asarray(point0, dtype=float)
    axis = np.asarray(axisCylinder, dtype=float)
    e0, _, _ = _basis(axis)
    d = np.asarray(point1, dtype=float) - p0
    d -= e0 * (d @ e0)
    dist = float(np.linalg.norm(d))
    ex = d / dist
    ey = np.cross(e0, ex)
    beta = np.arccos(np.clip((radius0 - radius1) / dist, -1.0, 1.0))        # tangent points' angle
    n = max(int(nTiles), 8)
    a0 = np.linspace(beta, 2 * pi - beta, n // 2 + 1)
    a1 = np.linspace(-beta, beta, n // 2 + 1)
    outline = np.vstack([np.stack([radius0 * np.cos(a0), radius0 * np.sin(a0)], 1),
                         np.stack([dist + radius1 * np.cos(a1), radius1 * np.sin(a1)], 1)])
    k = len(outline)
    segments = np.stack([np.arange(k), (np.arange(k) + 1) % k], axis=1)
    rot = np.stack([ex, ey, e0], axis=1)
    return SolidExtrusion(outline, segments, float(np.linalg.norm(axis)), rot=rot, pOff=p0, color=color,
                          addEdges=bool(addEdges), edgeColor=edgeColor)


def BoundingBoxSingle(graphicsData):
    """[min, max] of the points of one graphics data ((None, None) without points)."""
    g = graphicsData
    if g.get("type") == "Spheres":
        p, r = np.asarray(g["points"]), np.asarray(g["radii"])[:, None]
        return [(p - r).min(axis=0), (p + r).max(axis=0)] if len(p) else [None, None]
    p = np.asarray(g.get("points", g.get("data", np.zeros((0, 3)))), dtype=float).reshape(-1, 3)
    if g.get("type") == "Circle":
        c, r = np.asarray(g["position"], dtype=float), float(g["radius"])
        return [c - [r, r, 0], c + [r, r, 0]]
    return [p.min(axis=0), p.max(axis=0)] if len(p) else [None, None]


def InconsistentTriangles(graphicsData):
    """The number of triangles whose normal (by the order of their points) points against the
    normals of their points."""
    g = graphicsData
    p, t = np.asarray(g["points"]), np.asarray(g.get("triangles", np.zeros((0, 3))), dtype=int).reshape(-1, 3)
    if "normals" not in g or len(t) == 0:
        return 0
    n = np.asarray(g["normals"])
    face = np.cross(p[t[:, 1]] - p[t[:, 0]], p[t[:, 2]] - p[t[:, 0]])
    return int(np.count_nonzero(np.einsum("ij,ij->i", face, n[t].sum(axis=1)) < 0))


def AddEdgesAndSmoothenNormals(graphicsData, edgeColor=[0.0, 0.0, 0.0, 1.0], edgeAngle=0.25 * pi, addEdges=True,
                               smoothNormals=True, roundDigits=5, triangleColor=[]):
    """A TriangleList with its equal points merged, normals averaged over the triangles at a point
    (smoothNormals) and edges where the normals of the two triangles at an edge differ by more
    than edgeAngle (addEdges)."""
    g = graphicsData
    p = np.asarray(g["points"], dtype=float)
    scale = max(float(np.abs(p).max()), 1e-300) if len(p) else 1.0
    key = np.round(p / scale, roundDigits)
    _, first, inverse = np.unique(key, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    pts = p[first]
    t = inverse[np.asarray(g["triangles"], dtype=int).reshape(-1, 3)]
    t = t[(t[:, 0] != t[:, 1]) & (t[:, 1] != t[:, 2]) & (t[:, 0] != t[:, 2])]
    face = np.cross(pts[t[:, 1]] - pts[t[:, 0]], pts[t[:, 2]] - pts[t[:, 0]])
    unit = face / np.maximum(np.linalg.norm(face, axis=1, keepdims=True), 1e-300)
    normals = np.zeros_like(pts)
    if smoothNormals:
        for k in range(3):
            np.add.at(normals, t[:, k], face)
        normals /= np.maximum(np.linalg.norm(normals, axis=1, keepdims=True), 1e-300)
    colors = np.asarray(g["colors"], dtype=float)[first] if len(triangleColor) == 0 else \
        np.tile(_rgba(triangleColor), (len(pts), 1))
    d = {"type": "TriangleList", "colors": colors, "points": pts, "triangles": t}
    if smoothNormals:
        d["normals"] = normals
    if addEdges:
        edges = {}
        for k, tri in enumerate(t):
            for a, b in ((tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])):
                edges.setdefault((min(a, b), max(a, b)), []).append(k)
        out = [e for e, faces in edges.items()
               if len(faces) != 2 or np.arccos(np.clip(unit[faces[0]] @ unit[faces[1]], -1.0, 1.0)) > edgeAngle]
        d["edges"] = np.array(out, dtype=int).reshape(-1, 2)
        d["edgeColor"] = _rgba(edgeColor)
    return d


def _stl_triangles(fileName):
    """(vertices (m, 3, 3), normals (m, 3)) of a binary or ASCII STL file."""
    with open(fileName, "rb") as f:
        data = f.read()
    if len(data) >= 84:
        count = struct.unpack("<I", data[80:84])[0]
        if 84 + 50 * count == len(data):
            rec = np.frombuffer(data, dtype=np.dtype([("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")]),
                                count=count, offset=84)
            return rec["v"].astype(float), rec["n"].astype(float)
    return _stl_ascii(data.decode("ascii", errors="replace"))


def _stl_ascii(text):
    normals, vertices = [], []
    for line in text.splitlines():
        words = line.split()
        if words[:2] == ["facet", "normal"]:
            normals.append([float(x) for x in words[2:5]])
        elif words[:1] == ["vertex"]:
            vertices.append([float(x) for x in words[1:4]])
    return np.array(vertices, dtype=float).reshape(-1, 3, 3), np.array(normals, dtype=float).reshape(-1, 3)


def _from_stl(fileName, color, invertNormals, invertTriangles, scale=1.0, Aoff=None, pOff=None):
    v, n = _stl_triangles(fileName)
    pts = v.reshape(-1, 3) * scale
    if Aoff is not None and len(Aoff):
        pts = pts @ np.asarray(Aoff, dtype=float).T
    if pOff is not None and len(pOff):
        pts = pts + np.asarray(pOff, dtype=float)
    tri = np.arange(len(pts)).reshape(-1, 3)
    if invertTriangles:
        tri = tri[:, ::-1]
    normals = np.repeat(-n if invertNormals else n, 3, axis=0)
    return _triangle_list(pts, tri, color, normals)


def FromSTLfile(fileName, color=[0.0, 0.0, 0.0, 1.0], verbose=False, density=0.0, scale=1.0, Aoff=[], pOff=[],
                invertNormals=True, invertTriangles=True):
    """Graphics data of an STL file (binary or ASCII), scaled, rotated by Aoff and moved by pOff."""
    g = _from_stl(fileName, color, invertNormals, invertTriangles, scale, Aoff, pOff)
    if verbose:
        print(f"FromSTLfile: {len(g['triangles'])} triangles read from {fileName}")
    return g


def FromSTLfileASCII(fileName, color=[0.0, 0.0, 0.0, 1.0], verbose=False, invertNormals=True, invertTriangles=True):
    """Graphics data of an STL file in text format."""
    with open(fileName) as f:
        v, n = _stl_ascii(f.read())
    pts = v.reshape(-1, 3)
    tri = np.arange(len(pts)).reshape(-1, 3)
    if invertTriangles:
        tri = tri[:, ::-1]
    if verbose:
        print(f"FromSTLfileASCII: {len(tri)} triangles read from {fileName}")
    return _triangle_list(pts, tri, color, np.repeat(-n if invertNormals else n, 3, axis=0))
