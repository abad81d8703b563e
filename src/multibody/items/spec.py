"""Item declarations as data: ``Param``, ``ItemSpec`` and the class builder.

Each item type (node, object, marker, load, sensor) is one ``ItemSpec`` in its
family module. From it come the public classes (``ObjectMassPoint`` with its
short name ``MassPoint`` and the visualization class ``VObjectMassPoint``),
the validation of every parameter, the dict form that ``mbs.GetObject``
returns, and the deprecated parameter names that are still accepted.

A ``Param.kind`` names one validator (``KINDS``); kinds are Exudyn's type
names (``Real``, ``UReal``, ``Vector3D``, ``ArrayMarkerIndex``, ...).
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..errors import ItemParameterError, ItemParameterTypeError
from ..indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex, _ItemIndex

FAMILY_TYPE_KEY = {"node": "nodeType", "object": "objectType", "marker": "markerType",
                   "load": "loadType", "sensor": "sensorType"}
FAMILY_INDEX = {"node": NodeIndex, "object": ObjectIndex, "marker": MarkerIndex,
                "load": LoadIndex, "sensor": SensorIndex}


class Rejected(Exception):
    """Raised by a validator: ``expected`` says what was expected."""

    def __init__(self, expected, type_error=False):
        super().__init__(expected)
        self.expected = expected
        self.type_error = type_error


@dataclass(frozen=True)
class Param:
    """One item parameter: Exudyn name, kind (validator), default, doc, legacy names."""
    name: str
    kind: str
    default: Any
    doc: str = ""
    legacy: tuple = ()

    @property
    def py_name(self):
        return _snake(self.name)


@dataclass(frozen=True)
class ItemSpec:
    """Declaration of one item type."""
    type_name: str                 # value of the dict type key, e.g. 'MassPoint'
    family: str                    # 'node' | 'object' | 'marker' | 'load' | 'sensor'
    class_name: str                # 'ObjectMassPoint'
    aliases: tuple = ()            # short names, e.g. ('MassPoint',)
    params: tuple = ()             # Param, without 'name'
    vparams: tuple = ()            # visualization Param
    doc: str = ""
    flags: tuple = ()              # type flags (node types, object types, marker types)
    requested_markers: tuple = ()  # per marker: required marker flag ('Position', 'Orientation', ...)
    outputs: tuple = ()            # supported OutputVariableType names

    @property
    def type_key(self):
        return FAMILY_TYPE_KEY[self.family]

    @property
    def vclass_name(self):
        return "V" + self.class_name

    def param(self, name):
        return _param_index(self)[0].get(name)

    def resolve_name(self, name):
        """Return (Param, is_visualization, legacy_name_or_None) for a dict/attribute key."""
        params, legacy, vparams = _param_index(self)
        if name in params:
            return params[name], False, None
        if name in legacy:
            return legacy[name], False, name
        if name.startswith("V") and name[1:] in vparams:
            return vparams[name[1:]], True, None
        return None, False, None


_INDEX_CACHE: dict = {}


def _param_index(spec):
    key = id(spec)
    cached = _INDEX_CACHE.get(key)
    if cached is None:
        params = {p.name: p for p in spec.params}
        legacy = {old: p for p in spec.params for old in p.legacy}
        vparams = {p.name: p for p in spec.vparams}
        cached = _INDEX_CACHE[key] = (params, legacy, vparams)
    return cached


def _snake(name):
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i and not name[i - 1].isupper():
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


# ---------------------------------------------------------------- validators

def _real(v):
    if isinstance(v, (bool, np.bool_)):
        return float(v)
    if isinstance(v, (int, float, np.integer, np.floating)):
        x = float(v)
        if not math.isfinite(x):
            raise Rejected("must be a finite number")
        return x
    raise Rejected("must be a real number", type_error=True)


def _single(x):
    """A visualization float as Exudyn 1.13.6 stores it: in single precision (0.1 reads back as
    0.10000000149011612)."""
    return float(np.float32(x))


def _vreal(v):
    """Visualization float: real, NaN/inf not checked; single precision."""
    if isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool):
        return _single(v)
    raise Rejected("must be a real number", type_error=True)


def _ureal(v):
    x = _real(v)
    if x < 0:
        raise Rejected("must be >= 0")
    return x


def _preal(v):
    x = _real(v)
    if x <= 0:
        raise Rejected("must be > 0")
    return x


INT_MAX = 2 ** 31 - 1      # Exudyn's integers and indices are 32-bit: larger ones are refused


def _int(v):
    if isinstance(v, (bool, np.bool_)):
        return int(v)
    if isinstance(v, (int, np.integer)):
        x = int(v)
    elif isinstance(v, (float, np.floating)) and float(v).is_integer():
        x = int(v)
    else:
        raise Rejected("must be an integer", type_error=True)
    if not -INT_MAX - 1 <= x <= INT_MAX:
        raise Rejected(f"must be an integer between {-INT_MAX - 1} and {INT_MAX}", type_error=True)
    return x


def _uint(v):
    x = _int(v)
    if x < 0:
        raise Rejected("must be an integer >= 0")
    return x


def _pint(v):
    x = _int(v)
    if x <= 0:
        raise Rejected("must be an integer > 0")
    return x


def _bool(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)) and int(v) in (0, 1):
        return bool(v)
    raise Rejected("must be a bool (True/False)", type_error=True)


def _string(v):
    if isinstance(v, str):
        return v
    raise Rejected("must be a string", type_error=True)


def _as_float_array(v, what):
    try:
        a = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        raise Rejected(f"must be {what} of real numbers", type_error=True) from None
    return a


_NUM = (int, float)


def _vector(n):
    def check(v):
        if type(v) in (list, tuple) and len(v) == n:
            # fast path: a plain list of finite Python numbers
            out = [float(x) for x in v if type(x) in _NUM]
            if len(out) == n and all(math.isfinite(x) for x in out):
                return out
        elif type(v) is np.ndarray and v.shape == (n,) and v.dtype.kind in "fiu":
            # and a NumPy vector of numbers (as the Create functions pass them)
            out = [float(x) for x in v.tolist()]
            if all(math.isfinite(x) for x in out):
                return out
        if isinstance(v, (str, bytes)) or np.isscalar(v):
            raise Rejected(f"must be a vector of {n} real numbers", type_error=True)
        a = _as_float_array(v, f"a vector of {n}")
        if a.ndim != 1 or a.shape[0] != n:
            raise Rejected(f"must be a vector of {n} real numbers (got shape {a.shape})")
        if not np.isfinite(a).all():
            raise Rejected(f"must be a vector of {n} finite real numbers")
        return [float(x) for x in a]
    return check


def _float4(v):
    """An RGBA color: 4 reals in single precision (_single)."""
    if type(v) in (list, tuple) and len(v) == 4:
        out = [_single(x) for x in v if type(x) in _NUM]      # fast path: 4 Python numbers (colors)
        if len(out) == 4:
            return out
    if np.isscalar(v):
        raise Rejected("must be a list of 4 real numbers (RGBA)", type_error=True)
    a = _as_float_array(v, "a list of 4")
    if a.ndim != 1 or a.shape[0] != 4:
        raise Rejected(f"must be a list of 4 real numbers (RGBA) (got shape {a.shape})")
    return [_single(x) for x in a]


def _vector_any(v):
    if isinstance(v, (str, bytes)) or np.isscalar(v):
        raise Rejected("must be a vector of real numbers", type_error=True)
    a = _as_float_array(v, "a vector")
    if a.size == 0:
        return []
    if a.ndim != 1:
        raise Rejected(f"must be a one-dimensional vector (got shape {a.shape})")
    if not np.isfinite(a).all():
        raise Rejected("must contain finite real numbers only")
    return [float(x) for x in a]


def _is_real_scalar(v):
    return type(v) in _NUM or isinstance(v, (np.floating, np.integer))


def _numpy_vector(v):
    """A vector of any size; a single number is a vector of one entry (as in Exudyn)."""
    if _is_real_scalar(v):
        v = [v]
    return np.array(_vector_any(v), dtype=float)


def _matrix(n):
    def check(v):
        if np.isscalar(v):
            raise Rejected(f"must be a {n}x{n} matrix", type_error=True)
        a = _as_float_array(v, f"a {n}x{n} matrix")
        if a.shape != (n, n):
            raise Rejected(f"must be a {n}x{n} matrix (got shape {a.shape})")
        if not np.isfinite(a).all():
            raise Rejected(f"must be a {n}x{n} matrix of finite numbers")
        return a.copy()
    return check


def _numpy_matrix(v):
    """A 2D matrix; a single number is a 1x1 matrix (as in Exudyn)."""
    if _is_real_scalar(v):
        v = [[v]]
    if np.isscalar(v):
        raise Rejected("must be a matrix (2D array) or []", type_error=True)
    if hasattr(v, "GetInternalDenseMatrix"):
        v = v.GetInternalDenseMatrix()
    a = _as_float_array(v, "a matrix")
    if a.size == 0:
        return np.zeros((0, 0))
    if a.ndim != 2:
        raise Rejected(f"must be a 2D matrix (got shape {a.shape})")
    if not np.isfinite(a).all():
        raise Rejected("must be a matrix of finite numbers")
    return a.copy()


def _numpy_matrix_i(v):
    a = np.asarray(v)
    if a.size == 0:
        return np.zeros((0, 0), dtype=int)
    if a.ndim != 2 or not np.issubdtype(a.dtype, np.integer):
        raise Rejected("must be a 2D matrix of integers")
    return a.astype(int)


def _matrix_container(v):
    if v is None or np.isscalar(v):
        raise Rejected("must be a MatrixContainer, a matrix or []", type_error=True)
    if hasattr(v, "GetInternalDenseMatrix") or hasattr(v, "GetInternalSparseMatrix"):
        return v
    return _numpy_matrix(v)


def _index_of(index_type, what):
    def check(v):
        if isinstance(v, _ItemIndex):
            if not isinstance(v, index_type):
                raise Rejected(f"must be a {what} index ({index_type.__name__} or int), "
                               f"not a {type(v).__name__}", type_error=True)
            return v
        if isinstance(v, (bool, np.bool_)):
            raise Rejected(f"must be a {what} index", type_error=True)
        if isinstance(v, (int, np.integer)):
            if not -INT_MAX - 1 <= int(v) <= INT_MAX:
                raise Rejected(f"must be a {what} index (an integer up to {INT_MAX})", type_error=True)
            return int(v)
        raise Rejected(f"must be a {what} index ({index_type.__name__} or int)", type_error=True)
    return check


def _items_of(v, expected):
    """The entries of a list, tuple or one-dimensional array (what index lists take)."""
    if isinstance(v, np.ndarray) and v.ndim == 1:
        return v.tolist()
    if not isinstance(v, (list, tuple)):
        raise Rejected(expected, type_error=True)
    return v


def _index_list(index_type, what, n=None):
    single = _index_of(index_type, what)

    def check(v):
        out = [single(x) for x in _items_of(v, f"must be a list of {what} indices")]
        if n is not None and len(out) != n:
            raise Rejected(f"must be a list of {n} {what} indices (got {len(out)})")
        return out
    return check


def _plain_index(v):
    if isinstance(v, (_ItemIndex, int, np.integer)) and not isinstance(v, bool):
        return _int(int(v))
    raise Rejected("must be a list of integers", type_error=True)


def _array_index(v):
    return [_plain_index(x) for x in _items_of(v, "must be a list of integer indices")]


def _callable_or_0(v):
    if isinstance(v, (int, float)) and not isinstance(v, bool) and v == 0:
        return 0
    if callable(v):
        return v
    if isinstance(v, dict) and callable(v.get("function")):
        return v["function"]            # the form item dicts report (user_function_report)
    raise Rejected("must be a Python function, 0 or a function dictionary {'function': f, 'type': 'Python'}",
                   type_error=True)


def user_function_report(param, value):
    """A parameter value as item dicts and Get...Parameter report it: a user function as
    {'function': f, 'type': 'Python'} (as Exudyn 1.13.6; accepted back by _callable_or_0)."""
    if param.kind == "callable or 0" and callable(value):
        return {"function": value, "type": "Python"}
    return value


def _output_variable(v):
    from ..enums import OutputVariableType
    if isinstance(v, OutputVariableType):
        return v
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        try:
            return OutputVariableType(int(v))
        except ValueError:
            pass
    if isinstance(v, str) and v in OutputVariableType.__members__:
        return OutputVariableType[v]
    raise Rejected("must be an exu.OutputVariableType member", type_error=True)


def _graphics_data(v):
    if isinstance(v, dict):
        return [v]
    if isinstance(v, (list, tuple)):
        return list(v)
    raise Rejected("must be a list of graphics data dicts", type_error=True)


def _ht(v):
    a = _as_float_array(np.asarray(v, dtype=object).tolist() if not isinstance(v, np.ndarray) else v,
                        "a homogeneous transformation")
    if a.shape == (16,):
        a = a.reshape(4, 4)
    if a.shape != (4, 4):
        raise Rejected(f"must be a 4x4 homogeneous transformation (got shape {a.shape})")
    return a.copy()


def _ht_matrix(v):
    """exu.HT objects carry their 4x4 matrix; arrays pass through."""
    return v.matrix if hasattr(v, "matrix") else v


def _any(v):
    return v


KINDS: dict[str, Callable] = {
    "String": _string, "FileName": _string,
    "Bool": _bool,
    "Real": _real, "UReal": _ureal, "PReal": _preal, "float": _vreal, "UFloat": _vreal,
    "Int": _int, "Index": _int, "UInt": _uint, "PInt": _pint,
    "Vector2D": _vector(2), "Vector3D": _vector(3), "Vector4D": _vector(4),
    "Vector6D": _vector(6), "Vector7D": _vector(7), "Vector9D": _vector(9),
    "Float3": _vector(3), "Float4": _float4,
    "Vector": _vector_any, "NumpyVector": _numpy_vector,
    "Matrix3D": _matrix(3), "Matrix6D": _matrix(6),
    "NumpyMatrix": _numpy_matrix, "NumpyMatrixI": _numpy_matrix_i,
    "PyMatrixContainer": _matrix_container,
    "NodeIndex": _index_of(NodeIndex, "node"),
    "ObjectIndex": _index_of(ObjectIndex, "object"),
    "MarkerIndex": _index_of(MarkerIndex, "marker"),
    "LoadIndex": _index_of(LoadIndex, "load"),
    "SensorIndex": _index_of(SensorIndex, "sensor"),
    "ArrayMarkerIndex": _index_list(MarkerIndex, "marker"),
    "ArrayNodeIndex": _index_list(NodeIndex, "node"),
    "NodeIndex2": _index_list(NodeIndex, "node", 2),
    "NodeIndex3": _index_list(NodeIndex, "node", 3),
    "ArrayObjectIndex": _index_list(ObjectIndex, "object"),
    "ArraySensorIndex": _index_list(SensorIndex, "sensor"),
    "ArrayIndex": _array_index,
    "callable or 0": _callable_or_0,
    "OutputVariableType": _output_variable,
    "BodyGraphicsData": _graphics_data,
    "HT": _ht,
    "HTOrNone": lambda v: None if v is None else _ht(_ht_matrix(v)),
    "Any": _any,
}


def describe_item(spec, number=None, name=None):
    """'ObjectConnectorSpringDamper 3 ('spring3')' for error messages."""
    text = spec.class_name
    if number is not None:
        text += f" {int(number)}"
    if name:
        text += f" ('{name}')"
    return text


def validate(spec, param, value, number=None, name=None):
    """Validate and normalize one value; raise an error naming the item and parameter."""
    if value is None and param.default is None:
        return None
    try:
        return KINDS[param.kind](value)
    except Rejected as r:
        cls = ItemParameterTypeError if r.type_error else ItemParameterError
        raise cls(describe_item(spec, number, name), param.name, value, r.expected) from None


def check_placeholders(spec, values, number=None, name=None):
    """Refuse an item whose positive real parameter is left at its default 0, a placeholder
    (ObjectConnectorDistance.distance, ObjectJointRollingDisc.discRadius: Exudyn 1.13.6 refuses them
    at Add)."""
    for p in spec.params:
        if p.kind == "PReal" and p.default == 0 and values.get(p.name) == 0:
            raise ItemParameterError(describe_item(spec, number, name), p.name, values[p.name],
                                     "must be given (> 0); the default 0 is only a placeholder")


def default_value(param):
    """A fresh copy of a parameter's default (lists and arrays are not shared); visualization floats
    and colors in single precision, as set ones (_single)."""
    d = param.default
    if param.kind in ("float", "UFloat") and isinstance(d, float):
        return _single(d)
    if param.kind == "Float4" and isinstance(d, list):
        return [_single(x) for x in d]
    if isinstance(d, np.ndarray):
        return d.copy()
    if isinstance(d, list):
        return list(d)
    return d


_INIT_CACHE: dict = {}


def _init_table(spec, visualization):
    """(positional names, Param by name, [(name, default, mutable)]) of an item class's or its
    V-class's constructor, made once per spec: defaults that are lists or arrays are copied for
    each item (``default_value``), the others shared."""
    key = (id(spec), visualization)
    table = _INIT_CACHE.get(key)
    if table is None:
        params = spec.vparams if visualization else spec.params
        # positional order as Exudyn's: name, the parameters, their deprecated names, visualization
        names = [p.name for p in params] if visualization else (
            ["name"] + [p.name for p in params] + [old for p in params for old in p.legacy] + ["visualization"])
        defaults = [(p.name, p.default, isinstance(p.default, (list, np.ndarray))) for p in params]
        table = _INIT_CACHE[key] = (names, {p.name: p for p in params}, defaults)
    return table


def warn_legacy(spec, old, new):
    warnings.warn(f"{spec.class_name}: parameter '{old}' is deprecated; use '{new}'",
                  DeprecationWarning, stacklevel=4)


# ---------------------------------------------------------------- classes

def _signature(spec, visualization):
    """The constructor's signature, as Exudyn's item classes have it (inspect.signature)."""
    import inspect
    P = inspect.Parameter

    def shown(d):           # (arrays as the lists Exudyn's defaults are)
        return d.tolist() if isinstance(d, np.ndarray) else d
    if visualization:
        return inspect.Signature([P(p.name, P.POSITIONAL_OR_KEYWORD, default=shown(p.default)) for p in spec.vparams])
    vdefault = {p.name: shown(p.default) for p in spec.vparams}
    return inspect.Signature([P("name", P.POSITIONAL_OR_KEYWORD, default="")]
                             + [P(p.name, P.POSITIONAL_OR_KEYWORD, default=shown(p.default)) for p in spec.params]
                             + [P(old, P.POSITIONAL_OR_KEYWORD, default=None) for p in spec.params for old in p.legacy]
                             + [P("visualization", P.POSITIONAL_OR_KEYWORD, default=vdefault)])


class _ItemType(type):
    """The type of the generated item and V-classes: their constructor's signature by their spec
    (made when asked for: inspect.signature(ObjectMassPoint))."""

    @property
    def __signature__(cls):
        spec = cls.__dict__.get("_spec")
        if spec is None:
            raise AttributeError("__signature__")
        return _signature(spec, issubclass(cls, VisualizationItem))


class VisualizationItem(metaclass=_ItemType):
    """Base of the generated V-classes (``VObjectMassPoint`` ...)."""
    _spec: ItemSpec = None

    def __init__(self, *args, **kwargs):
        spec = self._spec
        names, by_name, defaults = _init_table(spec, True)
        if len(args) > len(names):
            raise TypeError(f"{spec.vclass_name}() takes at most {len(names)} positional arguments")
        d = self.__dict__
        for name, default, mutable in defaults:
            d[name] = default_value(by_name[name]) if mutable else default
        for key, value in (list(zip(names, args)) + list(kwargs.items())) if args else kwargs.items():
            p = by_name.get(key)
            if p is None:
                setattr(self, key, value)           # the error
            d[key] = validate(spec, p, value)

    def __setattr__(self, key, value):
        spec = self._spec
        p = _param_index(spec)[2].get(key)
        if p is None:
            raise AttributeError(f"{spec.vclass_name} has no parameter '{key}'")
        object.__setattr__(self, key, validate(spec, p, value))

    def __iter__(self):
        for p in self._spec.vparams:
            yield p.name, getattr(self, p.name)

    def __repr__(self):
        return repr(dict(self))


class Item(metaclass=_ItemType):
    """Base of the generated item classes (``ObjectMassPoint`` ...).

    Instances hold the parameters as attributes; ``dict(item)`` gives the
    Exudyn dict form (type key, name, parameters, ``V``-prefixed
    visualization parameters), which ``mbs.AddObject`` accepts as well.
    """
    _spec: ItemSpec = None
    _vclass = None

    def __init__(self, *args, **kwargs):
        spec = self._spec
        names, by_name, defaults = _init_table(spec, False)
        if len(args) > len(names):
            raise TypeError(f"{spec.class_name}() takes at most {len(names)} positional arguments")
        d = self.__dict__
        d["name"] = ""
        for name, default, mutable in defaults:
            d[name] = default_value(by_name[name]) if mutable else default
        # (the visualization item is made at its first use: most items never touch it, and Add...
        # takes the defaults without it; 1.5-2 us of the 10 us an item took to make and add)
        for key, value in (list(zip(names, args)) + list(kwargs.items())) if args else kwargs.items():
            p = by_name.get(key)
            if p is not None:       # a parameter by its own name (the usual case): validated as by setattr
                d[key] = validate(spec, p, value)
                continue
            if key == "visualization":
                if isinstance(value, dict):
                    value = self._vclass(**value)
                elif not isinstance(value, VisualizationItem):
                    raise TypeError(f"{spec.class_name}: visualization must be a "
                                    f"{spec.vclass_name} or dict")
                object.__setattr__(self, "visualization", value)
                continue
            p, is_v, legacy = spec.resolve_name(key)
            if legacy is not None and value is None:
                continue  # deprecated alias not given
            setattr(self, key, value)

    def __setattr__(self, key, value):
        spec = self._spec
        if key == "name":
            object.__setattr__(self, key, KINDS["String"](value) if isinstance(value, str)
                               else validate(spec, Param("name", "String", ""), value))
            return
        p, is_v, legacy = spec.resolve_name(key)
        if p is None or is_v:
            raise TypeError(f"{spec.class_name}: unknown parameter '{key}'; "
                            f"parameters are {['name'] + [q.name for q in spec.params]}")
        if legacy is not None:
            warn_legacy(spec, legacy, p.name)
        object.__setattr__(self, p.name, validate(spec, p, value))

    def __getattr__(self, key):
        if key == "visualization":
            vis = self._vclass()
            object.__setattr__(self, "visualization", vis)
            return vis
        spec = type(self)._spec
        if spec is not None:
            p, is_v, legacy = spec.resolve_name(key)
            if legacy is not None:
                return object.__getattribute__(self, p.name)
        raise AttributeError(key)

    def __iter__(self):
        spec = self._spec
        yield spec.type_key, spec.type_name
        yield "name", self.name
        for p in spec.params:
            yield p.name, getattr(self, p.name)
        for key, value in self.visualization:
            yield "V" + key, value

    def __repr__(self):
        return repr(dict(self))

    __str__ = __repr__


def build_classes(spec):
    """Create the item class, its alias names and the V-class for one spec."""
    vcls = type(spec.vclass_name, (VisualizationItem,),
                {"_spec": spec, "__doc__": f"Visualization parameters of {spec.class_name}."})
    doc_lines = [spec.doc or spec.class_name, "", "Parameters", "----------"]
    doc_lines.append("name : str\n    unique item name; empty: automatic ('object3', ...)")
    for p in spec.params:
        default = p.default.tolist() if isinstance(p.default, np.ndarray) else p.default
        doc_lines.append(f"{p.name} : {p.kind}, default {default!r}\n    {p.doc}")
    cls = type(spec.class_name, (Item,),
               {"_spec": spec, "_vclass": vcls, "__doc__": "\n".join(doc_lines)})
    return cls, vcls


@dataclass
class Registry:
    """All item specs by family and type name, and their classes."""
    specs: dict = field(default_factory=dict)      # (family, type_name) -> spec
    classes: dict = field(default_factory=dict)    # class or alias name -> class
    by_class: dict = field(default_factory=dict)   # class_name -> spec

    def add(self, spec):
        key = (spec.family, spec.type_name)
        if key in self.specs:
            raise ValueError(f"duplicate item spec {key}")
        self.specs[key] = spec
        cls, vcls = build_classes(spec)
        self.by_class[spec.class_name] = spec
        self.classes[spec.class_name] = cls
        self.classes[spec.vclass_name] = vcls
        for alias in spec.aliases:
            self.classes[alias] = cls
            self.classes["V" + alias] = vcls
        return cls

    def lookup(self, family, type_name):
        return self.specs.get((family, type_name))


REGISTRY = Registry()


def declare(*specs):
    """Register specs (called by each family module)."""
    for s in specs:
        REGISTRY.add(s)
