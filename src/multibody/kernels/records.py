"""The records the compiled engine works on: Numba structures with named fields over NumPy arrays.

A model is data, not code: every compiled function of the package is written once and works on
these records, whatever the model (MuJoCo's design: one engine over the model's arrays).

* ``GroupRecord``: one item group (all items of one type), its arrays by role (``ltg``, ``ae``,
  the blocks ``M``, ``K``, ``D``, ``g``, ``C`` that the generic assembly of kernels/system.py
  reads) and its type's own parameters in the tuples ``f1`` ... ``b2`` (1D, 2D, 3D float arrays,
  1D and 2D integer arrays, 1D and 2D boolean arrays), in the order its kernel module's
  ``Layout`` names them. Every group type has one *group kernel*, ``kernel(phase, group,
  state) -> int``, which does the type's part of a phase (FRAMES, MARKERS, MASS, FORCES,
  CONSTRAINTS, STIFFNESS, AFTER_NEWTON); the system calls it through a function pointer, so the
  compiled system code does not depend on which types a model has.
* ``SystemState``: what the group kernels read and write: the state vectors, the time, the
  frames of nodes, bodies and markers (named arrays, rows = item numbers), the right-hand side.
* ``SystemRecord``: the state, the table of groups with their kernels, which groups take part in
  each phase, and the arrays of the Newton matrix's fixed sparsity pattern.

The arrays are NumPy arrays that the Python side owns and keeps: a record holds references to
them, so a parameter changed in place is seen by the next compiled call, and Python reads the
frames the compiled code wrote without a copy. Records are made once per Assemble() by the
cached constructors below (``new_group``, ``new_state``, ``new_system``, ``set_group``).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import types
from numba.experimental import structref
from llvmlite import ir
from numba.core import cgutils
from numba.core.datamodel import default_manager, models
from numba.core.imputils import lower_getattr_generic, lower_setattr_generic
from numba.core.typing.templates import AttributeTemplate, infer_getattr
from numba.extending import intrinsic

from ._jit import njit, typed

__all__ = ["GroupRecord", "SystemState", "SystemRecord", "GROUP_KERNEL", "Layout", "new_group", "new_state",
           "new_system", "set_group", "MAX_GROUPS", "PHASES", "item", "group_at", "kernel_at",
           "f1", "f2", "f3", "i1", "i2", "b1", "b2"]

# group table capacity of a system (a model has one group per item type, or a few)
MAX_GROUPS = 64

# Constants passed as arguments of compiled calls are NumPy scalars: Numba types a Python int or
# bool constant argument as a literal and compiles the callee once for each value (run_phase was
# compiled 7 times into every library that calls it); a NumPy scalar is typed int64 or bool.
NO, YES = np.bool_(False), np.bool_(True)

# the phases of an evaluation, in this order (group kernels switch on them)
FRAMES = np.int64(0)        # node and body frames from the coordinates
MARKERS = np.int64(1)       # marker frames from node and body frames
MASS = np.int64(2)          # mass blocks M of a configuration-dependent mass matrix
FORCES = np.int64(3)        # generalized forces added into state.f (loads, connector and body terms)
CONSTRAINTS = np.int64(4)   # constraint residual rows g and Jacobian blocks C
STIFFNESS = np.int64(5)     # K = -df/dq and D = -df/dq_t blocks (the Newton matrix), at the last residual's point
AFTER_NEWTON = np.int64(6)  # data coordinates updated from a converged state (e.g. a torsional spring's turns)
ODE1 = np.int64(7)          # the right-hand side of the first-order equations into state.f1 (at state.y1)
PHASES = ("FRAMES", "MARKERS", "MASS", "FORCES", "CONSTRAINTS", "STIFFNESS", "AFTER_NEWTON", "ODE1")
N_PHASES = len(PHASES)
# lists of groups by role, beside the phases' (SystemRecord.members): never passed to a kernel
BODY_LIST = np.int64(N_PHASES)           # the groups with mass blocks (M a, the Newton matrix)
JACOBIAN_LIST = np.int64(N_PHASES + 1)   # the groups with blocks in the Newton matrix (jac_at)
N_LISTS = N_PHASES + 2

# optional marker outputs (SystemState.marker_outputs): computed only where an equation reads them
MARKER_A, MARKER_OMEGA, MARKER_JROT, MARKER_LTG = 1, 2, 4, 8
MARKER_ALL = 15
# GroupRecord.flags[FLAG_READ] of node and body groups: 1 if an equation reads their frames (else
# the FRAMES phase skips them unless all outputs are asked for)
FLAG_READ = 0

# group roles: what the generic assembly does with a group's blocks
ROLE_NODE, ROLE_BODY, ROLE_MARKER, ROLE_CONNECTOR, ROLE_LOAD, ROLE_CONSTRAINT, ROLE_ODE1 = range(7)

# the number of parameter arrays of each kind a group may have (unused ones are empty)
N_F1, N_F2, N_F3, N_I1, N_I2, N_B1, N_B2 = 10, 8, 6, 6, 4, 4, 2

F1, F2, F3 = types.float64[::1], types.float64[:, ::1], types.float64[:, :, ::1]
I1, I2 = types.int64[::1], types.int64[:, ::1]
B1, B2 = types.boolean[::1], types.boolean[:, ::1]


class _Record(types.StructRef):
    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(t)) for name, t in fields)


def _borrowed(context, builder, typ, value):
    """A field's value as compiled code reads it: an array without its reference count (its
    meminfo left out: the record holds the array while the compiled call runs, and compiled code
    never stores an array it read from a record into a longer-lived place), anything else with a
    new reference. Numba's own structref getattr takes a reference (an atomic increment, and a
    decrement after the last use) at every read, which cost more than half of the residual of a
    small model; reads of arrays are most of a kernel's reads."""
    if isinstance(typ, types.Array):
        ary = cgutils.create_struct_proxy(typ)(context, builder, value=value)
        ary.meminfo = cgutils.get_null_value(ary.meminfo.type)
        return ary._getvalue()
    context.nrt.incref(builder, typ, value)
    return value


