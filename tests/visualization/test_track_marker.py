"""view0.camera.trackMarker: images follow the marker's position (flagged components) and, with
trackMarkerOrientation, its rotation; checked by pixels and by the camera the images are drawn with."""
import numpy as np
import pytest

import multibody as exu
import multibody.graphics as G
import multibody.utilities as U
from multibody.visualization.camera import tracked_camera

W, H = 160, 120
P0 = np.array([0.6, 0.3, 0.0])


def _model(rigid=False):
    """A red body (a sphere on a mass point, or a brick on a rigid body) at P0, a blue ground brick at
    the origin, a marker on the body; fixed view centered at the origin, half height 1."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(U.ObjectGround(visualization=U.VObjectGround(
        graphicsData=[G.Brick([0., 0., 0.], [0.2, 0.2, 0.2], G.color.blue)])))
    if rigid:
        n = mbs.AddNode(U.NodeRigidBodyRxyz(referenceCoordinates=list(P0) + [0., 0., 0.]))
        b = mbs.AddObject(U.ObjectRigidBody(mass=1., inertia=[1., 1., 1., 0., 0., 0.], nodeNumber=n,
                                            visualization=U.VObjectRigidBody(graphicsData=[
                                                G.Brick([0.2, 0., 0.], [0.4, 0.1, 0.1], G.color.red)])))
        mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b))
    else:
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=list(P0)))
        b = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n, visualization=U.VMassPoint(
            graphicsData=[G.Sphere([0., 0., 0.], 0.1, G.color.red, nTiles=16)])))
        mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
    mbs.Assemble()
    v = SC.visualizationSettings
    v.view0.window.renderWindowSize = [W, H]
    v.general.autoFitScene = False
    v.openGL.advanced.initialCenterPoint = [0., 0., 0.]
    v.openGL.advanced.initialZoom = 1.
    v.nodes.show = v.markers.show = False
    return SC, mbs


def _move(mbs, q):
    mbs.systemData.SetODE2Coordinates(list(q), configuration=exu.ConfigurationType.Current)


def _centroid(img, channel):
    """Mean pixel (x, y) of the pixels dominated by the channel (0 red, 2 blue)."""
    c = img.astype(int)
    others = [k for k in range(3) if k != channel]
    ch = c[..., channel]
    mask = (ch > 90) & (ch > 2 * c[..., others[0]]) & (ch > 2 * c[..., others[1]])
    ys, xs = np.nonzero(mask)
    assert len(xs) > 10
    return np.array([xs.mean(), ys.mean()])


def test_without_tracking_the_body_moves_in_the_image():
    SC, mbs = _model()
    a = _centroid(SC.renderer.RedrawAndGetImage(), 0)
    _move(mbs, [0.3, 0., 0.])
    b = _centroid(SC.renderer.RedrawAndGetImage(), 0)
    # 0.3 world units at H / 2 = 60 pixels per unit
    assert b[0] - a[0] == pytest.approx(0.3 * H / 2, abs=1.5) and abs(b[1] - a[1]) < 1.


def test_tracked_marker_stays_at_the_image_center_the_ground_moves():
    SC, mbs = _model()
    SC.visualizationSettings.view0.camera.trackMarker = 0
    center = np.array([W / 2, H / 2])
    img0 = SC.renderer.RedrawAndGetImage()
    assert np.abs(_centroid(img0, 0) - center).max() < 1.5
    _move(mbs, [0.3, -0.2, 0.])
    img1 = SC.renderer.RedrawAndGetImage()
    assert np.abs(_centroid(img1, 0) - center).max() < 1.5
    shift = _centroid(img1, 2) - _centroid(img0, 2)
    assert shift == pytest.approx([-0.3 * H / 2, -0.2 * H / 2], abs=1.5)   # image y points down


def test_track_marker_position_flags_and_camera_center():
    SC, mbs = _model()
    cam = SC.visualizationSettings.view0.camera
    cam.trackMarker = 0
    cam.trackMarkerPosition = [1., 0., 1.]
    _move(mbs, [0.1, 0.2, 0.])
    scene = SC.renderer.GetGraphicsData()
    assert np.allclose(scene.tracked[0], P0 + [0.1, 0.2, 0.])
    camera = tracked_camera(SC.renderer.camera(scene), SC.visualizationSettings, scene.tracked)
    assert np.allclose(camera.center, [0.7, 0., 0.])   # y not tracked: the initial center's
    img = SC.renderer.RedrawAndGetImage()
    assert _centroid(img, 0) == pytest.approx([W / 2, H / 2 - 0.5 * H / 2], abs=1.5)


def test_tracked_orientation_turns_the_view_with_the_marker():
    SC, mbs = _model(rigid=True)
    cam = SC.visualizationSettings.view0.camera
    cam.trackMarker = 0
    cam.trackMarkerOrientation = [1., 1., 1.]
    SC.visualizationSettings.bodies.show = True
    a = _centroid(SC.renderer.RedrawAndGetImage(), 0)
    _move(mbs, [0.1, 0., 0., 0., 0., 0.8])
    b = _centroid(SC.renderer.RedrawAndGetImage(), 0)
    assert np.abs(b - a).max() < 1.5          # the body's brick (off its node) stays where it was
    cam.trackMarkerOrientation = [0., 0., 0.]
    c = _centroid(SC.renderer.RedrawAndGetImage(), 0)
    assert np.abs(c - a).max() > 5            # without orientation tracking it turns in the image


def test_no_tracking_for_a_marker_number_out_of_range():
    SC, mbs = _model()
    SC.visualizationSettings.view0.camera.trackMarker = 5
    assert SC.renderer.GetGraphicsData().tracked is None
