"""MainSystem Create... functions (spec system.md section 7), attached to MainSystem.

Each function only adds items through the public Add... methods; geometry (joint frames,
reference lengths) is taken from the reference configuration of the items, computed
from their parameters, so that the functions work before Assemble().
"""
from __future__ import annotations

import functools
import inspect
import warnings
from typing import Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from ._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from .enums import NodeType
from .indices import MarkerIndex, NodeIndex, ObjectIndex
from .itemInterface import (LoadForceVector, LoadMassProportional, LoadTorqueVector, MarkerBodyMass,
                            MarkerBodyPosition, MarkerBodyRigid, MarkerNodeCoordinate,
                            MarkerNodePosition, MarkerNodeRigid, NodePoint, NodePoint2D, NodePointGround,
                            NodeRigidBody2D, NodeRigidBodyEP, NodeRigidBodyRotVecLG, NodeRigidBodyRxyz,
                            ObjectConnectorCartesianSpringDamper, ObjectConnectorCoordinate,
                            ObjectConnectorDistance, ObjectConnectorRigidBodySpringDamper,
                            ObjectConnectorSpringDamper, ObjectConnectorTorsionalSpringDamper,
                            ObjectGround, ObjectJointGeneric, ObjectJointPrismaticX, ObjectJointRevoluteZ,
                            ObjectJointSpherical, ObjectMassPoint, ObjectMassPoint2D, ObjectRigidBody,
                            ObjectRigidBody2D)
from .model.main_system import MainSystem
from .rigidBodyUtilities import (ComputeOrthonormalBasis, EulerParameters2RotationMatrix,
                                 RotationVector2RotationMatrix, RotXYZ2RotationMatrix, node_rotation_parameters,
                                 node_rotation_rates)

DEFAULT_COLOR = [-1.0, -1.0, -1.0, -1.0]


# ---------------------------------------------------------------- argument helpers

def _fn(name):
    return f"MainSystem.{name}(...)"


def _vector(value, size, arg, fname) -> np.ndarray:
    """``value`` as a float vector of ``size``; ValueError otherwise (as Exudyn 1.13.6, also for a
    value that is no vector at all)."""
    try:
        a = np.array(value, dtype=float).ravel()
    except (TypeError, ValueError):
        raise ValueError(f"{_fn(fname)}: argument '{arg}' must be a vector of {size} floats; "
                         f"received {value!r}") from None
    if a.size != size or np.ndim(value) != 1:
        raise ValueError(f"{_fn(fname)}: argument '{arg}' must be a vector of {size} floats; "
                         f"received {value!r}")
    return a


def _matrix3(value, arg, fname) -> np.ndarray:
    try:
        a = np.array(value, dtype=float)
    except (TypeError, ValueError):
        a = None
    if a is None or a.shape != (3, 3):
        raise TypeError(f"{_fn(fname)}: argument '{arg}' must be a 3x3 matrix; received {value!r}")
    return a


def _ht(value, arg, fname):
    m = value.matrix if hasattr(value, "matrix") else value
    a = np.array(m, dtype=float)
    if a.shape == (16,):
        a = a.reshape(4, 4)
    if a.shape != (4, 4):
        raise TypeError(f"{_fn(fname)}: argument '{arg}' must be a 4x4 homogeneous transformation")
    return a


# 1.11 argument names that Exudyn 1.13.6 keeps in the signatures but refuses
REFUSED_ARGUMENTS = frozenset(("bodyOrNodeList",))


def _optional(annotation):
    """``Optional[annotation]`` of a string annotation (empty stays empty)."""
    return annotation if annotation is inspect.Parameter.empty else f"Optional[{annotation}]"


def _deprecated_arguments(**old_to_new):
    """The 1.11 argument names of a Create function (Exudyn 1.13 keeps them as arguments with
    default None, after the others): given, they warn (DeprecationWarning, at the caller's line)
    and stand for the new argument; both given -> TypeError. The function's signature shows them
    as Exudyn's does."""
    import functools
    import inspect

    def decorate(func):
        sig = inspect.signature(func)
        params = [q for q in sig.parameters.values() if q.kind != q.VAR_KEYWORD]
        params += [inspect.Parameter(old, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                     annotation=_optional(sig.parameters[new].annotation))
                   for old, new in old_to_new.items()]
        new_defaults = {new: sig.parameters[new].default for new in set(old_to_new.values())}
        fname = func.__name__

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for old, new in old_to_new.items():
                if old not in kwargs:
                    continue
                value = kwargs.pop(old)
                if value is None:
                    continue
                if old in REFUSED_ARGUMENTS:
                    # in the signature, as Exudyn's, but refused there when given (1.13.6, measured)
                    raise TypeError(f"ERROR in {_fn(fname)}: the argument {old} is not accepted; use {new}")
                if new in kwargs and not _same(kwargs[new], new_defaults[new]):
                    raise TypeError(f"{_fn(fname)}: use either '{new}' or the deprecated '{old}', not both")
                warnings.warn(f"{_fn(fname)}: argument '{old}' is deprecated; use '{new}'", DeprecationWarning,
                              stacklevel=2)
                kwargs[new] = value
            return func(*args, **kwargs)
        wrapper.__signature__ = sig.replace(parameters=params)
        return wrapper
    return decorate


def _same(a, b):
    try:
        return bool(np.all(np.asarray(a, dtype=object) == np.asarray(b, dtype=object)))
    except Exception:
        return False


