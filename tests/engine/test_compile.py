"""The one-time compile of an installation (engine/compile.py, ``python -m multibody compile``):
the first compiled call of a process where it has not been done announces it and compiles every
entry point; a model run after it compiles nothing, whatever its item types."""
import json
import os
import subprocess
import sys
import textwrap

import multibody
from multibody.engine import compile as engine_compile
from multibody.kernels import _jit

# the folder of the multibody package the tests import (src, or site-packages where installed)
PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(multibody.__file__)))


def test_every_typed_entry_point_is_in_a_listed_module():
    """compile_all imports the modules of TYPED_MODULES: every ``typed`` dispatcher is defined in
    one of them (else a model would compile it at its first use)."""
    import importlib
    for name in _jit.TYPED_MODULES:
        importlib.import_module(name)
    modules = {d.py_func.__module__ for d in _jit.TYPED}
    assert modules <= set(_jit.TYPED_MODULES), modules - set(_jit.TYPED_MODULES)
    assert len(_jit.TYPED) >= 35


def test_a_missing_marker_announces_the_compile_and_compiles_everything(monkeypatch, tmp_path, capsys):
    marker = tmp_path / "multibody-compiled-x"
    calls = []
    monkeypatch.setattr(engine_compile, "marker_path", lambda: str(marker))
    monkeypatch.setattr(engine_compile, "compile_all", lambda out=sys.stderr: calls.append(1) or marker.write_text(""))
    engine_compile.ensure_compiled()
    err = capsys.readouterr().err
    assert calls == [1] and "compiling the engine" in err and "python -m multibody compile" in err
    engine_compile.ensure_compiled()            # the marker is there now: nothing to do, nothing said
    assert calls == [1] and capsys.readouterr().err == ""


def test_the_first_run_of_a_new_model_compiles_nothing(tmp_path):
    """After ``python -m multibody compile``, a fresh process builds and solves models of item
    types it has not seen (rigid bodies on joints, a redundant spherical joint with least squares,
    springs, a sensor; mass points on distance constraints): every compiled function is loaded
    from the cache, none compiled."""
    script = textwrap.dedent("""
        import json, sys, warnings
        warnings.simplefilter("ignore")
        import multibody as exu
        from multibody.utilities import *
        from numba.core.registry import CPUDispatcher
        from multibody.engine.compile import is_compiled
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        g = mbs.CreateGround()
        b0 = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [0.4, 0.05, 0.05]), referencePosition=[0.2, 0., 0.],
                                 gravity=[0., -9.81, 0.])
        b1 = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [0.4, 0.05, 0.05]), referencePosition=[0.6, 0., 0.],
                                 gravity=[0., -9.81, 0.])
        mbs.CreateRevoluteJoint(bodyNumbers=[g, b0], position=[0., 0., 0.], axis=[0., 0., 1.])
        mbs.CreateRevoluteJoint(bodyNumbers=[b0, b1], position=[0.4, 0., 0.], axis=[0., 0., 1.])
        mbs.CreateSphericalJoint(bodyNumbers=[b0, b1], position=[0.4, 0., 0.])
        mbs.CreateSpringDamper(bodyNumbers=[g, b1], localPosition0=[0.8, 0.3, 0.], stiffness=100.)
        mbs.AddSensor(SensorBody(bodyNumber=b1, storeInternal=True, outputVariableType=exu.OutputVariableType.Position))
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.timeIntegration.numberOfSteps = 20
        ss.timeIntegration.endTime = 0.02
        ss.timeIntegration.verboseMode = 0
        ss.solution.file.write = False
        ss.linearSolver.solverType = exu.LinearSolverType.EigenDense
        ss.linearSolver.ignoreSingularJacobian = True
        mbs.SolveDynamic(ss)
        from multibody.demo import build_chain
        SC2, mbs2, _, _ = build_chain(exu, 3)
        ss.linearSolver.ignoreSingularJacobian = False
        ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
        mbs2.SolveDynamic(ss)
        compiled = sorted(f"{m.__name__}.{k}" for m in list(sys.modules.values()) if m and m.__name__.startswith("multibody")
                          for k, v in vars(m).items() if isinstance(v, CPUDispatcher) and sum(v._cache_misses.values()))
        print(json.dumps({"compiled": compiled, "marker": is_compiled()}))
    """)
    path = tmp_path / "first_run.py"
    path.write_text(script)
    env = dict(os.environ, PYTHONPATH=PACKAGE_PARENT + os.pathsep + os.environ.get("PYTHONPATH", ""),
               MULTIBODY_CACHE_DIR=str(tmp_path / "cache"))
    # the installation's compile (only loads where done, as CI's set-up has done it), then the model
    setup = subprocess.run([sys.executable, "-m", "multibody", "compile"], env=env, capture_output=True,
                           text=True, timeout=900)
    assert setup.returncode == 0, setup.stderr[-3000:]
    out = subprocess.run([sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"compiled": [], "marker": True}, result
    assert "compiling" not in out.stderr


def test_the_engine_loads_the_sparse_kernels_for_the_systems_the_solvers_factorize_sparse():
    from multibody.engine import driver
    from multibody.solvers import linear
    assert driver.SPARSE_SIZE == linear.SPARSE_AS_DENSE_MAX
