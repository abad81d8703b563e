"""exudyn.interactive: the solution viewer, mode animations and interactive dialogs.

Where a display exists, SolutionViewer and AnimateModes open an interactive PyVista window
(visualization/window.py) and InteractiveDialog a tkinter dialog. Without one (a server, CI,
``MULTIBODY_NO_WINDOW=1``) they say so in one line and still do their work: SolutionViewer and
AnimateModes write the animation to a file (MP4, else GIF, else PNG frames; ``animationFileName``
of this module names it, '' takes the default), shown inline when the code runs in Jupyter;
InteractiveDialog runs the simulation of its settings to their end time, period by period, and
returns.
"""
import math
import os

import numpy as np

from .basicUtilities import UIWindowSuppressed
from .enums import ConfigurationType
from .visualization import animation
from .visualization.animation import has_display, say, show_inline

animationFileName = ''      # file of the next animation written without a display ('' = the default)
openDialogs = []            # the InteractiveDialogs open now

__all__ = ["SolutionViewer", "AnimateModes", "InteractiveDialog", "ConvertImages2Video", "InteractiveImages2Video",
           "ShowImage", "ConfigureDialogColumns", "openDialogs", "animationFileName"]


def _solution_file_of(settings):
    """The solution file a solve with ``settings`` wrote (name, extension and output directory as
    the solver makes them)."""
    from .output import output_path
    f = settings.solution.file
    name = str(f.name)
    if "." not in os.path.basename(name):
        name += ".sol" if f.binary else ".txt"
    return output_path(name, make_folder=False)


def _load_solution(mbs, solution, fname):
    """(solution dict, the file it came from or None); solution None loads the file of the last solve."""
    from .output.solution_file import LoadBinarySolutionFile, LoadSolutionFile
    source = None
    if solution is None:
        settings = mbs.sys.get("simulationSettings")
        if settings is None:
            raise ValueError(f"{fname}: no solution given and no solve done with this system; pass "
                             "solution=LoadSolutionFile(fileName)")
        source = _solution_file_of(settings)
        if not os.path.isfile(source):
            raise ValueError(f"{fname}: the solution file '{source}' of the last solve does not exist (set "
                             "simulationSettings.solution.file.write = True, or pass solution=LoadSolutionFile(...))")
        binary = source.endswith(".sol")
        solution = (LoadBinarySolutionFile(source, verbose=False) if binary
                    else LoadSolutionFile(source, verbose=False))
    if not isinstance(solution, dict) or "data" not in solution or "columnsExported" not in solution:
        raise ValueError(f"{fname}: solution must be the dict of LoadSolutionFile(...), got {type(solution).__name__}")
    c = mbs._compiled
    if c is None:
        raise ValueError(f"{fname}: the system is not assembled; call mbs.Assemble() first")
    n2 = int(solution["columnsExported"][0])
    if n2 != c.n_ode2:
        raise ValueError(f"{fname}: the solution has {n2} ODE2 coordinates, the system {c.n_ode2}: the solution "
                         "belongs to another model")
    return solution, source


def _file_name(default_stem):
    name = str(animationFileName)
    return name if name else animation.default_file(default_stem)


def _window(SC, set_frame, n, title, timeout, runOnStart, runMode, windowSize, fname):
    """Play in a window where a display exists; True if a window was shown."""
    if not has_display():
        return False
    try:
        from .visualization.window import play
        play(SC, set_frame, n, title, timeout, runOnStart, runMode, windowSize)
        return True
    except Exception as exc:        # noqa: BLE001 - no window after all: the file instead
        say(f"{fname}: the window did not open ({type(exc).__name__}: {exc}); writing a file instead")
        return False


def _write(SC, set_frame, n, stem, fps, windowSize, fname, what):
    name = _file_name(stem)
    size = list(windowSize) if windowSize else [None, None]
    path, kind, _ = animation.write_animation(SC, set_frame, n, name, fps, size[0], size[1])
    why = "no window" if has_display() else "no display, so no window"
    say(f"{fname}: {why}: {what} written as {kind} to '{path}' ({n} frames, {fps:g} fps)")
    if os.path.isfile(path):
        show_inline(path)
    return path


