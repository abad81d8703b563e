"""What is drawn when: the Current configuration without a started renderer (copied into the
Visualization configuration, as Exudyn 1.13.6 measured by tools/make_visualization_configuration_reference.py),
the Visualization configuration with a started one (frames of an animation follow the state set),
and one camera through an animation."""
import json
import os
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.graphics as G
import multibody.utilities as U

from . import configuration_sequence as seq

REFERENCE = os.path.join(os.path.dirname(__file__), "..", "reference", "visualization", "configuration.json")
W, H = 160, 120


def test_configurations_drawn_as_exudyn(tmp_path):
    with open(REFERENCE) as f:
        expected = json.load(f)["records"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = seq.run(exu, U, str(tmp_path / "solution.txt"))
    assert [r["label"] for r in got] == [r["label"] for r in expected]
    for g, e in zip(got, expected):
        for key in ("Current", "Visualization"):
            np.testing.assert_allclose(g[key], e[key], rtol=0, atol=1e-12, err_msg=f"{e['label']}: {key}")
            assert abs(g[key + "Time"] - e[key + "Time"]) < 1e-12, (e["label"], key)
        if "drawn" in e:
            np.testing.assert_allclose(g["drawn"], e["drawn"], rtol=0, atol=1e-6, err_msg=e["label"])


def _thrown_ball(n_steps=50, end=1.0, tmp_path=None):
    """A red ball thrown from the origin with velocity [1, 2, 0] (no force) past a gray ground bar
    and post (so that the first view holds its path); solved to ``end`` with a solution row every
    step if tmp_path is given."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(U.ObjectGround(visualization=U.VObjectGround(graphicsData=[
        G.Brick(centerPoint=[0.5, -0.3, 0.], size=[1.4, 0.1, 0.1], color=G.color.grey),
        G.Brick(centerPoint=[1.3, 1.0, 0.], size=[0.05, 2.6, 0.1], color=G.color.grey)])))
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 2., 0.]))
    mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n, visualization=U.VMassPoint(
        graphicsData=[G.Sphere(radius=0.1, color=G.color.red)])))
    mbs.Assemble()
    vs = SC.visualizationSettings
    vs.view0.window.renderWindowSize = [W, H]
    vs.nodes.show = False
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = n_steps
    ss.timeIntegration.endTime = end
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = tmp_path is not None
    if tmp_path is not None:
        ss.solution.file.name = str(tmp_path / "ball.txt")
        ss.solution.file.writePeriod = end / n_steps
    return SC, mbs, ss


def _red_center(img):
    r, g, b = (img[..., k].astype(int) for k in range(3))
    ys, xs = np.nonzero((r > 100) & (g < 60) & (b < 60))
    assert len(xs) > 5
    return np.array([xs.mean(), ys.mean()])


def test_image_after_a_solve_shows_the_final_state_without_start_renderer():
    """No exu.StartRenderer(): the image after SolveDynamic shows the ball at its final node
    position [1, 2, 0] (where the camera projects it), not at the initial one."""
    SC, mbs, ss = _thrown_ball()
    mbs.SolveDynamic(ss)
    img = SC.renderer.RedrawAndGetImage()
    final = mbs.GetNodeOutput(0, exu.OutputVariableType.Position)
    np.testing.assert_allclose(final, [1., 2., 0.], atol=1e-12)
    (x, y, _), _ = SC.renderer.camera().project(final)
    assert np.linalg.norm(_red_center(img) - [x, y]) < 2.0
    assert np.linalg.norm(_red_center(img) - SC.renderer.camera().project(np.zeros(3))[0][:2]) > 20


def test_started_renderer_draws_the_visualization_state_of_each_frame(tmp_path):
    """With a started renderer, SetSolutionState(..., Visualization) moves the drawing (the
    frames of an animation), Current does not; the camera stays: the ground bar's pixels are equal
    in every frame while the ball moves."""
    SC, mbs, ss = _thrown_ball(tmp_path=tmp_path)
    mbs.SolveDynamic(ss)
    sol = U.LoadSolutionFile(str(tmp_path / "ball.txt"), verbose=False)
    assert SC.renderer.Start() is False
    try:
        centers, grounds = [], []
        for row in (0, 10, 25, 50):
            U.SetSolutionState(mbs, sol, row, exu.ConfigurationType.Visualization)
            img = SC.renderer.RedrawAndGetImage()
            t = sol["data"][row, 0]
            (x, y, _), _ = SC.renderer.camera().project([t, 2 * t, 0.])
            assert np.linalg.norm(_red_center(img) - [x, y]) < 2.0, row
            centers.append(_red_center(img))
            (x0, y0, _), (x1, y1, _) = SC.renderer.camera().project([[-0.2, -0.25, 0.], [1.2, -0.35, 0.]])[0]
            grounds.append(img[int(y0):int(y1) + 1, int(x0):int(x1) + 1].copy())
        U.SetSolutionState(mbs, sol, 0, exu.ConfigurationType.Current)
        img = SC.renderer.RedrawAndGetImage()
        np.testing.assert_allclose(_red_center(img), centers[-1])
    finally:
        SC.renderer.Stop()
    assert all(np.linalg.norm(a - b) > 5 for a, b in zip(centers[:-1], centers[1:]))
    assert (grounds[0].astype(int).sum(axis=2) < 3 * 200).sum() > 20       # the gray bar is there
    assert all((g == grounds[0]).all() for g in grounds)


def test_camera_stays_without_start_renderer_until_zoom_all():
    """Images of an animation loop without Start() keep the first image's camera (no re-zoom per
    frame); ZoomAll() fits the scene again."""
    SC, mbs, ss = _thrown_ball()
    sd = mbs.systemData
    first = SC.renderer.RedrawAndGetImage()
    cam = SC.renderer.camera()
    sd.SetODE2Coordinates([0.3, 0.6, 0.], exu.ConfigurationType.Current)
    moved = SC.renderer.RedrawAndGetImage()
    assert SC.renderer.camera() is cam
    assert not (moved == first).all()
    np.testing.assert_allclose(_red_center(moved), cam.project([0.3, 0.6, 0.])[0][:2], atol=2.0)
    SC.renderer.ZoomAll()
    SC.renderer.RedrawAndGetImage()
    assert SC.renderer.camera() is not cam


@pytest.mark.parametrize("perspective", [0.0, 0.1])
def test_camera_projection_center_and_perspective(perspective):
    """The fitted camera puts the scene's bounding box center in the image center; with
    perspective, points nearer the viewer are magnified."""
    from multibody.visualization.camera import fit_camera
    vs = exu.VisualizationSettings()
    vs.view0.camera.perspective = perspective
    pts = np.array([[0., 0., 0.], [2., 1., 0.], [0., 0., 1.]])
    cam = fit_camera(vs, pts, 200, 100)
    (x, y, _), _ = cam.project(np.array([1., 0.5, 0.5]))
    assert abs(x - 100) < 1e-9 and abs(y - 50) < 1e-9
    _, f = cam.project(np.array([[0., 0., 1.], [0., 0., 0.]]))
    assert (f[0] > f[1]) == (perspective > 0)
