"""The first solve of a process against later solves of the same system, multibody and Exudyn.

    python bench/first_and_later.py static_truss 4 16 --exudyn-python PATH [--rounds 5] [--again 4]

Runs the shared model script (../shared/bench/MODEL.py) in a fresh process, which solves once as the
script does, then solves the same assembled system ``--again`` more times in that process (the
script's own settings). Multibody (`import exudyn` mapped to it) and Exudyn alternate, ``--rounds``
rounds per size. Prints one line per run (ms per whole solve: the first, then the later ones) and a
summary per size: the ranges of the first solves and of the later ones' medians, and the ratios
multibody / Exudyn of each, pairing the runs of one round. Extra options go to the model script
(e.g. ``--steps 10``).

What it shows: how much of a run is paid once per process (describing and linking the model's
compiled module, docs/engine.md) and how much per solve.
"""
import argparse
import json
import statistics
import subprocess
import sys

from child_prelude import child_env, prelude

CHILD = r"""
import bench_common
solve = bench_common.Solve
times = []

def Solve(mbs, ss, solverType=None, static=False):
    first = solve(mbs, ss, solverType, static)
    times.append(first[1])
    for _ in range({again}):
        times.append(solve(mbs, ss, solverType, static)[1])
    return first

bench_common.Solve = Solve
sys.argv = {argv!r}
with contextlib.redirect_stdout(io.StringIO()):
    runpy.run_path({script!r}, run_name="__main__")
print("TIMES", json.dumps(times))
"""


def run(python, shim, model, n, again, extra):
    """Solve times (s) of one fresh process: the first, then ``again`` later ones."""
    argv = [model + ".py", "--N", str(n)] + extra
    code = prelude(shim) + CHILD.format(argv=argv, script=model + ".py", again=again)
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, env=child_env(), check=True).stdout
    return json.loads(next(line.split(None, 1)[1] for line in out.splitlines() if line.startswith("TIMES")))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("model")
    p.add_argument("sizes", type=int, nargs="+")
    p.add_argument("--exudyn-python", required=True, help="interpreter with exudyn 1.13.6 installed")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--again", type=int, default=4, help="later solves per process")
    args, extra = p.parse_known_args()
    if args.again < 1 or args.rounds < 1:
        p.error("--rounds and --again must be at least 1")
    for n in args.sizes:
        rows = []
        for _ in range(args.rounds):
            pair = {}
            for impl, python, shim in (("multibody", sys.executable, True), ("exudyn", args.exudyn_python, False)):
                t = run(python, shim, args.model, n, args.again, extra)
                pair[impl] = (t[0], statistics.median(t[1:]))
                print(f"{impl:9s} {args.model} N={n}: " + " ".join(f"{x * 1e3:.2f}" for x in t) + " ms", flush=True)
            rows.append(pair)

        def span(values, fmt="{:.2f}"):
            return fmt.format(min(values)) + "-" + fmt.format(max(values))

        for k, label in ((0, "first"), (1, "later (median)")):
            mb = [r["multibody"][k] * 1e3 for r in rows]
            ex = [r["exudyn"][k] * 1e3 for r in rows]
            ratio = [r["multibody"][k] / r["exudyn"][k] for r in rows]
            print(f"N={n} {label}: multibody {span(mb)} ms, Exudyn {span(ex)} ms, r = {span(ratio)} "
                  f"(median {statistics.median(ratio):.2f})")


if __name__ == "__main__":
    main()
