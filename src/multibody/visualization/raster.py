"""The NumPy software rasterizer: the fallback renderer where VTK cannot start.

A z-buffer rasterizer: triangles flat-shaded by one headlight (ambient 0.4 + diffuse 0.6
|n . view|, two-sided), spheres as shaded discs with their depth, lines and circles as 1-2 pixel
strokes, node points as small dots. Orthographic or perspective as the Camera says (camera.py).
Texts are drawn on top by overlay.py. Needs nothing but NumPy.
"""
import numpy as np

AMBIENT, DIFFUSE = 0.4, 0.6
_SUB6 = np.array([[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]])   # a 6-node triangle as 4 flat ones


class _Canvas:
    def __init__(self, width, height, background):
        self.w, self.h = width, height
        self.rgb = np.empty((height, width, 3))
        self.rgb[:] = np.asarray(background, dtype=float)[:3]
        self.depth = np.full((height, width), np.inf)

    def triangle(self, s, color):
        x0, x1 = int(max(np.floor(s[:, 0].min()), 0)), int(min(np.ceil(s[:, 0].max()), self.w - 1))
        y0, y1 = int(max(np.floor(s[:, 1].min()), 0)), int(min(np.ceil(s[:, 1].max()), self.h - 1))
        if x0 > x1 or y0 > y1:
            return
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = s
        area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay)
        if abs(area) < 1e-12:
            return
        X, Y = np.meshgrid(np.arange(x0, x1 + 1) + 0.5, np.arange(y0, y1 + 1) + 0.5)
        w0 = ((bx - X) * (cy - Y) - (cx - X) * (by - Y)) / area
        w1 = ((cx - X) * (ay - Y) - (ax - X) * (cy - Y)) / area
        w2 = 1.0 - w0 - w1
        inside = (w0 >= -1e-9) & (w1 >= -1e-9) & (w2 >= -1e-9)
        z = w0 * az + w1 * bz + w2 * cz
        self._write(y0, x0, inside, z, color)

    def _write(self, y0, x0, mask, z, color):
        h, w = mask.shape
        D = self.depth[y0:y0 + h, x0:x0 + w]
        front = mask & (z < D)
        D[front] = z[front]
        C = self.rgb[y0:y0 + h, x0:x0 + w]
        if np.ndim(color) == 3:
            C[front] = color[front]
        else:
            C[front] = color

    def disc(self, cx, cy, cz, radius, color, shaded):
        x0, x1 = int(max(np.floor(cx - radius), 0)), int(min(np.ceil(cx + radius), self.w - 1))
        y0, y1 = int(max(np.floor(cy - radius), 0)), int(min(np.ceil(cy + radius), self.h - 1))
        if x0 > x1 or y0 > y1:
            return
        X, Y = np.meshgrid(np.arange(x0, x1 + 1) + 0.5, np.arange(y0, y1 + 1) + 0.5)
        d2 = ((X - cx) ** 2 + (Y - cy) ** 2) / max(radius, 1e-9) ** 2
        inside = d2 <= 1.0
        nz = np.sqrt(np.clip(1.0 - d2, 0.0, 1.0))
        z = cz - radius * nz
        col = np.asarray(color, dtype=float)[:3]
        if shaded:
            col = col[None, None, :] * (AMBIENT + DIFFUSE * nz)[..., None]
        self._write(y0, x0, inside, z, col)

    def segment(self, a, b, color, width=1.5):
        n = int(max(abs(b[0] - a[0]), abs(b[1] - a[1]))) + 2
        t = np.linspace(0.0, 1.0, n)
        P = a[None, :] + t[:, None] * (b - a)[None, :]
        half = width / 2
        for dx in (-half, 0.0, half) if width > 1 else (0.0,):
            for dy in (-half, 0.0, half) if width > 1 else (0.0,):
                x = np.floor(P[:, 0] + dx).astype(int)
                y = np.floor(P[:, 1] + dy).astype(int)
                ok = (x >= 0) & (x < self.w) & (y >= 0) & (y < self.h)
                x, y, z = x[ok], y[ok], P[ok, 2] - 1e-6
                front = z <= self.depth[y, x]
                self.depth[y[front], x[front]] = z[front]
                self.rgb[y[front], x[front]] = np.asarray(color, dtype=float)[:3]


def _triangles(scene):
    """Flat triangles (n, 3, 3) and their vertex colors (n, 3, 4), 6-node ones refined once."""
    T, T6 = scene["triangles"], scene["triangles6"]
    P, C = [np.asarray(T["points"], dtype=float).reshape(-1, 3, 3)], [np.asarray(T["colors"], dtype=float).reshape(-1, 3, 4)]
    if len(T6["points"]):
        P.append(np.asarray(T6["points"], dtype=float)[:, _SUB6].reshape(-1, 3, 3))
        C.append(np.asarray(T6["colors"], dtype=float)[:, _SUB6].reshape(-1, 3, 4))
    return np.concatenate(P), np.concatenate(C)


