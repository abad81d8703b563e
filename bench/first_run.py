"""The first run of a model never run before, whole process, multibody against Exudyn.

    python bench/first_run.py [--exudyn-python PATH] [--rounds 3] [--sizes 1,4,16] [--only everyday|shared]

What a user meets: ``python script.py`` from the start of the interpreter to its end (import,
build, solve), each run with a new, empty MULTIBODY_CACHE_DIR (the model has never been run), after
the one-time compile of the package (``python -m multibody compile``, run first; the Numba cache
of the package itself stays). Exudyn and multibody alternate, ``--rounds`` rounds; the table gives
the medians, the ratio and the target of issue 39 (at most 2 x Exudyn + 0.4 s).

* everyday scripts: bench/everyday/*.py, written for Exudyn (``import exudyn as exu``, ``from
  exudyn.utilities import *``); multibody runs a copy with those two lines changed, as a user does.
* shared benchmark scripts: ../shared/bench/MODEL.py --N n, multibody through an ``exudyn`` package
  that is multibody (run.py's shim).
* import: ``python -c "import multibody"`` against ``python -c "import exudyn"``.
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "bench"))
SHARED_MODELS = ("chain_spherical", "chain_revolute", "pendulum2d", "masspoint_grid:explicit",
                 "masspoint_grid:implicit", "distance_chain", "slider_crank", "static_truss")


def translated(path, folder):
    """A copy of an Exudyn script in ``folder`` with its import lines changed to multibody."""
    with open(path) as f:
        text = f.read()
    text = text.replace("import exudyn as exu\n", "import multibody as exu\n")
    text = text.replace("from exudyn.", "from multibody.")       # (utilities, beams, ...)
    out = os.path.join(folder, os.path.basename(path))
    with open(out, "w") as f:
        f.write(text)
    return out


def shim_folder():
    """A folder with an ``exudyn`` package that is multibody (../shared/bench/run.py's)."""
    sys.path.insert(0, SHARED)
    from run import MakeShim     # noqa: E402  (the shared runner's shim)
    return MakeShim()


def timed(cmd, env, cwd):
    """Wall seconds of one process; raises on failure."""
    t = time.perf_counter()
    p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{p.stderr[-2000:]}")
    return wall


def cases(opt, work, shim):
    """(name, exudyn command, multibody command, multibody extra PYTHONPATH, cwd) of every case."""
    out = [("import", [opt.exudyn_python, "-c", "import exudyn"], [sys.executable, "-c", "import multibody"],
            None, work)]
    if opt.only in (None, "everyday"):
        for path in sorted(glob.glob(os.path.join(HERE, "everyday", "*.py"))):
            name = os.path.splitext(os.path.basename(path))[0]
            out.append((name, [opt.exudyn_python, "-W", "ignore", path],
                        [sys.executable, "-W", "ignore", translated(path, work)], None, work))
    if opt.only in (None, "shared"):
        for model in SHARED_MODELS:
            script, _, mode = model.partition(":")
            extra = ["--mode", mode] if mode else []
            for n in opt.sizes:
                args = [os.path.join(SHARED, script + ".py"), "--N", str(n)] + extra
                out.append((f"{model} N={n}", [opt.exudyn_python, "-W", "ignore"] + args,
                            [sys.executable, "-W", "ignore"] + args, shim, SHARED))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--exudyn-python", default=sys.executable)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--sizes", default="1,4,16")
    p.add_argument("--only", choices=["everyday", "shared"])
    p.add_argument("--no-compile", action="store_true", help="skip `python -m multibody compile`")
    opt = p.parse_args()
    opt.sizes = [int(s) for s in opt.sizes.split(",")]
    src = os.path.join(ROOT, "src")
    base = dict(os.environ, PYTHONPATH=src)
    if not opt.no_compile:
        subprocess.run([sys.executable, "-m", "multibody", "compile"], env=base, check=True)
    work = tempfile.mkdtemp(prefix="first_run_")
    shim = shim_folder()
    rows = []
    try:
        for name, e_cmd, m_cmd, m_path, cwd in cases(opt, work, shim):
            e_times, m_times = [], []
            for _ in range(opt.rounds):
                e_times.append(timed(e_cmd, dict(os.environ), cwd))
                cache = tempfile.mkdtemp(prefix="mbcache_", dir=work)
                env = dict(base, MULTIBODY_CACHE_DIR=cache)
                if m_path:
                    env["PYTHONPATH"] = m_path + os.pathsep + src
                m_times.append(timed(m_cmd, env, cwd))
                shutil.rmtree(cache, ignore_errors=True)
            e, m = statistics.median(e_times), statistics.median(m_times)
            target = 2 * e + 0.4 if name != "import" else 0.7
            rows.append((name, e, m, m / e, target, m <= target))
            print(f"{name:32s} exudyn {e:6.2f} s  multibody {m:6.2f} s  ratio {m / e:5.2f}  "
                  f"target {target:5.2f} s  {'met' if m <= target else 'NOT met'}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(shim, ignore_errors=True)
    print("\n| script | Exudyn 1.13.6 | multibody, first run | ratio | target | met |")
    print("|---|---|---|---|---|---|")
    for name, e, m, r, target, ok in rows:
        print(f"| {name} | {e:.2f} s | {m:.2f} s | {r:.1f}x | {target:.2f} s | {'yes' if ok else 'no'} |")


if __name__ == "__main__":
    main()
