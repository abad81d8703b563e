"""Record the defaults of Exudyn's settings objects in tests/reference/settings_defaults.json.

Run with an interpreter that has Exudyn 1.13.6 installed, for example::

    /tmp/exu/exuenv/bin/python tools/make_settings_reference.py

Exudyn is used only through its public API, as a numerical oracle:
``SimulationSettings().GetDictionaryWithTypeInfo()``,
``VisualizationSettings().GetDictionaryWithTypeInfo()``, the ``GetDictionary()`` of each
settings class constructed on its own, and the deprecated attribute names that ``dir()``
lists beyond the dictionary keys (read once each, with the warnings silenced).

The JSON holds, per root structure, one entry per field path (``value``, ``type``,
``size``), the deprecated paths with the value they read, and the standalone defaults of
every structure class. Enum values are written as ``{"enum": <type>, "name": <member>}``.
The test suite (tests/model/test_settings.py) reads the file and never imports Exudyn.
"""
import json
import pathlib
import sys
import warnings

import exudyn as exu

OUTPUT = pathlib.Path(__file__).resolve().parents[1] / "tests" / "reference" / "settings_defaults.json"
METHODS = {"GetDictionary", "SetDictionary", "GetDictionaryWithTypeInfo"}


def to_json(value):
    """JSON form of a settings value (enums as {"enum", "name"})."""
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if hasattr(value, "name") and type(value).__module__.startswith("exudyn"):
        return {"enum": type(value).__name__, "name": value.name}
    raise TypeError(f"no JSON form for {value!r} of type {type(value)}")


def flatten_type_info(info, prefix=""):
    """{path: {value, type, size}} from GetDictionaryWithTypeInfo()."""
    result = {}
    for key, entry in info.items():
        if key == "structureDescription":
            continue
        if "type" in entry and "value" in entry:
            result[prefix + key] = {"value": to_json(entry["value"]), "type": entry["type"],
                                    "size": list(entry["size"])}
        else:
            result.update(flatten_type_info(entry, prefix + key + "."))
    return result


def flatten(dictionary, prefix=""):
    result = {}
    for key, value in dictionary.items():
        if isinstance(value, dict):
            result.update(flatten(value, prefix + key + "."))
        else:
            result[prefix + key] = to_json(value)
    return result


def structure_classes(obj, path, found):
    """Map class name -> list of paths where it occurs, walking the settings tree."""
    found.setdefault(type(obj).__name__, []).append(path)
    for key, value in obj.GetDictionary().items():
        if isinstance(value, dict):
            structure_classes(getattr(obj, key), f"{path}.{key}" if path else key, found)
    return found


def legacy_names(obj, prefix, result):
    """Deprecated attributes: those dir() lists beyond the dictionary keys, with their value."""
    keys = obj.GetDictionary()
    for name in dir(obj):
        if name.startswith("_") or name in METHODS or name in keys:
            continue
        value = getattr(obj, name)
        if callable(value) and not hasattr(value, "GetDictionary") and value is not None:
            continue
        if "Settings" in type(value).__name__ and type(value).__module__.startswith("exudyn"):
            # a deprecated group such as solutionSettings: read its members
            for member in dir(value):
                if member.startswith("_") or member in METHODS:
                    continue
                try:
                    result[f"{prefix}{name}.{member}"] = to_json(getattr(value, member))
                except Exception as error:  # recorded, e.g. a standalone group that cannot forward
                    result[f"{prefix}{name}.{member}"] = {"error": type(error).__name__}
        else:
            result[prefix + name] = to_json(value)
    for key, value in keys.items():
        if isinstance(value, dict):
            legacy_names(getattr(obj, key), f"{prefix}{key}.", result)
    return result


def main():
    warnings.simplefilter("ignore", DeprecationWarning)
    roots = {"SimulationSettings": exu.SimulationSettings(),
             "VisualizationSettings": exu.VisualizationSettings()}
    reference = {
        "exudyn_version": exu.__version__,
        "generated_by": "tools/make_settings_reference.py",
        "note": "defaults of Exudyn's settings objects; enum values as {enum, name}",
    }
    classes = {}
    for name, root in roots.items():
        reference[name] = flatten_type_info(root.GetDictionaryWithTypeInfo())
        reference[name + "Legacy"] = legacy_names(root, "", {})
        for class_name, paths in structure_classes(root, "", {}).items():
            classes.setdefault(class_name, {"paths": []})["paths"].extend(paths)
    for class_name, entry in classes.items():
        entry["defaults"] = flatten(getattr(exu, class_name)().GetDictionary())
    reference["structures"] = dict(sorted(classes.items()))
    OUTPUT.write_text(json.dumps(reference, indent=1) + "\n")
    print(f"wrote {OUTPUT} (Exudyn {exu.__version__}, "
          f"{sum(len(reference[n]) for n in roots)} fields)", file=sys.stderr)


if __name__ == "__main__":
    main()
