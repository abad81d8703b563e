"""Images of the headless renderer: what is drawn shows up in its color, hidden items leave no pixels."""
import os
import warnings

import numpy as np

import multibody as exu
import multibody.graphics as G
import multibody.utilities as U
from multibody.visualization.video import WriteSolutionFrames

from . import vis_models as vm

W, H = 160, 120


def _sc(case, **settings):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        SC = vm.build(exu, U, G, case)
    vm.apply_settings(SC, {"view0.window.renderWindowSize": [W, H], **settings})
    return SC


def _red(img):
    r, g, b = (img[..., k].astype(int) for k in range(3))
    return (r > 100) & (g < 60) & (b < 60)


def test_image_size_and_background():
    img = _sc("points_spring").renderer.RedrawAndGetImage()
    assert img.shape == (H, W, 3) and img.dtype == np.uint8
    assert (img[0, 0] == 255).all()  # white background in a corner


def test_red_joint_gives_red_pixels_hidden_gives_none():
    # joints_3d: object 4 (PrismaticJointX) is red; nothing else there is red
    sc = _sc("joints_3d", **{"nodes.show": False, "markers.show": False})
    assert _red(sc.renderer.RedrawAndGetImage()).sum() > 50
    sc.GetSystem(0).SetObjectParameter(4, "Vshow", False)
    assert _red(sc.renderer.RedrawAndGetImage()).sum() == 0


def test_connectors_show_false_removes_the_spring_pixels():
    colored = {"connectors.defaultColor": [1.0, 0.0, 0.0, 1.0], "bodies.show": False}
    img = _sc("points_spring", **colored).renderer.RedrawAndGetImage()
    assert _red(img).sum() > 50
    img = _sc("points_spring", **colored, **{"connectors.show": False}).renderer.RedrawAndGetImage()
    assert _red(img).sum() == 0


def test_body_brick_is_drawn_in_its_color_where_it_is():
    sc = _sc("points_spring", **{"connectors.show": False})
    img = sc.renderer.RedrawAndGetImage()
    ys, xs = np.nonzero(_red(img))
    # the red brick sits at the origin, left of the mass point at x = 1.1 (zoom all, x to the right)
    assert len(xs) > 50 and xs.mean() < W / 2


def test_redraw_and_save_image_writes_numbered_png(tmp_path):
    sc = _sc("points_spring")
    sc.visualizationSettings.exportImages.saveImageFileName = str(tmp_path / "img" / "frame")
    name = sc.renderer.RedrawAndSaveImage()
    assert name.endswith("frame00000.png") and os.path.isfile(name)
    assert sc.visualizationSettings.exportImages.saveImageFileCounter == 1
    from PIL import Image
    assert np.asarray(Image.open(name)).shape == (H, W, 3)


def test_interactive_calls_are_headless_noops():
    r = _sc("points_spring").renderer
    assert r.Start() is False and r.IsActive() is False
    r.DoIdleTasks(); r.ZoomAll(); r.Stop()


def test_solution_frames(tmp_path):
    sc = _sc("points_spring")
    mbs = sc.GetSystem(0)
    rows = np.array([[0.0, 0.0, 0.0, 0.0], [0.1, 0.5, 0.0, 0.0]])
    files, video = WriteSolutionFrames(mbs, rows, folder=str(tmp_path), width=80, height=60)
    assert len(files) == 2 and all(os.path.isfile(f) for f in files)
    assert video is None