def render_numpy(scene, settings, camera):
    """RGB image (height, width, 3) uint8 of a scene dict seen by ``camera`` (texts not drawn)."""
    canvas = _Canvas(camera.width, camera.height, settings.general.backgroundColor)
    P, C = _triangles(scene)
    if len(P):
        n = np.cross(P[:, 1] - P[:, 0], P[:, 2] - P[:, 0])
        n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-300)
        toward = camera.eye[None, :] - P.mean(axis=1) if camera.perspective > 0 else camera.R[2][None, :]
        toward = toward / np.linalg.norm(toward, axis=1, keepdims=True)
        shade = AMBIENT + DIFFUSE * np.abs(np.sum(n * toward, axis=1))
        col = np.clip(C.mean(axis=1)[:, :3] * shade[:, None], 0.0, 1.0)
        S, _ = camera.project(P)
        for k in range(len(S)):
            canvas.triangle(S[k], col[k])
    sph = scene["spheres"]
    point_px = max(2.0, 0.004 * camera.width)
    S, f = camera.project(np.asarray(sph["points"], dtype=float).reshape(-1, 3))
    for s, px, c, r in zip(S, f, np.asarray(sph["colors"], dtype=float), np.asarray(sph["radius"], dtype=float)):
        if r < 0:
            canvas.disc(s[0], s[1], s[2], point_px, c, False)
        else:
            canvas.disc(s[0], s[1], s[2], max(r * px, 1.0), c, True)
    for pts, cols in _polylines(scene, camera):
        for a, b, c in zip(pts[:-1], pts[1:], cols):
            canvas.segment(a, b, c)
    return (np.clip(canvas.rgb, 0.0, 1.0) * 255 + 0.5).astype(np.uint8)


def circle_points(camera, p, r, n=32):
    """(n + 1, 3) world points of a circle of radius r about p in the screen plane."""
    ang = np.linspace(0.0, 2 * np.pi, n + 1)
    return p + r * (np.outer(np.cos(ang), camera.R[0]) + np.outer(np.sin(ang), camera.R[1]))


def _polylines(scene, camera):
    """(screen points (k, 3), colors (k - 1, 4)) of the lines, 3-node lines and circles."""
    L = scene["lines"]
    for (a, b), (c, _) in zip(camera.project(np.asarray(L["points"], dtype=float))[0], np.asarray(L["colors"], dtype=float)):
        yield np.array([a, b]), [c]
    L3 = scene["lines3"]
    for p, c in zip(camera.project(np.asarray(L3["points"], dtype=float))[0], np.asarray(L3["colors"], dtype=float)):
        yield p[[0, 2, 1]], [c[0], c[0]]
    Ci = scene["circles"]
    for p, c, r in zip(np.asarray(Ci["points"], dtype=float), np.asarray(Ci["colors"], dtype=float),
                       np.asarray(Ci["radius"], dtype=float)):
        ring, _ = camera.project(circle_points(camera, p, r))
        ring[:, 2] -= 1e-3
        yield ring, [c] * (len(ring) - 1)


def flat_scene(scene):
    """The scene with its 6-node triangles and 3-node lines refined once into flat ones."""
    T6, L3 = scene["triangles6"], scene["lines3"]
    if not len(T6["points"]) and not len(L3["points"]):
        return scene
    out = dict(scene)
    T = scene["triangles"]
    out["triangles"] = {"items": np.concatenate([T["items"], np.repeat(T6["items"], 4, axis=0)]).reshape(-1, 3)}
    for key, width in (("points", 3), ("normals", 3), ("colors", 4)):
        refined = np.asarray(T6[key])[:, _SUB6].reshape(-1, 3, width) if len(T6[key]) else np.zeros((0, 3, width))
        out["triangles"][key] = np.concatenate([np.asarray(T[key]).reshape(-1, 3, width),
                                                refined.astype(np.asarray(T[key]).dtype)])
    L = scene["lines"]
    P3, C3 = np.asarray(L3["points"]), np.asarray(L3["colors"])
    out["lines"] = {"items": np.concatenate([L["items"], np.repeat(L3["items"], 2, axis=0)]).reshape(-1, 3),
                    "points": np.concatenate([np.asarray(L["points"]).reshape(-1, 2, 3),
                                              P3[:, [0, 2, 2, 1]].reshape(-1, 2, 3).astype(np.float32)]),
                    "colors": np.concatenate([np.asarray(L["colors"]).reshape(-1, 2, 4),
                                              C3[:, [0, 2, 2, 1]].reshape(-1, 2, 4).astype(np.float32)])}
    out["triangles6"] = {k: np.asarray(v)[:0] for k, v in T6.items()}
    out["lines3"] = {k: np.asarray(v)[:0] for k, v in L3.items()}
    return out