def register_record(struct_typeclass):
    """``structref.register`` with array fields read as borrowed (``_borrowed``); setting a field
    takes a reference to the new value and drops the old one, as structref does."""
    default_manager.register(struct_typeclass, models.StructRefModel)

    @infer_getattr
    class _Attribute(AttributeTemplate):
        key = struct_typeclass

        def generic_resolve(self, typ, attr):
            return typ.field_dict.get(attr)

    @lower_getattr_generic(struct_typeclass)
    def _getattr(context, builder, typ, val, attr):
        data = _data_struct(context, builder, typ, val)
        return _borrowed(context, builder, typ.field_dict[attr], getattr(data, attr))

    @lower_setattr_generic(struct_typeclass)
    def _setattr(context, builder, sig, args, attr):
        inst_type, val_type = sig.args
        instance, val = args
        data = _data_struct(context, builder, inst_type, instance)
        field_type = inst_type.field_dict[attr]
        casted = context.cast(builder, val, val_type, field_type)
        old = getattr(data, attr)
        context.nrt.incref(builder, field_type, casted)
        context.nrt.decref(builder, field_type, old)
        setattr(data, attr, casted)
    return struct_typeclass


def _data_struct(context, builder, typ, val):
    """The field structure of a record value (behind its meminfo)."""
    meminfo = cgutils.create_struct_proxy(typ)(context, builder, value=val).meminfo
    data_type = typ.get_data_type()
    data_ptr = builder.bitcast(context.nrt.meminfo_data(builder, meminfo),
                               context.data_model_manager[data_type].get_value_type().as_pointer())
    return cgutils.create_struct_proxy(data_type)(context, builder, ref=data_ptr)


@register_record
class GroupRecordType(_Record):
    pass


@register_record
class SystemStateType(_Record):
    pass


@register_record
class SystemRecordType(_Record):
    pass


