"""Headless software renderer: a scene (scene.py) to an RGB image, and ``SC.renderer``.

A numpy z-buffer rasterizer with an orthographic camera: triangles flat-shaded by one headlight
(ambient 0.4 + diffuse 0.6 |n . view|, two-sided), spheres as shaded discs with their depth, lines
and circles as 1-2 pixel strokes, node points as small dots, texts by pillow on top. The camera
looks along -z of the view frame given by ``openGL.advanced.initialModelRotation`` (default: the x-y plane
seen from +z), centered and zoomed to the scene's bounding box (zoom all) with
``general.boundingBoxZoomAllFactor``. No display, OpenGL or matplotlib is needed.
"""
import os

import numpy as np

from .scene import build_scene

AMBIENT, DIFFUSE = 0.4, 0.6


# ---------------------------------------------------------------- camera

def scene_points(scene):
    """(m, 3) points that bound a scene's primitives (sphere and circle radii included)."""
    pts = [scene[k]["points"].reshape(-1, 3) for k in ("lines", "spheres", "circles", "texts", "triangles",
                                                        "triangles6", "lines3")]
    pts = np.vstack(pts).astype(float) if pts else np.zeros((0, 3))
    extra = []
    for k in ("spheres", "circles"):
        r = np.maximum(scene[k]["radius"].astype(float), 0.0)
        if len(r):
            p = scene[k]["points"].astype(float)
            extra += [p + r[:, None], p - r[:, None]]
    return np.vstack([pts] + extra) if extra else pts


def _view(scene, settings, width, height, points=None):
    """(R, center, scale): screen = scale * R (p - center) + image center (y flipped), fitting the
    scene (or ``points``: several scenes' bounds, for frames drawn with one view)."""
    R = np.asarray(settings.openGL.advanced.initialModelRotation, dtype=float).reshape(3, 3)
    pts = scene_points(scene) if points is None else np.asarray(points, dtype=float).reshape(-1, 3)
    if not len(pts):
        return R, np.zeros(3), 1.0
    q = pts @ R.T
    lo, hi = q.min(0), q.max(0)
    center = R.T @ (0.5 * (lo + hi))
    size = max(hi[0] - lo[0], (hi[1] - lo[1]) * width / height, float(settings.general.minSceneSize))
    factor = float(settings.general.boundingBoxZoomAllFactor)
    scale = width / (size * factor)
    return R, center, scale


class _Canvas:
    def __init__(self, width, height, background):
        self.w, self.h = width, height
        self.rgb = np.empty((height, width, 3))
        self.rgb[:] = np.asarray(background, dtype=float)[:3]
        self.depth = np.full((height, width), np.inf)

    def project(self, R, center, scale, P):
        q = (np.asarray(P, dtype=float) - center) @ R.T
        x = 0.5 * self.w + scale * q[..., 0]
        y = 0.5 * self.h - scale * q[..., 1]
        return np.stack([x, y, -q[..., 2]], axis=-1)   # depth: smaller is nearer

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


def scene_view(settings, points, width=None, height=None):
    """The view (R, center, scale) that fits ``points`` (scene_points of one or more scenes) into an
    image of the window's size (or width x height): frames drawn with it keep one camera."""
    if width is None or height is None:
        width, height = (int(x) for x in settings.view0.window.renderWindowSize)
    return _view(None, settings, width, height, points=points)


