"""Frames and videos of a solution, headless.

``WriteSolutionFrames(mbs, solution, folder)`` renders one PNG per (selected) row of a solution —
the dict of ``exudyn.utilities.LoadSolutionFile`` (key 'data': rows [time, ODE2 coordinates ...]) or
an array of such rows — and, if ``imageio`` with ffmpeg is importable, an mp4 of them.
"""
import os

import numpy as np

from .renderer import render_scene, save_image, scene_points, scene_view
from .scene import build_scene


def _rows(solution):
    if isinstance(solution, dict):
        return np.asarray(solution["data"], dtype=float)
    return np.atleast_2d(np.asarray(solution, dtype=float))


def WriteSolutionFrames(mbs, solution, folder="images", fileName="frame", every=1, width=None, height=None,
                        video=None, fps=25):
    """Render rows 0, every, 2*every, ... of a solution into folder/fileName00000.png, ..., all with
    one view (fitting every frame).

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
        mp4 file to write from the frames if imageio (with ffmpeg) is available; None: frames only.

    Returns
    -------
    (list of str, str or None)
        The frame files, and the video file if one was written.
    """
    settings = mbs.GetSystemContainer().visualizationSettings
    rows = _rows(solution)
    n_ode2 = mbs._compiled.n_ode2
    systems = mbs.GetSystemContainer()._systems
    os.makedirs(folder, exist_ok=True)
    files, images = [], []
    rows = rows[::max(int(every), 1)]

    def scene_of(row):
        q = row[1:1 + n_ode2]
        return build_scene(systems, settings, states=[(q, np.zeros(n_ode2), row[0]) if s is mbs else None
                                                      for s in systems])
    # one camera for all frames, fitting every frame's scene (a body moving alone would otherwise
    # stay in the middle of each frame)
    bounds = [scene_points(scene_of(row)) for row in rows]
    view = scene_view(settings, np.vstack(bounds) if bounds else np.zeros((0, 3)), width, height)
    for k, row in enumerate(rows):
        img = render_scene(scene_of(row), settings, width, height, view=view)
        name = os.path.join(folder, "%s%05d.png" % (fileName, k))
        save_image(img, name)
        files.append(name)
        if video:
            images.append(img)
    written = None
    if video and images:
        try:
            import imageio
            imageio.mimwrite(video, images, fps=fps)
            written = video
        except Exception:  # imageio or its ffmpeg backend missing: frames only
            written = None
    return files, written
