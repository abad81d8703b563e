"""exudyn.interactive (SolutionViewer, AnimateModes, InteractiveDialog, ConvertImages2Video),
mbs.SolutionViewer and ``python -m multibody render`` on a machine without a display: each call
returns, says in one line what it did, and writes its animation with one camera."""
import os
import textwrap

import numpy as np
import pytest
from PIL import Image, ImageSequence

import multibody as exu
import multibody.graphics as G
import multibody.interactive as interactive
import multibody.utilities as U
from multibody import cli
from multibody.visualization import animation, renderer

W, H = 160, 120


@pytest.fixture(autouse=True)
def _no_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(interactive, "animationFileName", "")


@pytest.fixture(params=["vtk", "numpy"])
def backend(request):
    renderer.set_backend(request.param)
    yield request.param
    renderer.set_backend("auto")


def _thrown_ball(tmp_path, rows=50):
    """A red ball thrown over a gray ground plate: ``rows`` solution rows (0, 0.01, ... s)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(U.ObjectGround(visualization=U.VObjectGround(graphicsData=[
        G.Brick(centerPoint=[0.25, -0.3, 0.], size=[0.9, 0.05, 0.1], color=G.color.grey)])))
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0.5, 0.]))
    mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n, visualization=U.VMassPoint(
        graphicsData=[G.Sphere(radius=0.04, color=G.color.red)])))
    m = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=[0., -2., 0.]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = rows - 1
    ss.timeIntegration.endTime = 0.01 * (rows - 1)
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = True
    ss.solution.file.writePeriod = 0.01
    ss.solution.file.name = str(tmp_path / "ball.txt")
    vs = SC.visualizationSettings
    vs.view0.window.renderWindowSize = [W, H]
    vs.nodes.show = vs.loads.show = False
    mbs.SolveDynamic(ss)
    return SC, mbs


def _red(img):
    r, g, b = (img[..., k].astype(int) for k in range(3))
    return (r > 150) & (g < 80) & (b < 80)


def _grey(img):
    r, g, b = (img[..., k].astype(int) for k in range(3))
    return (abs(r - g) < 12) & (abs(g - b) < 12) & (r > 80) & (r < 200)


def _gif_frames(path):
    with Image.open(path) as im:
        return [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]


def test_solution_viewer_writes_every_row_with_a_fixed_camera(tmp_path, capsys, backend):
    SC, mbs = _thrown_ball(tmp_path)
    out = tmp_path / "anim" / "ball.gif"
    interactive.animationFileName = str(out)
    assert mbs.SolutionViewer() is None
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "no display" in line and str(out) in line and "50 frames" in line
    frames = _gif_frames(out)
    assert len(frames) == 50 and all(f.shape == (H, W, 3) for f in frames)
    # the ground plate (below the ball's path) has the same pixels in every frame: one camera
    ground = _grey(frames[0])
    ground[: H // 2] = False
    assert ground.sum() > 100
    for f in frames[1:]:
        assert (np.abs(f[ground].astype(int) - frames[0][ground].astype(int)) <= 6).all()
    # the ball moves right, as thrown, through the rows
    xs = [np.nonzero(_red(f))[1].mean() for f in frames[::7]]
    assert all(np.diff(xs) > 0) and xs[-1] - xs[0] > 20


def test_solution_viewer_of_a_loaded_solution_every_fifth_row(tmp_path, capsys):
    SC, mbs = _thrown_ball(tmp_path)
    sol = U.LoadSolutionFile(str(tmp_path / "ball.txt"), verbose=False)
    out = tmp_path / "five.gif"
    interactive.animationFileName = str(out)
    interactive.SolutionViewer(mbs, sol, rowIncrement=5, windowSize=[80, 60])
    assert "10 frames" in capsys.readouterr().out
    frames = _gif_frames(out)
    assert len(frames) == 10 and frames[0].shape == (60, 80, 3)
    # the viewer leaves the last row shown in the Visualization configuration, as Exudyn
    vis = mbs.systemData.GetODE2Coordinates(configuration=exu.ConfigurationType.Visualization)
    np.testing.assert_array_equal(vis, sol["data"][45, 1:4])


def test_solution_viewer_default_file_beside_the_solution_file(tmp_path, capsys):
    SC, mbs = _thrown_ball(tmp_path, rows=5)
    mbs.SolutionViewer()
    expected = str(tmp_path / "ball") + animation.video_extension()
    assert f"'{expected}'" in capsys.readouterr().out and os.path.isfile(expected)


def test_solution_viewer_rejects_a_solution_of_another_model(tmp_path):
    SC, mbs = _thrown_ball(tmp_path, rows=5)
    sol = {"data": np.zeros((3, 3)), "columnsExported": [2, 0, 0, 0, 0, 0, 0]}
    with pytest.raises(ValueError, match="SolutionViewer: the solution has 2 ODE2 coordinates, the system 3"):
        mbs.SolutionViewer(sol)


def test_solution_viewer_plays_in_a_window_where_a_display_exists(tmp_path, monkeypatch):
    SC, mbs = _thrown_ball(tmp_path, rows=10)
    monkeypatch.setenv("DISPLAY", ":99")
    from multibody.visualization import window
    played = {}

    def play(SC_, set_frame, n, title, timeout, runOnStart, runMode, windowSize):
        played.update(n=n, runMode=runMode, title=title)
    monkeypatch.setattr(window, "play", play)
    interactive.animationFileName = str(tmp_path / "none.gif")
    mbs.SolutionViewer(rowIncrement=3, runMode=1)
    assert played == {"n": 4, "runMode": 1, "title": "multibody SolutionViewer"}
    assert not (tmp_path / "none.gif").exists()


def _two_masses():
    """Two masses on springs in a row along x (modes: in phase, opposite)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround(visualization=U.VObjectGround(graphicsData=[
        G.Brick(centerPoint=[0., -0.3, 0.], size=[2.5, 0.05, 0.1], color=G.color.grey)])))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground, localPosition=[0., 0., 0.]))
    ng = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    mgy = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=1))
    prev, nodes = mg, []
    for i in range(2):
        n = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[0.7 * (i + 1), 0.]))
        b = mbs.AddObject(U.MassPoint2D(mass=1., nodeNumber=n, visualization=U.VMassPoint2D(
            graphicsData=[G.Sphere(radius=0.08, color=G.color.red)])))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
        mbs.AddObject(U.SpringDamper(markerNumbers=[prev, m], stiffness=100., referenceLength=0.7))
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[
            mgy, mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=1))]))
        prev = m
        nodes.append(n)
    mbs.Assemble()
    SC.visualizationSettings.view0.window.renderWindowSize = [W, H]
    return SC, mbs, nodes


