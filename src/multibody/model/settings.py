"""SimulationSettings and VisualizationSettings: the Exudyn 1.13 settings trees.

Each settings structure (``TimeIntegrationSettings``, ``NewtonSettings``,
``VSettingsGeneral``, ...) is declared once, as data, in ``DECLARATIONS``: a
docstring, its sub-structures (``Child``) and its fields (``Field``: Exudyn
name, Exudyn type name, default, description). ``SettingsStructure`` does the
rest for every structure alike: attribute storage with type and range checks,
``GetDictionary()``, ``SetDictionary(d)``, ``GetDictionaryWithTypeInfo()`` and
printing. The public classes are built from the declarations at import time
and carry Exudyn's class names.

Types follow Exudyn's conventions: ``bool`` accepts ints and floats; ``Real``
(``UReal`` >= 0, ``PReal`` > 0) accepts ints and stores a float; ``float``
(``UFloat``, ``PFloat``), ``VectorFloat`` and ``MatrixFloat`` are stored in
single precision as in Exudyn (0.2 reads back as 0.20000000298023224);
``Int``/``Index`` (``UInt`` >= 0, ``PInt`` > 0) reject floats; enum fields
take members of their enum only. A wrong type raises ``ItemParameterTypeError``
(an ``ExudynTypeError``), a value out of range ``ItemParameterError`` (an
``ExudynValueError``), an unknown attribute ``AttributeError``.

The names of Exudyn 1.11 (``SIMULATION_LEGACY``, ``VISUALIZATION_LEGACY``)
are accepted for reading and writing; they forward to the 1.13 field and emit
a ``DeprecationWarning``. Defaults are those measured with Exudyn 1.13.6 (see
tools/make_settings_reference.py and tests/reference/settings_defaults.json).
"""
from __future__ import annotations

import numbers
import operator
import copy
import warnings
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ..enums import DynamicSolverType, ItemType, LinearSolverType, OutputVariableType
from ..errors import InternalError, ItemParameterError, ItemParameterTypeError
from .settings_fields import (NO_EFFECT_FIELDS as _NO_EFFECT_FIELDS, SIMULATION_DECLARATIONS, SIMULATION_LEGACY,
                              VISUALIZATION_LEGACY, Child, Declaration, Field)
from .settings_view import VIEW_DECLARATIONS
from .settings_visualization import ITEM_DECLARATIONS

# ---------------------------------------------------------------------------
# value checks, one per Exudyn type name
# ---------------------------------------------------------------------------

# (settings family, deprecated name) already warned about in this process
LEGACY_WARNED = set()

class _Rejected(Exception):
    """Raised by a converter; ``expected`` completes "parameter X ...". """

    def __init__(self, expected, type_error=True):
        super().__init__(expected)
        self.expected = expected
        self.type_error = type_error


_INT_LIMIT = 2 ** 63


def _as_int(value):
    if isinstance(value, (float, np.floating, str)):
        raise _Rejected("expects an integer")
    try:
        result = operator.index(value)
    except TypeError:
        raise _Rejected("expects an integer") from None
    if not -_INT_LIMIT <= result < _INT_LIMIT:
        raise _Rejected("expects an integer of at most 64 bits")
    return result


def _as_real(value):
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, (numbers.Real, np.integer, np.floating, np.bool_)):
        return float(value)
    raise _Rejected("expects a float")


def _as_float32(value):
    return float(np.float32(_as_real(value)))


def _as_bool(value):
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (numbers.Real, np.integer, np.floating)):
        return bool(value)
    raise _Rejected("expects a bool")


def _as_str(value):
    if isinstance(value, str):
        return value
    raise _Rejected("expects a string")


def _check_sign(value, strict):
    # written as "not (x >= 0)" so that NaN is rejected too
    if strict and not value > 0:
        raise _Rejected("must be positive (> 0)", type_error=False)
    if not strict and not value >= 0:
        raise _Rejected("may not be negative", type_error=False)
    return value


def _vector(convert, what):
    def check(value, size):
        if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__len__"):
            raise _Rejected(f"expects a list of {what}")
        if isinstance(value, np.ndarray) and value.ndim != 1:
            raise _Rejected(f"expects a list of {what}, not an array of shape {value.shape}")
        if size >= 0 and len(value) != size:
            raise _Rejected(f"expects {size} values, received {len(value)}", type_error=False)
        try:
            return [convert(v) for v in value]
        except _Rejected:
            raise _Rejected(f"expects a list of {what}") from None
    return check