def SolutionViewer(mainSystem, solution=None, rowIncrement=1, timeout=0.04, runOnStart=True, runMode=2,
                   fontSize=12, title='', checkRenderEngineStopFlag=True, windowSize=None):
    """Show a solution (the dict of LoadSolutionFile; None: the solution file of the last solve) row
    by row, every ``rowIncrement``-th row, in the Visualization configuration, with one camera.

    With a display: a PyVista window (slider over the rows, space runs/stops; runMode 0 runs in a
    loop, 1 once, 2 waits at the slider; ``timeout`` seconds per frame). Without one: an animation
    file of the rows at 1/timeout frames per second (at most animation.MAX_FRAMES frames; longer
    solutions are shown every k-th row), named by ``animationFileName`` or after the solution file
    (else 'solutionViewer'), in one line, and shown inline in Jupyter. Returns None."""
    fname = "SolutionViewer"
    mbs = mainSystem
    if UIWindowSuppressed("SolutionViewer", fname):
        return None
    if int(rowIncrement) < 1:
        raise ValueError(f"{fname}: rowIncrement must be an integer >= 1, got {rowIncrement}")
    solution, source = _load_solution(mbs, solution, fname)
    n_rows = int(np.asarray(solution["data"]).shape[0])
    rows = list(range(0, n_rows, int(rowIncrement)))
    SC = mbs.GetSystemContainer()
    from .output.solution_file import SetSolutionState

    def set_frame(k):
        SetSolutionState(mbs, solution, rows[k], ConfigurationType.Visualization)

    if _window(SC, set_frame, len(rows), title or "multibody SolutionViewer", timeout, runOnStart, runMode,
               windowSize, fname):
        return None
    if len(rows) > animation.MAX_FRAMES:
        step = int(rowIncrement) * math.ceil(len(rows) / animation.MAX_FRAMES)
        say(f"{fname}: {len(rows)} frames are more than {animation.MAX_FRAMES}: every {step}th row is shown")
        rows = list(range(0, n_rows, step))
    stem = os.path.splitext(source)[0] if source else "solutionViewer"
    step = rows[1] - rows[0] if len(rows) > 1 else 1
    what = f"the solution ({n_rows} rows{', every %dth' % step if step > 1 else ''})"
    fps = 1.0 / max(float(timeout), 0.02)
    _write(SC, set_frame, len(rows), stem, fps, windowSize, fname, what)
    return None


def _mode_vectors(mbs, nodeNumber, systemEigenVectors, fname):
    """The ODE2 parts of the modes to animate: a node's coordinates one by one, or the given
    eigenvectors (a matrix: modes in columns; a list: one mode per entry)."""
    c = mbs._compiled
    if c is None:
        raise ValueError(f"{fname}: the system is not assembled; call mbs.Assemble() first")
    n = c.n_ode2
    if nodeNumber is not None:
        start, count = int(c.node_ode2_start[int(nodeNumber)]), int(c.node_n_ode2[int(nodeNumber)])
        modes = np.zeros((count, n))
        modes[np.arange(count), start + np.arange(count)] = 1.0
        return modes
    if systemEigenVectors is None:
        raise ValueError(f"{fname}: give nodeNumber or systemEigenVectors (e.g. the eigenvectors of "
                         "mbs.ComputeODE2Eigenvalues())")
    if isinstance(systemEigenVectors, np.ndarray) and systemEigenVectors.ndim == 2:
        modes = np.asarray(systemEigenVectors, dtype=float).T
    else:
        modes = np.array([np.asarray(v, dtype=float).ravel() for v in systemEigenVectors])
    if modes.ndim != 2 or modes.shape[1] < n:
        raise ValueError(f"{fname}: each eigenvector needs at least the {n} ODE2 coordinates, got shape "
                         f"{np.shape(systemEigenVectors)}")
    return np.real(modes[:, :n])


