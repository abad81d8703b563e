"""Time the system-equation evaluations of one benchmark model (microseconds per call).

    python bench/profile_step.py distance_chain 1024
    python bench/profile_step.py masspoint_grid 256 --mode implicit
    python bench/profile_step.py chain_spherical 256 --profile

Builds the model of ../shared/bench/<model>.py through the Exudyn API (a shim maps
`import exudyn` to multibody), runs two steps, then times kinematics, right-hand side,
constraints, reaction forces, M a and the Newton matrix at the current state. With
--profile it adds a cProfile listing of the Jacobian and the kinematics.
"""
import argparse
import cProfile
import importlib
import os
import pstats
import runpy
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))


def exudyn_shim():
    """Make `import exudyn` (and exudyn.X) resolve to multibody."""
    import multibody
    sys.modules["exudyn"] = multibody
    for name in ("utilities", "itemInterface", "rigidBodyUtilities", "basicUtilities", "solver", "graphics"):
        try:
            sys.modules["exudyn." + name] = importlib.import_module("multibody." + name)
        except ImportError:
            pass


def best_time(f, n=50, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(n):
            f()
        best = min(best, (time.perf_counter() - t) / n)
    return best * 1e6


def main():
    p = argparse.ArgumentParser()
    p.add_argument("model")
    p.add_argument("N")
    p.add_argument("--profile", action="store_true")
    p.add_argument("--bench-dir", default=SHARED)
    args, extra = p.parse_known_args()
    exudyn_shim()
    sys.path.insert(0, args.bench_dir)
    sys.argv = [args.model + ".py", "--N", args.N, "--steps", "2"] + extra
    cwd = os.getcwd()
    os.chdir(args.bench_dir)
    g = runpy.run_path(args.model + ".py", run_name="__main__")
    os.chdir(cwd)
    mbs = g["mbs"]
    c = mbs._compiled
    eq = c.equations
    from multibody.enums import ConfigurationType
    st = c.states[ConfigurationType.Current]
    q, v, lam = st.q.copy(), st.v.copy(), np.zeros(c.n_ae)
    print(f"{args.model} N={args.N}: n_ode2={c.n_ode2} n_ae={c.n_ae}")
    print(f"  kinematics  {best_time(lambda: eq.update_kinematics(q, v, 0.0)):9.1f} us")
    print(f"  rhs         {best_time(lambda: eq.ode2_rhs()):9.1f} us")
    print(f"  constraints {best_time(lambda: eq.constraints(lam)):9.1f} us")
    print(f"  reactions   {best_time(lambda: eq.reaction_forces(lam)):9.1f} us")
    print(f"  M a         {best_time(lambda: eq.mass_times(q)):9.1f} us")
    jac = lambda: eq.jacobian(1.0, 0.3e-6, 0.5e-3, 1.0, 1.0, 1 / 0.3e-6)
    print(f"  jacobian    {best_time(jac, 10):9.1f} us")
    if args.profile:
        cProfile.runctx("for k in range(20): jac(); eq.update_kinematics(q, v, 0.0)", globals(), locals(),
                        "/tmp/multibody_profile.out")
        pstats.Stats("/tmp/multibody_profile.out").sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