def render_scene(scene, settings, width=None, height=None, view=None):
    """RGB image (height, width, 3) uint8 of a scene dict under VisualizationSettings; ``view``:
    (R, center, scale) of ``scene_view`` to draw with (default: the view fitting this scene)."""
    if width is None or height is None:
        width, height = (int(x) for x in settings.view0.window.renderWindowSize)
    canvas = _Canvas(width, height, settings.general.backgroundColor)
    R, center, scale = view if view is not None else _view(scene, settings, width, height)

    def proj(P):
        return canvas.project(R, center, scale, P)

    view = R.T @ np.array([0.0, 0.0, 1.0])
    T = scene["triangles"]
    T6 = scene["triangles6"]
    tri_P = [T["points"].astype(float)]
    tri_C = [T["colors"].astype(float)]
    if len(T6["points"]):
        sub = np.array([[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]])
        tri_P.append(T6["points"].astype(float)[:, sub].reshape(-1, 3, 3))
        tri_C.append(T6["colors"].astype(float)[:, sub].reshape(-1, 3, 4))
    P, C = np.concatenate(tri_P), np.concatenate(tri_C)
    if len(P):
        n = np.cross(P[:, 1] - P[:, 0], P[:, 2] - P[:, 0])
        n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-300)
        shade = AMBIENT + DIFFUSE * np.abs(n @ view)
        col = np.clip(C.mean(axis=1)[:, :3] * shade[:, None], 0.0, 1.0)
        S = proj(P)
        for k in range(len(S)):
            canvas.triangle(S[k], col[k])
    sph = scene["spheres"]
    point_px = max(2.0, 0.004 * width)
    for p, c, r in zip(sph["points"].astype(float), sph["colors"].astype(float), sph["radius"].astype(float)):
        s = proj(p)
        if r < 0:
            canvas.disc(s[0], s[1], s[2], point_px, c, False)
        else:
            canvas.disc(s[0], s[1], s[2], max(r * scale, 1.0), c, True)
    L = scene["lines"]
    for (a, b), (c, _) in zip(proj(L["points"].astype(float)), L["colors"].astype(float)):
        canvas.segment(a, b, c)
    L3 = scene["lines3"]
    for p, c in zip(proj(L3["points"].astype(float)), L3["colors"].astype(float)):
        canvas.segment(p[0], p[2], c[0])
        canvas.segment(p[2], p[1], c[0])
    Ci = scene["circles"]
    ang = np.linspace(0.0, 2 * np.pi, 33)
    for p, c, r in zip(Ci["points"].astype(float), Ci["colors"].astype(float), Ci["radius"].astype(float)):
        s = proj(p)
        ring = s[None, :] + np.stack([r * scale * np.cos(ang), r * scale * np.sin(ang), np.zeros_like(ang)], 1)
        ring[:, 2] = s[2] - 1e-3
        for a, b in zip(ring[:-1], ring[1:]):
            canvas.segment(a, b, c)
    img = (np.clip(canvas.rgb, 0.0, 1.0) * 255 + 0.5).astype(np.uint8)
    tx = scene["texts"]
    if len(tx["text"]):
        img = _draw_texts(img, proj(tx["points"].astype(float)), tx["colors"], tx["text"], tx["offset"])
    return img


def _draw_texts(img, S, colors, texts, offsets):
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        return img
    im = Image.fromarray(img)
    draw = ImageDraw.Draw(im)
    for s, c, t, o in zip(S, colors, texts, offsets):
        rgb = tuple(int(255 * min(max(x, 0.0), 1.0)) for x in c[:3])
        draw.text((float(s[0]) + 10 * float(o[0]), float(s[1]) - 10 * float(o[1]) - 10), t, fill=rgb)
    return np.asarray(im)


# ---------------------------------------------------------------- SC.renderer

def image_file_name(settings, extension=None):
    """The file that exportImages names now (counter appended unless saveImageSingleFile)."""
    ex = settings.exportImages
    fmt = str(ex.saveImageFormat).upper()
    ext = extension or {"PNG": ".png", "TGA": ".tga", "TXT": ".txt"}.get(fmt, ".png")
    name = str(ex.saveImageFileName)
    if not ex.saveImageSingleFile:
        name += "%05d" % int(ex.saveImageFileCounter)
    return name + ext


