"""Images of both renderers (PyVista/VTK offscreen and the NumPy fallback) checked by pixels, a
50-frame animation with a fixed camera, and every call still working without VTK, Pillow or
imageio. The VTK cases skip only where PyVista is not installed (the test extra installs it)."""
import importlib.util
import os
import sys
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.graphics as G
import multibody.utilities as U
from multibody.visualization import renderer as R
from multibody.visualization.video import WriteSolutionFrames, write_video

from . import vis_models as vm
from .test_configuration import H as BALL_H, W as BALL_W, _red_center, _thrown_ball

W, H = 200, 150
HAS_PYVISTA = importlib.util.find_spec("pyvista") is not None


@pytest.fixture(params=["vtk", "numpy"])
def backend(request):
    if request.param == "vtk" and not HAS_PYVISTA:
        pytest.skip("PyVista is not installed")
    R.set_backend(request.param)
    yield request.param
    R.set_backend("auto")


def _sc(case, **settings):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        SC = vm.build(exu, U, G, case)
    vm.apply_settings(SC, {"view0.window.renderWindowSize": [W, H], "nodes.show": False, "markers.show": False,
                           **settings})
    return SC


def _mask(img, rgb, tol=60):
    d = np.abs(img.astype(int) - np.asarray(rgb, dtype=int)[None, None, :]).max(axis=2)
    return d < tol


def _red(img):
    r, g, b = (img[..., k].astype(int) for k in range(3))
    return (r > 100) & (g < 60) & (b < 60)


def test_vtk_is_the_default_where_it_starts():
    if not HAS_PYVISTA:
        pytest.skip("PyVista is not installed")
    R.set_backend("auto")
    assert R.backend() == "vtk"


def test_red_joint_where_it_is_drawn_and_gone_with_connectors_show_false(backend):
    """joints_3d: object 4 (PrismaticJointX) is red; its red pixels lie around the projection of
    its triangles' center, and connectors.show False leaves no red pixel."""
    SC = _sc("joints_3d")
    img = SC.renderer.RedrawAndGetImage()
    assert img.shape == (H, W, 3) and img.dtype == np.uint8
    scene = SC.renderer.GetGraphicsData(flatShapes=True)
    mine = (scene["triangles"]["items"] == [0, 2, 4]).all(axis=1)
    P = scene["triangles"]["points"][mine].reshape(-1, 3).astype(float)
    S, _ = SC.renderer.camera().project(P)
    center = _red_center(img)
    assert S[:, 0].min() - 2 <= center[0] <= S[:, 0].max() + 2 and S[:, 1].min() - 2 <= center[1] <= S[:, 1].max() + 2
    assert _red(img).sum() > 50
    SC.visualizationSettings.connectors.show = False
    assert _red(SC.renderer.RedrawAndGetImage()).sum() == 0


def test_body_after_a_solve_where_its_final_node_projects(backend):
    SC, mbs, ss = _thrown_ball()
    mbs.SolveDynamic(ss)
    img = SC.renderer.RedrawAndGetImage()
    (x, y, _), _ = SC.renderer.camera().project(mbs.GetNodeOutput(0, exu.OutputVariableType.Position))
    assert np.linalg.norm(_red_center(img) - [x, y]) < 2.0


def test_perspective_camera_magnifies_the_near_side(backend):
    """A red ball in front of (z = +1) and a blue ball behind (z = -1) the center, side by side:
    equal in an orthographic image, the red one larger in a perspective one."""
    def image(perspective):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        mbs.AddObject(U.ObjectGround(visualization=U.VObjectGround(graphicsData=[
            G.Sphere(point=[-1., 0., 1.], radius=0.4, color=G.color.red),
            G.Sphere(point=[1., 0., -1.], radius=0.4, color=G.color.blue)])))
        mbs.Assemble()
        vs = SC.visualizationSettings
        vs.view0.window.renderWindowSize = [W, H]
        vs.view0.camera.perspective = perspective
        vs.general.showSolverTime = False
        img = SC.renderer.RedrawAndGetImage()
        blue = (img[..., 2] > 100) & (img[..., 0] < 60) & (img[..., 1] < 60)
        return _red(img).sum(), blue.sum()
    red, blue = image(0.0)
    assert abs(red - blue) < 0.1 * blue
    red, blue = image(0.2)
    assert red > 1.2 * blue


def test_world_basis_drawn_at_the_origin(backend):
    SC = _sc("points_spring", **{"connectors.show": False, "bodies.show": False})
    green = (0, 178, 0)
    assert _mask(SC.renderer.RedrawAndGetImage(), green).sum() == 0
    SC.visualizationSettings.view0.scene.drawWorldBasis = True
    SC.visualizationSettings.view0.scene.worldBasisSize = 0.5
    SC.renderer.ZoomAll()
    img = SC.renderer.RedrawAndGetImage()
    cam = SC.renderer.camera()
    (x0, y0, _), (xy, yy, _) = cam.project([[0., 0., 0.], [0., 0.5, 0.]])[0]
    ys, xs = np.nonzero(_mask(img, green))
    assert len(xs) > 5 and abs(xs.mean() - x0) < 4 and yy - 2 <= ys.mean() <= y0 + 2
    assert _red(img).sum() > 5


