"""What a system offers and how it is numbered: mbs.GetAvailableFactoryItems(),
mbs.systemData.InfoLTG() and mbs.systemData.AddODE2LoadDependencies(...)."""
from __future__ import annotations

import weakref

import numpy as np

from ..errors import ExudynIndexError
from ..indices import _ItemIndex
from ..items.spec import REGISTRY
from .config import Print

_FACTORY_KEYS = (("node", "Node"), ("object", "Object"), ("marker", "Marker"), ("load", "Load"),
                 ("sensor", "Sensor"))
# the ODE2 load dependencies of each assembled system: CompiledSystem -> {load number: [ODE2 indices]};
# a new Assemble() makes a new CompiledSystem and so starts without dependencies, as in Exudyn
_LOAD_DEPENDENCIES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def available_factory_items():
    """mbs.GetAvailableFactoryItems(): the item classes that can be added, by family.

    Returns
    -------
    dict
        'Node', 'Object', 'Marker', 'Load', 'Sensor': sorted lists of class names ('NodePoint',
        'ObjectMassPoint', ...). These are the item types of multibody: Exudyn's items outside its
        scope (finite elements, beams other than ANCF cables, contact, kinematic trees) are not
        in the lists.
    """
    names = {key: [] for _, key in _FACTORY_KEYS}
    family_key = dict(_FACTORY_KEYS)
    for (family, _), spec in REGISTRY.specs.items():
        names[family_key[family]].append(spec.class_name)
    return {key: sorted(names[key]) for _, key in _FACTORY_KEYS}


def _ltg_text(indices):
    return "[" + ",".join(str(int(i)) for i in indices) + "]"


def info_ltg(mbs):
    """mbs.systemData.InfoLTG(): print the local-to-global coordinate lists (LTG) of the objects of
    the assembled system (ODE2, ODE1, AE, data, each for all objects) and the ODE2 dependencies of
    the loads, where AddODE2LoadDependencies gave some; prints nothing before Assemble()."""
    c = mbs._compiled
    if c is None:
        return
    sd = mbs.systemData
    n = len(c.object_ltg_ode2)
    lines = [f"object {i} ODE2 LTG={_ltg_text(sd.GetObjectLTGODE2(i))}" for i in range(n)]
    lines += [f"object {i} ODE1 LTG={_ltg_text(sd.GetObjectLTGODE1(i))}" for i in range(n)]
    lines += [f"object {i} AE LTG  ={_ltg_text(sd.GetObjectLTGAE(i))}" for i in range(n)]
    lines += [f"object {i} Data LTG={_ltg_text(sd.GetObjectLTGData(i))}" for i in range(n)]
    dependencies = _LOAD_DEPENDENCIES.get(c)
    if dependencies:
        lines += [f"load {i} ODE2 dependencies={_ltg_text(dependencies.get(i, []))}"
                  for i in range(len(c.items["load"]))]
    Print("\n".join(lines))


def _coordinate_list(values):
    if isinstance(values, np.ndarray) and values.dtype.kind in "iu" and values.ndim == 1:
        return [int(v) for v in values]
    if not isinstance(values, (list, tuple)) or not all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values):
        raise TypeError("AddODE2LoadDependencies: globalODE2coordinates must be a list or numpy array of "
                        f"integers (global ODE2 coordinate indices); received {values!r}")
    return [int(v) for v in values]


def add_ode2_load_dependencies(mbs, loadNumber, globalODE2coordinates):
    """mbs.systemData.AddODE2LoadDependencies(loadNumber, globalODE2coordinates): record that a load
    depends on these global ODE2 coordinates (appended to those given before, until the next
    Assemble()); InfoLTG lists them.

    Exudyn's implicit and static solvers add these dependencies to the load Jacobian where
    computeLoadsJacobian is set; multibody's solvers do not compute a load Jacobian, so the
    dependencies are recorded and listed but change no result.

    Raises
    ------
    TypeError
        The coordinates are not integers.
    ExudynIndexError
        A coordinate is not an ODE2 index of the assembled system (none before Assemble), or the
        load does not exist.
    """
    coordinates = _coordinate_list(globalODE2coordinates)
    c = mbs._compiled
    n_ode2 = int(c.n_ode2) if c is not None else 0
    for k, index in enumerate(coordinates):
        if not 0 <= index < n_ode2:
            raise ExudynIndexError(f"AddODE2LoadDependencies: coordinate index {k} is {index} which is not in "
                                   f"valid range [0,{n_ode2}]")
    if isinstance(loadNumber, bool) or not isinstance(loadNumber, (int, np.integer, _ItemIndex)):
        raise TypeError(f"AddODE2LoadDependencies: loadNumber must be an int or LoadIndex; received {loadNumber!r}")
    if c is None:
        return
    load = int(loadNumber)
    if not 0 <= load < len(c.items["load"]):
        raise ExudynIndexError(f"AddODE2LoadDependencies: invalid load number {load} (the system has "
                               f"{len(c.items['load'])} loads)")
    _LOAD_DEPENDENCIES.setdefault(c, {}).setdefault(load, []).extend(coordinates)


def load_ode2_dependencies(mbs):
    """{load number: [global ODE2 indices]} given by AddODE2LoadDependencies since the last Assemble()."""
    c = mbs._compiled
    return {} if c is None else {k: list(v) for k, v in _LOAD_DEPENDENCIES.get(c, {}).items()}