def _falling_ball(tmp_path, start, chunk=100, monkeypatch=None):
    """A red ball thrown over a gray ground plate (so the first view holds its path): 1 s in 100
    steps, solution.recordImagesInterval = 0.1, the renderer started or not (``start``), up to
    ``chunk`` steps per compiled call."""
    if monkeypatch is not None:
        from multibody.solvers import steploop
        monkeypatch.setattr(steploop, "COMPILED_STEPS_MAX", chunk)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(U.ObjectGround(visualization=U.VObjectGround(graphicsData=[
        G.Brick(centerPoint=[0.5, -0.7, 0.], size=[1.4, 0.05, 0.1], color=G.color.grey)])))
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
    mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n, visualization=U.VMassPoint(
        graphicsData=[G.Sphere(radius=0.05, color=G.color.red)])))
    m = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=[0., -1., 0.]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 100
    ss.timeIntegration.endTime = 1.
    ss.solution.file.write = False
    ss.solution.recordImagesInterval = 0.1
    vs = SC.visualizationSettings
    vs.view0.window.renderWindowSize = [W, H]
    vs.nodes.show = False
    vs.loads.show = False
    vs.exportImages.saveImageFileName = str(tmp_path / "rec" / "frame")
    if start:
        assert exu.StartRenderer() is False and not exu.IsRendererActive()     # no window here
    try:
        mbs.SolveDynamic(ss)
    finally:
        exu.StopRenderer()
    folder = tmp_path / "rec"
    return SC, mbs, sorted(os.listdir(folder)) if folder.is_dir() else []


def test_record_images_during_a_solve_after_start_renderer(tmp_path, monkeypatch):
    """solution.recordImagesInterval with a started renderer: an image at t = 0, 0.1, ..., 1 (the
    100 steps per compiled call and one alike), drawn with the first image's camera, so the ball
    moves through the frames (to the right and down, as thrown); the Visualization configuration
    is the last state afterwards, as a running renderer shows it."""
    from PIL import Image
    centers = {}
    for chunk in (100, 1):
        out = tmp_path / str(chunk)
        SC, mbs, files = _falling_ball(out, True, chunk, monkeypatch)
        assert files == ["frame%05d.png" % k for k in range(11)], chunk
        assert SC.visualizationSettings.exportImages.saveImageFileCounter == 11
        cs = []
        for f in files:
            ys, xs = np.nonzero(_red(np.asarray(Image.open(out / "rec" / f))))
            assert len(xs) > 3, f
            cs.append((xs.mean(), ys.mean()))
        centers[chunk] = np.array(cs)
        np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(configuration=exu.ConfigurationType.Visualization),
                                   mbs.systemData.GetODE2Coordinates(), rtol=0, atol=0)
    c = centers[100]
    assert (np.diff(c[:, 0]) > 0).all() and (np.diff(c[:, 1]) >= 0).all() and c[-1, 1] - c[0, 1] > 10
    np.testing.assert_allclose(centers[1], c)


def test_no_images_without_a_started_renderer(tmp_path):
    """As Exudyn, which records only from a running renderer: recordImagesInterval alone writes no
    file and leaves the Visualization configuration at the initial state."""
    SC, mbs, files = _falling_ball(tmp_path, False)
    assert files == []
    assert np.abs(mbs.systemData.GetODE2Coordinates(configuration=exu.ConfigurationType.Visualization)).max() == 0


def test_solution_frames_share_one_camera(tmp_path):
    """Frames of a solution are drawn with one view fitting all of them: the body that does not
    move (points_spring's red brick at the origin) covers the same pixels in every frame while the
    mass point moves away (each frame fitted on its own zoomed out as it went)."""
    from PIL import Image
    sc = _sc("points_spring", **{"connectors.show": False})
    mbs = sc.GetSystem(0)
    rows = np.array([[0.0, 0.0, 0.0, 0.0], [0.1, 0.5, 0.0, 0.0], [0.2, 1.0, 0.0, 0.0]])
    files, _ = WriteSolutionFrames(mbs, rows, folder=str(tmp_path), width=80, height=60)
    imgs = [np.asarray(Image.open(f)) for f in files]
    assert len({im.tobytes() for im in imgs}) == 3
    bricks = [_red(im) for im in imgs]
    assert bricks[0].sum() > 10 and all((b == bricks[0]).all() for b in bricks)