GROUP_FIELDS = (
    ("kind", types.int64),          # code of the group type (for messages)
    ("role", types.int64),          # ROLE_*
    ("n", types.int64),             # number of items
    ("items", I1),                  # item numbers: the rows of the group's frames
    ("ltg", I2),                    # (n, L) global ODE2 index of each local coordinate (-1: none)
    ("ae", I2),                     # (n, E) global algebraic index of each equation (-1: none)
    ("M", F3),                      # (n, w, w) mass blocks on ltg (bodies)
    ("K", F3),                      # (n, L, L) -df/dq blocks on ltg (bodies, connectors)
    ("D", F3),                      # (n, L, L) -df/dq_t blocks on ltg
    ("g", F2),                      # (n, E) constraint residual rows
    ("C", F3),                      # (n, E, L) constraint Jacobian blocks dg/dq on ltg
    ("lam_rows", B2),               # (n, E) rows lambda = 0 (inactive item, free axis)
    ("velocity_level", B1),         # (n,) the item's rows are velocity-level equations
    ("active", B1),                 # (n,) activeConnector
    ("mass_constant", types.int64),  # 1: M computed once (at Assemble), 0: by the MASS phase
    ("stiffness", types.int64),     # 1: the STIFFNESS phase writes K and D, 0: they are zero
    ("jac_at", I1),                 # positions of the blocks in SystemRecord.vals: [main, C, C^T, lambda]
    ("slots", I1),                  # call-back slots of the group's Python user functions (0: none)
    ("flags", I1),                  # integer settings of the group's type
    ("f1", types.UniTuple(F1, N_F1)),
    ("f2", types.UniTuple(F2, N_F2)),
    ("f3", types.UniTuple(F3, N_F3)),
    ("i1", types.UniTuple(I1, N_I1)),
    ("i2", types.UniTuple(I2, N_I2)),
    ("b1", types.UniTuple(B1, N_B1)),
    ("b2", types.UniTuple(B2, N_B2)),
)
GroupRecord = GroupRecordType(list(GROUP_FIELDS))

FRAME_FIELDS = (("pos", F2), ("vel", F2), ("omega", F2), ("omega_local", F2), ("A", F3), ("Jpos", F3),
                ("Jrot", F3), ("Jrot_local", F3), ("ltg", I2))
STATE_FIELDS = (
    ("q", F1),                      # ODE2 coordinates (without reference values) of the evaluation
    ("v", F1),                      # ODE2 velocities
    ("q_ref", F1),                  # reference values
    ("q_tot", F1),                  # q_ref + q
    ("x", F1),                      # data coordinates (the current state's)
    ("f", F1),                      # right-hand side accumulator of the FORCES phase
    ("y1", F1),                     # ODE1 coordinates (without reference values) of the evaluation
    ("f1", F1),                     # ODE1 right-hand side accumulator of the ODE1 phase
    ("t", types.float64),
    ("index2", types.boolean),      # position-level constraints in their velocity form
    ("load_factor", types.float64),  # the static solver's load factor (loads scale by it)
    ("static_loads", types.boolean),  # loads scaled by load_factor (the static solver)
    ("width", types.int64),         # K: coordinates of the widest frame
    ("all_outputs", types.boolean),  # every frame and marker output (Python reads them), not only
                                    # those that the equations read
    ("marker_outputs", types.int64),  # the optional marker outputs the equations read: MARKER_A | ...
    ("post_error", types.float64),  # the largest discontinuous error of the last AFTER_NEWTON phase
                                    # (data coordinates switched, e.g. stick-slip)
) + tuple((f"node_{name}", t) for name, t in FRAME_FIELDS) \
  + tuple((f"body_{name}", t) for name, t in FRAME_FIELDS) \
  + tuple((f"marker_{name}", t) for name, t in FRAME_FIELDS) + (
    ("marker_cval", F1),            # coordinate markers: value, rate, Jacobian (n, K)
    ("marker_cvel", F1),
    ("marker_cJ", F2),
    ("marker_mass", F1),            # body-mass markers: the body's mass
)
SystemState = SystemStateType(list(STATE_FIELDS))

GROUP_KERNEL_SIGNATURE = types.int64(types.int64, GroupRecord, SystemState)
GROUP_KERNEL = types.FunctionType(GROUP_KERNEL_SIGNATURE)

SYSTEM_FIELDS = (
    ("state", SystemState),
    ("n_groups", types.int64),
    ("groups", types.UniTuple(GroupRecord, MAX_GROUPS)),
    ("kernels", types.UniTuple(GROUP_KERNEL, MAX_GROUPS)),
    ("members", I2),                # (N_LISTS, MAX_GROUPS) the groups of each phase (and list), in order
    ("counts", I1),                 # (N_LISTS,) their number
    ("n2", types.int64),            # ODE2 coordinates
    ("nae", types.int64),           # algebraic equations
    ("n1", types.int64),            # ODE1 coordinates
    ("vals", F1),                   # the Newton matrix's block values (its fixed pattern's entries)
    ("slots", I1),                  # entry -> position in the CSC data (nnz: none)
    ("dense_slots", I1),            # entry -> row n + column of the dense matrix (n n: none)
    ("csc_indptr", I1),
    ("csc_indices", I1),
    ("diag_at", types.int64),       # the diagonal block (zeros) in vals: position and size
    ("diag_size", types.int64),
    ("ma", F1),                     # scratch (n2): M a, C^T lambda
    ("react", F1),
)
SystemRecord = SystemRecordType(list(SYSTEM_FIELDS))


