"""SystemContainer, MainSystem and SystemData: what the user builds.

A MainSystem keeps one list of item records per family (node, object,
marker, load, sensor). A record is the item's spec and its validated
parameter values; ``Assemble()`` turns the lists into a ``CompiledSystem``
(assembly layer), which holds the coordinate numbering, the item groups and
the state vectors of every configuration.
"""
from __future__ import annotations

import copy
import re
import warnings

import numpy as np

from .. import items as _items  # noqa: F401  (registers every item spec)
from .system_data import SystemData
from ..enums import ConfigurationType
from ..errors import ExudynValueError, ExudynIndexError, ItemParameterError, ModelError, OutOfScopeError
from ..indices import INDEX_TYPES, _ItemIndex
from ..items.frames import resolved_values
from ..items.spec import (FAMILY_TYPE_KEY, REGISTRY, Item, check_placeholders, default_value, describe_item,
                          user_function_report, validate, warn_legacy)

FAMILIES = ("node", "object", "marker", "load", "sensor")
_CONTACT = "contact (general contact, contact objects, penalty rolling discs) is outside multibody's scope"
# Exudyn 1.13's MainSystem methods that multibody does not have, with the reason
OUT_OF_SCOPE_METHODS = {
    **dict.fromkeys(("AddGeneralContact", "GetGeneralContact", "DeleteGeneralContact", "NumberOfGeneralContacts",
                     "CreateSphereQuadContact", "CreateSphereSphereContact", "CreateSphereTriangleContact",
                     "CreateRollingDiscPenalty", "CreateDistanceSensor", "CreateDistanceSensorGeometry"), _CONTACT),
    "CreateFFRFReducedOrderObject": "finite elements and FFRF are outside multibody's scope",
    "GetObjectOutputSuperElement": "finite elements and FFRF are outside multibody's scope",
    "CreateKinematicTree": "kinematic trees are outside multibody's scope",
    **dict.fromkeys(("ComputeItem", "Inspect"),
                    "per-item evaluation of Exudyn's C++ item classes is not part of multibody, which evaluates "
                    "items per group (use GetObjectOutput and friends, or mbs.systemData's LTG and coordinates)"),
}
_DEFAULT_NAME = {f: re.compile(rf"^{f}[0-9]") for f in FAMILIES}
CFG = ConfigurationType


class ItemRecord:
    """One item of a system: its spec, parameter values and visualization values."""
    __slots__ = ("spec", "values", "vvalues")

    def __init__(self, spec, values, vvalues):
        self.spec, self.values, self.vvalues = spec, values, vvalues

    @property
    def name(self):
        return self.values["name"]

    def to_dict(self):
        d = {self.spec.type_key: self.spec.type_name, "name": self.values["name"]}
        values = resolved_values(self.spec, self.values)
        for p in self.spec.params:
            d[p.name] = _copy(user_function_report(p, values[p.name]))
        for p in self.spec.vparams:
            d["V" + p.name] = _copy(user_function_report(p, self.vvalues[p.name]))
        return d


def _copy(v):
    if isinstance(v, np.ndarray):
        return v.copy()
    if isinstance(v, list):
        return list(v)
    return v


_VDEFAULTS: dict = {}


def _default_vvalues(spec):
    """Fresh copies of an item type's visualization defaults (default_value's): a copy of a table
    made once per item type, its lists and arrays copied for each item (0.5-2.2 of the 0.6-3.6 us
    it took; colors were converted to single precision again for each item)."""
    got = _VDEFAULTS.get(id(spec))
    if got is None or got[0] is not spec:
        table = {p.name: default_value(p) for p in spec.vparams}
        mutable = [(name, v) for name, v in table.items() if isinstance(v, (list, np.ndarray))]
        got = _VDEFAULTS[id(spec)] = (spec, table, mutable)
    values = dict(got[1])
    for name, v in got[2]:
        values[name] = _copy(v)
    return values


