"""Transcribe the item tables of the specification into ItemSpec declarations.

Used once to write src/multibody/items/<family>.py from ../shared/spec/*.md;
the written modules are ordinary source from then on (edited by hand, not
regenerated at import). Run again only to compare with a changed spec:

    python tools/transcribe_items.py ../shared/spec OUTDIR
"""
import os
import re
import sys

FILES = {"nodes.md": "nodes", "bodies.md": "bodies", "markers.md": "markers",
         "connectors.md": "connectors", "constraints.md": "constraints", "joints.md": "joints",
         "loads-sensors.md": None}
FAMILY_OF_KEY = {"nodeType": "node", "objectType": "object", "markerType": "marker",
                 "loadType": "load", "sensorType": "sensor"}

CLASS_RE = re.compile(r"^- Python class `(\w+)`, (?:short name\(s\) (.+?)|no short name); dict key `(\w+)` = `'([^']*)'`")


def default_expr(text, kind):
    t = text.strip().strip("`").strip()
    if t in ("InvalidIndex()",):
        return "-1"
    if re.fullmatch(r"\[\s*InvalidIndex\(\)(\s*,\s*InvalidIndex\(\))*\s*\]", t):
        return "[" + ", ".join(["-1"] * t.count("InvalidIndex")) + "]"
    if t == "identity 3x3":
        return "np.eye(3)"
    m = re.fullmatch(r"zeros (\d+)x(\d+)", t)
    if m:
        return f"np.zeros(({m.group(1)}, {m.group(2)}))"
    if t == "[]" and kind in ("NumpyMatrix", "NumpyMatrixI"):
        return "np.zeros((0, 0))"
    if t == "[]" and kind == "NumpyVector":
        return "np.zeros(0)"
    if kind == "OutputVariableType":
        return "OutputVariableType._None"
    if kind in ("Real", "UReal", "PReal", "float") and re.fullmatch(r"-?\d+", t):
        return t + ".0"
    t = re.sub(r"(\d)\.(?=[,\]\s]|$)", r"\1.0", t)
    return t


def kind_of(text):
    t = text.strip()
    if t.startswith("array_like (4x4)"):
        return "HTOrNone"
    return t


def parse_table(lines, i):
    rows = []
    while i < len(lines) and lines[i].startswith("|"):
        cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
        if cells and cells[0].startswith("`"):
            rows.append(cells)
        i += 1
    return rows, i


def parse_outputs(spec_dir):
    out = {}
    text = open(os.path.join(spec_dir, "output-variables.md")).read()
    for m in re.finditer(r"^\| `(\w+)(?:\((\w+)\))?` \| (.+) \|$", text, re.M):
        names = re.findall(r"`(\w+)`", m.group(3))
        out.setdefault(m.group(1), [])
        for n in names:
            if n not in out[m.group(1)]:
                out[m.group(1)].append(n)
    return out


def parse_file(path, outputs):
    lines = open(path).read().splitlines()
    specs = []
    cur = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = CLASS_RE.match(line)
        if m:
            cls, shorts, key, tname = m.groups()
            aliases = re.findall(r"`(\w+)`", shorts or "")
            cur = dict(class_name=cls, aliases=aliases, family=FAMILY_OF_KEY[key], type_name=tname,
                       params=[], vparams=[], legacy={}, flags=[], requested=[], doc="")
            specs.append(cur)
            i += 1
            continue
        if cur is not None:
            if re.match(r"^- (Node|Object|Marker) type flags", line):
                flagpart = line.split(":", 1)[1]
                cur["flags"] = re.findall(r"`(\w+)`", flagpart.split(";")[0])
            elif line.startswith("- Requested marker types per marker"):
                parts = re.findall(r"m\d: ([^;]+)", line)
                cur["requested"] = [tuple(re.findall(r"`(\w+)`", p)) for p in parts]
            elif line.startswith("| Parameter |"):
                rows, i = parse_table(lines, i)
                for cells in rows:
                    name = cells[0].strip("`")
                    if name == "name":
                        continue
                    kind = kind_of(cells[1])
                    cur["params"].append((name, kind, default_expr(cells[2], kind), cells[3]))
                continue
            elif line.startswith("| V-parameter |"):
                rows, i = parse_table(lines, i)
                for cells in rows:
                    name = cells[0].strip("`")
                    kind = kind_of(cells[1])
                    cur["vparams"].append((name, kind, default_expr(cells[2], kind), cells[3]))
                continue
            elif line.startswith("Deprecated aliases"):
                for old, new in re.findall(r"`(\w+)` -> `(\w+)`", line):
                    cur["legacy"].setdefault(new, []).append(old)
        i += 1
    for s in specs:
        s["outputs"] = outputs.get(s["class_name"], [])
    return specs


def emit(module, specs):
    const = []
    out = [f'"""{module.capitalize()}: item declarations (transcribed from the specification, spec/*.md)."""',
           "import numpy as np", "", "from ..enums import OutputVariableType  # noqa: F401",
           "from .spec import ItemSpec, Param, declare", ""]
    for s in specs:
        var = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", s["class_name"]).upper()
        const.append(var)
        out.append(f"{var} = ItemSpec(")
        out.append(f"    type_name={s['type_name']!r}, family={s['family']!r}, class_name={s['class_name']!r},")
        out.append(f"    aliases={tuple(s['aliases'])!r},")
        out.append(f"    flags={tuple(s['flags'])!r},")
        if s["requested"]:
            out.append(f"    requested_markers={tuple(s['requested'])!r},")
        out.append(f"    outputs={tuple(s['outputs'])!r},")
        out.append("    params=(")
        for name, kind, dflt, doc in s["params"]:
            leg = s["legacy"].get(name)
            legs = f", legacy={tuple(leg)!r}" if leg else ""
            out.append(f"        Param({name!r}, {kind!r}, {dflt},")
            out.append(f"              {doc!r}{legs}),")
        out.append("    ),")
        out.append("    vparams=(")
        for name, kind, dflt, doc in s["vparams"]:
            out.append(f"        Param({name!r}, {kind!r}, {dflt}, {doc!r}),")
        out.append("    ),")
        out.append(")")
        out.append("")
    out.append("declare(" + ", ".join(const) + ")")
    out.append("")
    return "\n".join(out)


def main(spec_dir, out_dir):
    outputs = parse_outputs(spec_dir)
    for fname, module in FILES.items():
        specs = parse_file(os.path.join(spec_dir, fname), outputs)
        if module is None:
            groups = {"loads": [s for s in specs if s["family"] == "load"],
                      "sensors": [s for s in specs if s["family"] == "sensor"]}
        else:
            groups = {module: specs}
        for mod, ss in groups.items():
            with open(os.path.join(out_dir, mod + ".py"), "w") as f:
                f.write(emit(mod, ss))
            print(mod, len(ss), "items")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
