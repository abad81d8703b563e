"""Images of a scene, and ``SC.renderer``.

Images are drawn by PyVista (VTK) offscreen where it starts here (vtk_backend.py), else by the
NumPy rasterizer (raster.py); the choice is made once per process, and a fallback prints one
line saying why. ``MULTIBODY_RENDERER`` = ``vtk``, ``numpy`` or ``auto`` (default) overrides it.
Both draw the scene data (scene.py) with the Camera (camera.py), the world basis and the texts
(overlay.py).

What is drawn when (Exudyn 1.13.6's rules): without a started renderer (no window), each drawing
shows the Current configuration and copies it (coordinates and time) into the Visualization
configuration, so the final state after a solve and any state set into Current; a started
renderer (``exu.StartRenderer()`` / ``SC.renderer.Start()``, a window in Exudyn) shows the
Visualization configuration, which solves keep up to date and ``SetSolutionState(...,
ConfigurationType.Visualization)`` sets for the frames of an animation. The camera fits the
scene at the first image (zoom all) and then stays (fixed through an animation) until
``ZoomAll()``, ``Start()``/``Stop()``, a new Assemble() or a change of the window size or view
settings.
"""
import os
import struct
import zlib

import numpy as np

from .camera import fit_camera, scene_points, tracked_camera, window_size
from .overlay import draw_texts, merge_scenes, world_basis
from .raster import flat_scene, render_numpy
from .scene import build_scene

INSTALL_HINT = 'pip install "multibody[render]"'
_BACKEND = {"name": None, "vtk": None}


def _say(line):
    print("multibody: " + line, flush=True)


def backend():
    """'vtk' or 'numpy': the renderer images are drawn with (chosen at the first call)."""
    if _BACKEND["name"] is None:
        want = os.environ.get("MULTIBODY_RENDERER", "auto").strip().lower()
        if want == "numpy":
            _BACKEND["name"] = "numpy"
            return "numpy"
        from .vtk_backend import probe
        ok, info = probe()
        if ok:
            _BACKEND["name"] = "vtk"
        else:
            _BACKEND["name"] = "numpy"
            hint = f"; {INSTALL_HINT} for the VTK renderer" if "not installed" in info else ""
            _say(f"images are drawn by the built-in NumPy renderer: {info}{hint}")
    return _BACKEND["name"]


def set_backend(name="auto"):
    """Choose the renderer of images: 'vtk', 'numpy', or 'auto' (chosen again at the next image)."""
    if name not in ("auto", "vtk", "numpy"):
        raise ValueError(f"set_backend: name must be 'auto', 'vtk' or 'numpy', got {name!r}")
    if _BACKEND["vtk"] is not None:
        _BACKEND["vtk"].close()
    _BACKEND["vtk"] = None
    _BACKEND["name"] = None if name == "auto" else name


def render_image(scene, settings, camera, systems=(), time=None):
    """RGB image (height, width, 3) uint8 of a scene dict seen by ``camera``, with the world basis
    and the texts (item numbers; time and solver information of ``systems[0]``, the time
    ``time`` if given); the camera follows view0.camera.trackMarker if set (camera.py)."""
    camera = tracked_camera(camera, settings, getattr(scene, "tracked", None))
    scene = flat_scene(scene)
    if settings.view0.scene.drawWorldBasis:
        scene = merge_scenes(scene, world_basis(settings))
    img = None
    if backend() == "vtk":
        try:
            if _BACKEND["vtk"] is None:
                from .vtk_backend import VtkRenderer
                _BACKEND["vtk"] = VtkRenderer()
            img = _BACKEND["vtk"].render(scene, settings, camera)
        except Exception as exc:           # VTK failed at run time: the NumPy renderer from now on
            _say(f"VTK failed ({type(exc).__name__}: {exc}); images are drawn by the built-in NumPy renderer")
            set_backend("numpy")
    if img is None:
        img = render_numpy(scene, settings, camera)
    img, drawn = draw_texts(img, scene, camera, settings, systems, time)
    if not drawn and not _BACKEND.get("said_texts"):
        _BACKEND["said_texts"] = True
        _say(f"texts are not drawn: Pillow is not installed ({INSTALL_HINT})")
    return img