def _item_to_dict(family, item):
    if isinstance(item, Item):
        if item._spec.family != family:
            raise TypeError(f"Add{family.capitalize()}: expected a {family} item, "
                            f"received {item._spec.class_name}")
        return dict(item)
    if isinstance(item, dict):
        return dict(item)
    raise TypeError(f"Add{family.capitalize()}: expected an item class instance or a dict, "
                    f"received {type(item).__name__}")


def _same_value(old, new):
    """True if a parameter's validated value ``new`` is the one it has, ``old``: the same function
    or object, or numbers of the same types and shapes equal to the last bit (the sign of a zero
    included; NaN never)."""
    if old is new:
        return True
    if callable(old) or callable(new):
        return False
    if type(old) is not type(new):
        return False
    if isinstance(old, (bool, int, str)):
        return old == new
    if isinstance(old, float):
        return old == new and (old != 0.0 or str(old) == str(new))
    if isinstance(old, (list, tuple, np.ndarray)):
        try:
            a, b = np.asarray(old), np.asarray(new)
        except (TypeError, ValueError):
            return False
        if a.dtype != b.dtype or a.shape != b.shape or a.dtype.kind not in "biuf":
            return False
        return bool(np.array_equal(a, b)) and bool(np.array_equal(np.signbit(a), np.signbit(b)))
    return False