def _no_more(fname, kwargs):
    if kwargs:
        raise TypeError(f"{_fn(fname)}: unexpected argument(s) {', '.join(sorted(kwargs))}")


def _item_numbers(fname, itemNumbers, kwargs):
    if "bodyList" in kwargs:
        # (Exudyn 1.13.6 has no such argument any more)
        raise TypeError(f"{_fn(fname)}: unexpected argument 'bodyList'; use itemNumbers")
    if itemNumbers is None or len(itemNumbers) != 2:
        raise TypeError(f"{_fn(fname)}: argument 'itemNumbers' must be a list of two item indices; "
                        f"received {itemNumbers!r}")
    return list(itemNumbers)


def _names(name):
    return ("Marker0:" + name, "Marker1:" + name) if name else ("", "")


# ---------------------------------------------------------------- reference geometry

_EYE3 = np.eye(3)
_EYE3_TOL = 1e-8 + 1e-5 * _EYE3


def _peek(mbs, family, index):
    """An item's stored parameters with its type key, as mbs.GetNode/GetObject/GetMarker give them
    but not copied (to be read only): the Create functions read a few values of several items
    each, and copying every parameter of each took a fifth of building 1024 slider-cranks."""
    rec = mbs._record(family, index)
    d = dict(rec.values)
    d[rec.spec.type_key] = rec.spec.type_name
    return d


def _node_rotation(node):
    t, ref = node["nodeType"], np.asarray(node["referenceCoordinates"], dtype=float)
    if t == "RigidBodyEP":
        return EulerParameters2RotationMatrix(ref[3:7])
    if t == "RigidBodyRxyz":
        return RotXYZ2RotationMatrix(ref[3:6])
    if t == "RigidBodyRotVecLG":
        return RotationVector2RotationMatrix(ref[3:6])
    if t == "RigidBody2D":
        c, s = np.cos(ref[2]), np.sin(ref[2])
        return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    return np.eye(3)


def _node_position(node):
    ref = np.asarray(node.get("referenceCoordinates", [0.0, 0.0, 0.0]), dtype=float)
    p = np.zeros(3)
    if node["nodeType"] in ("Point2D", "RigidBody2D"):
        p[:2] = ref[:2]
    elif ref.size >= 3:
        p[:] = ref[:3]
    return p


def _node_frame(mbs, n):
    node = _peek(mbs, "node", int(n))
    return _node_position(node), _node_rotation(node)


def _body_frame(mbs, b):
    """Reference position and rotation of a body's reference point."""
    obj = _peek(mbs, "object", int(b))
    t = obj["objectType"]
    if t == "Ground":
        ht = obj.get("referenceHT")
        p = obj.get("referencePosition")
        A = obj.get("referenceRotation")
        if ht is not None:
            ht = np.asarray(ht.matrix if hasattr(ht, "matrix") else ht, dtype=float).reshape(4, 4)
            return (ht[:3, 3] if p is None else np.asarray(p, dtype=float)), ht[:3, :3]
        return (np.zeros(3) if p is None else np.asarray(p, dtype=float),
                np.eye(3) if A is None else np.asarray(A, dtype=float))
    if t in ("Mass1D", "RotationalMass1D"):
        return np.asarray(obj["referencePosition"], dtype=float), np.asarray(obj["referenceRotation"], dtype=float)
    if "nodeNumber" in obj:
        return _node_frame(mbs, obj["nodeNumber"])
    raise TypeError(f"CreateX: object {int(b)} ({t}) has no reference frame usable by Create functions")


def _marker_frame(mbs, m):
    mk = _peek(mbs, "marker", int(m))
    if "bodyNumber" in mk:
        p, A = _body_frame(mbs, mk["bodyNumber"])
    else:
        p, A = _node_frame(mbs, mk["nodeNumber"])
    b = mk.get("localPosition")
    ht = mk.get("localHT")
    if ht is not None:
        ht = np.asarray(ht.matrix if hasattr(ht, "matrix") else ht, dtype=float).reshape(4, 4)
        if b is None:
            b = ht[:3, 3]
        return p + A @ np.asarray(b, dtype=float), A @ ht[:3, :3]
    if b is None:
        b = np.zeros(3)
    return p + A @ np.asarray(b, dtype=float), A


def _position_marker(mbs, item, local, name, fname):
    """Marker for a position connector: body -> MarkerBodyPosition, node -> MarkerNodePosition."""
    if isinstance(item, MarkerIndex):
        return item, _marker_frame(mbs, item)[0]
    if isinstance(item, NodeIndex):
        if np.any(local):
            raise ValueError(f"{_fn(fname)}: localPosition must be [0,0,0] for a node ({int(item)})")
        m = mbs.AddMarker(MarkerNodePosition(name=name, nodeNumber=item))
        return m, _node_frame(mbs, item)[0]
    if isinstance(item, (ObjectIndex, int, np.integer)) and not isinstance(item, bool):
        m = mbs.AddMarker(MarkerBodyPosition(name=name, bodyNumber=ObjectIndex(int(item)),
                                             localPosition=list(local)))
        p, A = _body_frame(mbs, item)
        return m, p + A @ local
    raise TypeError(f"{_fn(fname)}: itemNumbers must contain ObjectIndex, NodeIndex or MarkerIndex; "
                    f"received {item!r}")


def _frame_of(mbs, item):
    """(p, A) of a body (ObjectIndex), node or marker in the reference configuration."""
    if isinstance(item, MarkerIndex):
        return _marker_frame(mbs, item)
    if isinstance(item, NodeIndex):
        return _node_frame(mbs, item)
    return _body_frame(mbs, item)


