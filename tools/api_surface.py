"""Write Exudyn 1.13.6's public API surface to tests/reference/api_surface.json.

    pip install exudyn==1.13.6        # (the dev extra)
    python tools/api_surface.py

Walks the names a script can reach: the `exudyn` module, `exudyn.config` and the other objects it
holds, the Python modules of the package that scripts import (`utilities`, `itemInterface`,
`graphics`, ...), the classes they define (with their public members), the methods of
`MainSystem`, `SystemContainer`, `SystemData` and the solver objects (the `mbs.Create...` functions
and the other Python extensions included), the enums with their values, and the settings trees.
For every callable it records the argument names and defaults where Python can read them
(`inspect.signature`, or the first line of a pybind11 docstring). Exudyn is used only through
its public API: names, signatures and values, no source.

The file is the reference of tests/api/test_surface.py, which checks multibody against it.
"""
from __future__ import annotations

import enum
import importlib
import inspect
import json
import os
import re
import sys

MODULES = ("utilities", "itemInterface", "graphics", "graphicsDataUtilities", "rigidBodyUtilities", "basicUtilities",
           "advancedUtilities", "lieGroupBasics", "lieGroupIntegration", "physics", "interactive", "plot",
           "processing", "solver", "signalProcessing", "robotics", "FEM", "beams", "kinematicTree", "machines",
           "artificialIntelligence", "misc", "particles", "shells", "demos")
CLASSES_WITH_METHODS = ("MainSystem", "SystemContainer", "SystemData", "MatrixContainer", "Vector2DList",
                        "Vector3DList", "Vector6DList", "Matrix3DList", "Matrix6DList", "MainSolverImplicitSecondOrder",
                        "MainSolverStatic", "MainSolverExplicit", "SolverConvergenceData", "SolverIterationData",
                        "SolverOutputData", "SolverFileData", "SolverLocalData", "CSolverTimer", "NodeIndex",
                        "ObjectIndex", "MarkerIndex", "LoadIndex", "SensorIndex", "SymbolicReal")
OUT = os.path.join(os.path.dirname(__file__), "..", "tests", "reference", "api_surface.json")


def _split_args(text):
    """Split a pybind argument list at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _pybind_signature(obj, name):
    """[[arg, default or None], ...] from the first signature line of a pybind11 docstring."""
    doc = getattr(obj, "__doc__", None) or ""
    m = re.search(r"^\s*(?:\d+\.\s*)?" + re.escape(name) + r"\((.*)\)\s*->", doc, re.M)
    if m is None:
        return None
    out = []
    for part in _split_args(m.group(1)):
        if part in ("*args", "**kwargs"):
            out.append([part, None])
            continue
        arg, _, default = part.partition("=")
        argname = arg.split(":")[0].strip()
        if argname == "self":
            continue
        out.append([argname, default.strip() if default else None])
    return out


def _default_repr(value):
    if value is inspect.Parameter.empty:
        return None
    if isinstance(value, enum.Enum) or type(value).__name__ in ("ItemType", "NodeType") or hasattr(value, "name") \
            and hasattr(type(value), "__members__"):
        return f"{type(value).__name__}.{getattr(value, 'name', value)}"
    if callable(value) and not isinstance(value, type):
        return f"<function {getattr(value, '__name__', '?')}>"
    try:
        json.dumps(value)
        return repr(value)
    except TypeError:
        return repr(value) if len(repr(value)) < 200 else f"<{type(value).__name__}>"


def signature(obj, name):
    """[[arg, default], ...] (default None: required), or None where it cannot be read."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return _pybind_signature(obj, name)
    out = []
    for p in sig.parameters.values():
        if p.name == "self":
            continue
        if p.kind == p.VAR_POSITIONAL:
            out.append(["*" + p.name, None])
        elif p.kind == p.VAR_KEYWORD:
            out.append(["**" + p.name, None])
        else:
            out.append([p.name, _default_repr(p.default)])
    return out