class MainSystem:
    """A multibody system: items, assembly, solvers, outputs (Exudyn's MainSystem)."""

    def __init__(self, container=None):
        self._container = container
        self._items = {f: [] for f in FAMILIES}
        self._names = {}                  # family -> {name: index}, rebuilt after deletes/renames
        self.variables = {}
        self.sys = {}
        self.systemIsConsistent = False
        self.interactiveMode = False
        self.solverSignalJacobianUpdate = False
        self._compiled = None
        self._reference = None            # (items version, assembled copy) for Reference outputs
        self._version = 0                 # counts changes of the items
        self._user_functions = {"preStep": 0, "postStep": 0, "postNewton": 0,
                                "preNewtonResidual": 0, "systemJacobian": 0}
        self.systemData = SystemData(self)

    def __getattr__(self, name):
        # called only for names that are not attributes: Exudyn's methods outside the scope say why
        reason = OUT_OF_SCOPE_METHODS.get(name)
        if reason is None:
            raise AttributeError(f"'MainSystem' object has no attribute '{name}'")
        raise OutOfScopeError(f"MainSystem.{name}: {reason}")

    def __copy__(self):
        """``copy.copy(mbs)``: a new system with copies of the items (parameter values copied,
        user functions shared), its variables, sys dictionary and system user functions, not
        assembled, in the same container (as Exudyn's copy: changes of one do not reach the other)."""
        new = MainSystem(self._container)
        new._items = {f: [ItemRecord(r.spec, copy.deepcopy(r.values), copy.deepcopy(r.vvalues)) for r in lst]
                      for f, lst in self._items.items()}
        new.variables, new.sys = dict(self.variables), dict(self.sys)
        new._user_functions = dict(self._user_functions)
        new.interactiveMode = self.interactiveMode
        return new

    # ------------------------------------------------------------ adding items
    def _add(self, family, item):
        if isinstance(item, Item) and item._spec.family == family:
            return self._add_instance(family, item)
        d = _item_to_dict(family, item)
        type_key = FAMILY_TYPE_KEY[family]
        type_name = d.pop(type_key, None)
        if type_name is None:
            raise ExudynValueError(f"Add{family.capitalize()}: dict needs the key '{type_key}'")
        spec = REGISTRY.lookup(family, type_name)
        if spec is None:
            raise ExudynValueError(f"Add{family.capitalize()}: unknown {type_key} '{type_name}'")
        number = len(self._items[family])
        name = self._check_new_name(family, spec, number, d.pop("name", ""))
        values = {"name": name or f"{family}{number}"}
        vvalues = _default_vvalues(spec)
        for p in spec.params:
            values[p.name] = default_value(p)
        vis = d.pop("visualization", None)
        if isinstance(vis, dict):
            d.update({"V" + k: v for k, v in vis.items()})
        elif vis is not None:
            d.update({"V" + k: v for k, v in dict(vis).items()})
        for key, value in d.items():
            p, is_v, legacy = spec.resolve_name(key)
            if p is None:
                # Exudyn 1.13.6 ignores a dict key that is not a parameter (older keys such as a
                # marker's 'bodyFixed', or 'VdrawSize' where the item draws no size): so do we, but
                # not silently
                warnings.warn(f"{describe_item(spec, number, values['name'])}: '{key}' is not a parameter of "
                              f"{spec.class_name}; ignored", UserWarning, stacklevel=3)
                continue
            if legacy is not None:
                if value is None:
                    continue
                warn_legacy(spec, legacy, p.name)
            target = vvalues if is_v else values
            target[p.name] = validate(spec, p, value, number, values["name"])
        return self._append(family, ItemRecord(spec, values, vvalues))

    def _add_instance(self, family, item):
        """An item class instance holds validated values: copy them (the fast path of Add...)."""
        spec = item._spec
        number = len(self._items[family])
        name = self._check_new_name(family, spec, number, item.name)
        attrs = item.__dict__
        values = {"name": name or f"{family}{number}"}
        for p in spec.params:
            values[p.name] = _copy(attrs[p.name])
        vis = attrs.get("visualization")        # made only where used (Item.__getattr__)
        if vis is None:
            vvalues = _default_vvalues(spec)
        else:
            vattrs = vis.__dict__
            vvalues = {p.name: _copy(vattrs[p.name]) for p in spec.vparams}
        return self._append(family, ItemRecord(spec, values, vvalues))

    def _check_new_name(self, family, spec, number, name):
        if not isinstance(name, str):
            raise ItemParameterError(describe_item(spec, number), "name", name, "must be a string")
        if name:
            if _DEFAULT_NAME[family].match(name):
                raise ExudynValueError(f"Add{family.capitalize()}, arg:dict['name'] may not have the "
                                       f"format '{family}[0-9][...]'; received '{name}'")
            if name in self._name_index(family):
                raise ItemParameterError(describe_item(spec, number, name), "name", name,
                                         f"must be unique among the {family}s")
        return name

    def _name_index(self, family):
        idx = self._names.get(family)
        if idx is None:
            idx = self._names[family] = {r.values["name"]: i for i, r in enumerate(self._items[family])}
        return idx

    def _append(self, family, rec):
        lst = self._items[family]
        number = len(lst)
        check_placeholders(rec.spec, rec.values, number, rec.values["name"])
        lst.append(rec)
        names = self._names.get(family)
        if names is not None:
            names[rec.values["name"]] = number
        self._changed()
        return INDEX_TYPES[family](number)

    def AddNode(self, pyObject):
        """Add a node (item class or dict); returns a NodeIndex."""
        return self._add("node", pyObject)

    def AddObject(self, pyObject):
        """Add an object (body, connector, constraint, joint); returns an ObjectIndex."""
        return self._add("object", pyObject)

    def AddMarker(self, pyObject):
        """Add a marker; returns a MarkerIndex."""
        return self._add("marker", pyObject)

    def AddLoad(self, pyObject):
        """Add a load; returns a LoadIndex."""
        return self._add("load", pyObject)

    def AddSensor(self, pyObject):
        """Add a sensor; returns a SensorIndex."""
        return self._add("sensor", pyObject)

    def _state_mark(self):
        """What ``_back_to`` needs to undo the items added after this call."""
        return {f: len(lst) for f, lst in self._items.items()}, self.systemIsConsistent, self._version

    def _back_to(self, mark):
        """Remove the items added since ``_state_mark`` gave ``mark`` (a refused Create... call
        leaves the system as it was)."""
        counts, consistent, version = mark
        for f, n in counts.items():
            if len(self._items[f]) > n:
                del self._items[f][n:]
                self._names.pop(f, None)
        self.systemIsConsistent, self._version = consistent, version

    def _changed(self):
        self.systemIsConsistent = False
        self._version += 1
        if self.interactiveMode:
            self.Assemble()

    # ------------------------------------------------------------ access
    def _record(self, family, index):
        if isinstance(index, _ItemIndex) and not isinstance(index, INDEX_TYPES[family]):
            raise TypeError(f"Get{family.capitalize()}: expected a {INDEX_TYPES[family].__name__}, "
                            f"received {type(index).__name__}")
        try:
            i = int(index)
        except (TypeError, ValueError):
            raise TypeError(f"{family} index must be an int or {INDEX_TYPES[family].__name__}; "
                            f"received {index!r}") from None
        lst = self._items[family]
        if not 0 <= i < len(lst):
            raise ExudynIndexError(f"{family} number {i} does not exist "
                                   f"(system has {len(lst)} {family}s)")
        return lst[i]

    def _get(self, family, index):
        return self._record(family, index).to_dict()

    def _get_param(self, family, index, name):
        rec = self._record(family, index)
        if name == "name":
            return rec.values["name"]
        p, is_v, legacy = rec.spec.resolve_name(name)
        if p is None:
            raise ExudynValueError(f"Get{family.capitalize()}Parameter: "
                                   f"{describe_item(rec.spec, index, rec.name)}: illegal parameter "
                                   f"name {name} cannot be read")
        if legacy is not None:
            warn_legacy(rec.spec, legacy, p.name)
        return _copy(user_function_report(p, (rec.vvalues if is_v else resolved_values(rec.spec, rec.values))[p.name]))

    def _set_param(self, family, index, name, value):
        rec = self._record(family, index)
        i = int(index)
        if name == "name":
            if not isinstance(value, str):
                raise ItemParameterError(describe_item(rec.spec, i, rec.name), "name", value,
                                         "must be a string")
            rec.values["name"] = value
            self._names.pop(family, None)
            return
        p, is_v, legacy = rec.spec.resolve_name(name)
        if p is None:
            raise ExudynValueError(f"Set{family.capitalize()}Parameter: "
                                   f"{describe_item(rec.spec, i, rec.name)}: illegal parameter "
                                   f"name {name} cannot be written")
        if legacy is not None:
            warn_legacy(rec.spec, legacy, p.name)
        v = validate(rec.spec, p, value, i, rec.name)
        if is_v:
            rec.vvalues[p.name] = v
            return
        if self._compiled is not None and self.systemIsConsistent:
            if _same_value(rec.values.get(p.name), v):
                # (a preStep function setting a flag or a load to the value it has, at every
                # step: nothing to update)
                return
            # structural changes (marker numbers, node numbers) need Assemble() again;
            # others update the group arrays in place
            self._compiled.update_parameter(family, i, p.name, v)
        rec.values[p.name] = v

    def _get_number(self, family, name):
        return INDEX_TYPES[family](self._name_index(family).get(name, -1))

    def _modify(self, family, index, d):
        rec = self._record(family, index)
        d = dict(d)
        d.pop(rec.spec.type_key, None)
        new_name = d.pop("name", rec.values["name"])
        if not isinstance(new_name, str):
            raise ItemParameterError(describe_item(rec.spec, int(index), rec.name), "name", new_name,
                                     "must be a string")
        i = int(index)
        for key, value in d.items():        # every value validated before any is set
            p, is_v, legacy = rec.spec.resolve_name(key)
            if p is None:
                raise ExudynValueError(f"Modify{family.capitalize()}: {describe_item(rec.spec, i, rec.name)}: "
                                       f"illegal parameter name {key} cannot be written")
            validate(rec.spec, p, value, i, rec.name)
        backup = (dict(rec.values), dict(rec.vvalues))
        try:
            for key, value in d.items():
                self._set_param(family, index, key, value)
        except Exception:
            # (a value refused by the assembled groups: they take the old values back)
            for key in d:
                p, is_v, _ = rec.spec.resolve_name(key)
                if not is_v:
                    self._set_param(family, index, p.name, backup[0][p.name])
            rec.values, rec.vvalues = backup
            raise
        rec.values["name"] = new_name
        self._names.pop(family, None)
        self._changed()

    def _defaults(self, family, type_name):
        spec = REGISTRY.lookup(family, type_name)
        if spec is None:
            raise ExudynValueError(f"unknown {family} type '{type_name}'")
        d = {spec.type_key: spec.type_name, "name": ""}
        for p in spec.params:
            d[p.name] = default_value(p)
        for p in spec.vparams:
            d["V" + p.name] = default_value(p)
        return d

    # generated Exudyn-named accessors
    def GetNode(self, nodeNumber): return self._get("node", nodeNumber)
    def GetObject(self, objectNumber, addGraphicsData=False): return self._get("object", objectNumber)
    def GetMarker(self, markerNumber): return self._get("marker", markerNumber)
    def GetLoad(self, loadNumber): return self._get("load", loadNumber)
    def GetSensor(self, sensorNumber): return self._get("sensor", sensorNumber)

    def GetNodeParameter(self, nodeNumber, parameterName): return self._get_param("node", nodeNumber, parameterName)
    def GetObjectParameter(self, objectNumber, parameterName): return self._get_param("object", objectNumber, parameterName)
    def GetMarkerParameter(self, markerNumber, parameterName): return self._get_param("marker", markerNumber, parameterName)
    def GetLoadParameter(self, loadNumber, parameterName): return self._get_param("load", loadNumber, parameterName)
    def GetSensorParameter(self, sensorNumber, parameterName): return self._get_param("sensor", sensorNumber, parameterName)

    def SetNodeParameter(self, nodeNumber, parameterName, value): self._set_param("node", nodeNumber, parameterName, value)
    def SetObjectParameter(self, objectNumber, parameterName, value): self._set_param("object", objectNumber, parameterName, value)
    def SetMarkerParameter(self, markerNumber, parameterName, value): self._set_param("marker", markerNumber, parameterName, value)
    def SetLoadParameter(self, loadNumber, parameterName, value): self._set_param("load", loadNumber, parameterName, value)
    def SetSensorParameter(self, sensorNumber, parameterName, value): self._set_param("sensor", sensorNumber, parameterName, value)

    def GetNodeNumber(self, nodeName): return self._get_number("node", nodeName)
    def GetObjectNumber(self, objectName): return self._get_number("object", objectName)
    def GetMarkerNumber(self, markerName): return self._get_number("marker", markerName)
    def GetLoadNumber(self, loadName): return self._get_number("load", loadName)
    def GetSensorNumber(self, sensorName): return self._get_number("sensor", sensorName)

    def ModifyNode(self, nodeNumber, nodeDict): self._modify("node", nodeNumber, nodeDict)
    def ModifyObject(self, objectNumber, objectDict): self._modify("object", objectNumber, objectDict)
    def ModifyMarker(self, markerNumber, markerDict): self._modify("marker", markerNumber, markerDict)
    def ModifyLoad(self, loadNumber, loadDict): self._modify("load", loadNumber, loadDict)
    def ModifySensor(self, sensorNumber, sensorDict): self._modify("sensor", sensorNumber, sensorDict)

    def GetNodeDefaults(self, typeName): return self._defaults("node", typeName)
    def GetObjectDefaults(self, typeName): return self._defaults("object", typeName)
    def GetMarkerDefaults(self, typeName): return self._defaults("marker", typeName)
    def GetLoadDefaults(self, typeName): return self._defaults("load", typeName)
    def GetSensorDefaults(self, typeName): return self._defaults("sensor", typeName)

    def NumberOfNodes(self): return len(self._items["node"])
    def NumberOfObjects(self): return len(self._items["object"])
    def NumberOfMarkers(self): return len(self._items["marker"])
    def NumberOfLoads(self): return len(self._items["load"])
    def NumberOfSensors(self): return len(self._items["sensor"])

    # ------------------------------------------------------------ deleting
    def _delete(self, family, index, dependents, suppress):
        from .delete import delete_item
        delete_item(self, family, int(index), dependents, suppress)
        self._names.clear()
        self._changed()

    def DeleteNode(self, nodeNumber, suppressWarnings=False):
        """Delete a node; references to it become -1 (with a warning), later nodes move down."""
        self._delete("node", nodeNumber, False, suppressWarnings)

    def DeleteObject(self, objectNumber, deleteDependentItems=True, suppressWarnings=False):
        """Delete an object; with deleteDependentItems also its own nodes and the markers on it.

        Items that refer to a deleted item (sensors, other objects' markers) keep a
        reference of -1 and a warning is printed, as in Exudyn."""
        self._delete("object", objectNumber, deleteDependentItems, suppressWarnings)

    def DeleteMarker(self, markerNumber, suppressWarnings=False):
        """Delete a marker; references to it become -1 (with a warning)."""
        self._delete("marker", markerNumber, False, suppressWarnings)

    def DeleteLoad(self, loadNumber, deleteDependentMarkers=True, suppressWarnings=False):
        """Delete a load; with deleteDependentMarkers also its marker (references to it become -1)."""
        self._delete("load", loadNumber, deleteDependentMarkers, suppressWarnings)

    def DeleteSensor(self, sensorNumber, suppressWarnings=False):
        """Delete a sensor; later sensors move down."""
        self._delete("sensor", sensorNumber, False, suppressWarnings)

    # ------------------------------------------------------------ system
    def Reset(self):
        """Delete all items and data of this system."""
        self.__init__(self._container)

    def GetSystemContainer(self):
        return self._container

    def Assemble(self):
        """Number the coordinates, group the items by type and set the initial state."""
        from ..assembly.assemble import assemble
        self._compiled = assemble(self)
        self.systemIsConsistent = True

    def AssembleCoordinates(self):
        self.Assemble()

    def AssembleLTGLists(self):
        if not self.systemIsConsistent:
            self.Assemble()

    def AssembleInitializeSystemCoordinates(self):
        if self._compiled is None:
            self.Assemble()
        else:
            self._compiled.initialize_state()

    def AssembleSystemInitialize(self):
        pass

    def _require_assembled(self, what):
        if self._compiled is None:
            raise ModelError(f"{what}: the system has not been assembled; call mbs.Assemble() first")
        return self._compiled

    def _reference_system(self):
        """The system assembled from the current items without changing its state: outputs in the
        reference configuration are available before Assemble and after items were added."""
        if self.systemIsConsistent and self._compiled is not None:
            return self._compiled
        if self._reference is None or self._reference[0] != self._version:
            from ..assembly.assemble import assemble
            self._reference = (self._version, assemble(self))
        return self._reference[1]

    # ------------------------------------------------------------ user functions
    def SetPreStepUserFunction(self, value): self._user_functions["preStep"] = _uf(value, "PreStepUserFunction")
    def GetPreStepUserFunction(self, asDict=False): return self._user_functions["preStep"]
    def SetPostStepUserFunction(self, value): self._user_functions["postStep"] = _uf(value, "PostStepUserFunction")
    def GetPostStepUserFunction(self, asDict=False): return self._user_functions["postStep"]
    def SetPostNewtonUserFunction(self, value): self._user_functions["postNewton"] = _uf(value, "PostNewtonUserFunction")
    def GetPostNewtonUserFunction(self, asDict=False): return self._user_functions["postNewton"]
    def SetPreNewtonResidualUserFunction(self, value): self._user_functions["preNewtonResidual"] = _uf(value, "PreNewtonResidualUserFunction")
    def GetPreNewtonResidualUserFunction(self, asDict=False): return self._user_functions["preNewtonResidual"]
    def SetSystemJacobianUserFunction(self, value): self._user_functions["systemJacobian"] = _uf(value, "SystemJacobianUserFunction")
    def GetSystemJacobianUserFunction(self, asDict=False): return self._user_functions["systemJacobian"]

    # ------------------------------------------------------------ outputs
    def GetNodeOutput(self, nodeNumber, variableType, configuration=CFG.Current):
        """Output of a node (Position, Velocity, Coordinates, ...) in a configuration."""
        from ..output.item_outputs import node_output
        self._record("node", nodeNumber)
        return node_output(self, int(nodeNumber), variableType, configuration)

    def GetObjectOutput(self, objectNumber, variableType, configuration=CFG.Current):
        """Output of a connector or constraint (Force, Distance, ConstraintEquation, ...)."""
        from ..output.item_outputs import object_output
        self._record("object", objectNumber)
        return object_output(self, int(objectNumber), variableType, configuration)

    def GetObjectOutputBody(self, objectNumber, variableType, localPosition=[0, 0, 0],
                            configuration=CFG.Current):
        """Output of a body at a body-fixed local position."""
        from ..output.item_outputs import body_output
        self._record("object", objectNumber)
        return body_output(self, int(objectNumber), variableType, localPosition, configuration)

    def GetMarkerOutput(self, markerNumber, variableType, configuration=CFG.Current):
        """Output of a marker (Position, Velocity, Coordinates, ...)."""
        from ..output.item_outputs import marker_output
        self._record("marker", markerNumber)
        return marker_output(self, int(markerNumber), variableType, configuration)

    def GetSensorValues(self, sensorNumber, configuration=CFG.Current):
        """Evaluate a sensor now."""
        from ..output.sensors import sensor_values
        self._record("sensor", sensorNumber)
        return sensor_values(self, int(sensorNumber), configuration)

    def GetSensorStoredData(self, sensorNumber):
        """Rows [t, v0, ...] stored by a sensor with storeInternal=True."""
        from ..output.sensors import sensor_stored_data
        self._record("sensor", sensorNumber)
        return sensor_stored_data(self, int(sensorNumber))

    def GetLoadValues(self, loadNumber):
        from ..output.item_outputs import load_values
        self._record("load", loadNumber)
        return load_values(self, int(loadNumber))

    def GetNodeODE2Index(self, nodeNumber):
        c = self._require_assembled("GetNodeODE2Index")
        self._record("node", nodeNumber)
        return int(c.node_ode2_start[int(nodeNumber)])

    def GetNodeODE1Index(self, nodeNumber):
        c = self._require_assembled("GetNodeODE1Index")
        return int(c.node_ode1_start[int(nodeNumber)])

    def GetNodeAEIndex(self, nodeNumber):
        c = self._require_assembled("GetNodeAEIndex")
        return int(c.node_ae_start[int(nodeNumber)])

    # ------------------------------------------------------------ solvers
    def SolveDynamic(self, simulationSettings=None, solverType=None, updateInitialValues=False,
                     storeSolver=True, showHints=False, showCausingItems=True, autoAssemble=True):
        """Time integration (generalized-alpha, trapezoidal index 2, explicit); True on success."""
        from ..solvers.facade import solve_dynamic
        return solve_dynamic(self, simulationSettings, solverType, updateInitialValues, storeSolver,
                             showHints, showCausingItems, autoAssemble)

    def SolveStatic(self, simulationSettings=None, updateInitialValues=False, storeSolver=True,
                    showHints=False, showCausingItems=True, autoAssemble=True):
        """Static solve with load steps; True on success."""
        from ..solvers.facade import solve_static
        return solve_static(self, simulationSettings, updateInitialValues, storeSolver, showHints,
                            showCausingItems, autoAssemble)

    def ComputeSystemDegreeOfFreedom(self, simulationSettings=None, threshold=1e-12, verbose=False,
                                     useSVD=False, autoAssemble=True):
        from ..solvers.dof import compute_system_dof
        return compute_system_dof(self, simulationSettings, threshold, verbose, useSVD, autoAssemble)

    # ------------------------------------------------------------ renderer no-ops
    def ActivateRendering(self, flag=True): pass
    def SendRedrawSignal(self): pass
    def GetRenderEngineStopFlag(self): return False
    def SetRenderEngineStopFlag(self, stopFlag): pass
    def WaitForUserToContinue(self, printMessage=True, deprecationWarning=True):
        """No window here: nothing to wait for (Exudyn waits for a key in its render window)."""

    def __repr__(self):
        c = self._compiled if self.systemIsConsistent else None
        sizes = (c.n_ode2, c.n_ode1, c.n_ae, c.n_data) if c is not None else (0, 0, 0, 0)
        return ("<systemData: \n"
                f"  Number of nodes= {self.NumberOfNodes()}\n"
                f"  Number of objects = {self.NumberOfObjects()}\n"
                f"  Number of markers = {self.NumberOfMarkers()}\n"
                f"  Number of loads = {self.NumberOfLoads()}\n"
                f"  Number of sensors = {self.NumberOfSensors()}\n"
                f"  Number of ODE2 coordinates = {sizes[0]}\n"
                f"  Number of ODE1 coordinates = {sizes[1]}\n"
                f"  Number of AE coordinates   = {sizes[2]}\n"
                f"  Number of data coordinates   = {sizes[3]}\n\n"
                "For details see mbs.systemData, mbs.sys and mbs.variables\n>")

    __str__ = __repr__

    # ------------------------------------------------------------ dictionaries, factory
    def GetDictionary(self):
        """The system as a dict (items, user functions, settings, variables): model/dictionaries.py."""
        from .dictionaries import system_dictionary
        return system_dictionary(self)

    def SetDictionary(self, systemDict):
        """Replace the system by a dict of GetDictionary(): model/dictionaries.py."""
        from .dictionaries import set_system_dictionary
        set_system_dictionary(self, systemDict)

    def GetAvailableFactoryItems(self):
        """The item class names that can be added, by family: model/system_info.py."""
        from .system_info import available_factory_items
        return available_factory_items()