def _rigid_marker(mbs, item, p_J, MR, name):
    """MarkerBodyRigid (or MarkerNodeRigid) at the global joint point p_J with rotation MR."""
    p, A = _frame_of(mbs, item)
    local = A.T @ (p_J - p)
    ht = np.eye(4)
    ht[:3, :3], ht[:3, 3] = MR, local
    if isinstance(item, MarkerIndex):
        mk = _peek(mbs, "marker", int(item))
        if (np.abs(MR - _EYE3) <= _EYE3_TOL).all():     # np.allclose(MR, I): |a - b| <= 1e-8 + 1e-5 |b|
            return item
        key, target = ("bodyNumber", mk["bodyNumber"]) if "bodyNumber" in mk else ("nodeNumber", mk["nodeNumber"])
        pm, Am = _marker_frame(mbs, item)
        pb, Ab = _frame_of(mbs, ObjectIndex(int(target)) if key == "bodyNumber" else NodeIndex(int(target)))
        ht[:3, :3] = Ab.T @ Am @ MR
        ht[:3, 3] = Ab.T @ (pm - pb)
        item = ObjectIndex(int(target)) if key == "bodyNumber" else NodeIndex(int(target))
    if isinstance(item, NodeIndex):
        ht[:3, 3] = 0.0
        return mbs.AddMarker(MarkerNodeRigid(name=name, nodeNumber=item, localHT=ht))
    return mbs.AddMarker(MarkerBodyRigid(name=name, bodyNumber=ObjectIndex(int(item)), localPosition=list(ht[:3, 3]),
                                         localHT=ht))


def _joint_position(mbs, items, position, useGlobalFrame, fname):
    p0, A0 = _frame_of(mbs, items[0])
    if position is None or len(position) == 0:
        if isinstance(items[0], MarkerIndex):
            return _marker_frame(mbs, items[0])[0], A0
        if isinstance(items[1], MarkerIndex):
            return _marker_frame(mbs, items[1])[0], A0
        raise ValueError(f"{_fn(fname)}: 'position' must be given unless markers are used")
    pos = _vector(position, 3, "position", fname)
    return (pos if useGlobalFrame else A0 @ pos + p0), A0


# ---------------------------------------------------------------- bodies

def CreateGround(mbs, name: str = '', referencePosition: Optional[Vector] = None,
                 referenceRotationMatrix: Optional[Matrix] = None, graphicsDataList: list[dict[str, Any]] = [],
                 graphicsDataUserFunction: Callable[..., Any] | int = 0, show: bool = True,
                 referenceHT: Optional[Matrix] = None):
    """Add a ground object (ObjectGround) with optional graphics; returns its ObjectIndex."""
    fn = "CreateGround"
    if referenceHT is not None:
        if referencePosition is not None or referenceRotationMatrix is not None:
            raise ValueError(f"{_fn(fn)}: referenceHT may not be combined with referencePosition or "
                             "referenceRotationMatrix")
        ht = _ht(referenceHT, "referenceHT", fn)
        referencePosition, referenceRotationMatrix = ht[:3, 3], ht[:3, :3]
    p = [0.0, 0.0, 0.0] if referencePosition is None else _vector(referencePosition, 3, "referencePosition", fn)
    A = np.eye(3) if referenceRotationMatrix is None else _matrix3(referenceRotationMatrix,
                                                                     "referenceRotationMatrix", fn)
    return mbs.AddObject(ObjectGround(name=name, referencePosition=list(p), referenceRotation=A,
                                      visualization={"show": show, "graphicsDataUserFunction": graphicsDataUserFunction,
                                                     "graphicsData": list(graphicsDataList)}))


def _gravity(mbs, body, gravity, out, fn):
    g = _vector(gravity, 3, "gravity", fn)
    if np.any(g != 0):
        mm = mbs.AddMarker(MarkerBodyMass(bodyNumber=body))
        ld = mbs.AddLoad(LoadMassProportional(markerNumber=mm, loadVector=list(g)))
        out["markerBodyMass"], out["loadNumber"] = mm, ld


@_deprecated_arguments(physicsMass="mass")
def CreateMassPoint(mbs, name: str = '', referencePosition: Vector = [0., 0., 0.],
                    initialDisplacement: Vector = [0., 0., 0.], initialVelocity: Vector = [0., 0., 0.],
                    mass: float = 0., gravity: Vector = [0., 0., 0.], graphicsDataList: list[dict[str, Any]] = [],
                    drawSize: float = -1, color: Vector = [-1., -1., -1., -1.], show: bool = True,
                    create2D: bool = False, returnDict: bool = False, **kwargs: Any):
    """Add a mass point (NodePoint + ObjectMassPoint, or the 2D pair) with optional gravity; returns its ObjectIndex."""
    fn = "CreateMassPoint"
    _no_more(fn, kwargs)
    p = _vector(referencePosition, 3, "referencePosition", fn)
    u = _vector(initialDisplacement, 3, "initialDisplacement", fn)
    v = _vector(initialVelocity, 3, "initialVelocity", fn)
    nname = "Node:" + name if name else ""
    nvis = {"show": show, "drawSize": 0. if graphicsDataList else drawSize, "color": list(color)}
    bvis = {"show": bool(graphicsDataList) and show, "graphicsData": list(graphicsDataList)}
    if create2D:
        n = mbs.AddNode(NodePoint2D(name=nname, referenceCoordinates=list(p[:2]), initialCoordinates=list(u[:2]),
                                    initialVelocities=list(v[:2]), visualization=nvis))
        b = mbs.AddObject(ObjectMassPoint2D(name=name, mass=mass, nodeNumber=n, visualization=bvis))
    else:
        n = mbs.AddNode(NodePoint(name=nname, referenceCoordinates=list(p), initialCoordinates=list(u),
                                  initialVelocities=list(v), visualization=nvis))
        b = mbs.AddObject(ObjectMassPoint(name=name, mass=mass, nodeNumber=n, visualization=bvis))
    out = {"nodeNumber": n, "bodyNumber": b}
    _gravity(mbs, b, gravity, out, fn)
    return out if returnDict else b


