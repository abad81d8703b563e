"""An interactive PyVista window that plays frames (animation.py's frame sources): a slider over
the frames, the space key to run or stop, the mouse to turn and zoom the view; closing the window
returns (the frames advance every ``timeout`` seconds between the window's events; with
view0.camera.trackMarker the view follows that marker at every frame). ``runMode``
0 runs on in a loop, 1 runs once, 2 waits at the first frame (the slider); ``runOnStart`` starts
running at once."""
from .animation import animation_camera
from .camera import tracked_camera
from .overlay import info_lines, merge_scenes, world_basis
from .scene import build_scene
from .raster import flat_scene


def play(SC, set_frame, n_frames, title="", timeout=0.04, runOnStart=True, runMode=0, windowSize=None):
    """Open the window and play until it is closed (PyVista's show() blocks)."""
    import pyvista as pv
    from .vtk_backend import draw_scene
    settings = SC.visualizationSettings
    size = list(windowSize) if windowSize else [int(x) for x in settings.view0.window.renderWindowSize]
    camera = animation_camera(SC, set_frame, n_frames, size[0], size[1])
    p = pv.Plotter(window_size=size, title=title or "multibody", lighting="none")
    state = {"k": 0, "running": bool(runOnStart) and runMode != 2, "first": True}

    def show(k):
        k = int(round(k)) % max(n_frames, 1)
        state["k"] = k
        shown_time = set_frame(k)
        built = build_scene(SC._systems, settings, flat_shapes=True)
        scene = flat_scene(built)
        if settings.view0.scene.drawWorldBasis:
            scene = merge_scenes(scene, world_basis(settings))
        # a tracked marker (view0.camera.trackMarker) sets the view at every frame
        draw_scene(p, scene, settings, tracked_camera(camera, settings, built.tracked),
                   set_camera=state["first"] or built.tracked is not None)
        if "slider" in state:
            p.renderer.AddViewProp(state["slider"].GetRepresentation())     # (draw_scene removed all props)
        state["first"] = False
        lines = info_lines(settings, SC._systems, shown_time) + [f"frame {k + 1} / {n_frames}"]
        p.add_text("\n".join(lines), position="upper_left", font_size=10,
                   color=list(settings.general.textColor)[:3], name="info")
        p.render()

    slider = p.add_slider_widget(lambda v: show(v), [0, max(n_frames - 1, 1)], value=0, title="frame",
                                 fmt="%.0f", pointa=(0.25, 0.05), pointb=(0.75, 0.05))
    state["slider"] = slider

    def tick(_step=None):
        if not state["running"]:
            return
        k = state["k"] + 1
        if k >= n_frames:
            if runMode == 1:
                state["running"] = False
                return
            k = 0
        slider.GetRepresentation().SetValue(k)
        show(k)

    def toggle():
        state["running"] = not state["running"]

    p.add_key_event("space", toggle)
    show(0)
    p.show(interactive_update=True, auto_close=False)
    wait = max(int(1000 * float(timeout)), 1)
    while not getattr(p, "_closed", True) and p.render_window is not None:
        tick()
        p.update(stime=wait, force_redraw=False)
    p.close()