def test_numbers_and_solver_text_add_pixels(backend):
    """connectors.showNumbers writes the number beside the connector; the time text sits in the
    upper left corner and goes with general.showSolverTime False."""
    SC = _sc("joints_3d")
    plain = SC.renderer.RedrawAndGetImage()
    SC.visualizationSettings.connectors.showNumbers = True
    numbered = SC.renderer.RedrawAndGetImage()
    assert (plain != numbered).any(axis=2).sum() > 10
    corner = (slice(0, 20), slice(0, 60))
    assert (plain[corner] < 100).all(axis=2).sum() > 10       # "time = 0" in black
    SC.visualizationSettings.general.showSolverTime = False
    assert (SC.renderer.RedrawAndGetImage()[corner] < 100).all(axis=2).sum() == 0


def test_animation_of_50_frames_with_a_fixed_camera(backend, tmp_path):
    """A solution of 50 rows gives 50 frames of the window's size (and a video of 50 frames); the
    ground bar's pixels are the same in every frame while the ball moves."""
    SC, mbs, ss = _thrown_ball(n_steps=49, end=0.98, tmp_path=tmp_path)
    mbs.SolveDynamic(ss)
    sol = U.LoadSolutionFile(str(tmp_path / "ball.txt"), verbose=False)
    assert sol["data"].shape[0] == 50
    video = str(tmp_path / "ball.gif")
    files, written = WriteSolutionFrames(mbs, sol, folder=str(tmp_path / "frames"), video=video)
    assert len(files) == 50 and written == video
    from PIL import Image
    frames = [np.asarray(Image.open(f)) for f in files]
    assert all(f.shape == (BALL_H, BALL_W, 3) for f in frames)
    with Image.open(video) as gif:
        assert gif.n_frames == 50
    cam_y = [_red_center(f)[1] for f in frames]
    assert cam_y[0] - cam_y[-1] > 20                      # the ball rises through the frames
    low = frames[0][BALL_H // 2:].astype(int)
    gray = (np.ptp(low, axis=2) < 10) & (low.max(axis=2) < 220) & (low.min(axis=2) > 40)
    assert gray.sum() > 20                                # the ground bar and post
    assert all((f[BALL_H // 2:][gray] == frames[0][BALL_H // 2:][gray]).all() for f in frames)


def test_mp4_video(tmp_path):
    imageio_ffmpeg = pytest.importorskip("imageio_ffmpeg")
    assert imageio_ffmpeg is not None
    frames = [np.full((48, 64, 3), 10 * k, dtype=np.uint8) for k in range(12)]
    name = write_video(frames, str(tmp_path / "v.mp4"), fps=10)
    import imageio.v2 as imageio
    with imageio.get_reader(name) as reader:
        assert reader.count_frames() == 12


@pytest.fixture
def no_vtk(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyvista", None)
    R.set_backend("auto")
    yield
    R.set_backend("auto")


def test_without_vtk_images_still_come_and_one_line_says_so(no_vtk, capsys, tmp_path):
    SC = _sc("joints_3d")
    img = SC.renderer.RedrawAndGetImage()
    out = capsys.readouterr().out.strip().splitlines()
    assert R.backend() == "numpy" and _red(img).sum() > 50
    assert len(out) == 1 and "NumPy renderer" in out[0] and 'pip install "multibody[render]"' in out[0]
    name = SC.renderer.RedrawAndSaveImage(str(tmp_path / "x.png"))
    assert os.path.isfile(name) and capsys.readouterr().out == ""


def test_vtk_that_cannot_start_falls_back(monkeypatch, capsys):
    from multibody.visualization import vtk_backend
    monkeypatch.setattr(vtk_backend, "probe", lambda: (False, "VTK cannot open an OpenGL context (test)"))
    R.set_backend("auto")
    try:
        img = _sc("joints_3d").renderer.RedrawAndGetImage()
    finally:
        R.set_backend("auto")
    out = capsys.readouterr().out.strip().splitlines()
    assert img.shape == (H, W, 3) and len(out) == 1 and "OpenGL context" in out[0]


def test_without_pillow_and_imageio(no_vtk, monkeypatch, capsys, tmp_path):
    """PNG files are written without Pillow (texts left out, one line); a video without its writer
    is not written, one line says what to install."""
    for name in ("PIL", "PIL.Image", "imageio", "imageio.v2"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(R._BACKEND, "said_texts", raising=False)
    SC = _sc("joints_3d")
    name = SC.renderer.RedrawAndSaveImage(str(tmp_path / "x.png"))
    with open(name, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    assert write_video([np.zeros((8, 8, 3), np.uint8)], str(tmp_path / "v.mp4")) is None
    out = capsys.readouterr().out
    assert "Pillow is not installed" in out and "video" in out and 'pip install "multibody[render]"' in out
    monkeypatch.undo()
    from PIL import Image
    assert np.asarray(Image.open(name)).shape == (H, W, 3)