def _check_inertia(inertia, fn):
    """A RigidBodyInertia with a symmetric, positive semi-definite inertia tensor."""
    if inertia is None or not hasattr(inertia, "GetInertia6D"):
        raise TypeError(f"{_fn(fn)}: argument 'inertia' must be a RigidBodyInertia (e.g. InertiaCuboid); "
                        f"received {inertia!r}")
    tensor = np.asarray(getattr(inertia, "inertiaTensor", inertia.Inertia() if hasattr(inertia, "Inertia")
                                else np.zeros((3, 3))), dtype=float)
    scale = max(1.0, float(np.abs(tensor).max()))
    if not np.abs(tensor - tensor.T).max() <= 1e-12 * scale:     # (as np.allclose with rtol 0; NaN fails)
        raise ValueError(f"{_fn(fn)}: argument 'inertia': the inertia tensor must be symmetric; "
                         f"received {tensor.tolist()}")
    if np.linalg.eigvalsh(0.5 * (tensor + tensor.T)).min() < -1e-12 * scale:
        raise ValueError(f"{_fn(fn)}: argument 'inertia': the inertia tensor must be positive "
                         f"semi-definite; received {tensor.tolist()}")


def CreateRigidBody(mbs, name: str = '', referencePosition: Optional[Vector] = None,
                    referenceRotationMatrix: Optional[Matrix] = None, initialVelocity: Vector = [0., 0., 0.],
                    initialAngularVelocity: Vector = [0., 0., 0.], initialDisplacement: Optional[Vector] = None,
                    initialRotationMatrix: Optional[Matrix] = None, inertia: Any = None,
                    gravity: Vector = [0., 0., 0.], nodeType: Any = NodeType.RotationEulerParameters,
                    graphicsDataList: list[dict[str, Any]] = [], graphicsDataUserFunction: Callable[..., Any] | int = 0,
                    drawSize: float = -1, color: Vector = [-1., -1., -1., -1.], show: bool = True,
                    create2D: bool = False, returnDict: bool = False, referenceHT: Optional[Matrix] = None,
                    initialHT: Optional[Matrix] = None):
    """Add a rigid body (node + ObjectRigidBody, or 2D) from a RigidBodyInertia; returns its ObjectIndex."""
    fn = "CreateRigidBody"
    _check_inertia(inertia, fn)
    if referenceHT is not None:
        if referencePosition is not None or referenceRotationMatrix is not None:
            raise ValueError(f"{_fn(fn)}: referenceHT may not be combined with referencePosition or "
                             "referenceRotationMatrix")
        ht = _ht(referenceHT, "referenceHT", fn)
        referencePosition, referenceRotationMatrix = ht[:3, 3], ht[:3, :3]
    if initialHT is not None:
        if initialDisplacement is not None or initialRotationMatrix is not None:
            raise ValueError(f"{_fn(fn)}: initialHT may not be combined with initialDisplacement or "
                             "initialRotationMatrix")
        ht = _ht(initialHT, "initialHT", fn)
        initialDisplacement, initialRotationMatrix = ht[:3, 3], ht[:3, :3]
    p = np.zeros(3) if referencePosition is None else _vector(referencePosition, 3, "referencePosition", fn)
    Ar = np.eye(3) if referenceRotationMatrix is None else _matrix3(referenceRotationMatrix,
                                                                      "referenceRotationMatrix", fn)
    v = _vector(initialVelocity, 3, "initialVelocity", fn)
    w = _vector(initialAngularVelocity, 3, "initialAngularVelocity", fn)
    has_init = initialDisplacement is not None or initialRotationMatrix is not None
    u0 = np.zeros(3) if initialDisplacement is None else _vector(initialDisplacement, 3, "initialDisplacement", fn)
    Ai = np.eye(3) if initialRotationMatrix is None else _matrix3(initialRotationMatrix, "initialRotationMatrix", fn)
    graphics = list(graphicsDataList) if graphicsDataList else [inertia.GetGraphics(color)] \
        if hasattr(inertia, "GetGraphics") else []
    nname = "Node:" + name if name else ""
    nvis = {"show": show, "drawSize": drawSize, "color": list(color)}
    bvis = {"show": show, "graphicsDataUserFunction": graphicsDataUserFunction, "graphicsData": graphics}
    mass, com, i6 = float(inertia.mass), np.asarray(inertia.com, dtype=float), list(inertia.GetInertia6D())
    if create2D:
        phi = float(np.arctan2(Ar[1, 0], Ar[0, 0]))
        A_init = Ar @ Ai
        if p[2] != 0 or not np.allclose(Ar, _rz(phi)) or not np.allclose(A_init, _rz(np.arctan2(A_init[1, 0], A_init[0, 0]))) \
                or v[2] != 0 or w[0] != 0 or w[1] != 0 or np.any(com != 0):
            raise ValueError(f"{_fn(fn)}: create2D=True needs a planar body: no z position/velocity, "
                             "rotations about z only, angular velocity about z only and inertia.com = 0")
        phi_init = float(np.arctan2(A_init[1, 0], A_init[0, 0])) if has_init else phi
        n = mbs.AddNode(NodeRigidBody2D(name=nname, referenceCoordinates=[p[0], p[1], phi],
                                        initialCoordinates=[u0[0], u0[1], phi_init - phi],
                                        initialVelocities=[v[0], v[1], w[2]], visualization=nvis))
        b = mbs.AddObject(ObjectRigidBody2D(name=name, mass=mass, inertia=i6[2], nodeNumber=n,
                                            visualization=bvis))
    else:
        try:
            nodeType = NodeType(int(nodeType))
        except (TypeError, ValueError):
            raise ValueError(f"{_fn(fn)}: invalid nodeType!") from None
        cls = {NodeType.RotationEulerParameters: NodeRigidBodyEP, NodeType.RotationRxyz: NodeRigidBodyRxyz,
               NodeType.RotationRotationVector: NodeRigidBodyRotVecLG}.get(nodeType)
        if cls is None:
            raise ValueError("MainSystem.CreateRigidBody(...): invalid nodeType!")
        ep = node_rotation_parameters(nodeType, Ar)
        rot_t = node_rotation_rates(nodeType, ep, Ar, w)
        init = np.zeros(3 + ep.size)
        if has_init:
            init[:3] = u0
            init[3:] = node_rotation_parameters(nodeType, Ar @ Ai) - ep
        n = mbs.AddNode(cls(name=nname, referenceCoordinates=list(p) + list(ep), initialCoordinates=list(init),
                            initialVelocities=list(v) + list(rot_t), visualization=nvis))
        b = mbs.AddObject(ObjectRigidBody(name=name, mass=mass, inertia=i6, centerOfMass=list(com),
                                          nodeNumber=n, visualization=bvis))
    out = {"nodeNumber": n, "bodyNumber": b}
    _gravity(mbs, b, gravity, out, fn)
    return out if returnDict else b