def _enum_value(v):
    for convert in (int, str):
        try:
            return convert(v.value if hasattr(v, "value") else v)
        except (TypeError, ValueError):
            continue
    return repr(v)


def describe(value, name, module_name):
    """The entry of one name."""
    if inspect.ismodule(value):
        return {"kind": "module", "target": value.__name__}
    origin = getattr(value, "__module__", None) or ""
    if isinstance(value, type):
        entry = {"kind": "class", "module": origin}
        if hasattr(value, "__members__") and not issubclass(value, dict):      # enums (pybind and Python)
            entry["kind"] = "enum"
            entry["members"] = {k: _enum_value(v) for k, v in value.__members__.items()}
            return entry
        entry["signature"] = signature(value, name)
        entry["members"] = sorted(k for k in dir(value) if not k.startswith("_"))
        return entry
    if callable(value):
        return {"kind": "function", "module": origin, "signature": signature(value, name)}
    try:
        json.dumps(value)
        return {"kind": "value", "value": value}
    except TypeError:
        return {"kind": "object", "type": type(value).__name__,
                "members": sorted(k for k in dir(value) if not k.startswith("_"))}


def module_surface(mod):
    names = getattr(mod, "__all__", None) or [k for k in dir(mod) if not k.startswith("_")]
    return {k: describe(getattr(mod, k), k, mod.__name__) for k in sorted(names) if hasattr(mod, k)}


def class_methods(cls):
    out = {}
    for k in sorted(dir(cls)):
        if k.startswith("_"):
            continue
        try:
            v = getattr(cls, k)
        except Exception:       # noqa: BLE001 - properties of pybind classes
            out[k] = {"kind": "attribute"}
            continue
        out[k] = {"kind": "method", "signature": signature(v, k)} if callable(v) else {"kind": "attribute"}
    return out


def settings_tree(obj, prefix=""):
    names = []
    for k in sorted(dir(obj)):
        if k.startswith("_"):
            continue
        v = getattr(obj, k)
        if callable(v):
            continue
        if type(v).__module__.startswith("exudyn") and not isinstance(v, (int, float, str, bool, list)) \
                and not hasattr(type(v), "__members__"):
            names += settings_tree(v, prefix + k + ".")
        else:
            names.append(prefix + k)
    return names


def main():
    import exudyn as exu
    surface = {"version": exu.GetVersionString(), "modules": {}, "classes": {}, "settings": {}}
    surface["modules"]["exudyn"] = module_surface(exu)
    surface["modules"]["exudyn.config"] = {k: describe(getattr(exu.config, k), k, "exudyn")
                                           for k in dir(exu.config) if not k.startswith("_")}
    for name in MODULES:
        try:
            mod = importlib.import_module("exudyn." + name)
        except Exception as exc:    # noqa: BLE001 - a module that needs what is not installed
            surface["modules"]["exudyn." + name] = {"__import_error__": {"kind": "error", "error": repr(exc)}}
            continue
        surface["modules"]["exudyn." + name] = module_surface(mod)
    for name in CLASSES_WITH_METHODS:
        cls = getattr(exu, name, None)
        if cls is None:
            cls = getattr(getattr(exu, "symbolic", None), "Real", None) if name == "SymbolicReal" else None
        if cls is not None:
            surface["classes"][name] = class_methods(cls)
    surface["settings"]["SimulationSettings"] = settings_tree(exu.SimulationSettings())
    surface["settings"]["VisualizationSettings"] = settings_tree(exu.VisualizationSettings())
    with open(OUT, "w") as f:
        json.dump(surface, f, indent=1, sort_keys=True)
    counts = {k: len(v) for k, v in surface["modules"].items()}
    print(f"written {os.path.normpath(OUT)}: {sum(counts.values())} module names, "
          f"{sum(len(v) for v in surface['classes'].values())} class members", file=sys.stderr)


if __name__ == "__main__":
    main()
