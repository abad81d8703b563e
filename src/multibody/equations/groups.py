"""Item groups: all items of one type, as arrays, evaluated by one kernel call.

Every group is built at ``Assemble()`` from the item records of its type
(``build``) and afterwards sees only arrays. Groups come in families, each
with a registry from the Exudyn type name to the group class:

* node groups write *frames* of their nodes (position, velocity, rotation,
  angular velocity and the Jacobians of position and rotation with respect to
  the node's ODE2 coordinates) into the system-wide node frame arrays;
* body groups add their mass matrix and LHS forces, and write body frames;
* marker groups read node or body frames and write marker data;
* connector groups (spring-dampers) turn marker data into generalized forces
  and their Jacobians; constraint groups into residuals and constraint
  Jacobians; load groups into generalized forces.

Local Jacobian blocks are padded to the system's marker width ``K`` with
coordinate index -1, which scatters into a dummy slot.
"""
from __future__ import annotations

import numpy as np

NODE_GROUPS: dict = {}
BODY_GROUPS: dict = {}
MARKER_GROUPS: dict = {}
CONNECTOR_GROUPS: dict = {}
CONSTRAINT_GROUPS: dict = {}
LOAD_GROUPS: dict = {}
ODE1_GROUPS: dict = {}      # objects with first-order equations (ObjectGenericODE1)


def register(registry, *type_names):
    def deco(cls):
        for t in type_names:
            registry[t] = cls
        cls.type_names = type_names
        return cls
    return deco


class Frames:
    """Kinematic frames of n items (nodes, bodies or markers), padded to width K.

    pos, vel, omega : (n, 3) global position, velocity, angular velocity
    A : (n, 3, 3) rotation (local to global)
    Jpos, Jrot : (n, 3, K) d vel / d q_t and d omega / d q_t (global)
    omega_local, Jrot_local : (n, 3), (n, 3, K) the same in the frame's own axes (for rigid
        frames: G_local q_t and G_local; body points use them, so that a frame whose Euler
        parameters drifted off unit length moves its points as Exudyn does)
    ltg : (n, K) int, global ODE2 indices of the K columns (-1 = none)
    cval, cvel : (n,) scalar coordinate value and rate (coordinate markers)
    cJ : (n, K) d cval / d q
    mass : (n,) mass of body-mass markers
    """

    def __init__(self, n, K):
        self.n, self.K = n, K
        self.pos = np.zeros((n, 3))
        self.vel = np.zeros((n, 3))
        self.omega = np.zeros((n, 3))
        self.A = np.zeros((n, 3, 3))
        self.A[:] = np.eye(3)
        self.Jpos = np.zeros((n, 3, K))
        self.Jrot = np.zeros((n, 3, K))
        self.omega_local = np.zeros((n, 3))
        self.Jrot_local = np.zeros((n, 3, K))
        self.ltg = -np.ones((n, K), dtype=np.int64)
        self.cval = np.zeros(n)
        self.cvel = np.zeros(n)
        self.cJ = np.zeros((n, K))
        self.mass = np.zeros(n)

    def copy(self):
        """Frames with copies of these arrays."""
        out = object.__new__(Frames)
        for name, value in vars(self).items():
            setattr(out, name, value.copy() if isinstance(value, np.ndarray) else value)
        return out


class Group:
    """Base of all groups: the item numbers and the records of the items.

    The compiled side of a group (kernels/records.py): its type's group ``kernel`` with the
    ``layout`` of its parameters, the ``role`` of its blocks in the system, the phases it takes
    part in (``record_phases``) and its arrays (``record_parameters``, ``record_flags``,
    ``record_slots``). SystemEquations packs them into the group's GroupRecord at Assemble();
    the record refers to the group's arrays, so a parameter changed in place (update_parameter,
    then ``refresh_record`` for what derives from it) is what the next compiled call reads.
    """
    type_names: tuple = ()
    kernel = None               # the group kernel (kernels/groups/); None: nothing to compute
    layout = None               # its Layout (the kernel module's)
    role = None                 # kernels/records.py ROLE_*

    def __init__(self, system, items):
        self.system = system            # CompiledSystem (for sizes and index maps)
        self.items = np.asarray(items, dtype=np.int64)
        self.n = len(items)

    def record_kernel(self):
        """The group kernel (a class attribute, or set per group: a dispatcher is a descriptor,
        so not read through the instance)."""
        return self.__dict__.get("kernel") or getattr(type(self), "kernel")

    def record_phases(self):
        """The names of the phases (kernels/records.py PHASES) the group's kernel takes part in."""
        return ()

    def record_parameters(self):
        """The arrays of the group's layout (name -> array; each kept by the group)."""
        return {}

    def record_flags(self):
        """The group's integer settings (an int64 array it keeps; flags[FLAG_READ] is set by
        SystemEquations for frame groups)."""
        flags = getattr(self, "_record_flags", None)
        if flags is None:
            flags = self._record_flags = np.zeros(4, dtype=np.int64)
        return flags

    def record_slots(self):
        """The call-back slots of the group's Python user functions (an int64 array it keeps and
        updates in place: ``refresh_record``)."""
        slots = getattr(self, "_record_slots", None)
        if slots is None:
            slots = self._record_slots = np.zeros(4, dtype=np.int64)
        return slots

    def refresh_record(self):
        """Update, in place, what the record's arrays derive from the parameters (after
        update_parameter changed one); default nothing."""

    def call_back(self, function):
        """A call-back slot (kernels/user.py) running ``function(t, index2)``, kept alive with the
        group."""
        from ..kernels.user import register
        keep = self.__dict__.setdefault("_call_backs", [])
        keep.append(function)
        return register(function)

    @classmethod
    def build(cls, system, items, records):
        g = cls(system, items)
        g.setup(records)
        return g

    @classmethod
    def split(cls, system, items, records):
        """The items of one type as the groups Assemble makes of them: lists of positions in
        ``items``, each a group of its own (by default one group of all)."""
        return [list(range(len(items)))]

    def setup(self, records):
        """Read parameters from the item records into arrays."""

    def update_parameter(self, row, name, value):
        """A parameter of item ``row`` (position in the group) changed; update arrays.

        Returns False if the change needs Assemble() again.
        """
        return False


def split_by(records, predicate):
    """The positions of ``records`` as [those without, those with ``predicate``], empty parts
    left out (Group.split of types whose items need two group classes)."""
    flags = [predicate(r) for r in records]
    parts = [[k for k, x in enumerate(flags) if not x], [k for k, x in enumerate(flags) if x]]
    return [p for p in parts if p]


def param_array(records, name, dtype=float):
    return np.array([r.values[name] for r in records], dtype=dtype)
