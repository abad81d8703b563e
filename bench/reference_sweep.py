"""Solve times of the reference cases of the test suite (tests/models/reference_models.py) on
multibody and on Exudyn 1.13.6, each case in fresh processes (bench/reference_case.py), the two
alternating, and their ratio r = multibody / Exudyn: where multibody stands on the models users
write besides the shared benchmark (every item type, solver and option the tests cover).

    python bench/reference_sweep.py --exudyn-python /path/to/exuenv/bin/python [--steps 2000]
        [--repeat 3] [--cases a,b,...] [--json OUT.json]

Cases whose builder takes no step count are run with their own (static solves) when --steps is
given; a case that fails on either side is listed with its error. The fused modules should be
compiled before (a first run of a model structure runs group by group while its module compiles
in the background): run the sweep twice, or once with MULTIBODY_FUSED=1 in the environment.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _cases():
    sys.path.insert(0, os.path.join(ROOT, "tests", "models"))
    import reference_models as rm
    return sorted(rm.CASES)


def _run(python, case, steps, exudyn, timeout):
    cmd = [python, "-W", "ignore", os.path.join(HERE, "reference_case.py"), case]
    if steps is not None:
        cmd += ["--steps", str(steps)]
    if exudyn:
        cmd.append("--exudyn")
    env = dict(os.environ)
    if not exudyn:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (os.path.join(ROOT, "src"), env.get("PYTHONPATH")) if p)
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode or not lines:
        err = (out.stderr.strip().splitlines() or ["no output"])[-1]
        return None, err[:120]
    return json.loads(lines[-1]), None


def _ms(x):
    return "-" if x is None else f"{x * 1e3:.1f}"


def _ratio(x):
    return "-" if x is None else f"{x:.2f}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--exudyn-python", required=True, help="a Python with exudyn 1.13.6")
    p.add_argument("--python", default=sys.executable, help="the Python that runs multibody")
    p.add_argument("--steps", type=int, default=None, help="nSteps of every dynamic case (its default if not given)")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--cases", default="", help="comma list (default: all)")
    p.add_argument("--timeout", type=float, default=300.0)
    p.add_argument("--json", default="")
    args = p.parse_args()
    # the sources byte-compiled, as an installed package has them (as bench/pair.sh): where bytecode
    # writing is off (PYTHONDONTWRITEBYTECODE) each run would compile every module changed since
    # its last compile again, some of them inside the timed solve (1-3 ms)
    subprocess.run([args.python, "-m", "compileall", "-q", os.path.join(ROOT, "src")], check=True,
                   stdout=subprocess.DEVNULL)
    cases = [c for c in args.cases.split(",") if c] or _cases()
    rows = []
    for case in cases:
        times = {"multibody": [], "exudyn": []}
        errors = {}
        steps = args.steps
        for _ in range(args.repeat):
            for lib in ("exudyn", "multibody"):
                python = args.exudyn_python if lib == "exudyn" else args.python
                res, err = _run(python, case, steps, lib == "exudyn", args.timeout)
                if err is not None and "has no nSteps" in err and steps is not None:
                    steps = None           # a static case: its own load steps
                    res, err = _run(python, case, steps, lib == "exudyn", args.timeout)
                if err is not None:
                    errors[lib] = err
                else:
                    times[lib].append(res["solve_s"])
        mb = statistics.median(times["multibody"]) if times["multibody"] else None
        ex = statistics.median(times["exudyn"]) if times["exudyn"] else None
        rows.append(dict(case=case, steps=steps, multibody_s=mb, exudyn_s=ex,
                         r=(mb / ex if mb is not None and ex else None), errors=errors))
        ratio = rows[-1]["r"]
        err = " ".join(f"{k}: {v}" for k, v in errors.items())
        print(f"{case:42s} {_ms(mb):>9s} {_ms(ex):>9s} {_ratio(ratio):>7s} {err}", flush=True)
    print("\n| case | steps | multibody ms | Exudyn ms | r |\n|---|---|---|---|---|")
    for r in sorted(rows, key=lambda r: -(r["r"] or 0)):
        print(f"| {r['case']} | {r['steps'] or 'own'} | {_ms(r['multibody_s'])} | {_ms(r['exudyn_s'])} | "
              f"{_ratio(r['r'])} |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
