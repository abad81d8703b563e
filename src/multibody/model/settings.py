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
import warnings
from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np

from ..enums import DynamicSolverType, ItemType, LinearSolverType, OutputVariableType
from ..errors import InternalError, ItemParameterError, ItemParameterTypeError


class Field(NamedTuple):
    """One settings field: Exudyn name and type name, default, description.

    ``size`` is -1 for a vector of variable length; otherwise the size of a
    vector or matrix field is that of its default.
    """
    name: str
    type: str
    default: Any
    description: str = ""
    size: int | None = None


class Child(NamedTuple):
    """A sub-structure: attribute name, class name, field defaults that differ here."""
    name: str
    class_name: str
    overrides: dict = {}


class Declaration(NamedTuple):
    """One settings structure: docstring, sub-structures, fields."""
    doc: str
    children: tuple = ()
    fields: tuple = ()


def _child(attribute, class_name, /, **overrides):
    """Child with field defaults that differ from the class defaults at this place."""
    return Child(attribute, class_name, overrides)


# ---------------------------------------------------------------------------
# value checks, one per Exudyn type name
# ---------------------------------------------------------------------------

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
        """(structure, field name) that the deprecated ``name`` forwards to."""
        entry = type(self)._legacy[name]
        if entry.new is None:
            warnings.warn(f"{self._family} parameter {self._full_name(name)} is deprecated and "
                          f"has no effect!", DeprecationWarning, stacklevel=4)
            return entry, None, None
        new = entry.target if entry.scope == "root" else self._full_name(entry.target)
        warnings.warn(f"{self._family} parameter {self._full_name(name)} is deprecated! "
                      f"use {new} instead!", DeprecationWarning, stacklevel=4)
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

