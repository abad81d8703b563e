"""Repeated solves of one model keep the resident memory of the process: 30 SolveDynamic calls of
a 4096-mass-point grid in a fresh process, the resident set after the 30th (and after every call
from the third on) within 10 MiB of the one after the second."""
import json
import os
import subprocess
import sys
import textwrap

import multibody
from multibody.solvers import heap

PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(multibody.__file__)))

# a 64 x 64 grid of mass points with springs to their row, column and diagonal neighbours, the
# first row held by coordinate constraints, gravity; implicit (sparse LU factors of a few MiB)
# and explicit solves of a few steps each
SCRIPT = textwrap.dedent("""
    import gc, json, os, sys
    import multibody as exu
    from multibody.utilities import *

    def rss_mib():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    w, a = 64, 0.1
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    mk = {}
    for j in range(w):
        for i in range(w):
            n = mbs.AddNode(NodePoint(referenceCoordinates=[i * a, j * a, 0]))
            mbs.AddObject(MassPoint(mass=0.1, nodeNumber=n))
            mk[i, j] = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
            mbs.AddLoad(LoadForceVector(markerNumber=mk[i, j], loadVector=[0, 0, -0.981]))
            for c in range(3 if j == 0 else 0):
                mc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=c))
                mbs.AddObject(CoordinateConstraint(markerNumbers=[mGround, mc]))
    for (i, j), m0 in mk.items():
        for di, dj in [(1, 0), (0, 1), (1, 1), (-1, 1)]:
            if (i + di, j + dj) in mk:
                mbs.AddObject(SpringDamper(markerNumbers=[m0, mk[i + di, j + dj]], stiffness=1000., damping=0.5,
                                           referenceLength=a * (di * di + dj * dj) ** 0.5))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = int(sys.argv[2])
    ss.timeIntegration.endTime = 1e-3 * ss.timeIntegration.numberOfSteps
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    kind = exu.DynamicSolverType.GeneralizedAlpha if sys.argv[1] == "implicit" else exu.DynamicSolverType.RK44
    rss = []
    for k in range(30):
        mbs.SolveDynamic(ss, solverType=kind)
        gc.collect()
        rss.append(rss_mib())
    print(json.dumps(rss))
""")


def _rss_per_call(tmp_path, kind, steps):
    path = tmp_path / "solves.py"
    path.write_text(SCRIPT)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    env.update(PYTHONPATH=PACKAGE_PARENT + os.pathsep + os.environ.get("PYTHONPATH", ""),
               MULTIBODY_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, str(path), kind, str(steps)], env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_thirty_implicit_solves_of_a_4096_body_model_keep_the_resident_memory(tmp_path):
    rss = _rss_per_call(tmp_path, "implicit", 8)
    growth = [r - rss[1] for r in rss[2:]]
    assert abs(growth[-1]) < 10.0 and max(growth) < 10.0, [round(r) for r in rss]


def test_thirty_explicit_solves_of_a_4096_body_model_keep_the_resident_memory(tmp_path):
    rss = _rss_per_call(tmp_path, "explicit", 5)
    growth = [r - rss[1] for r in rss[2:]]
    assert abs(growth[-1]) < 10.0 and max(growth) < 10.0, [round(r) for r in rss]


def test_the_threshold_is_set_once_and_not_where_the_user_tuned_malloc(monkeypatch):
    monkeypatch.setitem(heap._state, "done", False)
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "65536")
    assert heap.keep_threshold() is False            # the user's setting stays
    assert heap._state["done"] and heap.keep_threshold() is False