def save_image(img, fileName):
    """Write an RGB uint8 image (PNG or any format pillow knows by the extension)."""
    from .._optional import require
    Image = require("PIL.Image", "saving images")
    folder = os.path.dirname(fileName)
    if folder:
        os.makedirs(folder, exist_ok=True)
    Image.fromarray(img).save(fileName)


_ATTACHED = None        # weak reference to the container exu.StartRenderer() starts


def attach(container):
    """Make ``container`` the one exu.StartRenderer() / StopRenderer() act on."""
    global _ATTACHED
    import weakref
    _ATTACHED = weakref.ref(container)


def attached():
    """The container exu.StartRenderer() acts on (the last one made), or None."""
    return None if _ATTACHED is None else _ATTACHED()


class Renderer:
    """``SC.renderer`` without a window: scene data, images and files; interactive calls are no-ops.

    ``Start()`` opens no window (it returns False and ``IsActive()`` stays False, so that scripts
    waiting for a window to close do not wait) but marks the renderer started: a solve then keeps
    the Visualization configuration up to date as Exudyn's solvers do for a running renderer, and
    ``solution.recordImagesInterval`` >= 0 saves images during the solve, headless
    (``RedrawAndSaveImage``: exportImages' file names and counter)."""

    def __init__(self, container):
        self._container = container
        self._render_count = 0
        self._started = False
        self._view = None           # the camera kept while started (RedrawAndGetImage)
        self.materials = []

    @property
    def started(self):
        """True between Start() (or exu.StartRenderer()) and Stop()."""
        return self._started

    # scene and images
    def GetGraphicsData(self, flatShapes=False):
        """The drawing elements of the scene as a dict of numpy arrays (spec/visualization.md)."""
        SC = self._container
        return build_scene(SC._systems, SC.visualizationSettings, flat_shapes=flatShapes)

    def RedrawAndGetImage(self, useRaytracer=True):
        """RGB image (height, width, 3) uint8 of the size window.renderWindowSize gives. Without
        Start() each image fits its scene; after Start() the first image's view is kept (a camera
        that stays, as a renderer window's after its zoom-all at the start) until ZoomAll() or
        Stop()."""
        self._render_count += 1
        settings = self._container.visualizationSettings
        scene = self.GetGraphicsData()
        view = None
        if self._started:
            if self._view is None:
                self._view = scene_view(settings, scene_points(scene))
            view = self._view
        return render_scene(scene, settings, view=view)

    def RedrawAndSaveImage(self, fileName=None, useRaytracer=True):
        """Render and write the file exportImages names (counter incremented); returns the file name."""
        settings = self._container.visualizationSettings
        name = fileName or image_file_name(settings)
        save_image(self.RedrawAndGetImage(useRaytracer), name)
        if fileName is None and not settings.exportImages.saveImageSingleFile:
            settings.exportImages.saveImageFileCounter = int(settings.exportImages.saveImageFileCounter) + 1
        return name

    def GetRenderCount(self):
        return self._render_count

    # interactive renderer: nothing to show on a headless machine
    def Start(self, *args, **kwargs):
        self._started = True
        self._view = None
        return False

    def Stop(self):
        self._started = False
        self._view = None

    def ZoomAll(self, *args, **kwargs):
        self._view = None           # the next image fits its scene again

    def DoIdleTasks(self, *args, **kwargs): pass
    def IsActive(self): return False
    def SendRedrawSignal(self): pass
    def Attach(self, *args, **kwargs): return False
    def Detach(self, *args, **kwargs): return False
    def EnableView(self, *args, **kwargs): pass
    def DisableView(self, *args, **kwargs): pass
    def StopSimulation(self, *args, **kwargs): pass
    def GetState(self): return {}
    def SetState(self, *args, **kwargs): pass
    def ResetState(self): pass
    def RestoreSavedState(self, *args, **kwargs): pass
    def SetModelView(self, *args, **kwargs): pass
    def GetMouseCoordinates(self, *args, **kwargs): return [0.0, 0.0]
    def GetItemSelection(self, *args, **kwargs): return []
