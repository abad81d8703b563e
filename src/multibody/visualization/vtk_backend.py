"""The PyVista (VTK) renderer, offscreen: a scene dict and a Camera to an RGB image.

VTK needs an OpenGL context. Without a display (no DISPLAY on Linux) its wheels can render
through EGL (Mesa's libEGL, as on a bare Debian machine) or OSMesa (libOSMesa); VTK picks one
by ``VTK_DEFAULT_OPENGL_WINDOW``. A VTK that finds none crashes the process, so ``probe()``
renders one small image in a child process per candidate first and keeps the first that works.

Lighting follows ``openGL``: the global ambient ``lightModelAmbient``, lights ``light0..3``
(enabled ones, directional or positional, in the model or the camera frame, intensity =
``diffuse``), ``materialSpecular`` / ``materialShininess``; ``enableLighting`` False draws plain
colors. Triangles use the scene's vertex normals (smooth shading if ``shadeModelSmooth``).
"""
import os
import subprocess
import sys

import numpy as np

from .raster import circle_points

_PROBE = """
import pyvista as pv
p = pv.Plotter(off_screen=True, window_size=(32, 24))
p.add_mesh(pv.Sphere(radius=1.0), color=(1.0, 0.0, 0.0))
p.enable_parallel_projection()
img = p.screenshot(return_img=True)
p.close()
r, g, b = (int(x) for x in img[12, 16])
print("ok" if r > 100 and g < 60 and b < 60 else "wrong colors %d %d %d" % (r, g, b))
"""


def _candidates():
    """Values of VTK_DEFAULT_OPENGL_WINDOW to try (None: VTK's own choice)."""
    if os.environ.get("VTK_DEFAULT_OPENGL_WINDOW"):
        return [os.environ["VTK_DEFAULT_OPENGL_WINDOW"]]
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return ["vtkEGLRenderWindow", "vtkOSOpenGLRenderWindow"]
    return [None, "vtkEGLRenderWindow", "vtkOSOpenGLRenderWindow"]


def probe(timeout=120.0):
    """(True, window class) where VTK renders here, else (False, why); sets the environment so
    that this process's VTK uses the window class that worked."""
    try:
        import pyvista  # noqa: F401
    except Exception as exc:
        return False, f"PyVista is not installed ({type(exc).__name__}: {exc})"
    reasons = []
    for cand in _candidates():
        env = dict(os.environ)
        if cand:
            env["VTK_DEFAULT_OPENGL_WINDOW"] = cand
        try:
            out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True,
                                 timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as exc:
            reasons.append(f"{cand or 'default'}: {type(exc).__name__}")
            continue
        last = (out.stdout.strip().splitlines() or [""])[-1]
        if out.returncode == 0 and last == "ok":
            if cand:
                os.environ["VTK_DEFAULT_OPENGL_WINDOW"] = cand
            return True, cand or "default"
        reasons.append(f"{cand or 'default'}: " + (last or f"exit code {out.returncode}"))
    return False, "VTK cannot open an OpenGL context (" + "; ".join(reasons) + ")"


class VtkRenderer:
    """One offscreen PyVista plotter, reused for every image of one size."""

    def __init__(self):
        self._plotters = {}

    def _plotter(self, width, height, samples):
        key = (width, height, samples)
        if key not in self._plotters:
            import pyvista as pv
            p = pv.Plotter(off_screen=True, window_size=(width, height), lighting="none")
            if samples > 1:
                p.ren_win.SetMultiSamples(samples)
            self._plotters[key] = p
        return self._plotters[key]

    def close(self):
        for p in self._plotters.values():
            p.close()
        self._plotters = {}

    def render(self, scene, settings, camera):
        """RGB image (height, width, 3) uint8 of a flat scene dict (no triangles6 / lines3)."""
        p = self._plotter(camera.width, camera.height, int(settings.openGL.multiSampling))
        draw_scene(p, scene, settings, camera)
        p.ren_win.Render()
        return np.ascontiguousarray(p.screenshot(return_img=True)[:, :, :3])


def draw_scene(p, scene, settings, camera, set_camera=True):
    """Put a flat scene dict into the PyVista plotter ``p`` (offscreen or a window) in place of what
    it showed: background, triangles, spheres, lines and circles, lights; the camera too unless
    ``set_camera`` is False (a window keeps the view its user turned)."""
    p.renderer.RemoveAllViewProps()
    p.remove_all_lights()
    g = settings.general
    if g.useGradientBackground:
        p.set_background(list(g.backgroundColorBottom)[:3], top=list(g.backgroundColor)[:3])
    else:
        p.set_background(list(g.backgroundColor)[:3])
    lit = bool(settings.openGL.advanced.enableLighting)
    _add_triangles(p, scene, settings, lit)
    _add_spheres(p, scene, settings, camera, lit)
    _add_lines(p, scene, settings, camera)
    if lit:
        _add_lights(p, settings)
    if set_camera:
        _set_camera(p, camera, scene)


def _rgba(colors):
    return (np.clip(np.asarray(colors, dtype=float), 0.0, 1.0) * 255 + 0.5).astype(np.uint8)


def _material(settings, lit):
    gl = settings.openGL
    if not lit:
        return dict(lighting=False)
    return dict(ambient=float(gl.lightModelAmbient[0]), diffuse=1.0, specular=0.5 * float(gl.materialSpecular[0]),
                specular_power=float(gl.materialShininess))


