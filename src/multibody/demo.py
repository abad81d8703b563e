"""``python -m multibody demo``: a chain of mass points hanging on distance constraints.

Builds the model with the Exudyn-style API, simulates it with generalized-alpha
(index 3), prints a summary (steps, time, largest constraint residual), writes a
plot of the tip sensor to a PNG file and a picture of the final state beside it.
"""
from __future__ import annotations

import os
import time

import numpy as np


def build_chain(exu, n_links=8, length=0.25, mass=0.5, gravity=9.81):
    from . import graphics
    from .itemInterface import (DistanceConstraint, LoadForceVector, MarkerBodyPosition, MassPoint,
                                NodePoint, ObjectGround, SensorNode, VMassPoint, VObjectGround)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    anchor = graphics.Brick(centerPoint=[0, 0.03, 0], size=[0.2, 0.06, 0.06], color=graphics.color.grey)
    ground = mbs.AddObject(ObjectGround(visualization=VObjectGround(graphicsData=[anchor])))
    m_prev = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    constraints = []
    node = None
    for i in range(n_links):
        # the chain starts horizontal and swings down under gravity
        node = mbs.AddNode(NodePoint(referenceCoordinates=[(i + 1) * length, 0, 0]))
        ball = graphics.Sphere(radius=0.04, color=graphics.color.steelblue, nTiles=16)
        body = mbs.AddObject(MassPoint(mass=mass, nodeNumber=node, visualization=VMassPoint(graphicsData=[ball])))
        m = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=[0, 0, 0]))
        constraints.append(mbs.AddObject(DistanceConstraint(markerNumbers=[m_prev, m], distance=length)))
        mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=[0, -mass * gravity, 0]))
        m_prev = m
    tip = mbs.AddSensor(SensorNode(nodeNumber=node, storeInternal=True,
                                   outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    return SC, mbs, constraints, tip


def run_demo(out_png="multibody_demo.png", n_links=8, steps=2000, end_time=2.0):
    import multibody as exu
    SC, mbs, constraints, tip = build_chain(exu, n_links)
    residuals = []

    def post_step(mbs_, t):
        d = [abs(mbs_.GetObjectOutput(c, exu.OutputVariableType.Distance) - 0.25) for c in constraints]
        residuals.append(max(d))
        return True

    mbs.SetPostStepUserFunction(post_step)
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end_time
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.solution.file.write = False
    s.solution.sensors.writePeriod = end_time / steps
    t0 = time.perf_counter()
    mbs.SolveDynamic(s)
    wall = time.perf_counter() - t0
    data = mbs.GetSensorStoredData(tip)
    solver = mbs.sys["dynamicSolver"]
    print(f"multibody demo: chain of {n_links} mass points on DistanceConstraints, generalized-alpha index 3")
    print(f"  steps: {solver.it.currentStepIndex - 1}, simulated time: {end_time} s, wall time: {wall:.2f} s "
          f"({1e6 * wall / steps:.0f} us/step)")
    print(f"  Newton iterations: {solver.it.newtonStepsCount}, Jacobians: {solver.it.newtonJacobiCount}")
    print(f"  largest constraint residual |L - d| over the run: {max(residuals):.3e} m")
    print(f"  tip position at t = {data[-1, 0]:.3f} s: {np.round(data[-1, 1:], 6)}")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("  matplotlib is not installed: pip install 'multibody[plot]'; no picture written")
        return data
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(data[:, 0], data[:, 1], label="tip x")
    ax.plot(data[:, 0], data[:, 2], label="tip y")
    ax.set_xlabel("time [s]")
    ax.set_ylabel("position [m]")
    ax.set_title(f"multibody: tip of a {n_links}-link chain on DistanceConstraints")
    ax.grid(True)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out_png, dpi=100)
    plt.close(fig)
    print(f"  sensor plot written to {out_png}")
    picture = os.path.splitext(out_png)[0] + "_scene.png"
    vs = SC.visualizationSettings
    vs.view0.window.renderWindowSize = [640, 480]
    vs.general.boundingBoxZoomAllFactor = 1.15
    vs.nodes.show = vs.loads.show = False
    vs.connectors.defaultColor = [0.1, 0.1, 0.1, 1.0]
    SC.renderer.RedrawAndSaveImage(picture)
    print(f"  picture of the final state written to {picture}")
    return data


def compile_installation():
    """``python -m multibody compile``: the one-time compile (engine/compile.py), then the
    warm-up models (warmup.py); a second run only loads (seconds)."""
    import warnings

    import multibody  # noqa: F401
    from .engine.compile import compile_all
    from .warmup import run
    t0 = time.perf_counter()
    compile_all()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        solves = run()
    print(f"multibody: compiled and warmed up ({solves} small solves) in {time.perf_counter() - t0:.1f} s",
          flush=True)
    return 0


def main(argv=None):
    """``python -m multibody`` (cli.py)."""
    from .cli import main as cli_main
    return cli_main(argv)
