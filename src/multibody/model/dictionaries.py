"""GetDictionary / SetDictionary of MainSystem and SystemContainer: a system (its items, user
functions, settings and variables) or a container (its systems, visualization settings and render
state) as a dict, and back, to copy a system or to build it again elsewhere.

The structure and keys are those of Exudyn 1.13.6 (measured). A dict holds the items as
mbs.GetNode/GetObject/... give them, so that dicts made by Exudyn can be set here as well where
they use items that multibody has.
"""
from __future__ import annotations

from ..errors import ExudynValueError, ModelError
from .config import API_VERSION, special

_ITEM_LISTS = (("node", "nodeList"), ("object", "objectList"), ("marker", "markerList"),
               ("load", "loadList"), ("sensor", "sensorList"))
# the keys of dict['userFunctions'] and the MainSystem's own names of the user functions
_USER_FUNCTIONS = (("preStepFunction", "preStep"), ("postStepFunction", "postStep"),
                   ("postNewtonFunction", "postNewton"), ("preNewtonResidualFunction", "preNewtonResidual"),
                   ("systemJacobianFunction", "systemJacobian"))
_SYSTEM_KEYS = ("__version__",) + tuple(key for _, key in _ITEM_LISTS) + (
    "userFunctions", "settings", "variables", "systemVariables")
_CONTAINER_KEYS = ("__version__", "systems", "renderState", "visualizationSettings")


def _user_function_entry(f):
    return {"function": f, "type": "Python"} if callable(f) else 0


def _user_function_value(where, key, entry):
    """A user function given as Exudyn's dict {'function': f, 'type': 'Python'}, as f or 0."""
    if isinstance(entry, dict):
        entry = entry.get("function", 0)
    if entry is None or (not callable(entry) and entry == 0):
        return 0
    if not callable(entry):
        raise TypeError(f"{where}: userFunctions['{key}'] must be a function, a dict "
                        f"{{'function': f, 'type': 'Python'}} or 0; received {entry!r}")
    return entry


def _check_copyable(mbs):
    """ModelError for an object with a user function (not for its visualization), as Exudyn does
    unless exu.special.exceptions.dictionaryNonCopyable is False."""
    if not special.exceptions.dictionaryNonCopyable:
        return
    for rec in mbs._items["object"]:
        for p in rec.spec.params:
            if p.kind == "callable or 0" and callable(rec.values[p.name]):
                raise ModelError(f"GetDictionary (pickle/copy): MainSystem object '{rec.name}' has a user "
                                 "function which cannot be copied! (set exudyn.special.exceptions."
                                 "dictionaryNonCopyable = False to put the function itself into the dict)")


def _check(where, d, keys):
    if not isinstance(d, dict):
        raise TypeError(f"{where}: expected a dict as GetDictionary() returns it; received {type(d).__name__}")
    missing = [k for k in keys if k not in d]
    if missing:
        raise KeyError(f"{where}: the dict has no key(s) {', '.join(map(repr, missing))}")
    version = d["__version__"]
    if version != API_VERSION and special.exceptions.dictionaryVersionMismatch:
        raise ExudynValueError(f"{where}: Exudyn version is {API_VERSION}, but the dict was built with version "
                               f"{version}; exudyn.special.exceptions.dictionaryVersionMismatch = False "
                               "accepts it")


def system_dictionary(mbs):
    """mbs.GetDictionary(): the system's items, user functions, settings and variables.

    Returns
    -------
    dict
        '__version__' (the Exudyn API version, '1.13.6'), 'nodeList', 'objectList', 'markerList',
        'loadList', 'sensorList' (item dicts as mbs.GetNode(...) etc. give them), 'userFunctions'
        (preStepFunction, postStepFunction, postNewtonFunction, preNewtonResidualFunction,
        systemJacobianFunction: 0 or {'function': f, 'type': 'Python'}), 'settings'
        ({'interactiveMode': bool}), 'variables' and 'systemVariables' (mbs.variables and mbs.sys
        themselves, not copies, as in Exudyn). The state (coordinates, solution) is not included.

    Raises
    ------
    ModelError
        An object has a user function (see exu.special.exceptions.dictionaryNonCopyable).
    """
    _check_copyable(mbs)
    d = {"__version__": API_VERSION}
    for family, key in _ITEM_LISTS:
        d[key] = [rec.to_dict() for rec in mbs._items[family]]
    d["userFunctions"] = {key: _user_function_entry(mbs._user_functions[own]) for key, own in _USER_FUNCTIONS}
    d["settings"] = {"interactiveMode": bool(mbs.interactiveMode)}
    d["variables"] = mbs.variables
    d["systemVariables"] = mbs.sys
    return d


def _add_item(mbs, family, item):
    """Add an item dict; its name as it is (also the names of the form 'node3' that Add... refuses
    as given names: a system's default names)."""
    item = dict(item)
    name = item.pop("name", "")
    index = mbs._add(family, item)
    rec = mbs._items[family][int(index)]
    if name and rec.values["name"] != name:
        rec.values["name"] = name
        mbs._names.pop(family, None)


def set_system_dictionary(mbs, systemDict):
    """mbs.SetDictionary(systemDict): replace the system's items, user functions, settings and
    variables by those of a dict of GetDictionary(); the system is then not assembled.

    Raises
    ------
    TypeError
        systemDict is not a dict.
    KeyError
        A key of GetDictionary() is missing.
    ExudynValueError
        The dict is of another version (see exu.special.exceptions.dictionaryVersionMismatch).
    """
    where = "MainSystem.SetDictionary"
    _check(where, systemDict, _SYSTEM_KEYS)
    functions = systemDict["userFunctions"]
    user_functions = {own: _user_function_value(where, key, functions[key]) for key, own in _USER_FUNCTIONS}
    interactive = bool(systemDict["settings"]["interactiveMode"])
    mbs.Reset()
    for family, key in _ITEM_LISTS:
        for item in systemDict[key]:
            _add_item(mbs, family, item)
    mbs._user_functions.update(user_functions)
    mbs.variables = systemDict["variables"]
    mbs.sys = systemDict["systemVariables"]
    mbs.interactiveMode = interactive
    mbs.systemIsConsistent = False


def container_dictionary(SC):
    """SC.GetDictionary(): '__version__', 'systems' (a list of mbs.GetDictionary()),
    'renderState' (SC.renderer.GetState(): there is no render window here, so it is {} where Exudyn
    has its window's state) and 'visualizationSettings' (SC.visualizationSettings.GetDictionary())."""
    return {"__version__": API_VERSION,
            "systems": [system_dictionary(mbs) for mbs in SC._systems],
            "renderState": SC.renderer.GetState(),
            "visualizationSettings": SC.visualizationSettings.GetDictionary()}


def set_container_dictionary(SC, containerDict):
    """SC.SetDictionary(containerDict): the container's systems are replaced by new ones made from
    containerDict['systems']; the visualization settings and the render state are set."""
    where = "SystemContainer.SetDictionary"
    _check(where, containerDict, _CONTAINER_KEYS)
    for systemDict in containerDict["systems"]:
        _check(where, systemDict, _SYSTEM_KEYS)
    SC.Reset()
    for systemDict in containerDict["systems"]:
        set_system_dictionary(SC.AddSystem(), systemDict)
    SC.visualizationSettings.SetDictionary(containerDict["visualizationSettings"])
    SC.renderer.SetState(containerDict["renderState"])
