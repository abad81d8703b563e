"""Compare multibody's public API with Exudyn 1.13.6's (tests/reference/api_surface.json, written by
tools/api_surface.py): which names of Exudyn's surface are missing here, and which callables take
other arguments or defaults. Used by test_surface.py and by tools (``python -m tests.api.surface``
prints the list)."""
from __future__ import annotations

import ast
import importlib
import json
import os
import re

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "..", "reference", "api_surface.json")


def reference():
    with open(REFERENCE) as f:
        return json.load(f)


def _load_tool():
    """tools/api_surface.py (its signature reader serves both sides)."""
    import importlib.util
    path = os.path.join(HERE, "..", "..", "tools", "api_surface.py")
    spec = importlib.util.spec_from_file_location("api_surface_tool", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_TOOL = _load_tool()


def signature(obj):
    """[[arg, default repr or None], ...] of a callable here, or None."""
    return _TOOL.signature(obj, getattr(obj, "__name__", ""))


def _value(text):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text


_PYBIND_ENUM = re.compile(r"<(\w+)\.(\w+): (-?\d+)>")


def _canonical(text):
    """A default's repr as a value: pybind's '<ConfigurationType.Current: 2>' as
    'ConfigurationType.Current', an enum name of ours as its value where the other side is a
    number."""
    if isinstance(text, str):
        m = _PYBIND_ENUM.fullmatch(text)
        if m:
            return f"{m.group(1)}.{m.group(2)}"
    return text


def _enum_number(text):
    """The value of 'EnumType.Name' (multibody's enums), or None."""
    import multibody
    if isinstance(text, str) and re.fullmatch(r"\w+\.\w+", text):
        cls_name, member = text.split(".")
        cls = getattr(multibody, cls_name, None)
        if cls is not None and hasattr(cls, "__members__") and member in cls.__members__:
            return int(cls.__members__[member])
    return None


def same_default(a, b):
    """Two defaults' reprs the same value (1 and 1.0, a list and a list of the same numbers, an
    enum member and its number)."""
    a, b = _canonical(a), _canonical(b)
    if a == b:
        return True
    for x, y in ((a, b), (b, a)):
        number = _enum_number(x)
        if number is not None and isinstance(_value(y), int) and not isinstance(_value(y), bool):
            return number == _value(y)
    va, vb = _value(a) if isinstance(a, str) else a, _value(b) if isinstance(b, str) else b
    if isinstance(va, str) or isinstance(vb, str):
        return va == vb
    try:
        return bool(np.array_equal(np.asarray(va, dtype=object), np.asarray(vb, dtype=object))) or va == vb
    except Exception:       # noqa: BLE001 - not comparable: different
        return False


def _module(name):
    import multibody
    if name == "exudyn":
        return multibody
    if name == "exudyn.config":
        return multibody.config
    try:
        return importlib.import_module("multibody" + name[len("exudyn"):])
    except ImportError:
        return None


def _strip_bound(args):
    """Without a leading 'mbs' or 'self' (a Python function attached to a class as a method)."""
    return args[1:] if args and args[0][0] in ("mbs", "self") else args


def _same_names(ours, theirs):
    """The argument names the same (pybind's unnamed positional 'arg0', 'arg1' match any name)."""
    return len(ours) == len(theirs) and all(b == a or re.fullmatch(r"arg\d+", b) for a, b in zip(ours, theirs))


def _compare_signature(key, ours, theirs, problems):
    if theirs is None or ours is None:
        return
    ours, theirs = _strip_bound(ours), _strip_bound(theirs)
    if not _same_names([a for a, _ in ours], [a for a, _ in theirs]):
        problems.append(("arguments", key, [a for a, _ in theirs], [a for a, _ in ours]))
        return
    for (arg, d_ours), (_, d_theirs) in zip(ours, theirs):
        if not same_default(d_ours, d_theirs):
            problems.append(("default", f"{key}({arg})", d_theirs, d_ours))


def problems():
    """[(kind, key, ...)]: kind 'missing' (a name, a module 'exudyn.x:*'), 'arguments' (Exudyn's
    argument names, ours), 'default' (Exudyn's default, ours)."""
    ref = reference()
    out = []
    for modname, names in ref["modules"].items():
        mod = _module(modname)
        if mod is None:
            out.append(("missing", modname + ":*"))
            continue
        for name, entry in names.items():
            if name == "__import_error__":
                continue
            key = f"{modname}:{name}"
            if not hasattr(mod, name):
                out.append(("missing", key))
                continue
            if entry["kind"] in ("function", "class"):
                _compare_signature(key, signature(getattr(mod, name)), entry.get("signature"), out)
    import multibody
    instances = _instances()
    for cls_name, members in ref["classes"].items():
        cls = getattr(multibody, cls_name, None)
        if cls is None:
            out.append(("missing", f"exudyn:{cls_name}.*"))
            continue
        for member, entry in members.items():
            key = f"exudyn:{cls_name}.{member}"
            owner = instances.get(cls_name, cls) if entry["kind"] == "attribute" else cls
            if not hasattr(owner, member):
                out.append(("missing", key))
            elif entry["kind"] == "method":
                _compare_signature(key, signature(getattr(cls, member)), entry.get("signature"), out)
    return out


def _instances():
    """Objects of the classes whose attributes Exudyn has as properties and we per object."""
    import multibody
    SC = multibody.SystemContainer()
    mbs = SC.AddSystem()
    return {"SystemContainer": SC, "MainSystem": mbs, "SystemData": mbs.systemData}


def in_scope(key, out_of_scope):
    return not any(re.fullmatch(pattern, key) for pattern in out_of_scope)


if __name__ == "__main__":
    from tests.api.surface_scope import OUT_OF_SCOPE
    for p in problems():
        if in_scope(p[1], OUT_OF_SCOPE):
            print(*p)
