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
