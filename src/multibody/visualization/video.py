"""Frames and videos of a solution, headless.

``WriteSolutionFrames(mbs, solution, folder)`` renders one PNG per (selected) row of a solution —
the dict of ``exudyn.utilities.LoadSolutionFile`` (key 'data': rows [time, ODE2 coordinates ...]) or
an array of such rows — all with one camera, and writes a video of them (``.mp4`` through
imageio-ffmpeg, ``.gif`` through Pillow) where those are installed; where not, it says in one
line what to install and returns the frames.
"""
import os

import numpy as np

from .camera import fit_camera, scene_points
from .renderer import INSTALL_HINT, render_image, save_image
from .scene import build_scene


def _rows(solution):
    if isinstance(solution, dict):
        return np.asarray(solution["data"], dtype=float)
    return np.atleast_2d(np.asarray(solution, dtype=float))


def write_video(images, fileName, fps=25):
    """Write RGB uint8 frames to ``fileName`` (.mp4, .gif, or what imageio knows); returns the file
    name, or None (with one line saying what to install) where the writer is missing."""
    folder = os.path.dirname(fileName)
    if folder:
        os.makedirs(folder, exist_ok=True)
    gif = str(fileName).lower().endswith(".gif")
    try:
        if gif:
            from PIL import Image
            frames = [Image.fromarray(np.asarray(im)) for im in images]
            frames[0].save(fileName, save_all=True, append_images=frames[1:], duration=int(round(1000 / fps)),
                           loop=0)
        else:
            import imageio.v2 as imageio
            with imageio.get_writer(fileName, fps=fps, macro_block_size=1) as writer:
                for im in images:
                    writer.append_data(np.asarray(im))
    except ImportError as exc:
        print(f"multibody: video '{fileName}' not written ({exc}); {INSTALL_HINT} installs the video writers")
        return None
    return fileName


def solution_frames(mbs, solution, every=1, width=None, height=None):
    """(camera, iterator of (row, scene)) of rows 0, every, 2*every, ... of a solution; the camera
    fits every frame's scene (a fixed camera through the animation)."""
    settings = mbs.GetSystemContainer().visualizationSettings
    rows = _rows(solution)[::max(int(every), 1)]
    n_ode2 = mbs._compiled.n_ode2
    systems = mbs.GetSystemContainer()._systems

    def scene_of(row):
        q = row[1:1 + n_ode2]
        return build_scene(systems, settings, flat_shapes=True,
                           states=[(q, np.zeros(n_ode2), row[0]) if s is mbs else None for s in systems])
    bounds = [scene_points(scene_of(row)) for row in rows]
    camera = fit_camera(settings, np.vstack(bounds) if bounds else np.zeros((0, 3)), width, height)
    return camera, ((row, scene_of(row)) for row in rows)


def WriteSolutionFrames(mbs, solution, folder="images", fileName="frame", every=1, width=None, height=None,
                        video=None, fps=25):
    """Render rows 0, every, 2*every, ... of a solution into folder/fileName00000.png, ..., all with
    one camera (fitting every frame).

    Parameters
    ----------
    mbs : MainSystem, assembled
    solution : dict or ndarray, shape (n, 1 + nODE2 [+ ...])
        Time in column 0, then the ODE2 coordinates (displacements w.r.t. the reference).
    every : int
        Render every `every`-th row.
    width, height : int or None
        Image size; None takes window.renderWindowSize.
    video : str or None
        Video file (.mp4 or .gif) to write from the frames; None: frames only.

    Returns
    -------
    (list of str, str or None)
        The frame files, and the video file if one was written.
    """
    settings = mbs.GetSystemContainer().visualizationSettings
    os.makedirs(folder, exist_ok=True)
    camera, frames = solution_frames(mbs, solution, every, width, height)
    files, images = [], []
    for k, (row, scene) in enumerate(frames):
        img = render_image(scene, settings, camera, [mbs], time=row[0])
        name = os.path.join(folder, "%s%05d.png" % (fileName, k))
        save_image(img, name)
        files.append(name)
        if video:
            images.append(img)
    written = write_video(images, video, fps) if video and images else None
    return files, written