DECLARATIONS = {
    "SimulationSettings": Declaration(
        'Settings of the static and dynamic solvers, solution and sensor files.',
        children=(
            Child("linearSolver", "LinearSolverSettings"),
            Child("parallel", "Parallel"),
            Child("show", "ShowSettings"),
            Child("solution", "SolutionSettings"),
            Child("staticSolver", "StaticSolverSettings"),
            Child("timeIntegration", "TimeIntegrationSettings"),
        ),
        fields=(
            Field("cleanUpMemory", "bool", False,
                  'If True, the solver releases its large work arrays (Jacobian, mass matrix, '
                  '...) at the end of a solve; otherwise they are kept for a faster repeated '
                  'solve. No effect on results.'),
            Field("consolePrecision", "UInt", 6,
                  'Number of significant digits for numbers the solver prints to the console.'),
            Field("pauseAfterEachStep", "bool", False,
                  'If True, the solver waits for a key press (SPACE in the render window) after '
                  'every time/load step. Only meaningful with a renderer.'),
        ),
    ),
    "LinearSolverSettings": Declaration(
        'Linear solver used in the Newton iterations.',
        fields=(
            Field("ignoreSingularJacobian", "bool", False,
                  'Only effective with solverType=EigenDense: switches the dense LU from partial '
                  'pivoting to full pivoting (rank revealing); a singular or redundant system is '
                  'then never reported and a particular solution is used (see solvers.md, linear '
                  'solvers). No effect for EXUdense/EigenSparse.'),
            Field("pivotThreshold", "UReal", 0.0,
                  'Intended pivot threshold for the dense solvers. Observed: no effect in 1.13.6 '
                  '(and not passed to the linear solver in the 1.11 source); the effective '
                  "threshold is 0 for EXUdense and Eigen's default for full-pivot LU."),
            Field("reuseAnalyzedPattern", "bool", False,
                  'Sparse LU only: reuse the symbolic analysis (ordering) of the previous '
                  'factorization if the number of non-zeros did not change; falls back to a full '
                  'analysis if the numeric factorization then fails.'),
            Field("showCausingItems", "bool", True,
                  'Stored but not used by the C++ solver (1.11 source). The Python '
                  'SolveStatic/SolveDynamic have their own argument showCausingItems, which '
                  'prints the objects linked to the causing equation.'),
            Field("solverType", "LinearSolverType", LinearSolverType.EXUdense,
                  'Linear solver / matrix storage: EXUdense, EigenDense, EigenSparse or '
                  'EigenSparseSymmetric (see solvers.md). _None is rejected by the solvers.'),
        ),
    ),
    "Parallel": Declaration(
        'Multi-threading of the solvers.',
        fields=(
            Field("multithreadedLowerLimitJacobians", "PInt", 20,
                  'Minimum number of objects for which Jacobian computation is run multi-threaded '
                  '(only if numberOfThreads > 1).'),
            Field("multithreadedLowerLimitLoads", "PInt", 20,
                  'Minimum number of loads for multi-threaded load evaluation.'),
            Field("multithreadedLowerLimitMassMatrices", "PInt", 20,
                  'Minimum number of bodies for multi-threaded mass matrix computation.'),
            Field("multithreadedLowerLimitResiduals", "PInt", 20,
                  'Minimum number of objects for multi-threaded RHS, algebraic equation and '
                  'reaction force evaluation.'),
            Field("numberOfThreads", "PInt", 1,
                  'Number of worker threads; 1 = serial. Results must not depend on it (apart '
                  'from round-off in summation order).'),
            Field("taskSplitMinItems", "PInt", 50,
                  'Number of items from which on work is split into more tasks than threads.'),
            Field("taskSplitTasksPerThread", "PInt", 16,
                  'Number of tasks per thread once taskSplitMinItems is reached.'),
            Field("useLoadBalancing", "bool", True,
                  'Use load balancing in the thread pool.'),
        ),
    ),
    "ShowSettings": Declaration(
        'What the solvers print at the end of a solve.',
        fields=(
            Field("computationTime", "bool", False,
                  'Print a table of CPU times of solver parts (mass matrix, RHS, Jacobian, '
                  'factorization, ...) at the end of a solve (verbose level >= 1).'),
            Field("globalTimers", "bool", True,
                  'Together with computationTime: also print global (special) timers, e.g. for '
                  'contact.'),
            Field("statistics", "bool", False,
                  'Print iteration statistics at the end (number of steps, Newton iterations, '
                  'Jacobians, rejected modified-Newton steps).'),
        ),
    ),
    "SolutionSettings": Declaration(
        'Output of the solvers: solution file, restart file and sensors.',
        children=(
            Child("file", "SolutionFileSettings"),
            Child("restart", "SolutionRestartSettings"),
            Child("sensors", "SolutionSensorsSettings"),
        ),
        fields=(
            Field("flushFilesImmediately", "bool", False,
                  'Flush solution and sensor file buffers after every written line.'),
            Field("precision", "UInt", 10,
                  'Significant digits of numbers in solution and sensor text files (C++ stream '
                  'default formatting, equivalent to Python format spec ".10g" for the default '
                  '10).'),
            Field("recordImagesInterval", "Real", -1.0,
                  'If >= 0: simulation time between two images saved from the renderer during '
                  'solving; -1 = off.'),
            Field("solverInformationFileName", "FileName", 'solution/solverInformation.txt',
                  'File for solver messages written according to verboseModeFile. 1.11 default: '
                  "'solverInformation.txt'."),
        ),
    ),
    "SolutionFileSettings": Declaration(
        'The coordinates solution file.',
        children=(
            Child("export", "SolutionFileExportSettings"),
        ),
        fields=(
            Field("append", "bool", False,
                  'Open the solution file (and solver information file) in append mode instead of '
                  'overwriting. Ignored for binary files.'),
            Field("binary", "bool", False,
                  'Write a binary solution file (ending .sol); precision >= 8 writes doubles, '
                  'otherwise floats.'),
            Field("flushAboveCoordinates", "PInt", 10000,
                  'If a written line contains at least this many values, the file buffer is '
                  'flushed after each line.'),
            Field("information", "String", '',
                  'Free text written into the header line "#solution information = ..." (line '
                  'breaks replaced by "_"); also shown in the render window.'),
            Field("name", "FileName", 'solution/coordinatesSolution',
                  'File name (relative path allowed) of the solution file; if the name contains '
                  'no ".", ".txt" (text) or ".sol" (binary) is appended; missing directories are '
                  "created. 1.11 default: 'coordinatesSolution'."),
            Field("write", "bool", True,
                  'Master switch for writing the coordinates solution file.'),
            Field("writeFooter", "bool", True,
                  'Write the two footer lines (finish time, solver info) at the end of the solve.'),
            Field("writeHeader", "bool", True,
                  'Write the header lines starting with "#".'),
            Field("writeInitialValues", "bool", True,
                  'Write a line for the start time (initial state) to the solution file and to '
                  'sensor files / internal sensor storage.'),
            Field("writePeriod", "UReal", 0.01,
                  'Simulation time between two written lines; see the write schedule in the '
                  'solution file section.'),
        ),
    ),
    "SolutionFileExportSettings": Declaration(
        'Which coordinates are appended to each solution file line.',
        fields=(
            Field("accelerations", "bool", True,
                  'Append ODE2 accelerations to each line of the solution file (dynamic solvers '
                  'only).'),
            Field("algebraicCoordinates", "bool", True,
                  'Append algebraic coordinates (Lagrange multipliers) to each line.'),
            Field("dataCoordinates", "bool", True,
                  'Append data coordinates to each line.'),
            Field("ODE1Velocities", "bool", True,
                  'Append ODE1 velocities to each line (dynamic solvers only).'),
            Field("velocities", "bool", True,
                  'Append ODE2 velocities to each line (dynamic solvers only).'),
        ),
    ),
    "SolutionRestartSettings": Declaration(
        'The restart file of the dynamic solvers.',
        fields=(
            Field("continueIfAvailable", "bool", False,
                  'New in 1.13 (no 1.11 equivalent): a dynamic solve continues from an existing '
                  'restart file instead of starting at startTime.'),
            Field("name", "FileName", 'solution/restartFile.txt',
                  "File name of the restart file. 1.11 default: 'restartFile.txt'."),
            Field("write", "bool", False,
                  'Dynamic solvers write the restart file every writePeriod and at the end.'),
            Field("writePeriod", "UReal", 0.01,
                  'Simulation time between restart file updates.'),
        ),
    ),
    "SolutionSensorsSettings": Declaration(
        'Sensor files and the internal sensor storage.',
        fields=(
            Field("active", "bool", True,
                  'If False, sensors neither write files nor store data internally.'),
            Field("append", "bool", False,
                  'Append to existing sensor files / to existing internal sensor storage instead '
                  'of restarting them.'),
            Field("writeFooter", "bool", False,
                  'Write the solver footer also into sensor files.'),
            Field("writeHeader", "bool", True,
                  'Write the "#" header into sensor files.'),
            Field("writePeriod", "UReal", 0.01,
                  'Simulation time between two sensor records (file line and/or internal storage '
                  'row).'),
        ),
    ),
    "StaticSolverSettings": Declaration(
        'Settings of the static solver (SolveStatic).',
        children=(
            Child("discontinuous", "DiscontinuousSettings"),
            Child("newton", "NewtonSettings"),
        ),
        fields=(
            Field("adaptiveStep", "bool", True,
                  'If a load step fails (Newton or discontinuous iteration), restore the step '
                  'start and retry with a smaller load increment. Ignored (with warning) if '
                  'loadStepGeometric=True.'),
            Field("adaptiveStepDecrease", "UReal", 0.25,
                  'Factor applied to the load increment after a failed step (0 < factor < 1).'),
            Field("adaptiveStepIncrease", "UReal", 2.0,
                  'Factor applied to the load increment when recovering (> 1); capped at the '
                  'nominal increment.'),
            Field("adaptiveStepRecoveryIterations", "UInt", 7,
                  'Recovery only if Newton iterations + discontinuous iterations of the last step '
                  'do not exceed this number.'),
            Field("adaptiveStepRecoverySteps", "UInt", 4,
                  'Number of successful steps since the last reduction before the increment is '
                  'increased again.'),
            Field("computeLoadsJacobian", "bool", True,
                  'Include (numerical) derivatives of loads w.r.t. coordinates in the static '
                  'Jacobian.'),
            Field("constrainODE1Coordinates", "bool", True,
                  'ODE1 coordinates are meant to be held at their initial values (identity block '
                  'in the Jacobian). Static solves with ODE1 coordinates are flagged as untested '
                  'by Exudyn.'),
            Field("loadStepDuration", "PReal", 1.0,
                  'Length of the quasi-time interval covered by all load steps; load factor = (t '
                  '- loadStepStart)/loadStepDuration.'),
            Field("loadStepGeometric", "bool", False,
                  'Use geometrically growing load factors instead of equal increments (formula in '
                  'solvers.md).'),
            Field("loadStepGeometricRange", "PReal", 1000.0,
                  'Ratio R between last and first load factor for geometric load steps (first '
                  'factor = 1/R).'),
            Field("loadStepStart", "UReal", 0.0,
                  'Quasi-time at the start of the static solve (also the time passed to '
                  'time-dependent loads and written to the first column).'),
            Field("minimumStepSize", "PReal", 1e-08,
                  'Smallest admissible load increment; below it the static solver stops with '
                  'failure.'),
            Field("numberOfLoadSteps", "PInt", 1,
                  'Number of (nominal) load steps; 1 = full load at once.'),
            Field("stabilizerODE2term", "UReal", 0.0,
                  'Adds a mass-proportional term that vanishes at full load (see solvers.md, '
                  'static solver).'),
            Field("stepInformation", "UInt", 67,
                  'Bit flags for the step report line: 1 time to go, 2 Newton iterations per '
                  'step, 4 Jacobians per step, 8 discontinuous iterations per step, 16 step size, '
                  '32 CPU time, 64 step reduction warnings, 128 step increase info, 1024 report '
                  'every step.'),
            Field("useLoadFactor", "bool", True,
                  'If True, all loads without user function are multiplied with the load factor; '
                  'if False the factor is 1.'),
            Field("verboseMode", "UInt", 1,
                  'Console output level: 0 none, 1 errors and step summary, 2 Newton iterations, '
                  '3 vectors, 4 Jacobian, 5 inverse Jacobian.'),
            Field("verboseModeFile", "UInt", 0,
                  'Same levels as verboseMode, written to solverInformationFileName.'),
        ),
    ),
    "DiscontinuousSettings": Declaration(
        'The discontinuous (post-Newton) iteration.',
        fields=(
            Field("ignoreMaxIterations", "bool", True,
                  'If the discontinuous iteration reaches maxIterations without meeting the '
                  'tolerance, accept the step anyway (True) or treat the step as failed (False).'),
            Field("iterationTolerance", "UReal", 1.0,
                  'Tolerance for the error returned by post-Newton steps (contact, friction, '
                  'switching, PostNewtonUserFunction).'),
            Field("maxIterations", "UInt", 5,
                  'Maximum number of discontinuous (post-Newton) iterations per step; each one '
                  'runs a full Newton solve.'),
            Field("useRecommendedStepSize", "bool", True,
                  'Accept step size recommendations returned by post-Newton steps (may reduce the '
                  'step).'),
        ),
    ),
    "NewtonSettings": Declaration(
        'Newton iteration of the implicit and static solvers.',
        children=(
            Child("numericalDifferentiation", "NumericalDifferentiationSettings"),
        ),
        fields=(
            Field("absoluteTolerance", "UReal", 1e-10,
                  'Newton converges if the residual norm (see weightTolerancePerCoordinate) is <= '
                  'this value.'),
            Field("active", "bool", True,
                  'False: linear mode, the first Newton update is accepted as converged.'),
            Field("adaptInitialResidual", "bool", True,
                  'If the residual after the first iteration is larger than the initial residual, '
                  'use it as reference for the relative tolerance.'),
            Field("maximumSolutionNorm", "UReal", 1e+38,
                  'Divergence threshold on the squared 2-norm of the ODE2 coordinates and '
                  'velocities (NaN in coordinates, velocities or multipliers also counts as '
                  'divergence).'),
            Field("maxIterations", "UInt", 25,
                  'Maximum total Newton iterations per step (modified and full, including '
                  'restarts).'),
            Field("maxModifiedNewtonIterations", "UInt", 8,
                  'Modified Newton: after this many iterations in a step, a Jacobian update is '
                  'requested.'),
            Field("maxModifiedNewtonRestartIterations", "UInt", 7,
                  'Modified Newton: after maxModifiedNewtonIterations + this number of iterations '
                  '(this number counts as 0 if modifiedNewtonJacUpdatePerStep=True) the step '
                  'switches to full Newton.'),
            Field("modifiedNewtonContractivity", "PReal", 0.5,
                  'Modified Newton: if residual ratio of consecutive iterations exceeds this '
                  'value (checked from iteration 3 on), the Jacobian is updated.'),
            Field("modifiedNewtonJacUpdatePerStep", "bool", False,
                  'Modified Newton: compute a new Jacobian at the start of every step.'),
            Field("relativeTolerance", "UReal", 1e-08,
                  'Newton converges if residual / initial residual <= this value.'),
            Field("residualMode", "UInt", 0,
                  '0: convergence measured with the residual; 1: with the increment norm '
                  '||dq_ODE2|| + ||dy_ODE1||.'),
            Field("useModifiedNewton", "bool", False,
                  'Reuse the Jacobian (and its factorization) over iterations and steps until '
                  'convergence is poor; False = new Jacobian every iteration. 1.11 default at '
                  'timeIntegration.newton: False.'),
            Field("weightTolerancePerCoordinate", "bool", False,
                  'Divide the residual norm by sqrt(nODE2+nODE1+nAE) before comparing with the '
                  'tolerances.'),
        ),
    ),
    "NumericalDifferentiationSettings": Declaration(
        'Numerical (forward difference) Jacobians.',
        fields=(
            Field("addReferenceCoordinatesToEpsilon", "bool", False,
                  'Use |q_i + q_ref,i| instead of |q_i| when sizing the difference increment.'),
            Field("doSystemWideDifferentiation", "bool", False,
                  'Differentiate the whole system RHS numerically w.r.t. every coordinate (slow; '
                  'includes all couplings and loads) instead of object by object.'),
            Field("forAE", "bool", False,
                  'Differentiate algebraic equations numerically instead of using the analytic '
                  'constraint Jacobians (verification only).'),
            Field("forODE2", "bool", False,
                  'Differentiate ODE2 terms of all objects numerically even where an analytic '
                  'Jacobian exists.'),
            Field("forODE2Connectors", "bool", False,
                  'Same as forODE2 but only for connectors (development flag).'),
            Field("jacobianConnectorDerivative", "bool", True,
                  'Analytic connector Jacobians include the derivative of the marker Jacobians '
                  '(where available, otherwise numerical differentiation is used); False neglects '
                  'that term.'),
            Field("minimumCoordinateSize", "UReal", 0.01,
                  'q_min in the increment formula.'),
            Field("relativeEpsilon", "UReal", 1e-07,
                  'ε_rel in the increment formula (forward differences, see solvers.md).'),
        ),
    ),
    "TimeIntegrationSettings": Declaration(
        'Settings of the dynamic solvers (SolveDynamic).',
        children=(
            Child("discontinuous", "DiscontinuousSettings"),
            Child("explicit", "ExplicitIntegrationSettings"),
            Child("generalizedAlpha", "GeneralizedAlphaSettings"),
            _child("newton", "NewtonSettings", useModifiedNewton=True),
            Child("realtime", "RealtimeSettings"),
        ),
        fields=(
            Field("absoluteTolerance", "UReal", 1e-08,
                  'a_tol of the explicit error control (ODE23, DOPRI5); must be > 0.'),
            Field("adaptiveStep", "bool", True,
                  'If a step fails (Newton, discontinuous iteration), restore the step start and '
                  'retry with a smaller step. Also selects accumulated time (t += h) instead of t '
                  '= t0 + i h.'),
            Field("adaptiveStepDecrease", "UReal", 0.5,
                  'Factor for the step size after a failed step (implicit solver).'),
            Field("adaptiveStepIncrease", "UReal", 2.0,
                  'Factor for increasing the step size during recovery (capped at the nominal '
                  'step).'),
            Field("adaptiveStepRecoveryIterations", "UInt", 7,
                  'Recovery only if Newton + discontinuous iterations of the last step do not '
                  'exceed this number.'),
            Field("adaptiveStepRecoverySteps", "UInt", 10,
                  'Successful steps after the last reduction before the step size is increased '
                  'again.'),
            Field("automaticStepSize", "bool", True,
                  'Use error-controlled step sizes; only solvers with an embedded error estimate '
                  '(ODE23, DOPRI5) use it, all others ignore it.'),
            Field("computeLoadsJacobian", "UInt", 0,
                  'Implicit solvers: 0 = loads not differentiated; 1 = numerical derivative of '
                  'loads w.r.t. ODE2 and ODE1 coordinates; 2 = additionally w.r.t. ODE2 '
                  'velocities.'),
            Field("endTime", "UReal", 1.0,
                  'End time t_end.'),
            Field("initialStepSize", "UReal", 0.0,
                  'First step of error-controlled solvers; 0 = use h_max.'),
            Field("minimumStepSize", "PReal", 1e-08,
                  'Smallest step: adaptive step reduction fails below it; error control does not '
                  'go below it (continues with a one-time warning).'),
            Field("numberOfSteps", "PReal", 100.0,
                  'Number of steps; h = (t_end - t_start)/n. Float allowed but must be an integer '
                  'within relative 100 machine epsilons, otherwise an error is raised; 0 is '
                  'rejected by the range check.'),
            Field("relativeTolerance", "UReal", 1e-08,
                  'r_tol of the explicit error control; must be >= 0.'),
            Field("reuseConstantMassMatrix", "bool", True,
                  'If all bodies report a constant mass matrix, compute (and for explicit solvers '
                  'factorize) it only once.'),
            Field("solverType", "DynamicSolverType", DynamicSolverType.GeneralizedAlpha,
                  'New in 1.13: the dynamic solver used by SolveDynamic when its solverType '
                  'argument is None. Legacy alias explicitIntegration.dynamicSolverType maps '
                  'here. 1.11 default: exu.DynamicSolverType.DOPRI5 (as '
                  'explicitIntegration.dynamicSolverType).'),
            Field("startTime", "UReal", 0.0,
                  'Start time t_start.'),
            Field("stepInformation", "UInt", 67,
                  'Bit flags of the step report line, as staticSolver.stepInformation.'),
            Field("stepSizeMaxIncrease", "UReal", 2.0,
                  'f_maxInc: maximum growth factor of the step size per step (error control).'),
            Field("stepSizeSafety", "UReal", 0.9,
                  'f_sfty: safety factor on the optimal step size (error control).'),
            Field("verboseMode", "UInt", 0,
                  'Console output level: 0 none, 1 step summary every 2 s (every 30 s after 1 h '
                  'CPU time) and final message, 2 every step, 3 vectors, 4 mass matrix and '
                  'Jacobian, 5 inverse Jacobian.'),
            Field("verboseModeFile", "UInt", 0,
                  'Same levels written to solverInformationFileName.'),
        ),
    ),
    "ExplicitIntegrationSettings": Declaration(
        'Settings of the explicit solvers.',
        fields=(
            Field("computeEndOfStepAccelerations", "bool", True,
                  'After each explicit step, evaluate accelerations at the new state (one extra '
                  'RHS evaluation); if False, the accelerations of the last stage are stored '
                  'instead.'),
            Field("computeMassMatrixInversePerBody", "bool", False,
                  'Invert the mass matrix body by body (block diagonal assumption) instead of '
                  'factorizing the system mass matrix; wrong if bodies share nodes.'),
            Field("eliminateConstraints", "bool", True,
                  'True: CoordinateConstraints fixing one ODE2 coordinate to ground are '
                  'eliminated, all other constraints raise an error; False: all constraints are '
                  'ignored (warning).'),
            Field("useLieGroupIntegration", "bool", True,
                  'Integrate rotations of NodeRigidBodyRotVecLG nodes with the Lie group '
                  'Runge-Kutta formulas; other nodes are unaffected.'),
        ),
    ),
    "GeneralizedAlphaSettings": Declaration(
        'Generalized-alpha and Newmark methods.',
        fields=(
            Field("computeInitialAccelerations", "bool", True,
                  'Solve for consistent initial accelerations and multipliers before the first '
                  'step; otherwise accelerations start at their stored values (or zero, see '
                  'resetAccelerations) and multipliers at zero.'),
            Field("lieGroupAddTangentOperator", "bool", True,
                  'Only with lieGroupSimplifiedKinematicRelations=True: multiply Jacobian columns '
                  'of Lie group rotation coordinates with the SO(3) tangent operator; dense '
                  'matrices only (error with sparse).'),
            Field("lieGroupSimplifiedKinematicRelations", "bool", False,
                  'Lie group variant for NodeRigidBodyRotVecLG: True = Brüls/Cardona (2010) '
                  'kinematic relations; False = improved relations (default).'),
            Field("newmarkBeta", "UReal", 0.25,
                  'β, used only if useNewmark=True (or TrapezoidalIndex2).'),
            Field("newmarkGamma", "UReal", 0.5,
                  'γ, used only if useNewmark=True (or TrapezoidalIndex2).'),
            Field("resetAccelerations", "bool", False,
                  'Only if computeInitialAccelerations=False: set initial accelerations to zero '
                  '(otherwise the stored current accelerations are kept).'),
            Field("spectralRadius", "UReal", 0.9,
                  'ρ∞ of the generalized-α method (ignored with useNewmark). Must be < 1 for '
                  'index-3 constraints; values > 1 are not range checked.'),
            Field("storeInitialAlgebraicCoordinates", "bool", True,
                  'With computeInitialAccelerations: keep the computed initial multipliers in the '
                  'current state (first solution-file line); otherwise they are set to zero.'),
            Field("useIndex2Constraints", "bool", False,
                  'Evaluate constraints at velocity level (index 2); requires useNewmark=True, '
                  'otherwise an error is raised.'),
            Field("useNewmark", "bool", False,
                  'Use the Newmark method with newmarkBeta/newmarkGamma (α_m = α_f = 1/2) instead '
                  'of generalized-α.'),
        ),
    ),
    "RealtimeSettings": Declaration(
        'Slowing the simulation down to (scaled) real time.',
        fields=(
            Field("active", "bool", False,
                  'Slow the simulation down so that simulation time does not run ahead of '
                  '(scaled) wall-clock time.'),
            Field("factor", "PReal", 1.0,
                  'Real-time scaling: < 1 slower, > 1 faster than real time.'),
            Field("waitMicroseconds", "PInt", 1000,
                  'Sleep interval while waiting for real time.'),
        ),
    ),
    "VisualizationSettings": Declaration(
        'Settings of the renderer; they never influence solver results.',
        children=(
            Child("nodes", "VSettingsNodes"),
            Child("bodies", "VSettingsBodies"),
            Child("connectors", "VSettingsConnectors"),
            Child("markers", "VSettingsMarkers"),
            Child("loads", "VSettingsLoads"),
            Child("sensors", "VSettingsSensors"),
            Child("contour", "VSettingsContour"),
            Child("contact", "VSettingsContact"),
            Child("view0", "VSettingsView"),
            Child("view1", "VSettingsView"),
            Child("view2", "VSettingsView"),
            Child("view3", "VSettingsView"),
            Child("openGL", "VSettingsOpenGL"),
            Child("raytracer", "VSettingsRaytracer"),
            Child("general", "VSettingsGeneral"),
            Child("interactive", "VSettingsInteractive"),
            Child("dialogs", "VSettingsDialogs"),
            Child("exportImages", "VSettingsExportImages"),
        ),
        fields=(
        ),
    ),
    "VSettingsNodes": Declaration(
        'Drawing of nodes.',
        fields=(
            Field("basisSize", "float", 0.2,
                  'Size of drawn node frames.'),
            Field("defaultColor", "VectorFloat", [0.2, 0.2, 1.0, 1.0],
                  'Default RGBA node color.'),
            Field("defaultSize", "float", -1.0,
                  'Node size; -1 = relative to the scene size.'),
            Field("drawNodesAsPoint", "bool", True,
                  'Draw nodes as points of size general.pointSize (fast).'),
            Field("show", "bool", True,
                  'Show nodes.'),
            Field("showBasis", "bool", False,
                  'Draw the frame of 3D nodes with orientation.'),
            Field("showNodalSlopes", "bool", False,
                  'Draw slope vectors of ANCF-type nodes (1.11 doc type: UInt).'),
            Field("showNumbers", "bool", False,
                  'Show node numbers.'),
            Field("tiling", "PInt", 4,
                  'Tiling of nodes drawn as spheres.'),
        ),
    ),
    "VSettingsBodies": Declaration(
        'Drawing of bodies.',
        children=(
            Child("beams", "VSettingsBeams"),
            Child("kinematicTree", "VSettingsKinematicTree"),
            Child("shells", "VSettingsShells"),
        ),
        fields=(
            Field("defaultColor", "VectorFloat", [0.3, 0.3, 1.0, 1.0],
                  'Default RGBA body color.'),
            Field("defaultSize", "VectorFloat", [1.0, 1.0, 1.0],
                  'Size of the default cube drawn for bodies without graphics.'),
            Field("deformationScaleFactor", "float", 1.0,
                  'Deformation scale for drawing superelements.'),
            Field("show", "bool", True,
                  'Show bodies.'),
            Field("showNumbers", "bool", False,
                  'Show body (object) numbers.'),
        ),
    ),
    "VSettingsBeams": Declaration(
        'Drawing of beams.',
        fields=(
            Field("axialTiling", "PInt", 8,
                  'Segments along a beam axis.'),
            Field("crossSectionFilled", "bool", True,
                  'Draw beam cross sections filled.'),
            Field("crossSectionTiling", "PInt", 4,
                  'Quads over the beam height for flat drawing.'),
            Field("drawVertical", "bool", False,
                  'Draw the contour variable as a curve across the beam height.'),
            Field("drawVerticalColor", "VectorFloat", [0.2, 0.2, 0.2, 1.0],
                  'Color of that curve.'),
            Field("drawVerticalFactor", "UFloat", 1.0,
                  'Scale of that curve.'),
            Field("drawVerticalLines", "bool", True,
                  'Also draw connecting vertical lines.'),
            Field("drawVerticalOffset", "float", 0.0,
                  'Offset added before scaling.'),
            Field("drawVerticalValues", "bool", False,
                  'Print values at the vertical lines.'),
            Field("reducedAxialInterploation", "bool", True,
                  'Use reduced interpolation along the axis for contour values (name spelled as '
                  'in Exudyn).'),
        ),
    ),
    "VSettingsKinematicTree": Declaration(
        'Drawing of KinematicTree objects.',
        fields=(
            Field("frameSize", "float", 0.2,
                  'Size of joint/COM frames of KinematicTree.'),
            Field("showCOMframes", "bool", False,
                  'Draw COM frames.'),
            Field("showFramesNumbers", "bool", False,
                  'Label frames.'),
            Field("showJointFrames", "bool", True,
                  'Draw joint frames.'),
        ),
    ),
    "VSettingsShells": Declaration(
        'Drawing of plates and shells.',
        fields=(
            Field("contourZeta", "float", 1.0,
                  'New in 1.13: thickness coordinate for shell contour evaluation.'),
            Field("drawNormal", "bool", False,
                  'New in 1.13: draw contour values along the shell normal.'),
            Field("drawNormalColor", "VectorFloat", [0.2, 0.2, 0.2, 1.0],
                  'New in 1.13: color for drawNormal.'),
            Field("drawNormalFactor", "UFloat", 1.0,
                  'New in 1.13: scale for drawNormal.'),
            Field("drawNormalLines", "bool", True,
                  'New in 1.13: lines from mid surface to the drawn envelope.'),
            Field("drawSolid", "bool", True,
                  'Draw plates/shells as solids (else mid surface).'),
            Field("inPlaneTiling", "PInt", 4,
                  'New in 1.13: in-plane subdivisions per element.'),
            Field("reducedInterpolation", "bool", True,
                  'New in 1.13: bilinear corner interpolation of strain-type contours.'),
            Field("thicknessFactor", "PFloat", 1.0,
                  'Visual thickness factor.'),
        ),
    ),
    "VSettingsConnectors": Declaration(
        'Drawing of connectors.',
        fields=(
            Field("contactPointsDefaultSize", "float", 0.02,
                  'Deprecated contact point size.'),
            Field("curveTiling", "PInt", 32,
                  'New in 1.13: segments per full turn of curves drawn by connectors.'),
            Field("defaultColor", "VectorFloat", [0.2, 0.2, 1.0, 1.0],
                  'Default RGBA connector color.'),
            Field("defaultSize", "float", 0.1,
                  'Connector size; -1 = relative to scene size.'),
            Field("drawSimplified", "bool", True,
                  'New in 1.13: draw springs/distance constraints as lines.'),
            Field("jointAxesLength", "float", 0.2,
                  'Length of drawn joint axes.'),
            Field("jointAxesRadius", "float", 0.02,
                  'Radius of drawn joint axes.'),
            Field("show", "bool", True,
                  'Show connectors.'),
            Field("showContact", "bool", False,
                  'Show contact points of cable-circle contacts.'),
            Field("showJointAxes", "bool", False,
                  'Draw joint axes of 3D joints.'),
            Field("showNumbers", "bool", False,
                  'Show connector (object) numbers.'),
            Field("springNumberOfWindings", "PInt", 8,
                  'Windings of drawn helical springs.'),
        ),
    ),
    "VSettingsMarkers": Declaration(
        'Drawing of markers.',
        fields=(
            Field("basisSize", "float", 0.2,
                  'New in 1.13: size of drawn marker frames.'),
            Field("defaultColor", "VectorFloat", [0.1, 0.5, 0.1, 1.0],
                  'Default RGBA marker color.'),
            Field("defaultSize", "float", -1.0,
                  'Marker size; -1 = relative to scene size.'),
            Field("drawSimplified", "bool", True,
                  'Simplified marker symbols.'),
            Field("show", "bool", True,
                  'Show markers.'),
            Field("showBasis", "bool", False,
                  'New in 1.13: draw frames of markers with orientation.'),
            Field("showNumbers", "bool", False,
                  'Show marker numbers.'),
        ),
    ),
    "VSettingsLoads": Declaration(
        'Drawing of loads.',
        fields=(
            Field("defaultColor", "VectorFloat", [0.7, 0.1, 0.1, 1.0],
                  'Default RGBA load color.'),
            Field("defaultRadius", "float", 0.005,
                  'Radius of load arrows in 3D.'),
            Field("defaultSize", "float", 0.2,
                  'Load arrow size; -1 = relative to scene size.'),
            Field("drawSimplified", "bool", True,
                  'Simplified load symbols.'),
            Field("drawWithUserFunction", "bool", True,
                  'Evaluate load user functions for drawing (time-dependent arrows).'),
            Field("fixedLoadSize", "bool", True,
                  'Draw arrows with fixed length (only the direction follows the load).'),
            Field("loadSizeFactor", "float", 0.1,
                  'Scale of arrows if fixedLoadSize=False.'),
            Field("show", "bool", True,
                  'Show loads.'),
            Field("showNumbers", "bool", False,
                  'Show load numbers.'),
        ),
    ),
    "VSettingsSensors": Declaration(
        'Drawing of sensors.',
        children=(
            Child("traces", "VSettingsTraces"),
        ),
        fields=(
            Field("defaultColor", "VectorFloat", [0.6, 0.6, 0.1, 1.0],
                  'Default RGBA sensor color.'),
            Field("defaultSize", "float", -1.0,
                  'Sensor symbol size; -1 = relative to scene size.'),
            Field("drawSimplified", "bool", True,
                  'Simplified sensor symbols.'),
            Field("show", "bool", True,
                  'Show sensors.'),
            Field("showNumbers", "bool", False,
                  'Show sensor numbers.'),
        ),
    ),
    "VSettingsTraces": Declaration(
        'Traces of position, vector and triad sensors.',
        fields=(
            Field("lineWidth", "UFloat", 2.0,
                  'Line width of traces.'),
            Field("listOfPositionSensors", "IndexArray", [],
                  'Position sensors (storeInternal=True) drawn as traces; empty = all.', size=-1),
            Field("listOfTriadSensors", "IndexArray", [],
                  'RotationMatrix sensors paired with listOfPositionSensors for triads.', size=-1),
            Field("listOfVectorSensors", "IndexArray", [],
                  '3D vector sensors paired with listOfPositionSensors for vectors.', size=-1),
            Field("positionsShowEvery", "PInt", 1,
                  'Draw every i-th stored position.'),
            Field("sensorsMbsNumber", "Index", 0,
                  'MainSystem index of the listed sensors.'),
            Field("showCurrent", "bool", True,
                  'Draw the current trace point/vector.'),
            Field("showFuture", "bool", False,
                  'Draw the trace ahead of the visualized time (solution viewer).'),
            Field("showPast", "bool", True,
                  'Draw the trace before the visualized time.'),
            Field("showPositionTrace", "bool", False,
                  'Draw position traces.'),
            Field("showTriads", "bool", False,
                  'Draw triads from rotation sensors.'),
            Field("showVectors", "bool", False,
                  'Draw vectors from vector sensors.'),
            Field("timeSpan", "UReal", 0.0,
                  'Maximum time span of drawn past/future trace; 0 = unlimited.'),
            Field("traceColors", "VectorFloat",
                  [0.2, 0.2, 0.2, 1.0, 0.8, 0.2, 0.2, 1.0, 0.2, 0.8, 0.2, 1.0, 0.2, 0.2, 0.8, 1.0,
                   0.2, 0.8, 0.8, 1.0, 0.8, 0.2, 0.8, 1.0, 0.8, 0.4, 0.1, 1.0],
                  'Flat list of RGBA colors, 4 values per trace.', size=-1),
            Field("triadSize", "float", 0.1,
                  'Axis length of triads.'),
            Field("triadsShowEvery", "PInt", 1,
                  'Draw every i-th triad.'),
            Field("vectorScaling", "float", 0.01,
                  'Scale of drawn vectors.'),
            Field("vectorsShowEvery", "PInt", 1,
                  'Draw every i-th vector.'),
        ),
    ),
    "VSettingsContour": Declaration(
        'Contour plots.',
        children=(
            Child("advanced", "VSettingsContourAdvanced"),
        ),
        fields=(
            Field("alphaTransparency", "float", 1.0,
                  'Alpha of contour colors.'),
            Field("automaticRange", "bool", True,
                  'Determine min/max of the contour range automatically.'),
            Field("maxValue", "float", 1.0,
                  'Upper range value if automaticRange=False.'),
            Field("minValue", "float", 0.0,
                  'Lower range value if automaticRange=False.'),
            Field("nodesColored", "bool", True,
                  'Apply contour colors to nodes.'),
            Field("outputVariable", "OutputVariableType", OutputVariableType._None,
                  'OutputVariableType shown as contour; _None = no contour plot.'),
            Field("outputVariableComponent", "Int", 0,
                  'Component of the output variable; -1 = norm.'),
            Field("reduceRange", "bool", True,
                  'Allow the automatic range to shrink again over time.'),
            Field("rigidBodiesColored", "bool", True,
                  'Apply contour colors to rigid bodies and mass points.'),
        ),
    ),
    "VSettingsContourAdvanced": Declaration(
        'Colors and color bar of contour plots.',
        fields=(
            Field("colorBarPrecision", "PInt", 4,
                  'Significant digits in the color bar.'),
            Field("colorBarTiling", "PInt", 12,
                  'Number of color bar segments.'),
            Field("contourColor0", "VectorFloat", [0.1, 0.1, 0.9, 1.0],
                  'Color for relative value 0.'),
            Field("contourColor1", "VectorFloat", [0.1, 0.9, 0.9, 1.0],
                  'Color for relative value 0.25.'),
            Field("contourColor2", "VectorFloat", [0.1, 0.9, 0.1, 1.0],
                  'Color for relative value 0.5.'),
            Field("contourColor3", "VectorFloat", [0.9, 0.9, 0.1, 1.0],
                  'Color for relative value 0.75.'),
            Field("contourColor4", "VectorFloat", [0.9, 0.1, 0.1, 1.0],
                  'Color for relative value 1.'),
            Field("contourColorMax", "VectorFloat", [0.9, 0.9, 0.9, 1.0],
                  'Color for relative values > 1 (fixed range).'),
            Field("contourColorMin", "VectorFloat", [0.1, 0.1, 0.1, 1.0],
                  'Color for relative values < 0 (fixed range).'),
            Field("showColorBar", "bool", True,
                  'Show the color bar.'),
        ),
    ),
    "VSettingsContact": Declaration(
        'Drawing of contact objects.',
        fields=(
            Field("colorBoundingBoxes", "VectorFloat", [0.9, 0.1, 0.1, 1.0],
                  'RGBA color of drawn contact bounding boxes.'),
            Field("colorSearchTree", "VectorFloat", [0.1, 0.1, 0.9, 1.0],
                  'RGBA color of the drawn contact search tree.'),
            Field("colorSpheres", "VectorFloat", [0.8, 0.5, 0.2, 1.0],
                  'RGBA color of drawn contact spheres.'),
            Field("colorTori", "VectorFloat", [0.8, 0.2, 0.8, 1.0],
                  'RGBA color of drawn contact tori.'),
            Field("colorTriangles", "VectorFloat", [0.5, 0.5, 0.5, 1.0],
                  'RGBA color of drawn contact triangles.'),
            Field("contactForcesFactor", "float", 0.001,
                  'Scale factor for drawn contact force vectors.'),
            Field("contactPointsDefaultSize", "float", 0.001,
                  'Size of drawn contact points.'),
            Field("showBoundingBoxes", "bool", False,
                  'Draw the bounding boxes of contact objects.'),
            Field("showContactForces", "bool", False,
                  'Draw contact force vectors.'),
            Field("showContactForcesValues", "bool", False,
                  'Print the values of contact forces.'),
            Field("showSearchTree", "bool", False,
                  'Draw the outer box of the contact search tree.'),
            Field("showSearchTreeCells", "bool", False,
                  'Draw the cells of the contact search tree.'),
            Field("showSpheres", "bool", False,
                  'Draw contact spheres.'),
            Field("showTori", "bool", False,
                  'Draw contact tori.'),
            Field("showTriangles", "bool", False,
                  'Draw contact triangles.'),
            Field("tilingCurves", "PInt", 8,
                  'Segments used for drawn contact curves.'),
            Field("tilingSpheres", "PInt", 4,
                  'Tiling of drawn contact spheres.'),
        ),
    ),
    "VSettingsView": Declaration(
        'One view (render window).',
        children=(
            Child("camera", "VSettingsCamera"),
            Child("scene", "VSettingsScene"),
            Child("window", "VSettingsWindow"),
        ),
        fields=(
        ),
    ),
    "VSettingsCamera": Declaration(
        'Camera of one view.',
        fields=(
            Field("cameraPosition", "VectorFloat", [0.0, 0.0, 0.0],
                  'Camera offset in model view (model-centric) or camera position '
                  '(camera-centric).'),
            Field("clippingPlaneDistance", "float", 0.0,
                  'Distance of the clipping plane along clippingPlaneNormal.'),
            Field("clippingPlaneNormal", "VectorFloat", [0.0, 0.0, 0.0],
                  'Normal of the clipping plane; [0,0,0] disables clipping.'),
            Field("modelCentricView", "bool", True,
                  'True: transformations move the model in front of a fixed camera; False: the '
                  'camera moves.'),
            Field("nearFarPlaneOffset", "VectorFloat", [0.0, 0.0, 0.0],
                  '[near, far, flag]; flag 0 = compute near/far planes automatically from the '
                  'scene size.'),
            Field("perspective", "UFloat", 0.0,
                  'Amount of perspective; 0 = orthographic projection.'),
            Field("trackMarker", "Int", -1,
                  'Marker index whose position (and optionally orientation) the view follows; -1 '
                  '= off.'),
            Field("trackMarkerMbsNumber", "Index", 0,
                  'Index of the MainSystem that owns trackMarker.'),
            Field("trackMarkerOrientation", "VectorFloat", [0.0, 0.0, 0.0],
                  'Which orientation axes are tracked (all 0 or all 1).'),
            Field("trackMarkerPosition", "VectorFloat", [1.0, 1.0, 1.0],
                  'Which position components (x,y,z) are tracked.'),
            Field("useRaytracer", "bool", False,
                  'Render this view with the software raytracer.'),
        ),
    ),
    "VSettingsScene": Declaration(
        'What one view draws.',
        fields=(
            Field("drawCoordinateSystem", "UInt", 2,
                  '0 none, 1 lines with text, 2 arrows, 3 arrows with text.'),
            Field("drawWorldBasis", "bool", False,
                  'Draw the world basis at the origin.'),
            Field("facesTransparent", "bool", False,
                  'Draw all faces transparent (max alpha from openGL.faceTransparencyGlobal).'),
            Field("showFaceEdges", "bool", False,
                  'Draw triangle edges.'),
            Field("showFaces", "bool", True,
                  'Draw triangle faces.'),
            Field("showLines", "bool", True,
                  'Draw lines (other than face/mesh edges).'),
            Field("showMeshEdges", "bool", True,
                  'Draw finite element mesh edges.'),
            Field("showMeshFaces", "bool", True,
                  'Draw finite element mesh faces.'),
            Field("worldBasisSize", "PFloat", 1.0,
                  'Size of the world basis.'),
        ),
    ),
    "VSettingsWindow": Declaration(
        'Window of one view.',
        fields=(
            Field("alwaysOnTop", "bool", False,
                  'Keep this view window above other windows.'),
            Field("globalFontSize", "PFloat", 12.0,
                  'Text size in pixels (roughly), scaled by display scaling.'),
            Field("lockModelView", "bool", False,
                  'Disable mouse/keyboard rotation, zoom and translation for this view.'),
            Field("maximize", "bool", False,
                  'Maximize the window at startup.'),
            Field("renderWindowPosition", "IndexArray", [-1, -1],
                  'New in 1.13: top-left window position in pixels; negative = let the window '
                  'manager decide.'),
            Field("renderWindowSize", "IndexArray", [1024, 768],
                  'Initial window size [width, height] in pixels.'),
            Field("showComputationInfo", "bool", True,
                  'Show the Exudyn/solver information text block.'),
            Field("showMouseCoordinates", "bool", False,
                  'Show mouse coordinates in the status text (key F3).'),
            Field("showRenderStateInfo", "bool", False,
                  'Show zoom/center/rotation of the render state in the status text.'),
            Field("showWindow", "bool", True,
                  'Show the window when created (False: iconified).'),
            Field("storeRenderWindowGeometry", "bool", False,
                  'New in 1.13: write the final window size/position back into these settings '
                  'when the window closes.'),
        ),
    ),
    "VSettingsOpenGL": Declaration(
        'OpenGL rendering.',
        children=(
            Child("advanced", "VSettingsOpenGLAdvanced"),
            Child("light0", "VSettingsLight"),
            _child("light1", "VSettingsLight", diffuse=0.25, specular=0.25,
                   position=[2.0, 2.0, -10.0, 0.0]),
            _child("light2", "VSettingsLight", diffuse=0.2, specular=0.2, enable=False),
            _child("light3", "VSettingsLight", diffuse=0.2, specular=0.2, enable=False),
        ),
        fields=(
            Field("drawFaceNormals", "bool", False,
                  'Draw face normals (debugging).'),
            Field("drawNormalsLength", "PFloat", 0.1,
                  'Length of drawn normals.'),
            Field("drawVertexNormals", "bool", False,
                  'Draw vertex normals (debugging).'),
            Field("faceEdgesColor", "VectorFloat", [0.2, 0.2, 0.2, 1.0],
                  'Color of face edges.'),
            Field("faceTransparencyGlobal", "UFloat", 0.4,
                  'Maximum alpha used if view scene facesTransparent=True.'),
            Field("lightModelAmbient", "VectorFloat", [0.4, 0.4, 0.4, 1.0],
                  'Global ambient light RGBA (also used by the raytracer).'),
            Field("lineWidth", "UFloat", 1.0,
                  'Width of lines, circles, points.'),
            Field("materialShininess", "float", 32.0,
                  'Material shininess.'),
            Field("materialSpecular", "VectorFloat", [0.6, 0.6, 0.6, 1.0],
                  'Material specular RGBA.'),
            Field("multiSampling", "PInt", 1,
                  'Multisampling factor (1 = off; 2,3,4,8,16); must be set before the renderer '
                  'starts.'),
            Field("zMaxSceneFactor", "PFloat", 2.0,
                  'Factor on scene size for the near/far clipping distance.'),
        ),
    ),
    "VSettingsOpenGLAdvanced": Declaration(
        'Advanced OpenGL rendering.',
        fields=(
            Field("clippingPlaneColor", "VectorFloat", [0.7, 0.5, 0.5, 0.0],
                  'RGBA of the clipping plane; alpha 0 = not drawn, 1 = this color, 2 = object '
                  'interior color.'),
            Field("curvedTriangleMaxTiling", "UInt", 8,
                  'New in 1.13: maximum edge subdivisions for 6-node triangles.'),
            Field("curvedTriangleTilingAngle", "UFloat", 15.0,
                  'New in 1.13: angle (degrees) controlling subdivision of 6-node triangles.'),
            Field("depthSorting", "bool", False,
                  'Sort triangles by depth to reduce transparency artifacts (slower).'),
            Field("enableLighting", "bool", True,
                  'Enable OpenGL lighting (otherwise plain colors).'),
            Field("faceNormalsColor", "VectorFloat", [0.8, 0.2, 0.2, 1.0],
                  'Color for drawn face normals.'),
            Field("initialCenterPoint", "VectorFloat", [0.0, 0.0, 0.0],
                  'Scene center at startup (overridden by autoFitScene).'),
            Field("initialMaxSceneSize", "PFloat", 1.0,
                  'Scene size at startup (overridden by autoFitScene).'),
            Field("initialModelRotation", "MatrixFloat",
                  [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                  'Initial 3x3 model rotation matrix.'),
            Field("initialZoom", "UFloat", 1.0,
                  'Initial zoom (overridden by autoFitScene).'),
            Field("lightModelLocalViewer", "bool", False,
                  'OpenGL local-viewer light model.'),
            Field("lightModelTwoSide", "bool", False,
                  'Light back faces as well.'),
            Field("lineSmooth", "bool", True,
                  'Anti-aliased lines.'),
            Field("polygonOffset", "float", 0.05,
                  'Polygon offset so that lines are drawn in front of faces.'),
            Field("shadeModelSmooth", "bool", True,
                  'Smooth shading using vertex normals.'),
            Field("shadowPolygonOffset", "PFloat", 0.1,
                  'Polygon offset used for shadows.'),
            Field("showBoundingBox", "bool", False,
                  'Draw the scene bounding box (debugging).'),
            Field("textLineSmooth", "bool", False,
                  'Anti-aliased text lines.'),
            Field("textLineWidth", "UFloat", 1.0,
                  'Line width for texts.'),
            Field("vertexNormalsColor", "VectorFloat", [0.8, 0.2, 0.2, 1.0],
                  'Color for drawn vertex normals.'),
        ),
    ),
    "VSettingsLight": Declaration(
        'One OpenGL light.',
        fields=(
            Field("constantAttenuation", "float", 1.0,
                  'k_c in the attenuation 1/(k_c + k_l d + k_q d^2) (only for positional lights).'),
            Field("diffuse", "float", 0.5,
                  'Diffuse intensity of the light.'),
            Field("enable", "bool", True,
                  'Switch this light on/off.'),
            Field("lightRadius", "float", 0.1,
                  'Light radius used by the raytracer for soft shadows.'),
            Field("linearAttenuation", "float", 0.0,
                  'k_l in the attenuation formula.'),
            Field("position", "VectorFloat", [2.0, 2.0, 10.0, 0.0],
                  '4D position; 4th component 0 = directional light, 1 = positional light.'),
            Field("quadraticAttenuation", "float", 0.0,
                  'k_q in the attenuation formula.'),
            Field("shadow", "UFloat", 0.0,
                  'Shadow amount in [0,1] cast by this light (0 = no shadow).'),
            Field("specular", "float", 0.5,
                  'Specular intensity of the light.'),
            Field("useCameraFrame", "bool", False,
                  'Light position given in camera frame (True) or model frame (False).'),
        ),
    ),
    "VSettingsRaytracer": Declaration(
        'The software raytracer.',
        children=(
            Child("advanced", "VSettingsRaytracerAdvanced"),
            _child("material0", "VSettingsMaterial", name="default", baseColor=[0.4, 0.4, 0.9],
                   specular=[0.6, 0.6, 0.6]),
            _child("material1", "VSettingsMaterial", name="matt", baseColor=[0.0, 1.0, 0.0],
                   shininess=5.0, specular=[0.3, 0.3, 0.3]),
            _child("material2", "VSettingsMaterial", name="steel", baseColor=[0.6, 0.6, 0.6],
                   reflectivity=0.1, shininess=25.0, specular=[0.3, 0.33, 0.4]),
            _child("material3", "VSettingsMaterial", name="plastic", baseColor=[1.0, 0.0, 0.0],
                   reflectivity=0.1, shininess=20.0, specular=[0.4, 0.45, 0.45]),
            _child("material4", "VSettingsMaterial", name="chrome", baseColor=[0.75, 0.75, 0.75],
                   reflectivity=0.25, shininess=60.0, specular=[0.6, 0.62, 0.67]),
            _child("material5", "VSettingsMaterial", name="shiny", baseColor=[1.0, 0.5, 0.0],
                   reflectivity=0.5, shininess=100.0, specular=[0.7, 0.65, 0.7]),
            _child("material6", "VSettingsMaterial", name="transparent",
                   baseColor=[0.75, 0.75, 0.75], alpha=0.3, ior=1.05, shininess=20.0,
                   specular=[0.4, 0.4, 0.45]),
            _child("material7", "VSettingsMaterial", name="glass", baseColor=[0.8, 0.8, 0.8],
                   alpha=0.15, ior=1.5, reflectivity=0.6, shininess=50.0,
                   specular=[0.6, 0.68, 0.63]),
            _child("material8", "VSettingsMaterial", name="mirror", baseColor=[0.8, 0.8, 0.8],
                   reflectivity=0.8, shininess=50.0, specular=[0.4, 0.4, 0.4]),
            _child("material9", "VSettingsMaterial", name="emission", baseColor=[0.85, 0.85, 0.7],
                   emission=[0.8, 0.8, 0.7], shininess=20.0, specular=[0.6, 0.6, 0.6]),
        ),
        fields=(
            Field("globalFogColor", "VectorFloat", [0.5, 0.5, 0.5, 1.0],
                  'RGBA color of the global fog.'),
            Field("globalFogDensity", "UFloat", 0.0,
                  'Density of the global fog; 0 = no fog.'),
            Field("imageSizeFactor", "PInt", 1,
                  'Render at this integer fraction of the window resolution (1 = full size).'),
            Field("keepWindowActive", "bool", False,
                  'Keep the raytraced image updated while the window is idle.'),
            Field("lightRadiusVariations", "PInt", 1,
                  'Samples over the light radius for soft shadows.'),
            Field("maxReflectionDepth", "UInt", 2,
                  'Maximum recursion depth of reflections.'),
            Field("maxTransparencyDepth", "UInt", 2,
                  'Maximum recursion depth of transparent surfaces.'),
            Field("multiSampling", "PInt", 1,
                  'Rays per pixel (anti-aliasing); 1 = off.'),
            Field("numberOfThreads", "PInt", 8,
                  'Threads used by the raytracer.'),
            Field("verbose", "Index", 0,
                  'Console output level of the raytracer; 0 = silent.'),
        ),
    ),
    "VSettingsRaytracerAdvanced": Declaration(
        'Advanced raytracer settings.',
        fields=(
            Field("backgroundColorReflections", "VectorFloat", [0.4, 0.4, 0.4, 1.0],
                  'RGBA color seen in reflections of the background.'),
            Field("searchTreeFactor", "PInt", 1,
                  'Factor on the number of cells of the raytracer search tree.'),
            Field("shadowScalingFactor", "UInt", 3,
                  'Scaling of shadow intensity.'),
            Field("shadowSmoothingSteps", "UInt", 3,
                  'Smoothing steps applied to shadows.'),
            Field("showText", "bool", True,
                  'Draw texts in raytraced images.'),
            Field("tilesPerThread", "PInt", 12,
                  'Image tiles per thread (load balancing).'),
            Field("zBiasLines", "float", 0.001,
                  'Depth offset so that lines are drawn in front of faces.'),
        ),
    ),
    "VSettingsMaterial": Declaration(
        'One raytracer material.',
        fields=(
            Field("alpha", "UFloat", 1.0,
                  'Opacity; 1 = opaque.'),
            Field("baseColor", "VectorFloat", [0.5, 0.5, 0.5],
                  'RGB base (diffuse) color.'),
            Field("emission", "VectorFloat", [0.0, 0.0, 0.0],
                  'RGB emitted light.'),
            Field("ior", "UFloat", 1.0,
                  'Index of refraction of transparent materials.'),
            Field("name", "String", 'undefined',
                  'Name of the material.'),
            Field("reflectivity", "UFloat", 0.0,
                  'Fraction of light reflected as mirror image, in [0,1].'),
            Field("shininess", "UFloat", 32.0,
                  'Specular exponent.'),
            Field("specular", "VectorFloat", [0.5, 0.5, 0.5],
                  'RGB specular color.'),
        ),
    ),
    "VSettingsGeneral": Declaration(
        'General renderer settings.',
        fields=(
            Field("autoFitScene", "bool", True,
                  'Zoom to fit the scene when the renderer starts.'),
            Field("axesTiling", "PInt", 12,
                  'Segments for cylinders/cones of drawn axes and arrows.'),
            Field("backgroundColor", "VectorFloat", [1.0, 1.0, 1.0, 1.0],
                  'RGBA background color (top color if gradient is used).'),
            Field("backgroundColorBottom", "VectorFloat", [0.8, 0.8, 1.0, 1.0],
                  'RGBA bottom color for the gradient background.'),
            Field("boundingBoxZoomAllFactor", "PFloat", 1.2,
                  'Scale factor on the scene bounding box for zoom-all.'),
            Field("boundingBoxZoomAllOffset", "UFloat", 0.01,
                  'Minimum margin around the bounding box for zoom-all (may be negative).'),
            Field("circleTiling", "PInt", 16,
                  'Segments used for circles (minimum 2).'),
            Field("coordinateSystemSize", "PFloat", 5.0,
                  'Size of the drawn coordinate system, relative to the font size.'),
            Field("cylinderTiling", "PInt", 16,
                  'Segments used for cylinders (minimum 2).'),
            Field("displayScaleFactor", "PFloat", 1.0,
                  'New in 1.13 (replaces linuxDisplayScaleFactor): factor on render-window texts '
                  'on top of the OS display scaling.'),
            Field("graphicsUpdateInterval", "UFloat", 0.1,
                  'Wall-clock seconds between visualization updates during a simulation.'),
            Field("limitWindowToScreenSize", "bool", True,
                  'Clip the render window size to the screen size.'),
            Field("minSceneSize", "PFloat", 0.1,
                  'Lower bound of the scene size used for zoom (must be > 0).'),
            Field("pointSize", "PFloat", 0.01,
                  'Absolute size of drawn points (e.g. nodes drawn as points).'),
            Field("reallyQuitTimeLimit", "UReal", 900.0,
                  'Seconds a simulation must have been running before stopping it / closing the '
                  'renderer asks for confirmation; 0 = always ask.'),
            Field("rendererPrecision", "PInt", 4,
                  'Significant digits of numbers shown in the render window.'),
            Field("rendererStartupTimeout", "PInt", 2500,
                  'Milliseconds to wait for the render window to start.'),
            Field("renderWindowString", "String", '',
                  'Additional text shown in the render window.'),
            Field("showHelpOnStartup", "UInt", 5,
                  'Seconds the help hint is shown after start (0 = off).'),
            Field("showSolutionInformation", "bool", True,
                  'Show the solution information string (simulationSettings solution file '
                  'information).'),
            Field("showSolverInformation", "bool", True,
                  'Show the solver name and status in the render window.'),
            Field("showSolverTime", "bool", True,
                  'Show the current simulation time in the render window.'),
            Field("sphereTiling", "PInt", 16,
                  'Segments of a half circle for spheres (used as a power of 2, rounded down). '
                  '1.11 default: 6.'),
            Field("textAlwaysInFront", "bool", True,
                  'Draw item texts in front of geometry.'),
            Field("textColor", "VectorFloat", [0.0, 0.0, 0.0, 1.0],
                  'RGBA color of system texts.'),
            Field("textHasBackground", "bool", False,
                  'Draw item texts on a background box.'),
            Field("textOffsetFactor", "UFloat", 0.005,
                  'Out-of-plane offset of item texts relative to scene size (used if '
                  'textAlwaysInFront=False).'),
            Field("threadSafeGraphicsUpdate", "bool", True,
                  'Copy visualization data in a thread-safe way (slower, safer).'),
            Field("useBitmapText", "bool", True,
                  'Render texts with bitmap fonts.'),
            Field("useGradientBackground", "bool", False,
                  'Use a vertical color gradient as background.'),
            Field("useMultiThreadedRendering", "bool", True,
                  'Run the renderer in its own thread; must be set before the renderer starts.'),
            Field("zoomAllUseBoundingBox", "bool", True,
                  'Use the exact scene bounding box for zoom-all.'),
        ),
    ),
    "VSettingsInteractive": Declaration(
        'Mouse, keyboard and joystick interaction.',
        children=(
            Child("advanced", "VSettingsInteractiveAdvanced"),
        ),
        fields=(
            Field("autoRotateModelView", "bool", False,
                  'Rotate the model view continuously.'),
            Field("autoRotationVelocity", "VectorFloat", [0.0, 0.0, 1.047198],
                  'Rotation velocity (around x, y, z) of autoRotateModelView [rad/s].'),
            Field("highlightItemIndex", "Int", -1,
                  'Index of the item drawn highlighted; -1 = none.'),
            Field("highlightItemType", "ItemType", ItemType._None,
                  'ItemType of the highlighted item.'),
            Field("highlightMbsNumber", "UInt", 0,
                  'Index of the MainSystem of the highlighted item.'),
            Field("ignoreKeys", "bool", False,
                  'Ignore the default key bindings of the renderer (keyPressUserFunction still '
                  'called).'),
            Field("keyPressUserFunction", "PythonFunction", None,
                  'Function (key, action, mods) -> bool called on key events; returns True if the '
                  'key was handled. Not part of GetDictionary(), as in Exudyn.'),
            Field("logMouseCoordinates", "bool", True,
                  'Record the last mouse coordinates for renderState.'),
            Field("useJoystickInput", "bool", True,
                  'Use a connected joystick (space mouse) to move the view.'),
        ),
    ),
    "VSettingsInteractiveAdvanced": Declaration(
        'Advanced interaction settings.',
        fields=(
            Field("highlightColor", "VectorFloat", [0.8, 0.05, 0.05, 0.75],
                  'RGBA color of the highlighted item.'),
            Field("highlightOtherColor", "VectorFloat", [0.5, 0.5, 0.5, 0.4],
                  'RGBA color of the other items while one is highlighted.'),
            Field("joystickScaleRotation", "float", 200.0,
                  'Scale of joystick rotation input.'),
            Field("joystickScaleTranslation", "float", 6.0,
                  'Scale of joystick translation input.'),
            Field("keypressRotationStep", "float", 5.0,
                  'Rotation per key press [deg].'),
            Field("keypressTranslationStep", "float", 0.1,
                  'Translation per key press, relative to the scene size.'),
            Field("mouseMoveRotationFactor", "float", 1.0,
                  'Rotation per pixel of mouse movement [deg].'),
            Field("pauseWithSpacebar", "bool", True,
                  'SPACE pauses and continues the simulation.'),
            Field("selectionHighlights", "bool", True,
                  'Highlight the item under the mouse on selection.'),
            Field("selectionLeftMouse", "bool", True,
                  'Left mouse click shows the item number.'),
            Field("selectionLeftMouseItemTypes", "Index", 31,
                  'Bit flags of selectable item types (1 nodes, 2 objects, 4 markers, 8 loads, 16 '
                  'sensors).'),
            Field("selectionRightMouse", "bool", True,
                  'Right mouse click opens the item dialog.'),
            Field("selectionRightMouseGraphicsData", "bool", False,
                  'Right mouse click also shows graphics data.'),
            Field("zoomStepFactor", "float", 1.15,
                  'Zoom factor per mouse wheel step.'),
        ),
    ),
    "VSettingsDialogs": Declaration(
        'Dialogs of the renderer.',
        fields=(
            Field("alphaTransparency", "UFloat", 0.94,
                  'Opacity of dialogs.'),
            Field("alwaysTopmost", "bool", True,
                  'Keep dialogs above other windows.'),
            Field("columnWidthName", "UFloat", 0.31,
                  'Relative width of the name column in tree views.'),
            Field("columnWidthType", "UFloat", 0.11,
                  'Relative width of the type column in tree views.'),
            Field("columnWidthValue", "UFloat", 0.18,
                  'Relative width of the value column in tree views.'),
            Field("fontScaling", "UFloat", 0.0,
                  'Font scaling of dialogs; 0 = automatic.'),
            Field("multiThreadedDialogs", "bool", True,
                  'Run dialogs in their own thread.'),
            Field("openTreeView", "bool", False,
                  'Open settings dialogs as tree views.'),
            Field("storeDialogPositions", "bool", False,
                  'Remember dialog positions.'),
        ),
    ),
    "VSettingsExportImages": Declaration(
        'Saving images of the render window.',
        fields=(
            Field("heightAlignment", "PInt", 2,
                  'Image height is made a multiple of this value.'),
            Field("saveImageFileCounter", "UInt", 0,
                  'Current running number appended to image file names.'),
            Field("saveImageFileName", "FileName", 'images/frame',
                  'Base file name (no extension) of saved images; numbering like frame0000 is '
                  'appended unless saveImageSingleFile.'),
            Field("saveImageFormat", "String", 'PNG',
                  "Image format: 'PNG' or 'TGA'."),
            Field("saveImageSingleFile", "bool", False,
                  'Save without running number (overwrite one file).'),
            Field("saveImageTimeOut", "PInt", 5000,
                  'Milliseconds to wait for a frame to be saved.'),
            Field("widthAlignment", "PInt", 4,
                  'Image width is made a multiple of this value.'),
        ),
    ),
}


# ---------------------------------------------------------------------------
# deprecated names (Exudyn 1.11 -> 1.13), full paths from the root structure
# ---------------------------------------------------------------------------

SIMULATION_LEGACY = {
    "displayComputationTime": "show.computationTime",
    "displayGlobalTimers": "show.globalTimers",
    "displayStatistics": "show.statistics",
    "linearSolverSettings.ignoreSingularJacobian": "linearSolver.ignoreSingularJacobian",
    "linearSolverSettings.pivotThreshold": "linearSolver.pivotThreshold",
    "linearSolverSettings.reuseAnalyzedPattern": "linearSolver.reuseAnalyzedPattern",
    "linearSolverSettings.showCausingItems": "linearSolver.showCausingItems",
    "linearSolverType": "linearSolver.solverType",
    "outputPrecision": "consolePrecision",
    "parallel.multithreadedLLimitJacobians": "parallel.multithreadedLowerLimitJacobians",
    "parallel.multithreadedLLimitLoads": "parallel.multithreadedLowerLimitLoads",
    "parallel.multithreadedLLimitMassMatrices": "parallel.multithreadedLowerLimitMassMatrices",
    "parallel.multithreadedLLimitResiduals": "parallel.multithreadedLowerLimitResiduals",
    "solutionSettings.appendToFile": "solution.file.append",
    "solutionSettings.binarySolutionFile": "solution.file.binary",
    "solutionSettings.coordinatesSolutionFileName": "solution.file.name",
    "solutionSettings.exportAccelerations": "solution.file.export.accelerations",
    "solutionSettings.exportAlgebraicCoordinates": "solution.file.export.algebraicCoordinates",
    "solutionSettings.exportDataCoordinates": "solution.file.export.dataCoordinates",
    "solutionSettings.exportODE1Velocities": "solution.file.export.ODE1Velocities",
    "solutionSettings.exportVelocities": "solution.file.export.velocities",
    "solutionSettings.flushFilesDOF": "solution.file.flushAboveCoordinates",
    "solutionSettings.flushFilesImmediately": "solution.flushFilesImmediately",
    "solutionSettings.outputPrecision": "solution.precision",
    "solutionSettings.recordImagesInterval": "solution.recordImagesInterval",
    "solutionSettings.restartFileName": "solution.restart.name",
    "solutionSettings.restartWritePeriod": "solution.restart.writePeriod",
    "solutionSettings.sensorsAppendToFile": "solution.sensors.append",
    "solutionSettings.sensorsStoreAndWriteFiles": "solution.sensors.active",
    "solutionSettings.sensorsWriteFileFooter": "solution.sensors.writeFooter",
    "solutionSettings.sensorsWriteFileHeader": "solution.sensors.writeHeader",
    "solutionSettings.sensorsWritePeriod": "solution.sensors.writePeriod",
    "solutionSettings.solutionInformation": "solution.file.information",
    "solutionSettings.solutionWritePeriod": "solution.file.writePeriod",
    "solutionSettings.solverInformationFileName": "solution.solverInformationFileName",
    "solutionSettings.writeFileFooter": "solution.file.writeFooter",
    "solutionSettings.writeFileHeader": "solution.file.writeHeader",
    "solutionSettings.writeInitialValues": "solution.file.writeInitialValues",
    "solutionSettings.writeRestartFile": "solution.restart.write",
    "solutionSettings.writeSolutionToFile": "solution.file.write",
    "staticSolver.constrainODE1coordinates": "staticSolver.constrainODE1Coordinates",
    "staticSolver.newton.newtonResidualMode": "staticSolver.newton.residualMode",
    "staticSolver.newton.numericalDifferentiation.forODE2connectors":
        "staticSolver.newton.numericalDifferentiation.forODE2Connectors",
    "staticSolver.newton.useNewtonSolver": "staticSolver.newton.active",
    "timeIntegration.explicitIntegration.computeEndOfStepAccelerations":
        "timeIntegration.explicit.computeEndOfStepAccelerations",
    "timeIntegration.explicitIntegration.computeMassMatrixInversePerBody":
        "timeIntegration.explicit.computeMassMatrixInversePerBody",
    "timeIntegration.explicitIntegration.dynamicSolverType": "timeIntegration.solverType",
    "timeIntegration.explicitIntegration.eliminateConstraints":
        "timeIntegration.explicit.eliminateConstraints",
    "timeIntegration.explicitIntegration.useLieGroupIntegration":
        "timeIntegration.explicit.useLieGroupIntegration",
    "timeIntegration.newton.newtonResidualMode": "timeIntegration.newton.residualMode",
    "timeIntegration.newton.numericalDifferentiation.forODE2connectors":
        "timeIntegration.newton.numericalDifferentiation.forODE2Connectors",
    "timeIntegration.newton.useNewtonSolver": "timeIntegration.newton.active",
    "timeIntegration.realtimeFactor": "timeIntegration.realtime.factor",
    "timeIntegration.realtimeWaitMicroseconds": "timeIntegration.realtime.waitMicroseconds",
    "timeIntegration.simulateInRealtime": "timeIntegration.realtime.active",
}

# None: accepted and stored, but without effect (as in Exudyn 1.13.6)
VISUALIZATION_LEGACY = {
    "contour.colorBarPrecision": "contour.advanced.colorBarPrecision",
    "contour.colorBarTiling": "contour.advanced.colorBarTiling",
    "contour.showColorBar": "contour.advanced.showColorBar",
    "dialogs.fontScalingMacOS": "dialogs.fontScaling",
    "general.drawCoordinateSystem": "view0.scene.drawCoordinateSystem",
    "general.drawWorldBasis": "view0.scene.drawWorldBasis",
    "general.linuxDisplayScaleFactor": "general.displayScaleFactor",
    "general.showComputationInfo": "view0.window.showComputationInfo",
    "general.textSize": "view0.window.globalFontSize",
    "general.useWindowsDisplayScaleFactor": None,
    "general.worldBasisSize": "view0.scene.worldBasisSize",
    "interactive.highlightColor": "interactive.advanced.highlightColor",
    "interactive.highlightOtherColor": "interactive.advanced.highlightOtherColor",
    "interactive.joystickScaleRotation": "interactive.advanced.joystickScaleRotation",
    "interactive.joystickScaleTranslation": "interactive.advanced.joystickScaleTranslation",
    "interactive.keypressRotationStep": "interactive.advanced.keypressRotationStep",
    "interactive.keypressTranslationStep": "interactive.advanced.keypressTranslationStep",
    "interactive.lockModelView": "view0.window.lockModelView",
    "interactive.mouseMoveRotationFactor": "interactive.advanced.mouseMoveRotationFactor",
    "interactive.pauseWithSpacebar": "interactive.advanced.pauseWithSpacebar",
    "interactive.selectionHighlights": "interactive.advanced.selectionHighlights",
    "interactive.selectionLeftMouse": "interactive.advanced.selectionLeftMouse",
    "interactive.selectionLeftMouseItemTypes": "interactive.advanced.selectionLeftMouseItemTypes",
    "interactive.selectionRightMouse": "interactive.advanced.selectionRightMouse",
    "interactive.selectionRightMouseGraphicsData":
        "interactive.advanced.selectionRightMouseGraphicsData",
    "interactive.trackMarker": "view0.camera.trackMarker",
    "interactive.trackMarkerMbsNumber": "view0.camera.trackMarkerMbsNumber",
    "interactive.trackMarkerOrientation": "view0.camera.trackMarkerOrientation",
    "interactive.trackMarkerPosition": "view0.camera.trackMarkerPosition",
    "interactive.zoomStepFactor": "interactive.advanced.zoomStepFactor",
    "openGL.clippingPlaneColor": "openGL.advanced.clippingPlaneColor",
    "openGL.clippingPlaneDistance": "view0.camera.clippingPlaneDistance",
    "openGL.clippingPlaneNormal": "view0.camera.clippingPlaneNormal",
    "openGL.depthSorting": "openGL.advanced.depthSorting",
    "openGL.enableLight0": "openGL.light0.enable",
    "openGL.enableLight1": "openGL.light1.enable",
    "openGL.enableLighting": "openGL.advanced.enableLighting",
    "openGL.facesTransparent": "view0.scene.facesTransparent",
    "openGL.initialCenterPoint": "openGL.advanced.initialCenterPoint",
    "openGL.initialMaxSceneSize": "openGL.advanced.initialMaxSceneSize",
    "openGL.initialModelRotation": "openGL.advanced.initialModelRotation",
    "openGL.initialZoom": "openGL.advanced.initialZoom",
    "openGL.light0ambient": None,
    "openGL.light0constantAttenuation": "openGL.light0.constantAttenuation",
    "openGL.light0diffuse": "openGL.light0.diffuse",
    "openGL.light0linearAttenuation": "openGL.light0.linearAttenuation",
    "openGL.light0position": "openGL.light0.position",
    "openGL.light0quadraticAttenuation": "openGL.light0.quadraticAttenuation",
    "openGL.light0specular": "openGL.light0.specular",
    "openGL.light1ambient": None,
    "openGL.light1constantAttenuation": "openGL.light1.constantAttenuation",
    "openGL.light1diffuse": "openGL.light1.diffuse",
    "openGL.light1linearAttenuation": "openGL.light1.linearAttenuation",
    "openGL.light1position": "openGL.light1.position",
    "openGL.light1quadraticAttenuation": "openGL.light1.quadraticAttenuation",
    "openGL.light1specular": "openGL.light1.specular",
    "openGL.lightModelLocalViewer": "openGL.advanced.lightModelLocalViewer",
    "openGL.lightModelTwoSide": "openGL.advanced.lightModelTwoSide",
    "openGL.lightPositionsInCameraFrame": "openGL.light0.useCameraFrame",
    "openGL.lineSmooth": "openGL.advanced.lineSmooth",
    "openGL.materialAmbientAndDiffuse": "openGL.materialSpecular",
    "openGL.perspective": "view0.camera.perspective",
    "openGL.polygonOffset": "openGL.advanced.polygonOffset",
    "openGL.shadeModelSmooth": "openGL.advanced.shadeModelSmooth",
    "openGL.shadow": "openGL.light0.shadow",
    "openGL.shadowPolygonOffset": "openGL.advanced.shadowPolygonOffset",
    "openGL.showFaceEdges": "view0.scene.showFaceEdges",
    "openGL.showFaces": "view0.scene.showFaces",
    "openGL.showLines": "view0.scene.showLines",
    "openGL.showMeshEdges": "view0.scene.showMeshEdges",
    "openGL.showMeshFaces": "view0.scene.showMeshFaces",
    "openGL.textLineSmooth": "openGL.advanced.textLineSmooth",
    "openGL.textLineWidth": "openGL.advanced.textLineWidth",
    "raytracer.ambientLightColor": "openGL.lightModelAmbient",
    "raytracer.backgroundColorReflections": "raytracer.advanced.backgroundColorReflections",
    "raytracer.enable": "view0.camera.useRaytracer",
    "raytracer.lightRadius": "openGL.light0.lightRadius",
    "raytracer.searchTreeFactor": "raytracer.advanced.searchTreeFactor",
    "raytracer.shadowScalingFactor": "raytracer.advanced.shadowScalingFactor",
    "raytracer.shadowSmoothingSteps": "raytracer.advanced.shadowSmoothingSteps",
    "raytracer.showText": "raytracer.advanced.showText",
    "raytracer.tilesPerThread": "raytracer.advanced.tilesPerThread",
    "raytracer.zBiasLines": "raytracer.advanced.zBiasLines",
    "raytracer.zOffsetCamera": None,
    "window.alwaysOnTop": "view0.window.alwaysOnTop",
    "window.ignoreKeys": "interactive.ignoreKeys",
    "window.keyPressUserFunction": "interactive.keyPressUserFunction",
    "window.limitWindowToScreenSize": "general.limitWindowToScreenSize",
    "window.maximize": "view0.window.maximize",
    "window.reallyQuitTimeLimit": "general.reallyQuitTimeLimit",
    "window.renderWindowSize": "view0.window.renderWindowSize",
    "window.showMouseCoordinates": "view0.window.showMouseCoordinates",
    "window.showRenderStateInfo": "view0.window.showRenderStateInfo",
    "window.showWindow": "view0.window.showWindow",
    "window.startupTimeout": "general.rendererStartupTimeout",
}

# type and default of the names without effect (values read from Exudyn 1.13.6)
_NO_EFFECT_FIELDS = {
    "general.useWindowsDisplayScaleFactor": Field("useWindowsDisplayScaleFactor", "bool", False),
    "openGL.light0ambient": Field("light0ambient", "float", 0.0),
    "openGL.light1ambient": Field("light1ambient", "float", 0.0),
    "raytracer.zOffsetCamera": Field("zOffsetCamera", "float", 0.0),
}


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