def _matrix_float(value, shape):
    if isinstance(value, (str, bytes, Mapping)):
        raise _Rejected("expects a matrix (list of lists) of numbers")
    try:
        rows = [list(row) for row in value]
    except TypeError:
        raise _Rejected("expects a matrix (list of lists) of numbers") from None
    if len(rows) != shape[0] or any(len(row) != shape[1] for row in rows):
        raise _Rejected(f"expects a {shape[0]}x{shape[1]} matrix", type_error=False)
    try:
        return [[_as_float32(v) for v in row] for row in rows]
    except _Rejected:
        raise _Rejected("expects a matrix (list of lists) of numbers") from None


def _as_callable(value):
    if value is None or callable(value):
        return value
    raise _Rejected("expects a Python function or None")


# scalar types: converter, sign check (None, "U" >= 0, "P" > 0)
_SCALAR_TYPES = {
    "bool": (_as_bool, None),
    "Real": (_as_real, None), "UReal": (_as_real, "U"), "PReal": (_as_real, "P"),
    "float": (_as_float32, None), "UFloat": (_as_float32, "U"), "PFloat": (_as_float32, "P"),
    "Int": (_as_int, None), "Index": (_as_int, None),
    "UInt": (_as_int, "U"), "PInt": (_as_int, "P"),
    "String": (_as_str, None), "FileName": (_as_str, None),
    "PythonFunction": (_as_callable, None),
}
_VECTOR_TYPES = {
    "VectorFloat": _vector(_as_float32, "numbers"),
    "IndexArray": _vector(_as_int, "integers"),
}
ENUM_TYPES = {
    "LinearSolverType": LinearSolverType,
    "DynamicSolverType": DynamicSolverType,
    "OutputVariableType": OutputVariableType,
    "ItemType": ItemType,
}
# fields not part of GetDictionary() (as in Exudyn)
_NOT_IN_DICTIONARY = {"PythonFunction"}


def _convert(field, value):
    """Checked stored form of ``value`` for ``field``; raises _Rejected."""
    kind = field.type
    if kind in _SCALAR_TYPES:
        convert, sign = _SCALAR_TYPES[kind]
        result = convert(value)
        if sign is not None:
            _check_sign(result, strict=(sign == "P"))
        return result
    if kind in _VECTOR_TYPES:
        return _VECTOR_TYPES[kind](value, _field_size(field)[0])
    if kind == "MatrixFloat":
        return _matrix_float(value, _field_size(field))
    if kind in ENUM_TYPES:
        enum_type = ENUM_TYPES[kind]
        if isinstance(value, enum_type):
            return value
        raise _Rejected(f"expects a member of {kind}")
    raise InternalError(f"settings field '{field.name}': unknown type {kind!r}")


def _field_size(field):
    """Size as in GetDictionaryWithTypeInfo: [1], [n], [-1] or [rows, columns]."""
    if field.type in _VECTOR_TYPES:
        return [field.size if field.size is not None else len(field.default)]
    if field.type == "MatrixFloat":
        return [len(field.default), len(field.default[0])]
    return [1]


def _copy_value(value):
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    return value