def test_animate_modes_writes_the_eigenmodes(tmp_path, capsys):
    SC, mbs, _ = _two_masses()
    values, vectors = mbs.ComputeODE2Eigenvalues()
    out = tmp_path / "modes.gif"
    interactive.animationFileName = str(out)
    q_before = mbs.systemData.GetODE2Coordinates(configuration=exu.ConfigurationType.Visualization)
    assert interactive.AnimateModes(SC, mbs, None, stepsPerPeriod=8, scaleAmplitude=0.3,
                                    systemEigenVectors=vectors) is None
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "no display" in line and f"{vectors.shape[1]} modes" in line and str(out) in line
    frames = _gif_frames(out)
    assert len(frames) == 8 * vectors.shape[1] and frames[0].shape == (H, W, 3)
    # a mode shape moves the masses: frame 2 (a quarter period) differs from frame 0 (at rest)
    assert (frames[2] != frames[0]).any(axis=2).sum() > 20
    # the Visualization configuration and the settings are back as they were
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(configuration=exu.ConfigurationType.Visualization),
                                  q_before)
    assert SC.visualizationSettings.general.renderWindowString == ""


def test_animate_modes_of_a_node_and_static_snapshots(tmp_path, capsys):
    SC, mbs, nodes = _two_masses()
    out = tmp_path / "node.gif"
    interactive.animationFileName = str(out)
    interactive.AnimateModes(SC, mbs, nodes[1], runMode=3, scaleAmplitude=0.2)
    assert "2 modes" in capsys.readouterr().out          # the node's two coordinates
    frames = _gif_frames(out)
    assert len(frames) == 2 and (frames[0] != frames[1]).any()
    with pytest.raises(ValueError, match="AnimateModes: give nodeNumber or systemEigenVectors"):
        interactive.AnimateModes(SC, mbs, None)