def AnimateModes(systemContainer, mainSystem, nodeNumber, period=0.04, stepsPerPeriod=30, showTime=True,
                 renderWindowText='', runOnStart=False, runMode=0, scaleAmplitude=1, title='', fontSize=12,
                 checkRenderEngineStopFlag=True, systemEigenVectors=None):
    """Animate mode shapes: the coordinates of node ``nodeNumber`` one at a time (the modal
    coordinates of a reduced-order body's generic node) or, with nodeNumber None, the
    ``systemEigenVectors``. Frame j of mode i: Current ODE2 coordinates + scaleAmplitude *
    sin(2 pi j / stepsPerPeriod) * mode i (runMode 1, 3 static: one frame per mode at amplitude 1),
    with the text renderWindowText + 'Mode i' and, if showTime, the virtual time 2 pi j /
    stepsPerPeriod.

    With a display: a PyVista window (slider over the frames). Without one: an animation file of
    the modes (as many modes as fit into animation.MAX_FRAMES frames) at 1/period frames per second,
    named by ``animationFileName`` or 'animateModes', in one line, shown inline in Jupyter. Returns
    None."""
    fname = "AnimateModes"
    mbs, SC = mainSystem, systemContainer
    if UIWindowSuppressed("SolutionViewer", fname):
        return None
    modes = _mode_vectors(mbs, nodeNumber, systemEigenVectors, fname)
    steps = max(int(stepsPerPeriod), 1)
    static = int(runMode) in (1, 3)
    per_mode = 1 if static else steps
    c = mbs._compiled
    sd, VIS = mbs.systemData, ConfigurationType.Visualization
    q0 = np.array(sd.GetODE2Coordinates(ConfigurationType.Current), dtype=float)
    g = SC.visualizationSettings.general
    saved = (g.renderWindowString, g.showSolverTime, g.showSolverInformation)

    def set_frame(k):
        i, j = divmod(k, per_mode)
        s = 1.0 if static else math.sin(2.0 * math.pi * j / steps)
        sd.SetODE2Coordinates(q0 + float(scaleAmplitude) * s * modes[i], VIS)
        g.renderWindowString = str(renderWindowText) + f"Mode {i}"
        return 2.0 * math.pi * j / steps

    n_modes = len(modes)
    g.showSolverTime, g.showSolverInformation = bool(showTime), False
    try:
        window_mode = {0: 0, 1: 2, 2: 1, 3: 2}.get(int(runMode), 0)
        if _window(SC, set_frame, n_modes * per_mode, title or "multibody AnimateModes", period, runOnStart,
                   window_mode, None, fname):
            return None
        shown = max(min(n_modes, animation.MAX_FRAMES // per_mode), 1)
        what = f"{shown} of {n_modes} modes" if shown < n_modes else f"{n_modes} mode{'s' * (n_modes != 1)}"
        _write(SC, set_frame, shown * per_mode, "animateModes", 1.0 / max(float(period), 0.02), None, fname, what)
    finally:
        g.renderWindowString, g.showSolverTime, g.showSolverInformation = saved
        sd.SetODE2Coordinates(q0, VIS)
        sd.SetTime(c.state(ConfigurationType.Current).t, VIS)
    return None


def ShowImage(systemContainer, size=[800, 600], modelRotation=None, zoomAll=True, show=True, fileName=''):
    """An image of the system container's scene (size [width, height]; modelRotation a 3x3 view
    rotation in place of openGL.initialModelRotation): written to ``fileName`` if given, shown
    inline in Jupyter or in a matplotlib window where a display exists if ``show``. Returns the
    RGB image (height, width, 3)."""
    from .visualization.camera import fit_camera, scene_points
    from .visualization.renderer import render_image, save_image
    SC = systemContainer
    settings = SC.visualizationSettings
    adv = settings.openGL.advanced
    saved = adv.initialModelRotation
    if modelRotation is not None:
        adv.initialModelRotation = np.asarray(modelRotation, dtype=float).tolist()
    try:
        scene = SC.renderer.GetGraphicsData(flatShapes=True)
        camera = (fit_camera(settings, scene_points(scene), int(size[0]), int(size[1])) if zoomAll
                  else SC.renderer.camera(scene))
        img = render_image(scene, settings, camera, SC._systems)
    finally:
        adv.initialModelRotation = saved
    if fileName:
        save_image(img, fileName)
    if show and not (fileName and show_inline(fileName)) and has_display():
        import matplotlib.pyplot as plt
        plt.figure()
        plt.imshow(img)
        plt.axis("off")
        plt.show(block=False)
    return img


def ConvertImages2Video(workingDir='images', inputPattern='frame%05d.png', outputFile='animation.mp4',
                        inputFrameRate=25, outputFrameRate=25, compressionCRF=28, startNumber=0, totalFrames=None,
                        videoCodec=None):
    """Write the images workingDir/inputPattern (numbered from startNumber on, totalFrames of them
    or all) into workingDir/outputFile (.mp4 through imageio-ffmpeg, .gif through Pillow), every
    inputFrameRate/outputFrameRate-th image at outputFrameRate frames per second. Returns the
    file written (or the folder of frames where no writer is installed)."""
    from PIL import Image
    every = max(int(round(float(inputFrameRate) / float(outputFrameRate))), 1)
    files = []
    k = int(startNumber)
    while os.path.isfile(os.path.join(workingDir, inputPattern % k)):
        if totalFrames is not None and len(files) >= int(totalFrames):
            break
        files.append(os.path.join(workingDir, inputPattern % k))
        k += 1
    if not files:
        raise ValueError(f"ConvertImages2Video: no image '{inputPattern % int(startNumber)}' in '{workingDir}'")
    writer = animation.FrameWriter(os.path.join(workingDir, outputFile), outputFrameRate)
    for f in files[::every]:
        writer.append(np.asarray(Image.open(f).convert("RGB")))
    path, kind = writer.close()
    say(f"ConvertImages2Video: {len(files[::every])} images written as {kind} to '{path}'")
    return path


def InteractiveImages2Video(closeAfterCreation=False, fontSize=11):
    """A dialog for ConvertImages2Video where a display exists (tkinter); without one,
    ConvertImages2Video() with its defaults (said in one line)."""
    if not has_display():
        say("InteractiveImages2Video: no display, so no dialog: ConvertImages2Video() with its defaults")
        return ConvertImages2Video()
    from ._dialog import images_to_video_dialog
    return images_to_video_dialog(ConvertImages2Video, closeAfterCreation, fontSize)


def ConfigureDialogColumns(tkWindow):
    """Let the columns of a tkinter window's grid share its width."""
    columns, _ = tkWindow.grid_size()
    for k in range(columns):
        tkWindow.columnconfigure(k, weight=1)


from ._dialog import InteractiveDialog  # noqa: E402  (the class of this module, in its own file)