def scene_view(settings, points, width=None, height=None):
    """The Camera that fits ``points`` (scene_points of one or more scenes) into an image of the
    window's size (or width x height): frames drawn with it keep one camera."""
    return fit_camera(settings, points, width, height)


def render_scene(scene, settings, width=None, height=None, view=None):
    """RGB image (height, width, 3) uint8 of a scene dict under VisualizationSettings; ``view``: the
    Camera of ``scene_view`` to draw with (default: the camera fitting this scene)."""
    if view is None:
        view = fit_camera(settings, scene_points(scene), width, height)
    return render_image(scene, settings, view)


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
    """Write an RGB uint8 image: PNG (also without Pillow) or any format Pillow knows by the
    extension."""
    folder = os.path.dirname(fileName)
    if folder:
        os.makedirs(folder, exist_ok=True)
    try:
        from PIL import Image
    except ImportError:
        if not str(fileName).lower().endswith(".png"):
            raise ImportError(f"save_image: writing '{fileName}' needs Pillow ({INSTALL_HINT}); "
                              "PNG files are written without it") from None
        _write_png(np.ascontiguousarray(img, dtype=np.uint8), fileName)
        return
    Image.fromarray(img).save(fileName)


def _write_png(img, fileName):
    """A minimal RGB PNG writer (zlib-compressed rows, filter 0)."""
    h, w = img.shape[:2]
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(fileName, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


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
    waiting for a window to close do not wait) but marks the renderer started: drawings then show
    the Visualization configuration, which a solve keeps up to date as Exudyn's solvers do for a
    running renderer, and ``solution.recordImagesInterval`` >= 0 saves images during the solve,
    headless (``RedrawAndSaveImage``: exportImages' file names and counter)."""

    def __init__(self, container):
        self._container = container
        self._render_count = 0
        self._started = False
        self._camera, self._camera_key = None, None     # the camera kept between images
        self.materials = []

    @property
    def started(self):
        """True between Start() (or exu.StartRenderer()) and Stop()."""
        return self._started

    def _show_current(self):
        """No window: the drawing shows the Current configuration, copied into Visualization."""
        if self._started:
            return
        from ..enums import ConfigurationType as CFG
        for mbs in self._container._systems:
            c = mbs._compiled
            if c is not None and getattr(mbs, "systemIsConsistent", True):
                c.states[CFG.Visualization].copy_from(c.states[CFG.Current])

    # scene and images
    def GetGraphicsData(self, flatShapes=False):
        """The drawing elements of the scene as a dict of numpy arrays (spec/visualization.md), of
        the configuration drawn now (module docstring)."""
        SC = self._container
        self._show_current()
        return build_scene(SC._systems, SC.visualizationSettings, flat_shapes=flatShapes)

    def camera(self, scene=None):
        """The Camera of the next image: the one kept, or one fitting ``scene`` (default: the scene
        drawn now) where none is kept or the model, window size or view settings changed."""
        SC = self._container
        settings = SC.visualizationSettings
        key = (window_size(settings), tuple(id(m._compiled) for m in SC._systems),
               np.asarray(settings.openGL.advanced.initialModelRotation, dtype=float).tobytes(),
               float(settings.view0.camera.perspective), bool(settings.general.autoFitScene))
        if self._camera is None or key != self._camera_key:
            scene = self.GetGraphicsData(flatShapes=True) if scene is None else scene
            self._camera, self._camera_key = fit_camera(settings, scene_points(scene)), key
        return self._camera

    def RedrawAndGetImage(self, useRaytracer=True):
        """RGB image (height, width, 3) uint8 of the size window.renderWindowSize gives, of the
        configuration drawn now, with the camera kept since the first image (module docstring)."""
        self._render_count += 1
        SC = self._container
        scene = self.GetGraphicsData(flatShapes=True)
        return render_image(scene, SC.visualizationSettings, self.camera(scene), SC._systems)

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
        self._camera = None
        return False

    def Stop(self):
        self._started = False
        self._camera = None

    def ZoomAll(self, *args, **kwargs):
        self._camera = None         # the next image fits its scene again

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