def _oscillator():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0.5, 0., 0.], initialVelocities=[1., 0., 0.]))
    mbs.AddObject(U.MassPoint(mass=1.6, nodeNumber=n))
    ng = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    mg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mn = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    spring = mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mg, mn], stiffness=4000., damping=20.))
    for k in (1, 2):
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[
            mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=k)),
            mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=k))]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 100
    ss.timeIntegration.endTime = 0.1
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    return SC, mbs, spring, ss


def test_interactive_dialog_without_display_runs_the_simulation_to_its_end(capsys):
    SC, mbs, spring, ss = _oscillator()
    calls = []

    def simulation_function(mbs_, dialog):
        calls.append(mbs_.systemData.GetTime())
        mbs_.SetObjectParameter(spring, "stiffness", mbs_.variables["stiffness"])
    items = [{'type': 'label', 'text': 'stiffness:', 'grid': (0, 0)},
             {'type': 'slider', 'range': (0, 10000), 'value': 2500., 'steps': 100, 'variable': 'stiffness',
              'grid': (0, 1)},
             {'type': 'radio', 'textValueList': [('linear', 0), ('cubic', 1)], 'value': 1, 'variable': 'mode',
              'grid': [(1, 0), (1, 1)]}]
    dialog = interactive.InteractiveDialog(mbs=mbs, simulationSettings=ss, simulationFunction=simulation_function,
                                           dialogItems=items, period=0.02, realtimeFactor=10, title='Oscillator',
                                           plots={'sensors': []})
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("multibody: InteractiveDialog 'Oscillator': no display, so no dialog")
    assert "t = 0 to 0.1 s (5 periods of 0.02 s)" in line
    assert mbs.variables["stiffness"] == 2500. and mbs.variables["mode"] == 1
    np.testing.assert_allclose(calls, [0., 0.02, 0.04, 0.06, 0.08], atol=1e-12)
    assert abs(mbs.systemData.GetTime() - 0.1) < 1e-12 and dialog.counter == 5
    # the same as one solve with the slider's stiffness, step by step
    q_dialog = mbs.systemData.GetODE2Coordinates()
    SC2, mbs2, spring2, ss2 = _oscillator()
    mbs2.SetObjectParameter(spring2, "stiffness", 2500.)
    mbs2.SolveDynamic(ss2)
    np.testing.assert_allclose(q_dialog, mbs2.systemData.GetODE2Coordinates(), rtol=1e-12, atol=1e-15)


def test_convert_images_to_video(tmp_path, capsys):
    folder = tmp_path / "images"
    folder.mkdir()
    for k in range(6):
        Image.fromarray(np.full((20, 30, 3), 40 * k, dtype=np.uint8)).save(folder / ("frame%05d.png" % k))
    path = interactive.ConvertImages2Video(str(folder), outputFile="a.gif", inputFrameRate=50, outputFrameRate=25)
    assert path == str(folder / "a.gif") and "3 images" in capsys.readouterr().out
    frames = _gif_frames(path)
    assert len(frames) == 3 and frames[1][0, 0, 0] == 80


def test_frames_without_a_video_writer_go_to_png_files(tmp_path, monkeypatch, capsys):
    import builtins
    real_import = builtins.__import__

    def no_writers(name, *args, **kwargs):
        if name.startswith(("imageio", "PIL")):
            raise ImportError(f"No module named '{name}'", name=name)
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_writers)
    w = animation.FrameWriter(str(tmp_path / "v.mp4"))
    for k in range(3):
        w.append(np.full((4, 5, 3), k, dtype=np.uint8))
    path, kind = w.close()
    assert kind == "folder of PNG frames" and sorted(os.listdir(path)) == ["frame00000.png", "frame00001.png",
                                                                          "frame00002.png"]
    assert "PNG frames go to" in capsys.readouterr().out