def _uf(value, what):
    if value == 0 or value is None:
        return 0
    if not callable(value):
        raise TypeError(f"Set{what}: expected a Python function or 0; received {value!r}")
    return value


class SystemContainer:
    """Holds the systems and the visualization settings (Exudyn's SystemContainer)."""

    def __init__(self):
        from .settings import VisualizationSettings
        self._systems = []
        self._created = set()       # id() of the systems made by AddSystem (Reset empties those only)
        self.visualizationSettings = VisualizationSettings()
        from ..visualization.renderer import Renderer, attach
        self.renderer = Renderer(self)
        attach(self)            # exu.StartRenderer() renders the last container made, as Exudyn's

    def AddSystem(self):
        mbs = MainSystem(self)
        self._systems.append(mbs)
        self._created.add(id(mbs))
        return mbs

    def AppendSystem(self, mainSystem):
        self._systems.append(mainSystem)
        mainSystem._container = self
        return len(self._systems) - 1

    Append = AppendSystem

    def NumberOfSystems(self):
        return len(self._systems)

    def GetSystem(self, systemNumber):
        if not 0 <= int(systemNumber) < len(self._systems):
            raise ExudynIndexError(f"GetSystem: system {systemNumber} does not exist")
        return self._systems[int(systemNumber)]

    def Reset(self):
        """Remove every system; those made by AddSystem are emptied, appended ones stay as they are
        (Exudyn 1.13.6)."""
        for mbs in self._systems:
            if id(mbs) in self._created:
                mbs.Reset()
        self._systems, self._created = [], set()

    # deprecated renderer helpers: no renderer here
    def WaitForRenderEngineStopFlag(self): pass
    def RenderEngineZoomAll(self): pass
    def AttachToRenderEngine(self): return False
    def DetachFromRenderEngine(self): return False
    def GetRenderState(self): return {}
    def SetRenderState(self, renderState, waitForRendererFullStartup=True): pass

    def GetDictionary(self):
        """The container as a dict (systems, visualization settings): model/dictionaries.py."""
        from .dictionaries import container_dictionary
        return container_dictionary(self)

    def SetDictionary(self, containerDict):
        """Replace the systems and settings by a dict of GetDictionary(): model/dictionaries.py."""
        from .dictionaries import set_container_dictionary
        set_container_dictionary(self, containerDict)
