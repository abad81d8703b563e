"""Cost of the checks of user functions' values (type, shape, finite): a 2000-step SolveDynamic of
a mass point on a spring-damper with a load user function and a spring force user function,
timed with the checks and with them replaced by the bare conversion (np.asarray / float)."""
import sys
import time

import numpy as np

import multibody as exu
from multibody.assembly.assemble import CompiledSystem
from multibody.itemInterface import (LoadForceVector, MarkerBodyPosition, MarkerNodePosition, MassPoint, NodePoint,
                                     ObjectConnectorSpringDamper, ObjectGround)


def model():
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    mg, mn = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g)), mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(ObjectConnectorSpringDamper(markerNumbers=[mg, mn], stiffness=100, damping=1, referenceLength=1,
                                              springForceUserFunction=lambda mbs, t, i, u, v, k, d, f: k * u + d * v))
    mbs.AddLoad(LoadForceVector(markerNumber=mn, loadVectorUserFunction=lambda mbs, t, v: [0, -np.sin(t), 0]))
    mbs.Assemble()
    return mbs


def solve_time(repeats=7):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 2000, 2.0
    s.timeIntegration.verboseMode = 0
    s.solution.file.write = False
    best = np.inf
    for _ in range(repeats):
        mbs = model()
        t0 = time.perf_counter()
        mbs.SolveDynamic(s)
        best = min(best, time.perf_counter() - t0)
    return best


def unchecked():
    """The checks replaced by the conversions they replaced."""
    CompiledSystem.user_array = lambda self, what, item, value, shape, family="object", finite=True: \
        np.asarray(value, dtype=float)
    CompiledSystem.user_real = lambda self, what, item, value, family="object": float(value)


if __name__ == "__main__":
    solve_time(1)
    checked = solve_time()
    unchecked()
    bare = solve_time()
    print(f"2000 steps: checked {checked * 1e3:.1f} ms, unchecked {bare * 1e3:.1f} ms, ratio {checked / bare:.3f}")
    sys.exit(0)