class GroupRecordProxy(structref.StructRefProxy):
    """A GroupRecord on the Python side (opaque: its arrays are the group's own)."""


class SystemStateProxy(structref.StructRefProxy):
    """A SystemState on the Python side (opaque: its arrays are SystemEquations' own)."""


class SystemRecordProxy(structref.StructRefProxy):
    """A SystemRecord on the Python side (opaque)."""


structref.define_boxing(GroupRecordType, GroupRecordProxy)
structref.define_boxing(SystemStateType, SystemStateProxy)
structref.define_boxing(SystemRecordType, SystemRecordProxy)


# ---------------------------------------------------------------- layouts of group parameters
_KINDS = {"f1": (N_F1, np.float64, 1), "f2": (N_F2, np.float64, 2), "f3": (N_F3, np.float64, 3),
          "i1": (N_I1, np.int64, 1), "i2": (N_I2, np.int64, 2), "b1": (N_B1, np.bool_, 1),
          "b2": (N_B2, np.bool_, 2)}


class _LayoutTuple(namedtuple("_LayoutTuple", tuple(_KINDS))):
    """A group type's parameter arrays by name (made by ``Layout``): for each kind (f1, ..., b2) a
    namedtuple of positions, a constant in compiled code (``f1(g, LAYOUT.f1.mass)``, f1 of this
    module)."""
    __slots__ = ()

    def pack(self, arrays):
        """The record's tuples (f1, f2, f3, i1, i2, b1, b2) of ``arrays`` (name -> array; each
        C-contiguous and writeable, since the record refers to it: a copy would not see later
        changes); names not given: empty arrays."""
        known = {name for fields in self for name in getattr(fields, "_fields", ())}
        unknown = set(arrays) - known
        if unknown:
            raise KeyError(f"Layout.pack: no parameter named {sorted(unknown)}")
        out = []
        for kind, fields in zip(self._fields, self):
            size, dtype, ndim = _KINDS[kind]
            row = []
            for name in getattr(fields, "_fields", ()):
                a = arrays.get(name)
                row.append(_EMPTY[kind] if a is None else _checked(a, dtype, ndim, name))
            out.append(tuple(row) + (_EMPTY[kind],) * (size - len(row)))
        return tuple(out)


def Layout(**names):
    """The layout of a group type's parameters: ``Layout(f1=("mass",), i1=("m0", "m1"))``."""
    parts = []
    for kind in _KINDS:
        fields = tuple(names.pop(kind, ()))
        if len(fields) > _KINDS[kind][0]:
            raise ValueError(f"Layout: more than {_KINDS[kind][0]} arrays of kind {kind}")
        parts.append(namedtuple(f"{kind}_positions", fields)(*range(len(fields))) if fields else ())
    if names:
        raise ValueError(f"Layout: unknown kinds {sorted(names)}")
    return _LayoutTuple(*parts)


_EMPTY = {kind: np.zeros((0,) * ndim, dtype=dtype) for kind, (_, dtype, ndim) in _KINDS.items()}


def _checked(a, dtype, ndim, name):
    if not isinstance(a, np.ndarray) or a.dtype != dtype or a.ndim != ndim:
        raise TypeError(f"group parameter {name!r}: expected a {ndim}D {np.dtype(dtype).name} array, "
                        f"received {getattr(a, 'dtype', type(a))} {getattr(a, 'shape', '')}")
    if not (a.flags.c_contiguous and a.flags.writeable):
        raise ValueError(f"group parameter {name!r}: the array must be C-contiguous and writeable "
                         "(the record refers to it)")
    return a


def empty(kind):
    """An empty array of a layout kind ('f1', 'i2', ...): a field a group does not use."""
    return _EMPTY[kind]


# ---------------------------------------------------------------- constructors (cached)
@intrinsic
def _filled(typingctx, value):
    """A UniTuple of MAX_GROUPS times ``value`` (each a new reference)."""
    tup = types.UniTuple(value, MAX_GROUPS)

    def codegen(context, builder, sig, args):
        for _ in range(MAX_GROUPS):
            context.nrt.incref(builder, value, args[0])
        return context.make_tuple(builder, tup, [args[0]] * MAX_GROUPS)
    return tup(value), codegen