MODEL = """
import exudyn as exu
from exudyn.utilities import *
import exudyn.graphics as graphics
SC = exu.SystemContainer()
mbs = SC.AddSystem()
mbs.AddObject(ObjectGround(visualization=VObjectGround(graphicsData=[
    graphics.Brick(centerPoint=[0.25, -0.3, 0.], size=[0.9, 0.05, 0.1], color=graphics.color.grey)])))
n = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[1, 0.5, 0]))
mbs.AddObject(MassPoint(mass=1, nodeNumber=n, visualization=VMassPoint(
    graphicsData=[graphics.Sphere(radius=0.04, color=graphics.color.red)])))
m = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=[0, -2, 0]))
mbs.Assemble()
ss = exu.SimulationSettings()
ss.timeIntegration.numberOfSteps = 20
ss.timeIntegration.endTime = 0.2
ss.timeIntegration.verboseMode = 0
ss.solution.file.writePeriod = 0.01
ss.solution.file.name = SOLUTION
SC.visualizationSettings.nodes.show = False
mbs.SolveDynamic(ss)
mbs.SolutionViewer()
"""


def test_render_cli_writes_png_and_gif(tmp_path, capsys):
    sol = tmp_path / "sol.txt"
    script = tmp_path / "model.py"
    script.write_text(MODEL.replace("SOLUTION", repr(str(sol))))
    png, gif = tmp_path / "final.png", tmp_path / "run.gif"
    assert cli.main(["render", str(script), "--out", str(png), "--size", str(W), str(H)]) == 0
    out = capsys.readouterr().out
    assert f"final state of the model written to {png}" in out and "NOTE: SolutionViewer" in out
    img = np.asarray(Image.open(png).convert("RGB"))
    assert img.shape == (H, W, 3) and _red(img).sum() > 5
    assert cli.main(["render", str(script), "--out", str(gif), "--size", str(W), str(H)]) == 0
    assert f"21 frames of 21 rows of the solution '{sol}' written as GIF animation to {gif}" in capsys.readouterr().out
    frames = _gif_frames(gif)
    assert len(frames) == 21 and frames[0].shape == (H, W, 3)
    # a solution file with its model: the last row as a picture equals the final state
    png2 = tmp_path / "last.png"
    assert cli.main(["render", str(sol), "--model", str(script), "--out", str(png2), "--size", str(W), str(H)]) == 0
    assert "row 20 of the solution" in capsys.readouterr().out
    assert _red(np.asarray(Image.open(png2).convert("RGB"))).sum() > 5


def test_render_cli_errors(tmp_path, capsys):
    assert cli.main(["render", str(tmp_path / "sol.txt"), "--out", "x.png"]) == 2
    assert "--model MODEL.py" in capsys.readouterr().err
    assert cli.main(["render", "m.py", "--out", "x.jpg"]) == 2
    assert "--out must end in .png, .gif or .mp4" in capsys.readouterr().err


def test_interactive_is_exudyn_interactive():
    assert exu.interactive is interactive
    assert exu.MainSystem.SolutionViewer is interactive.SolutionViewer
    assert interactive.openDialogs == []
    assert textwrap.dedent(interactive.SolutionViewer.__doc__).startswith("Show a solution")


def test_show_image_and_images_to_video_without_display(tmp_path, monkeypatch, capsys):
    SC, mbs = _thrown_ball(tmp_path, rows=5)
    img = interactive.ShowImage(SC, size=[80, 60], fileName=str(tmp_path / "shot.png"))
    assert img.shape == (60, 80, 3) and _red(img).sum() > 3
    assert np.asarray(Image.open(tmp_path / "shot.png").convert("RGB")).shape == (60, 80, 3)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "images").mkdir()
    for k in range(4):
        Image.fromarray(img).save(tmp_path / "images" / ("frame%05d.png" % k))
    path = interactive.InteractiveImages2Video()
    out = capsys.readouterr().out
    assert "InteractiveImages2Video: no display, so no dialog" in out and "4 images" in out
    assert path.startswith(os.path.join("images", "animation")) and os.path.exists(path)
