"""Peak resident memory of one benchmark model, and whether it grows with the number of steps.

    python bench/memory.py MODEL N [--steps 100,400] [model options, e.g. --mode implicit]

Runs the shared model script (../shared/bench/MODEL.py, `import exudyn` mapped to multibody) once per
step count, each in a fresh process, and prints the peak resident set size (ru_maxrss) of each run
and its growth per 100 steps. With --exudyn-python PATH the same runs use Exudyn instead.
"""
import argparse
import json
import subprocess
import sys

from child_prelude import child_env, prelude

CHILD = r"""
sys.argv = {argv!r}
runpy.run_path({script!r}, run_name="__main__")
print("MAXRSS_KB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def run(python, shim, model, n, steps, extra):
    argv = [model + ".py", "--N", str(n), "--steps", str(steps)] + extra
    code = prelude(shim) + CHILD.format(argv=argv, script=model + ".py")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, env=child_env(), check=True).stdout
    rss = int(next(line.split()[1] for line in out.splitlines() if line.startswith("MAXRSS_KB")))
    result = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
    return rss / 1024.0, result


def main():
    p = argparse.ArgumentParser()
    p.add_argument("model")
    p.add_argument("N", type=int)
    p.add_argument("--steps", default="100,400")
    p.add_argument("--exudyn-python", default=None)
    args, extra = p.parse_known_args()
    python = args.exudyn_python or sys.executable
    steps = [int(s) for s in args.steps.split(",")]
    rows = [(s,) + run(python, args.exudyn_python is None, args.model, args.N, s, extra) for s in steps]
    for s, mb, res in rows:
        print(f"{args.model} N={args.N} steps={s}: peak RSS {mb:.1f} MiB, n_ode2={res['n_ode2']}, "
              f"s/step={res['s_per_step']:.3g}")
    if len(rows) > 1:
        (s0, m0, _), (s1, m1, _) = rows[0], rows[-1]
        print(f"growth: {(m1 - m0) / (s1 - s0) * 100:.2f} MiB per 100 steps")


if __name__ == "__main__":
    main()