@intrinsic
def _replaced(typingctx, tup, index, value):
    """A new UniTuple (a new reference to every element) with element ``index`` (run time) set
    to ``value``."""
    if not isinstance(tup, types.UniTuple) or tup.dtype != value:
        return None

    def codegen(context, builder, sig, args):
        t, i, v = args
        slot = builder.alloca(t.type)
        builder.store(t, slot)
        builder.store(v, builder.gep(slot, [i.type(0), i], inbounds=True))
        out = builder.load(slot)
        context.nrt.incref(builder, tup, out)
        return out
    return tup(tup, index, value), codegen


@intrinsic
def item(typingctx, record, field, index):
    """``record.<field>[index]`` for a UniTuple field of a record, reading only that element (as
    ``_borrowed``). ``record.<field>`` itself would take a reference to every element of the tuple
    (atomic increments and decrements: 128 of them for the group table of a system, at every
    phase), which cost more than the group kernels of a small model."""
    if not isinstance(field, types.StringLiteral) or not isinstance(index, types.Integer):
        return None
    name = field.literal_value
    tup = record.field_dict[name]
    if not isinstance(tup, types.UniTuple):
        return None
    elem = tup.dtype

    def codegen(context, builder, sig, args):
        rec, _, i = args
        data = _data_struct(context, builder, record, rec)
        ptr = builder.gep(data._get_ptr_by_name(name), [ir.Constant(ir.IntType(32), 0), i], inbounds=True)
        return _borrowed(context, builder, elem, context.data_model_manager[elem].load_from_data_pointer(builder, ptr))
    return elem(record, field, index), codegen


@njit(inline="always")
def group_at(system, k):
    """Group k of the system's table."""
    return item(system, "groups", k)


@njit(inline="always")
def kernel_at(system, k):
    """The group kernel of group k."""
    return item(system, "kernels", k)


@njit(inline="always")
def f1(g, i):
    """Parameter array i of the group's f1 tuple (its Layout's position)."""
    return item(g, "f1", i)

@njit(inline="always")
def f2(g, i):
    """Parameter array i of the group's f2 tuple (its Layout's position)."""
    return item(g, "f2", i)

@njit(inline="always")
def f3(g, i):
    """Parameter array i of the group's f3 tuple (its Layout's position)."""
    return item(g, "f3", i)

@njit(inline="always")
def i1(g, i):
    """Parameter array i of the group's i1 tuple (its Layout's position)."""
    return item(g, "i1", i)

@njit(inline="always")
def i2(g, i):
    """Parameter array i of the group's i2 tuple (its Layout's position)."""
    return item(g, "i2", i)

@njit(inline="always")
def b1(g, i):
    """Parameter array i of the group's b1 tuple (its Layout's position)."""
    return item(g, "b1", i)

@njit(inline="always")
def b2(g, i):
    """Parameter array i of the group's b2 tuple (its Layout's position)."""
    return item(g, "b2", i)


@typed(GROUP_KERNEL_SIGNATURE)
def no_kernel(phase, group, state):
    """The kernel of an empty slot of the group table."""
    return 0


_GROUP_ARGS = tuple(t for _, t in GROUP_FIELDS)


@typed(GroupRecord(*_GROUP_ARGS))
def new_group(kind, role, n, items, ltg, ae, M, K, D, g, C, lam_rows, velocity_level, active, mass_constant,
              stiffness, jac_at, slots, flags, f1, f2, f3, i1, i2, b1, b2):
    """A GroupRecord of the arrays given (see GROUP_FIELDS)."""
    r = structref.new(GroupRecord)
    r.kind, r.role, r.n, r.items, r.ltg, r.ae = kind, role, n, items, ltg, ae
    r.M, r.K, r.D, r.g, r.C = M, K, D, g, C
    r.lam_rows, r.velocity_level, r.active = lam_rows, velocity_level, active
    r.mass_constant, r.stiffness, r.jac_at, r.slots, r.flags = mass_constant, stiffness, jac_at, slots, flags
    r.f1, r.f2, r.f3, r.i1, r.i2, r.b1, r.b2 = f1, f2, f3, i1, i2, b1, b2
    return r


_FRAME_ARGS = tuple(t for _, t in FRAME_FIELDS)


