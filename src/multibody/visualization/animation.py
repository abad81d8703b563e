"""Animations of a system: frames of the Visualization configuration drawn with one fixed camera
and written to a video file, or played in a window (window.py) where a display exists.

A frame source is a function ``set_frame(k)`` that puts frame k into the Visualization
configuration (``SetSolutionState(..., Visualization)`` for a solution row, the coordinates of a
mode shape for AnimateModes). The camera fits all frames together (or the ``openGL.initial...``
view without ``general.autoFitScene``) and stays through the animation. Files: ``.mp4`` through
imageio-ffmpeg, ``.gif`` through Pillow; where neither is installed, PNG frames in a folder.
"""
import os
import sys

import numpy as np

from .camera import fit_camera, scene_points, window_size
from .renderer import INSTALL_HINT, render_image, save_image
from .scene import build_scene

MAX_FRAMES = 500        # frames of a file at most: longer solutions are shown every k-th row


def say(line):
    print("multibody: " + line, flush=True)


def has_display():
    """True where a window can open: a display on Linux (DISPLAY or WAYLAND_DISPLAY), always on
    Windows and macOS; ``MULTIBODY_NO_WINDOW=1`` says no."""
    if os.environ.get("MULTIBODY_NO_WINDOW", "").strip() not in ("", "0"):
        return False
    if sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def in_jupyter():
    """True inside a Jupyter kernel (IPython's ZMQ shell)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()
    except Exception:       # noqa: BLE001 - any IPython without a shell
        return False
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def show_inline(fileName):
    """Show a written image or video in the Jupyter cell that runs the code; True if shown."""
    if not in_jupyter():
        return False
    from IPython.display import Image, Video, display
    if str(fileName).lower().endswith(".mp4"):
        display(Video(fileName, embed=True))
    else:
        display(Image(filename=fileName))
    return True


def video_extension():
    """'.mp4' where imageio-ffmpeg is installed, '.gif' where Pillow is, else '' (PNG frames)."""
    try:
        import imageio.v2  # noqa: F401
        import imageio_ffmpeg  # noqa: F401
        return ".mp4"
    except ImportError:
        pass
    try:
        import PIL  # noqa: F401
        return ".gif"
    except ImportError:
        return ""


class FrameWriter:
    """Frames to ``fileName``: .mp4 streamed through imageio-ffmpeg, .gif through Pillow, or, where
    the writer is missing, PNG files in the folder ``<name>_frames``. ``close()`` returns
    (written path, what it is)."""

    def __init__(self, fileName, fps=25.0):
        self.fileName, self.fps, self.count = str(fileName), float(fps), 0
        self._mp4, self._gif, self._folder = None, None, None
        folder = os.path.dirname(self.fileName)
        if folder:
            os.makedirs(folder, exist_ok=True)
        low = self.fileName.lower()
        try:
            if low.endswith(".gif"):
                from PIL import Image  # noqa: F401
                self._gif = []
            else:
                import imageio.v2 as imageio
                import imageio_ffmpeg  # noqa: F401
                self._mp4 = imageio.get_writer(self.fileName, fps=self.fps, macro_block_size=1)
        except ImportError as exc:
            self._folder = os.path.splitext(self.fileName)[0] + "_frames"
            os.makedirs(self._folder, exist_ok=True)
            say(f"'{self.fileName}' needs {exc.name or 'a video writer'} ({INSTALL_HINT}); PNG frames go to "
                f"'{self._folder}' instead")

    def append(self, img):
        img = np.ascontiguousarray(img, dtype=np.uint8)
        if self._mp4 is not None:
            self._mp4.append_data(img)
        elif self._gif is not None:
            from PIL import Image
            self._gif.append(Image.fromarray(img))
        else:
            save_image(img, os.path.join(self._folder, "frame%05d.png" % self.count))
        self.count += 1

    def close(self):
        if self._mp4 is not None:
            self._mp4.close()
            return self.fileName, "MP4 video"
        if self._gif is not None:
            if self._gif:
                self._gif[0].save(self.fileName, save_all=True, append_images=self._gif[1:], loop=0,
                                  duration=max(int(round(1000.0 / self.fps)), 10))
            return self.fileName, "GIF animation"
        return self._folder, "folder of PNG frames"


def _bounds(settings, points, acc):
    """Grow ``acc`` = [lo, hi] (camera frame) by points; the rotation is the view's."""
    R = np.asarray(settings.openGL.advanced.initialModelRotation, dtype=float).reshape(3, 3)
    if len(points):
        q = np.asarray(points, dtype=float).reshape(-1, 3) @ R.T
        acc[0] = np.minimum(acc[0], q.min(0))
        acc[1] = np.maximum(acc[1], q.max(0))
    return R


def animation_camera(SC, set_frame, n_frames, width=None, height=None):
    """The Camera that shows every frame: fitted to the bounding box (in the view frame) of all
    frames' scenes."""
    settings = SC.visualizationSettings
    acc = [np.full(3, np.inf), np.full(3, -np.inf)]
    R = None
    for k in range(n_frames):
        set_frame(k)
        R = _bounds(settings, scene_points(build_scene(SC._systems, settings, flat_shapes=True)), acc)
    if R is None or not np.isfinite(acc[0]).all():
        return fit_camera(settings, np.zeros((0, 3)), width, height)
    lo, hi = acc
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
    return fit_camera(settings, corners @ R, width, height)


def write_animation(SC, set_frame, n_frames, fileName, fps=25.0, width=None, height=None):
    """Draw frames 0..n_frames-1 of ``set_frame`` with one camera into ``fileName``; returns
    (written path, what it is, camera)."""
    settings = SC.visualizationSettings
    width, height = window_size(settings, width, height)
    camera = animation_camera(SC, set_frame, n_frames, width, height)
    writer = FrameWriter(fileName, fps)
    for k in range(n_frames):
        shown_time = set_frame(k)
        scene = build_scene(SC._systems, settings, flat_shapes=True)
        writer.append(render_image(scene, settings, camera, SC._systems, time=shown_time))
    path, kind = writer.close()
    return path, kind, camera


def default_file(stem):
    """``stem`` + the video extension available here (.mp4, .gif, or .mp4 for PNG frames)."""
    return stem + (video_extension() or ".mp4")
