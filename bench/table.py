"""Markdown tables from the JSON of ``../shared/bench/run.py --pair --json OUT``.

    python bench/table.py OUT.json [MORE.json ...]           # ratio multibody/Exudyn per model and N
    python bench/table.py OUT.json [MORE.json ...] --times   # also seconds per step and build times

Several files (e.g. small sizes with 1000 steps, large ones with 100) make one table.

A cell is r = multibody / Exudyn seconds per step (median of the repeats), marked with '!' where
the checksums did not agree to the runner's tolerance; '-' where a run was skipped or failed.
"""
import argparse
import json


def main():
    p = argparse.ArgumentParser()
    p.add_argument("json", nargs="+")
    p.add_argument("--times", action="store_true")
    args = p.parse_args()
    data = {"pairs": [], "summaries": []}
    for name in args.json:
        with open(name) as fh:
            d = json.load(fh)
        data["pairs"] += d["pairs"]
        data["summaries"] += d["summaries"]
    pairs = data["pairs"]
    sizes = sorted({q["N"] for q in pairs})
    models = []
    for q in pairs:
        if q["model"] not in models:
            models.append(q["model"])
    cell = {(q["model"], q["N"]): q for q in pairs}

    def fmt(q):
        if q is None or q.get("ratio") is None:
            return "-"
        return f"{q['ratio']:.2f}" + ("" if q.get("checksum_agree") else " !")

    print("| model | " + " | ".join(f"N={n}" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for m in models:
        print(f"| {m} | " + " | ".join(fmt(cell.get((m, n))) for n in sizes) + " |")
    if not args.times:
        return
    build = {}
    for s in data["summaries"]:
        build[(s["impl"], s["model"], s["N"])] = s
    print()
    print("| model | N | Exudyn us/step | multibody us/step | Exudyn build s | multibody build s |")
    print("|---|---|---|---|---|---|")
    for m in models:
        for n in sizes:
            e, b = build.get(("exudyn", m, n)), build.get(("multibody", m, n))
            if not e or not b or e.get("status") != "ok" or b.get("status") != "ok":
                continue
            print(f"| {m} | {n} | {e['s_per_step'] * 1e6:.0f} | {b['s_per_step'] * 1e6:.0f} | "
                  f"{e['build_s']:.3f} | {b['build_s']:.3f} |")


if __name__ == "__main__":
    main()