@typed(SystemState(F1, F1, F1, F1, F1, F1, F1, F1, types.int64, types.UniTuple(F2, 4), types.UniTuple(F3, 4), I2,
                  types.UniTuple(F2, 4), types.UniTuple(F3, 4), I2, types.UniTuple(F2, 4),
                  types.UniTuple(F3, 4), I2, F1, F1, F2, F1))
def new_state(q, v, q_ref, q_tot, x, f, y1, f1, width, n2, n3, nl, b2, b3, bl, m2, m3, ml, cval, cvel, cJ, mass):
    """A SystemState: the vectors, then node, body and marker frames as (pos, vel, omega,
    omega_local), (A, Jpos, Jrot, Jrot_local), ltg, then the coordinate and mass markers' arrays."""
    s = structref.new(SystemState)
    s.q, s.v, s.q_ref, s.q_tot, s.x, s.f = q, v, q_ref, q_tot, x, f
    s.y1, s.f1 = y1, f1
    s.t, s.index2, s.load_factor, s.static_loads, s.width = 0.0, False, 1.0, False, width
    s.all_outputs, s.marker_outputs = True, MARKER_ALL
    s.post_error = 0.0
    s.node_pos, s.node_vel, s.node_omega, s.node_omega_local = n2
    s.node_A, s.node_Jpos, s.node_Jrot, s.node_Jrot_local = n3
    s.node_ltg = nl
    s.body_pos, s.body_vel, s.body_omega, s.body_omega_local = b2
    s.body_A, s.body_Jpos, s.body_Jrot, s.body_Jrot_local = b3
    s.body_ltg = bl
    s.marker_pos, s.marker_vel, s.marker_omega, s.marker_omega_local = m2
    s.marker_A, s.marker_Jpos, s.marker_Jrot, s.marker_Jrot_local = m3
    s.marker_ltg = ml
    s.marker_cval, s.marker_cvel, s.marker_cJ, s.marker_mass = cval, cvel, cJ, mass
    return s


@typed(SystemRecord(SystemState, GroupRecord, GROUP_KERNEL, types.int64, types.int64, types.int64, F1, I1, I1, I1,
                   I1, types.int64, types.int64, F1, F1))
def new_system(state, empty_group, kernel, n2, nae, n1, vals, slots, dense_slots, csc_indptr, csc_indices, diag_at,
               diag_size, ma, react):
    """A SystemRecord with an empty group table (``set_group`` fills it)."""
    r = structref.new(SystemRecord)
    r.state = state
    r.n_groups = 0
    r.groups = _filled(empty_group)
    r.kernels = _filled(kernel)
    r.members = np.zeros((N_LISTS, MAX_GROUPS), dtype=np.int64)
    r.counts = np.zeros(N_LISTS, dtype=np.int64)
    r.n2, r.nae, r.n1 = n2, nae, n1
    r.vals, r.slots, r.dense_slots = vals, slots, dense_slots
    r.csc_indptr, r.csc_indices = csc_indptr, csc_indices
    r.diag_at, r.diag_size = diag_at, diag_size
    r.ma, r.react = ma, react
    return r


@typed(types.void(SystemRecord, types.int64, GROUP_KERNEL, GroupRecord, B1))
def set_group(system, k, kernel, group, phases):
    """Put ``group`` with its ``kernel`` at position k of the table and into the phases and lists
    marked in ``phases`` (N_LISTS,), after the groups already there (groups are set in evaluation
    order)."""
    system.groups = _replaced(system.groups, k, group)
    system.kernels = _replaced(system.kernels, k, kernel)
    if k + 1 > system.n_groups:
        system.n_groups = k + 1
    for p in range(N_LISTS):
        if phases[p]:
            system.members[p, system.counts[p]] = k
            system.counts[p] += 1


@typed(types.void(SystemState, F1, F1))
def bind_vectors(state, q, v):
    """The state's coordinates and velocities arrays (the point of the next evaluations)."""
    state.q = q
    state.v = v


@typed(types.void(SystemRecord, F1, I1, I1, I1, I1, types.int64, types.int64))
def set_pattern(system, vals, slots, dense_slots, csc_indptr, csc_indices, diag_at, diag_size):
    """The Newton matrix's fixed pattern: block values buffer, CSC and dense slots, CSC index
    arrays, the position and size of the diagonal block."""
    system.vals, system.slots, system.dense_slots = vals, slots, dense_slots
    system.csc_indptr, system.csc_indices = csc_indptr, csc_indices
    system.diag_at, system.diag_size = diag_at, diag_size