def _add_triangles(p, scene, settings, lit):
    import pyvista as pv
    T = scene["triangles"]
    P = np.asarray(T["points"], dtype=float).reshape(-1, 3)
    if not len(P) or not settings.view0.scene.showFaces:
        return
    n = len(P) // 3
    faces = np.column_stack([np.full(n, 3), np.arange(3 * n).reshape(n, 3)]).ravel()
    mesh = pv.PolyData(P, faces)
    colors = _rgba(np.asarray(T["colors"]).reshape(-1, 4))
    if settings.view0.scene.facesTransparent:
        colors[:, 3] = np.minimum(colors[:, 3], int(255 * float(settings.openGL.faceTransparencyGlobal)))
    mesh.point_data["rgba"] = colors
    N = np.asarray(T["normals"], dtype=float).reshape(-1, 3)
    if len(N) == len(P) and settings.openGL.advanced.shadeModelSmooth:
        mesh.point_data["Normals"] = N
        mesh.point_data.active_normals_name = "Normals"
    actor = p.add_mesh(mesh, scalars="rgba", rgba=True, show_scalar_bar=False, render=False, **_material(settings, lit))
    if len(N) == len(P) and settings.openGL.advanced.shadeModelSmooth:
        actor.prop.interpolation = "gouraud"


def _add_spheres(p, scene, settings, camera, lit):
    import pyvista as pv
    S = scene["spheres"]
    P = np.asarray(S["points"], dtype=float).reshape(-1, 3)
    if not len(P):
        return
    r = np.asarray(S["radius"], dtype=float)
    colors = _rgba(np.asarray(S["colors"]).reshape(-1, 4))
    solid = r > 0
    if solid.any():
        res = max(int(np.max(np.asarray(S["resolution"])[solid], initial=2)), 2)
        cloud = pv.PolyData(P[solid])
        cloud.point_data["radius"] = r[solid]
        cloud.point_data["rgba"] = colors[solid]
        ball = pv.Sphere(radius=1.0, theta_resolution=2 ** (res + 1), phi_resolution=2 ** res)
        glyphs = cloud.glyph(geom=ball, scale="radius", orient=False, factor=1.0)
        p.add_mesh(glyphs, scalars="rgba", rgba=True, smooth_shading=True, show_scalar_bar=False, render=False,
                   **_material(settings, lit))
    if (~solid).any():
        dots = pv.PolyData(P[~solid])
        dots.point_data["rgba"] = colors[~solid]
        p.add_mesh(dots, scalars="rgba", rgba=True, style="points", render_points_as_spheres=True,
                   point_size=max(4.0, 0.006 * camera.width), lighting=False, show_scalar_bar=False, render=False)


def _add_lines(p, scene, settings, camera):
    """Lines and circles (circles in the screen plane, general.circleTiling segments)."""
    import pyvista as pv
    if not settings.view0.scene.showLines:
        return
    L = scene["lines"]
    pts = [np.asarray(L["points"], dtype=float).reshape(-1, 3)]
    cols = [np.asarray(L["colors"], dtype=float).reshape(-1, 4)]
    segs = [np.arange(len(pts[0])).reshape(-1, 2)]
    Ci = scene["circles"]
    n = max(int(settings.general.circleTiling), 2)
    base = len(pts[0])
    for c, col, rad in zip(np.asarray(Ci["points"], dtype=float), np.asarray(Ci["colors"], dtype=float),
                           np.asarray(Ci["radius"], dtype=float)):
        ring = circle_points(camera, c, rad, n)
        pts.append(ring)
        cols.append(np.tile(col, (len(ring), 1)))
        segs.append(base + np.column_stack([np.arange(n), np.arange(1, n + 1)]))
        base += len(ring)
    P, C, E = np.vstack(pts), np.vstack(cols), np.vstack(segs)
    if not len(E):
        return
    mesh = pv.PolyData(P, lines=np.column_stack([np.full(len(E), 2), E]).ravel())
    mesh.point_data["rgba"] = _rgba(C)
    p.add_mesh(mesh, scalars="rgba", rgba=True, line_width=max(float(settings.openGL.lineWidth), 1.0) * 1.5,
               lighting=False, show_scalar_bar=False, render=False)


def _add_lights(p, settings):
    import pyvista as pv
    gl = settings.openGL
    for k in range(4):
        light = getattr(gl, f"light{k}")
        if not light.enable:
            continue
        pos = np.asarray(light.position, dtype=float)
        kind = "camera light" if light.useCameraFrame else "scene light"
        lt = pv.Light(position=tuple(pos[:3]), focal_point=(0.0, 0.0, 0.0), intensity=float(light.diffuse),
                      light_type=kind, positional=bool(pos[3] != 0))
        p.add_light(lt)


def _set_camera(p, camera, scene):
    cam = p.camera
    cam.focal_point = tuple(camera.center)
    cam.position = tuple(camera.eye)
    cam.up = tuple(camera.R[1])
    if camera.perspective > 0:
        cam.parallel_projection = False
        cam.view_angle = camera.view_angle
    else:
        cam.parallel_projection = True
        cam.parallel_scale = camera.half_height
    p.renderer.ResetCameraClippingRange()
    p.renderer.camera_set = True            # PyVista would otherwise reset the camera at the first render