def _format_value(value):
    """Value as printed by print(settings): booleans 0/1, floats as C++ streams (%g)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (LinearSolverType, DynamicSolverType, OutputVariableType, ItemType)):
        return value.name
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list):
        return "[" + ",".join(_format_value(v) for v in value) + "]"
    if callable(value):
        return "<function>"
    return str(value)


# ---------------------------------------------------------------------------
# the structure class
# ---------------------------------------------------------------------------

class _Legacy(NamedTuple):
    """A deprecated name of one structure: where it forwards to."""
    old: str          # full legacy path, for the message
    new: str | None   # full 1.13 path, for the message; None: no effect
    target: str       # dotted path from the owner (scope "self") or from the root
    scope: str        # "self", "root" or "none" (accepted, stored, ignored)
    field: Field | None = None   # type and default of a "no effect" name


class SettingsStructure:
    """Base of all settings structures; subclasses are built from a ``Declaration``.

    Scalar field values and sub-structures are plain instance attributes, so
    reading ``settings.timeIntegration.numberOfSteps`` costs no more than any
    attribute access; assignment goes through ``__setattr__``, which checks
    type and range. Vector and matrix fields are kept apart and read through
    ``__getattr__`` as copies (as Exudyn returns new lists), so that
    ``v.nodes.defaultColor[0] = 1`` cannot bypass the checks. Deprecated names
    are resolved in ``__getattr__`` as well.
    """

    # set by _build_class for every subclass
    _declaration: Declaration = Declaration("")
    _fields: dict = {}
    _children: dict = {}
    _legacy: dict = {}
    _legacy_groups: frozenset = frozenset()
    _list_fields: frozenset = frozenset()
    _family: str = ""

    def __init__(self):
        self._init_structure(None, "", {})

    def _init_structure(self, root, path, overrides):
        set_ = object.__setattr__
        set_(self, "_root", self if root is None else root)
        set_(self, "_path", path)
        set_(self, "_ignored", {})
        set_(self, "_lists", {})
        for field in self._declaration.fields:
            default = overrides.get(field.name, field.default)
            self._store(field, _convert(field, default) if default is not None else None)
        for child in self._declaration.children:
            sub = _CLASSES[child.class_name].__new__(_CLASSES[child.class_name])
            sub._init_structure(self._root, f"{path}.{child.name}" if path else child.name,
                                child.overrides)
            set_(self, child.name, sub)

    # -- naming, for messages ---------------------------------------------

    def _item_name(self):
        root = self._root
        if root is self:
            return type(self).__name__
        return f"{type(root).__name__}.{self._path}"

    def _full_name(self, name):
        return f"{self._path}.{name}" if self._path else name

    # -- attribute access ---------------------------------------------------

    def __setattr__(self, name, value):
        cls = type(self)
        field = cls._fields.get(name)
        if field is not None:
            self._store(field, self._checked(field, value))
        elif name in cls._children:
            self._assign_structure(name, value)
        elif name in cls._legacy:
            self._set_legacy(name, value)
        elif name in cls._legacy_groups:
            raise AttributeError(f"{self._item_name()}: '{name}' is a deprecated group of "
                                 f"parameters and cannot be assigned; set its members instead")
        else:
            raise AttributeError(f"'{cls.__name__}' object has no attribute '{name}'")

    def __getattr__(self, name):
        # called only for names that are not instance attributes
        cls = type(self)
        if name.startswith("__"):
            raise AttributeError(name)
        if name in cls._list_fields:
            # vectors and matrices: a copy, so that changing it does not change the settings
            return _copy_value(self.__dict__["_lists"][name])
        if name in cls._legacy:
            return self._get_legacy(name)
        if name in cls._legacy_groups:
            return _LegacyGroup(self, name)
        raise AttributeError(f"'{cls.__name__}' object has no attribute '{name}'")

    def __copy__(self):
        """``copy.copy``: an independent copy, nested structures included (as Exudyn's)."""
        return copy.deepcopy(self)

    def __delattr__(self, name):
        raise AttributeError(f"{self._item_name()}: settings cannot be deleted ('{name}')")

    def __dir__(self):
        cls = type(self)
        return sorted(set(object.__dir__(self)) | set(cls._fields) | set(cls._children)
                      | {name.split(".")[0] for name in cls._legacy})

    def _store(self, field, value):
        if field.name in type(self)._list_fields:
            self._lists[field.name] = value
        else:
            object.__setattr__(self, field.name, value)

    def _stored(self, field):
        if field.name in type(self)._list_fields:
            return self._lists[field.name]
        return self.__dict__[field.name]

    def _checked(self, field, value):
        try:
            return _convert(field, value)
        except _Rejected as rejected:
            error = ItemParameterTypeError if rejected.type_error else ItemParameterError
            raise error(self._item_name(), field.name, value, rejected.expected) from None

    def _assign_structure(self, name, value):
        current = self.__dict__[name]
        if not isinstance(value, type(current)):
            raise ItemParameterTypeError(self._item_name(), name, value,
                                         f"expects a {type(current).__name__}")
        if value is not current:
            current._copy_from(value)

    def _copy_from(self, other):
        for field in self._declaration.fields:
            self._store(field, _copy_value(other._stored(field)))
        for child in self._declaration.children:
            self.__dict__[child.name]._copy_from(other.__dict__[child.name])

    # -- deprecated names -----------------------------------------------------

    def _resolve_legacy(self, name):
        """(structure, field name) that the deprecated ``name`` forwards to; a DeprecationWarning
        at the first use of the name in the process, read or set (as Exudyn 1.13.6)."""
        entry = type(self)._legacy[name]
        full = self._full_name(name)
        warn = (self._family, full) not in LEGACY_WARNED
        LEGACY_WARNED.add((self._family, full))
        if entry.new is None:
            if warn:
                warnings.warn(f"{self._family} parameter {full} is deprecated and has no effect!",
                              DeprecationWarning, stacklevel=4)
            return entry, None, None
        new = entry.target if entry.scope == "root" else self._full_name(entry.target)
        if warn:
            warnings.warn(f"{self._family} parameter {full} is deprecated! use {new} instead!",
                          DeprecationWarning, stacklevel=4)
        owner = self
        if entry.scope == "root":
            owner = self._root
            if type(owner).__name__ != self._family:
                raise InternalError(
                    f"{type(self).__name__}.{name} is deprecated and forwards to {entry.target}, "
                    f"which needs the {self._family} it belongs to; this {type(self).__name__} "
                    f"was constructed on its own")
        *parents, field_name = entry.target.split(".")
        for part in parents:
            owner = owner.__dict__[part]
        return entry, owner, field_name

    def _get_legacy(self, name):
        entry, owner, field_name = self._resolve_legacy(name)
        if owner is None:
            return _copy_value(self._ignored.get(name, entry.field.default))
        return _copy_value(getattr(owner, field_name))

    def _set_legacy(self, name, value):
        entry, owner, field_name = self._resolve_legacy(name)
        if owner is None:
            self._ignored[name] = self._checked(entry.field, value)
        else:
            setattr(owner, field_name, value)

    # -- dictionaries and printing ------------------------------------------------

    def GetDictionary(self):
        """Return the settings as a nested dict with the 1.13 names.

        Returns
        -------
        dict
            Sub-structures as dicts (first), then field values; lists are copies.
        """
        result = {child.name: self.__dict__[child.name].GetDictionary()
                  for child in self._declaration.children}
        for field in self._declaration.fields:
            if field.type not in _NOT_IN_DICTIONARY:
                result[field.name] = _copy_value(self._stored(field))
        return result

    def GetDictionaryWithTypeInfo(self):
        """Return the settings as a nested dict with type information per field.

        Returns
        -------
        dict
            ``structureDescription`` (str) per structure, and per field a dict with
            ``value``, ``type`` (Exudyn type name), ``size`` (``[1]``, ``[n]``, ``[-1]``
            for variable length, ``[rows, columns]``), ``description`` and
            ``itemIdentifier`` (always ``''``).
        """
        result = {"structureDescription": self._declaration.doc}
        for child in self._declaration.children:
            result[child.name] = self.__dict__[child.name].GetDictionaryWithTypeInfo()
        for field in self._declaration.fields:
            if field.type not in _NOT_IN_DICTIONARY:
                result[field.name] = {
                    "itemIdentifier": "", "value": _copy_value(self._stored(field)),
                    "type": field.type, "size": _field_size(field),
                    "description": field.description}
        return result

    def SetDictionary(self, d):
        """Set fields from a (possibly partial) nested dict as GetDictionary() returns it.

        Deprecated names are accepted (with a DeprecationWarning).

        Parameters
        ----------
        d : dict

        Raises
        ------
        AttributeError
            For a key that is neither a field, a sub-structure nor a deprecated name.
        ExudynTypeError, ExudynValueError
            For a value of the wrong type or out of range.
        """
        if not isinstance(d, Mapping):
            raise ItemParameterTypeError(self._item_name(), "SetDictionary", d, "expects a dict")
        cls = type(self)
        for key, value in d.items():
            if key == "structureDescription":
                continue
            if key in cls._children and isinstance(value, Mapping):
                self.__dict__[key].SetDictionary(value)
            elif key in cls._legacy_groups and isinstance(value, Mapping):
                group = _LegacyGroup(self, key)
                for sub_key, sub_value in value.items():
                    setattr(group, sub_key, sub_value)
            else:
                setattr(self, key, value)

    def _lines(self, indent):
        pad = "  " * indent
        lines = []
        for child in self._declaration.children:
            sub = self.__dict__[child.name]
            lines.append(f"{pad}{child.name} = {type(sub).__name__}:")
            lines.extend(sub._lines(indent + 1))
        for field in self._declaration.fields:
            if field.type not in _NOT_IN_DICTIONARY:
                lines.append(f"{pad}{field.name} = {_format_value(self._stored(field))}")
        return lines

    def __str__(self):
        return "\n".join([f"{type(self).__name__}:"] + self._lines(1)) + "\n"

    __repr__ = __str__


class _LegacyGroup:
    """A deprecated group name (``solutionSettings``, ``window``, ...): forwards its members."""

    __slots__ = ("_owner", "_prefix")

    def __init__(self, owner, prefix):
        object.__setattr__(self, "_owner", owner)
        object.__setattr__(self, "_prefix", prefix)

    def _name(self, name):
        full = f"{self._prefix}.{name}"
        if full not in type(self._owner)._legacy:
            raise AttributeError(f"deprecated '{self._owner._full_name(self._prefix)}' has no "
                                 f"attribute '{name}'")
        return full

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return self._owner._get_legacy(self._name(name))

    def __setattr__(self, name, value):
        self._owner._set_legacy(self._name(name), value)

    def __dir__(self):
        start = len(self._prefix) + 1
        return sorted(name[start:] for name in type(self._owner)._legacy
                      if name.startswith(self._prefix + "."))

    def __repr__(self):
        return (f"<deprecated {self._owner._family} group "
                f"'{self._owner._full_name(self._prefix)}'>")


# ---------------------------------------------------------------------------
# the declarations: defaults of Exudyn 1.13.6, descriptions from the multibody spec
# ---------------------------------------------------------------------------

DECLARATIONS = {**SIMULATION_DECLARATIONS, **ITEM_DECLARATIONS, **VIEW_DECLARATIONS}


# ---------------------------------------------------------------------------
# building the classes
# ---------------------------------------------------------------------------

_CLASSES: dict = {}


def _class_doc(name, declaration):
    lines = [declaration.doc, "", f"Exudyn structure ``{name}``; all members are plain attributes.",
             "", "Attributes", "----------"]
    for child in declaration.children:
        lines.append(f"{child.name} : {child.class_name}")
    for field in declaration.fields:
        default = field.default
        if field.type in ENUM_TYPES:
            default = f"{field.type}.{default.name}"
        lines.append(f"{field.name} : {field.type}, default {default!r}")
        if field.description:
            lines.append(f"    {field.description}")
    return "\n".join(lines)


def _build_class(name, declaration):
    return type(name, (SettingsStructure,), {
        "__doc__": _class_doc(name, declaration),
        "__module__": __name__,
        "__qualname__": name,
        "_declaration": declaration,
        "_fields": {field.name: field for field in declaration.fields},
        "_children": {child.name: child for child in declaration.children},
        "_legacy": {},
        "_legacy_groups": frozenset(),
        "_list_fields": frozenset(field.name for field in declaration.fields
                                  if field.type in _VECTOR_TYPES or field.type == "MatrixFloat"),
    })


def _set_family(cls, family):
    cls._family = family
    for child in cls._declaration.children:
        _set_family(_CLASSES[child.class_name], family)


def _register_legacy(root_name, table):
    """Attach each deprecated path to the deepest structure class that contains it."""
    root = _CLASSES[root_name]
    for old, new in table.items():
        parts = old.split(".")
        cls, depth = root, 0
        while depth < len(parts) - 1 and parts[depth] in cls._children:
            cls = _CLASSES[cls._children[parts[depth]].class_name]
            depth += 1
        prefix, name = ".".join(parts[:depth]), ".".join(parts[depth:])
        if new is None:
            entry = _Legacy(old, None, "", "none", _NO_EFFECT_FIELDS[old])
        elif not prefix or new.startswith(prefix + "."):
            entry = _Legacy(old, new, new[len(prefix) + 1:] if prefix else new, "self")
        else:
            entry = _Legacy(old, new, new, "root")
        known = cls._legacy.get(name)
        if known is not None and (known.target, known.scope) != (entry.target, entry.scope):
            raise InternalError(f"settings: deprecated name {old} forwards to two places")
        cls._legacy[name] = entry
        if "." in name:
            if name.count(".") > 1:
                raise InternalError(f"settings: deprecated group {old} nested too deeply")
            cls._legacy_groups = cls._legacy_groups | {name.split(".")[0]}


def _build_all():
    for name, declaration in DECLARATIONS.items():
        _CLASSES[name] = _build_class(name, declaration)
    for root_name, table in (("SimulationSettings", SIMULATION_LEGACY),
                             ("VisualizationSettings", VISUALIZATION_LEGACY)):
        _set_family(_CLASSES[root_name], root_name)
        _register_legacy(root_name, table)


_build_all()
globals().update(_CLASSES)

__all__ = ["SettingsStructure", "Field", "Child", "Declaration", "DECLARATIONS",
           "SIMULATION_LEGACY", "VISUALIZATION_LEGACY", "ENUM_TYPES", *_CLASSES]