def _rz(phi):
    c, s = np.cos(phi), np.sin(phi)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


# ---------------------------------------------------------------- connectors

@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreateSpringDamper(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None],
                       localPosition0: Vector = [0., 0., 0.], localPosition1: Vector = [0., 0., 0.],
                       referenceLength: Optional[float] = None, stiffness: Any = 0., damping: Any = 0.,
                       force: float = 0., velocityOffset: float = 0.,
                       springForceUserFunction: Callable[..., Any] | int = 0, show: bool = True, drawSize: float = -1,
                       color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a spring-damper (ObjectConnectorSpringDamper) between points of two items; returns its ObjectIndex."""
    fn = "CreateSpringDamper"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    n0, n1 = _names(name)
    m0, p0 = _position_marker(mbs, items[0], _vector(localPosition0, 3, "localPosition0", fn), n0, fn)
    m1, p1 = _position_marker(mbs, items[1], _vector(localPosition1, 3, "localPosition1", fn), n1, fn)
    if referenceLength is None:
        referenceLength = float(np.linalg.norm(p1 - p0))
    return mbs.AddObject(ObjectConnectorSpringDamper(
        name=name, markerNumbers=[m0, m1], referenceLength=referenceLength, stiffness=stiffness,
        damping=damping, force=force, velocityOffset=velocityOffset, springForceUserFunction=springForceUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": list(color)}))


@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreateCartesianSpringDamper(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None],
                                localPosition0: Vector = [0., 0., 0.], localPosition1: Vector = [0., 0., 0.],
                                stiffness: Any = [0., 0., 0.], damping: Any = [0., 0., 0.], offset: Any = [0., 0., 0.],
                                springForceUserFunction: Callable[..., Any] | int = 0, show: bool = True,
                                drawSize: float = -1, color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a spring-damper in global x, y, z (ObjectConnectorCartesianSpringDamper) between two items."""
    fn = "CreateCartesianSpringDamper"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    n0, n1 = _names(name)
    m0, _ = _position_marker(mbs, items[0], _vector(localPosition0, 3, "localPosition0", fn), n0, fn)
    m1, _ = _position_marker(mbs, items[1], _vector(localPosition1, 3, "localPosition1", fn), n1, fn)
    return mbs.AddObject(ObjectConnectorCartesianSpringDamper(
        name=name, markerNumbers=[m0, m1], stiffness=list(_vector(stiffness, 3, "stiffness", fn)),
        damping=list(_vector(damping, 3, "damping", fn)), offset=list(_vector(offset, 3, "offset", fn)),
        springForceUserFunction=springForceUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": list(color)}))


@_deprecated_arguments(intrinsicFormulation="useIntrinsicFormulation", bodyNumbers="itemNumbers",
                       bodyOrNodeList="itemNumbers")
def CreateRigidBodySpringDamper(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None],
                                localPosition0: Vector = [0., 0., 0.], localPosition1: Vector = [0., 0., 0.],
                                stiffness: Any = np.zeros((6, 6)), damping: Any = np.zeros((6, 6)),
                                offset: Any = [0., 0., 0., 0., 0., 0.], rotationMatrixJoint: Matrix = np.eye(3),
                                useGlobalFrame: bool = True, useIntrinsicFormulation: bool = True,
                                springForceTorqueUserFunction: Callable[..., Any] | int = 0,
                                postNewtonStepUserFunction: Callable[..., Any] | int = 0, show: bool = True,
                                drawSize: float = -1, color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a 6D spring-damper (ObjectConnectorRigidBodySpringDamper) between two rigid bodies; returns its index.

    Marker rotations as CreateGenericJoint (system.md 7.9): global frame MR_i = A_i^T R,
    else MR_0 = R, MR_1 = A_1^T A_0 R.
    """
    fn = "CreateRigidBodySpringDamper"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    R = _matrix3(rotationMatrixJoint, "rotationMatrixJoint", fn)
    A0 = _frame_of(mbs, items[0])[1]
    A_J = R if useGlobalFrame else A0 @ R
    n0, n1 = _names(name)
    ms = []
    for it, lp, nm, arg in zip(items, (localPosition0, localPosition1), (n0, n1), ("localPosition0", "localPosition1")):
        p, A = _frame_of(mbs, it)
        ms.append(_rigid_marker(mbs, it, p + A @ _vector(lp, 3, arg, fn), A.T @ A_J, nm))
    return mbs.AddObject(ObjectConnectorRigidBodySpringDamper(
        name=name, markerNumbers=ms, stiffness=np.asarray(stiffness, dtype=float),
        damping=np.asarray(damping, dtype=float), offset=list(_vector(offset, 6, "offset", fn)),
        useIntrinsicFormulation=useIntrinsicFormulation, springForceTorqueUserFunction=springForceTorqueUserFunction,
        postNewtonStepUserFunction=postNewtonStepUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": list(color)}))


@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreateTorsionalSpringDamper(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None],
                                position: Vector = [0., 0., 0.], axis: Vector = [0., 0., 0.], stiffness: Any = 0.,
                                damping: Any = 0., offset: Any = 0., velocityOffset: float = 0., torque: float = 0.,
                                useGlobalFrame: bool = True, springTorqueUserFunction: Callable[..., Any] | int = 0,
                                unlimitedRotations: bool = True, show: bool = True, drawSize: float = -1,
                                color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a torsional spring-damper (ObjectConnectorTorsionalSpringDamper) about ``axis``; returns its index."""
    fn = "CreateTorsionalSpringDamper"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    p_J, A0 = _joint_position(mbs, items, position, useGlobalFrame, fn)
    A_J = _revolute_frame(_vector(axis, 3, "axis", fn), A0, useGlobalFrame)
    n0, n1 = _names(name)
    ms = [_rigid_marker(mbs, it, p_J, _frame_of(mbs, it)[1].T @ A_J, nm) for it, nm in zip(items, (n0, n1))]
    return mbs.AddObject(ObjectConnectorTorsionalSpringDamper(
        name=name, markerNumbers=ms, stiffness=stiffness, damping=damping, offset=offset,
        velocityOffset=velocityOffset, torque=torque, springTorqueUserFunction=springTorqueUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": list(color)}))


# ---------------------------------------------------------------- joints

def _revolute_frame(axis, A0, useGlobalFrame):
    v = axis if useGlobalFrame else A0 @ axis
    B = np.asarray(ComputeOrthonormalBasis(v), dtype=float)
    return np.column_stack([-B[:, 2], B[:, 1], B[:, 0]])


def _joint(mbs, fn, name, itemNumbers, kwargs, position, useGlobalFrame, frame):
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    p_J, A0 = _joint_position(mbs, items, position, useGlobalFrame, fn)
    A_J = frame(A0)
    n0, n1 = _names(name)
    return [_rigid_marker(mbs, it, p_J, _frame_of(mbs, it)[1].T @ A_J, nm) for it, nm in zip(items, (n0, n1))]


@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreateRevoluteJoint(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None], position: Vector = [],
                        axis: Vector = [], useGlobalFrame: bool = True, show: bool = True, axisRadius: float = 0.1,
                        axisLength: float = 0.4, color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a revolute joint (ObjectJointRevoluteZ) about ``axis`` at ``position``; returns its ObjectIndex."""
    fn = "CreateRevoluteJoint"
    ax = _vector(axis, 3, "axis", fn)
    ms = _joint(mbs, fn, name, itemNumbers, kwargs, position, useGlobalFrame,
                lambda A0: _revolute_frame(ax, A0, useGlobalFrame))
    return mbs.AddObject(ObjectJointRevoluteZ(name=name, markerNumbers=ms, visualization={
        "show": show, "axisRadius": axisRadius, "axisLength": axisLength, "color": list(color)}))


@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreatePrismaticJoint(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None], position: Vector = [],
                         axis: Vector = [], useGlobalFrame: bool = True, show: bool = True, axisRadius: float = 0.1,
                         axisLength: float = 0.4, color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a prismatic joint (ObjectJointPrismaticX) sliding along ``axis`` between two bodies; returns its index."""
    fn = "CreatePrismaticJoint"
    ax = _vector(axis, 3, "axis", fn)
    ms = _joint(mbs, fn, name, itemNumbers, kwargs, position, useGlobalFrame,
                lambda A0: np.asarray(ComputeOrthonormalBasis(ax if useGlobalFrame else A0 @ ax), dtype=float))
    return mbs.AddObject(ObjectJointPrismaticX(name=name, markerNumbers=ms, visualization={
        "show": show, "axisRadius": axisRadius, "axisLength": axisLength, "color": list(color)}))


@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreateSphericalJoint(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None], position: Vector = [],
                         constrainedAxes: Sequence[int] = [1, 1, 1], useGlobalFrame: bool = True, show: bool = True,
                         jointRadius: float = 0.1, color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a spherical joint (ObjectJointSpherical) at ``position`` between two items; returns its ObjectIndex."""
    fn = "CreateSphericalJoint"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    p_J, _ = _joint_position(mbs, items, position, useGlobalFrame, fn)
    n0, n1 = _names(name)
    ms = []
    for it, nm in zip(items, (n0, n1)):
        if isinstance(it, (MarkerIndex, NodeIndex)):
            ms.append(_position_marker(mbs, it, np.zeros(3), nm, fn)[0])
        else:
            p, A = _body_frame(mbs, it)
            ms.append(mbs.AddMarker(MarkerBodyPosition(name=nm, bodyNumber=ObjectIndex(int(it)),
                                                       localPosition=list(A.T @ (p_J - p)))))
    return mbs.AddObject(ObjectJointSpherical(name=name, markerNumbers=ms, constrainedAxes=list(constrainedAxes),
                                              visualization={"show": show, "jointRadius": jointRadius,
                                                             "color": list(color)}))


@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreateGenericJoint(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None], position: Vector = [],
                       rotationMatrixAxes: Matrix = np.eye(3), constrainedAxes: Sequence[int] = [1, 1, 1, 1, 1, 1],
                       useGlobalFrame: bool = True, offsetUserFunction: Callable[..., Any] | int = 0,
                       offsetUserFunction_t: Callable[..., Any] | int = 0, show: bool = True, axesRadius: float = 0.1,
                       axesLength: float = 0.4, color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a generic joint (ObjectJointGeneric) constraining the chosen translations and rotations of two bodies."""
    fn = "CreateGenericJoint"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    p_J, A0 = _joint_position(mbs, items, position, useGlobalFrame, fn)
    R = _matrix3(rotationMatrixAxes, "rotationMatrixAxes", fn)
    A_J = R if useGlobalFrame else A0 @ R
    n0, n1 = _names(name)
    ms = [_rigid_marker(mbs, it, p_J, _frame_of(mbs, it)[1].T @ A_J, nm) for it, nm in zip(items, (n0, n1))]
    return mbs.AddObject(ObjectJointGeneric(
        name=name, markerNumbers=ms, constrainedAxes=list(constrainedAxes), offsetUserFunction=offsetUserFunction,
        offsetUserFunction_t=offsetUserFunction_t,
        visualization={"show": show, "axesRadius": axesRadius, "axesLength": axesLength, "color": list(color)}))


@_deprecated_arguments(bodyNumbers="itemNumbers", bodyOrNodeList="itemNumbers")
def CreateDistanceConstraint(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None],
                             localPosition0: Vector = [0., 0., 0.], localPosition1: Vector = [0., 0., 0.],
                             distance: Optional[float] = None, show: bool = True, drawSize: float = -1.,
                             color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a distance constraint (ObjectConnectorDistance) between two points; distance 0 gives a SphericalJoint."""
    fn = "CreateDistanceConstraint"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    n0, n1 = _names(name)
    m0, p0 = _position_marker(mbs, items[0], _vector(localPosition0, 3, "localPosition0", fn), n0, fn)
    m1, p1 = _position_marker(mbs, items[1], _vector(localPosition1, 3, "localPosition1", fn), n1, fn)
    if distance is None:
        distance = float(np.linalg.norm(p1 - p0))
    if distance == 0:
        print("WARNING: CreateDistanceConstraint called with distance=0; creating SphericalJoint instead")
        is2d = any(isinstance(it, ObjectIndex) and "2D" in _peek(mbs, "object", int(it))["objectType"] for it in items)
        return mbs.AddObject(ObjectJointSpherical(name=name, markerNumbers=[m0, m1],
                                                  constrainedAxes=[1, 1, 0 if is2d else 1],
                                                  visualization={"show": show, "jointRadius": 0.5 * drawSize,
                                                                 "color": list(color)}))
    return mbs.AddObject(ObjectConnectorDistance(name=name, markerNumbers=[m0, m1], distance=distance,
                                                 visualization={"show": show, "drawSize": drawSize,
                                                                "color": list(color)}))


@_deprecated_arguments(factorValue1="factor1", bodyNumbers="itemNumbers",
                       bodyOrNodeList="itemNumbers")
def CreateCoordinateConstraint(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None],
                               coordinates: Sequence[Any] = [None, None], offset: Any = 0., factor1: float = 1.,
                               velocityLevel: bool = False, offsetUserFunction: Callable[..., Any] | int = 0,
                               offsetUserFunction_t: Callable[..., Any] | int = 0, show: bool = True,
                               drawSize: float = -1., color: Vector = [-1., -1., -1., -1.], **kwargs: Any):
    """Add a constraint between two coordinates (ObjectConnectorCoordinate; a ground node for a None/ground side)."""
    fn = "CreateCoordinateConstraint"
    items = _item_numbers(fn, itemNumbers, kwargs)
    _no_more(fn, kwargs)
    names = _names(name)
    ms, ground = [], 0
    for i, it in enumerate(items):
        if it is None or (isinstance(it, ObjectIndex) and _peek(mbs, "object", int(it))["objectType"] == "Ground"):
            ground += 1
            ng = mbs.AddNode(NodePointGround(visualization={"show": False}))
            ms.append(mbs.AddMarker(MarkerNodeCoordinate(name=names[i], nodeNumber=ng, coordinate=0)))
        elif isinstance(it, NodeIndex):
            ms.append(mbs.AddMarker(MarkerNodeCoordinate(name=names[i], nodeNumber=it,
                                                         coordinate=int(coordinates[i]))))
        else:
            obj = _peek(mbs, "object", int(it))
            nodes = [obj["nodeNumber"]] if "nodeNumber" in obj else list(obj.get("nodeNumbers", []))
            k = int(coordinates[i])
            for nd in nodes:
                size = _node_size(mbs, nd)
                if k < size:
                    ms.append(mbs.AddMarker(MarkerNodeCoordinate(name=names[i], nodeNumber=NodeIndex(int(nd)),
                                                                 coordinate=k)))
                    break
                k -= size
            else:
                raise ValueError(f"{_fn(fn)}: coordinate {coordinates[i]} does not exist in object {int(it)}")
    if ground == 2:
        raise ValueError(f"{_fn(fn)}: both items are ground; at least one must have coordinates")
    return mbs.AddObject(ObjectConnectorCoordinate(
        name=name, markerNumbers=ms, offset=offset, factor1=factor1, velocityLevel=velocityLevel,
        offsetUserFunction=offsetUserFunction, offsetUserFunction_t=offsetUserFunction_t,
        visualization={"show": show, "drawSize": drawSize, "color": list(color)}))


def _node_size(mbs, nd):
    node = _peek(mbs, "node", int(nd))
    if "numberOfODE2Coordinates" in node:
        return int(node["numberOfODE2Coordinates"])
    return len(node.get("referenceCoordinates", []))


# ---------------------------------------------------------------- loads

def _load(mbs, fn, cls, name, itemNumber, loadVector, localPosition, bodyFixed, loadVectorUserFunction, show,
          kwargs, rigid):
    _no_more(fn, kwargs)
    lp = _vector(localPosition, 3, "localPosition", fn)
    if isinstance(itemNumber, MarkerIndex):
        m = itemNumber
    elif isinstance(itemNumber, NodeIndex):
        m = mbs.AddMarker((MarkerNodeRigid if rigid else MarkerNodePosition)(nodeNumber=itemNumber))
    elif isinstance(itemNumber, (ObjectIndex, int, np.integer)) and not isinstance(itemNumber, bool):
        m = mbs.AddMarker((MarkerBodyRigid if rigid else MarkerBodyPosition)(
            bodyNumber=ObjectIndex(int(itemNumber)), localPosition=list(lp)))
    else:
        raise TypeError(f"{_fn(fn)}: argument 'itemNumber' must be an ObjectIndex, NodeIndex or MarkerIndex; "
                        f"received {itemNumber!r}")
    return mbs.AddLoad(cls(name=name, markerNumber=m, loadVector=list(_vector(loadVector, 3, "loadVector", fn)),
                           bodyFixed=bodyFixed, loadVectorUserFunction=loadVectorUserFunction,
                           visualization={"show": show}))


@_deprecated_arguments(bodyNumber="itemNumber")
def CreateForce(mbs, name: str = '', itemNumber: Any = None, loadVector: Vector = [0., 0., 0.],
                localPosition: Vector = [0., 0., 0.], bodyFixed: bool = False,
                loadVectorUserFunction: Callable[..., Any] | int = 0, show: bool = True, **kwargs: Any):
    """Add a force (LoadForceVector) at a point of a body or node; returns its LoadIndex."""
    return _load(mbs, "CreateForce", LoadForceVector, name, itemNumber, loadVector, localPosition, bodyFixed,
                 loadVectorUserFunction, show, kwargs, rigid=bool(bodyFixed))


@_deprecated_arguments(bodyNumber="itemNumber")
def CreateTorque(mbs, name: str = '', itemNumber: Any = None, loadVector: Vector = [0., 0., 0.],
                 localPosition: Vector = [0., 0., 0.], bodyFixed: bool = False,
                 loadVectorUserFunction: Callable[..., Any] | int = 0, show: bool = True, **kwargs: Any):
    """Add a torque (LoadTorqueVector) on a rigid body or node; returns its LoadIndex."""
    return _load(mbs, "CreateTorque", LoadTorqueVector, name, itemNumber, loadVector, localPosition, bodyFixed,
                 loadVectorUserFunction, show, kwargs, rigid=True)


CREATE_FUNCTIONS = (CreateGround, CreateMassPoint, CreateRigidBody, CreateSpringDamper,
                    CreateCartesianSpringDamper, CreateRigidBodySpringDamper, CreateTorsionalSpringDamper,
                    CreateRevoluteJoint, CreatePrismaticJoint, CreateSphericalJoint, CreateGenericJoint,
                    CreateDistanceConstraint, CreateCoordinateConstraint, CreateForce, CreateTorque)
def all_or_nothing(create: Callable[..., Any]):
    """``create`` (a Create... function) that leaves the system as it was where it raises."""
    @functools.wraps(create)
    def wrapped(mbs, *args, **kwargs):
        mark = mbs._state_mark()
        try:
            return create(mbs, *args, **kwargs)
        except BaseException:
            mbs._back_to(mark)
            raise
    return wrapped


attach_parameter_docs(globals(), [f.__name__ for f in CREATE_FUNCTIONS])
for _f in CREATE_FUNCTIONS:
    setattr(MainSystem, _f.__name__, all_or_nothing(_f))

from .plot import PlotSensor  # noqa: E402  (mbs.PlotSensor, as Exudyn's MainSystem has it)

setattr(MainSystem, "PlotSensor", PlotSensor)
from .interactive import SolutionViewer  # noqa: E402  (mbs.SolutionViewer, as Exudyn's MainSystem has it)

setattr(MainSystem, "SolutionViewer", SolutionViewer)
