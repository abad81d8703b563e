"""The camera of the headless renderers: a view rotation, a center, a zoom and a perspective.

The view frame comes from ``openGL.initialModelRotation`` (its rows: screen right, screen up,
toward the viewer, in world coordinates; default: the x-y plane seen from +z). With
``general.autoFitScene`` the camera fits the scene's bounding box times
``general.boundingBoxZoomAllFactor`` (zoom all); otherwise it is centered on
``openGL.initialCenterPoint`` with half the visible height ``openGL.initialZoom``.
``view0.camera.perspective`` p = 0 is an orthographic projection; p > 0 a perspective one whose
vertical view angle theta has tan(theta/2) = 2p (p = 0.001: nearly orthographic, 0.2: 44 degrees).
``view0.camera.trackMarker`` >= 0: each image's view follows that marker (of system
trackMarkerMbsNumber) in the configuration drawn: the components of the center that
trackMarkerPosition flags (non-zero) are the marker's position; with trackMarkerOrientation all
non-zero the view turns with the marker's rotation A (screen axes R A^T: the marker's frame is
seen as the world frame is without tracking).
"""
from dataclasses import dataclass, replace

import numpy as np

KINDS = ("lines", "spheres", "circles", "texts", "triangles", "triangles6", "lines3")


def scene_points(scene):
    """(m, 3) points that bound a scene's primitives (sphere and circle radii included)."""
    pts = [np.asarray(scene[k]["points"], dtype=float).reshape(-1, 3) for k in KINDS if k in scene]
    pts = np.vstack(pts) if pts else np.zeros((0, 3))
    extra = []
    for k in ("spheres", "circles"):
        r = np.maximum(np.asarray(scene[k]["radius"], dtype=float), 0.0)
        if len(r):
            p = np.asarray(scene[k]["points"], dtype=float)
            extra += [p + r[:, None], p - r[:, None]]
    return np.vstack([pts] + extra) if extra else pts


@dataclass
class Camera:
    """What an image shows: ``scale`` pixels per world unit in the plane through ``center``."""
    R: np.ndarray            # (3, 3) rows: screen right, screen up, toward the viewer
    center: np.ndarray       # (3,) world point at the image center
    scale: float             # pixels per world unit at the center plane
    width: int
    height: int
    perspective: float = 0.0

    @property
    def half_height(self):
        """Half the visible height at the center plane, in world units."""
        return 0.5 * self.height / self.scale

    @property
    def view_angle(self):
        """Vertical view angle in degrees (perspective > 0)."""
        return float(np.degrees(2.0 * np.arctan(2.0 * self.perspective)))

    @property
    def distance(self):
        """Eye distance from the center: a perspective camera's, else far enough for any scene."""
        if self.perspective > 0:
            return self.half_height / (2.0 * self.perspective)
        return 100.0 * self.half_height

    @property
    def eye(self):
        return self.center + self.distance * self.R[2]

    def project(self, P):
        """Pixel coordinates (..., 3) = [x right, y down, depth (smaller is nearer)] of world
        points P (..., 3), and the pixel scale (...,) at each point (perspective magnification)."""
        q = (np.asarray(P, dtype=float) - self.center) @ self.R.T
        if self.perspective > 0:
            d = self.distance
            f = d / np.maximum(d - q[..., 2], 1e-9 * d)
        else:
            f = np.ones(q.shape[:-1])
        x = 0.5 * self.width + self.scale * f * q[..., 0]
        y = 0.5 * self.height - self.scale * f * q[..., 1]
        return np.stack([x, y, -q[..., 2]], axis=-1), self.scale * f


def _rotation(settings):
    R = np.asarray(settings.openGL.advanced.initialModelRotation, dtype=float).reshape(3, 3)
    if abs(abs(np.linalg.det(R)) - 1.0) > 1e-3:
        raise ValueError("openGL.initialModelRotation: expected a 3x3 rotation matrix, got " + repr(R.tolist()))
    return R


def window_size(settings, width=None, height=None):
    """(width, height) of the images: given, or view0.window.renderWindowSize."""
    if width is None or height is None:
        w, h = (int(x) for x in settings.view0.window.renderWindowSize)
        width, height = width or w, height or h
    if int(width) < 1 or int(height) < 1:
        raise ValueError(f"image size: expected width, height >= 1, got {width} x {height}")
    return int(width), int(height)


def fit_camera(settings, points, width=None, height=None):
    """The camera of a renderer starting with a scene bounded by ``points`` (scene_points of one or
    more scenes): zoom all if general.autoFitScene, else the openGL.initial... view."""
    width, height = window_size(settings, width, height)
    R = _rotation(settings)
    p = max(float(settings.view0.camera.perspective), 0.0)
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    if not settings.general.autoFitScene:
        half = max(float(settings.openGL.advanced.initialZoom), 1e-12)
        center = np.asarray(settings.openGL.advanced.initialCenterPoint, dtype=float)
        return Camera(R, center, 0.5 * height / half, width, height, p)
    if not len(pts):
        return Camera(R, np.zeros(3), width / float(settings.general.minSceneSize), width, height, p)
    q = pts @ R.T
    lo, hi = q.min(0), q.max(0)
    center = R.T @ (0.5 * (lo + hi))
    size = max(hi[0] - lo[0], (hi[1] - lo[1]) * width / height, float(settings.general.minSceneSize))
    size *= float(settings.general.boundingBoxZoomAllFactor)
    if p > 0:
        # the nearest points are magnified: fit the front of the bounding box
        d = 0.5 * size * height / width / (2.0 * p)
        size *= d / max(d - 0.5 * (hi[2] - lo[2]), 0.5 * d)
    return Camera(R, center, width / size, width, height, p)


def tracked_camera(camera, settings, tracked):
    """``camera`` following the tracked marker frame (position, A) of a scene (module docstring);
    ``camera`` itself if there is none."""
    if tracked is None:
        return camera
    cam = settings.view0.camera
    pos, A = (np.asarray(x, dtype=float) for x in tracked)
    mask = np.asarray(cam.trackMarkerPosition, dtype=float).reshape(-1)[:3] != 0
    center = np.where(mask, pos, camera.center)
    R = camera.R
    if np.all(np.asarray(cam.trackMarkerOrientation, dtype=float).reshape(-1)[:3] != 0):
        R = R @ A.T
    return replace(camera, center=center, R=R)
