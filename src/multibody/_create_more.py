"""MainSystem.CreateRollingDisc and CreateLinearSpringDamper, attached to MainSystem, and the
module function JointPreCheckCalcBodyMarkers (``exu.JointPreCheckCalcBodyMarkers``).

As the other Create functions (mainSystemExtensions.py), they add items only through the public
Add... methods and take the geometry from the reference configuration of the items. Arguments are
checked before any item is added, so that a call that fails leaves the system as it was.
"""
from __future__ import annotations

import numbers
from typing import Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from ._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from .errors import ExudynValueError
from .indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
from .itemInterface import MarkerBodyRigid, ObjectConnectorLinearSpringDamper, ObjectJointRollingDisc
from .mainSystemExtensions import _body_frame, _marker_frame, all_or_nothing
from .model.main_system import MainSystem

_OTHER_INDICES = (NodeIndex, MarkerIndex, LoadIndex, SensorIndex)


# ---------------------------------------------------------------- argument checks

def _error(where, arg, expected, value):
    return ValueError(f"ERROR in {where} in argument {arg}: {expected}, but received \"{value}\", "
                      f"type={type(value)}")


def _vector(where, arg, value, size=3):
    """A list, tuple or numpy array of `size` real numbers as a float array; ValueError otherwise."""
    try:
        a = np.array(value, dtype=float)
    except (TypeError, ValueError):
        a = None
    if isinstance(value, (str, bytes)) or a is None or a.shape != (size,) or not np.isfinite(a).all():
        raise _error(where, arg, f"expected a vector of {size} real numbers (list or numpy array)", value)
    return a


def _int_vector(where, arg, value, size=3):
    if isinstance(value, np.ndarray) and value.dtype.kind in "iu" and value.shape == (size,):
        return [int(x) for x in value]
    if (not isinstance(value, (list, tuple)) or len(value) != size
            or not all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in value)):
        raise _error(where, arg, f"expected a list of {size} integers", value)
    return [int(x) for x in value]


def _real(where, arg, value, unsigned=False):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not np.isfinite(value) \
            or (unsigned and value < 0):
        raise _error(where, arg, "expected a real number >= 0" if unsigned else "expected a real number", value)
    return float(value)


def _name(where, value):
    if not isinstance(value, str):
        raise _error(where, "name", "expected a string", value)
    return value


def _flag(where, arg, value):
    if not isinstance(value, (bool, np.bool_)):
        raise _error(where, arg, "expected True or False", value)
    return bool(value)


def _object_index(where, arg, value, expected="expected an ObjectIndex"):
    """An ObjectIndex (or a plain int) as ObjectIndex; ValueError for None and other indices."""
    if isinstance(value, _OTHER_INDICES) or isinstance(value, bool) \
            or not isinstance(value, (ObjectIndex, int, np.integer)):
        raise _error(where, arg, expected, value)
    return ObjectIndex(int(value))


def _marker_names(name):
    return ("Marker0:" + name, "Marker1:" + name) if name else ("", "")


def _body_marker(mbs, body, local, name):
    """MarkerBodyRigid on `body` at `local` (body coordinates), with the body's orientation."""
    ht = np.eye(4)
    ht[:3, 3] = local
    return mbs.AddMarker(MarkerBodyRigid(name=name, bodyNumber=body, localPosition=np.array(local, dtype=float),
                                         localHT=ht))


# ---------------------------------------------------------------- frames of joint items

def _item_of(where, i, item):
    """A MarkerIndex as it is, a body as ObjectIndex; ValueError for anything else."""
    if isinstance(item, MarkerIndex):
        return item
    return _object_index(where, f"itemNumbers[{i}]", item, "expected an ObjectIndex or MarkerIndex")


def _marker_pose(mbs, where, marker):
    """Reference position and rotation of a marker that has an orientation."""
    rec = mbs._record("marker", marker)
    if "Orientation" not in rec.spec.flags:
        raise ExudynValueError(f"{where}: marker {int(marker)} ({rec.spec.class_name}) has no orientation; "
                               "a rigid marker (MarkerBodyRigid, MarkerNodeRigid) is needed")
    return _marker_frame(mbs, marker)


def JointPreCheckCalcBodyMarkers(where: str, mbs, name: str, itemNumbers: Sequence[Any], position: Vector,
                                 show: bool, useGlobalFrame: bool, requireRotMat: bool = True):
    """The frames of the two items of a joint or connector and the joint position, in the reference
    configuration, as the Create functions use them; adds no item.

    Parameters
    ----------
    where : str
        The calling function, for error messages.
    itemNumbers : list of two ObjectIndex or MarkerIndex
        Bodies (or ground) or rigid markers.
    position : list or ndarray, shape (3,)
        The joint position: global if useGlobalFrame, else in the frame of itemNumbers[0]; must be
        [] where a marker is given (the first marker's position is then the joint position).
    name, show, requireRotMat
        Not used (part of Exudyn's signature).

    Returns
    -------
    list
        [p0, A0, p1, A1, marker0, marker1, position]: position (ndarray, shape (3,)) and rotation
        matrix (ndarray, shape (3, 3)) of each item, the MarkerIndex of each item or None, and the
        global joint position (the argument itself where it is global and given).

    Raises
    ------
    ValueError
        itemNumbers not a list of two bodies or markers, a marker with a position, a bad position.
    """
    if not isinstance(itemNumbers, list) or len(itemNumbers) != 2:
        raise _error(where, "itemNumbers", "expected a list of 2 item numbers", itemNumbers)
    items = [_item_of(where, i, item) for i, item in enumerate(itemNumbers)]
    markers = [item if isinstance(item, MarkerIndex) else None for item in items]
    if any(m is not None for m in markers):
        if not isinstance(position, (list, tuple, np.ndarray)) or len(position) != 0:
            raise ValueError(f"ERROR in {where} in argument \"position\": in case that a marker number is "
                             "provided, position must be []")
    else:
        global_position = _vector(where, "position", position)
    poses = [_marker_pose(mbs, where, item) if isinstance(item, MarkerIndex) else _body_frame(mbs, item)
             for item in items]
    (p0, A0), (p1, A1) = poses
    if markers[0] is not None:
        position = p0.copy()
    elif markers[1] is not None:
        position = p1.copy()
    elif not useGlobalFrame:
        position = p0 + A0 @ global_position
    return [p0, A0, p1, A1, markers[0], markers[1], position]


# ---------------------------------------------------------------- Create functions

def CreateRollingDisc(mbs, name: str = '', bodyNumbers: Sequence[Any] = [None, None], axisPosition: Vector = [],
                      axisVector: Vector = [1, 0, 0], discRadius: float = 0.0, planePosition: Vector = [0, 0, 0],
                      planeNormal: Vector = [0, 0, 1], constrainedAxes: Sequence[int] = [1, 1, 1],
                      activeConnector: bool = True, show: bool = True, discWidth: float = 0.1,
                      color: Vector = [-1.0, -1.0, -1.0, -1.0]):
    """Ideal rolling disc (ObjectJointRollingDisc) between a ground body (bodyNumbers[0]) and a
    wheel (bodyNumbers[1]).

    Adds a MarkerBodyRigid on the ground body at planePosition, one on the wheel at axisPosition
    (both in body coordinates, with the body's orientation) and the joint with discAxis=axisVector
    (wheel coordinates) and planeNormal (ground coordinates), as given. Returns the ObjectIndex of
    the joint.
    """
    where = "MainSystem.CreateRollingDisc(...)"
    name = _name(where, name)
    p_axis = _vector(where, "axisPosition", axisPosition)
    axis = _vector(where, "axisVector", axisVector)
    p_plane = _vector(where, "planePosition", planePosition)
    normal = _vector(where, "planeNormal", planeNormal)
    constrained = _int_vector(where, "constrainedAxes", constrainedAxes)
    color = _vector(where, "color", color, 4)
    if not isinstance(bodyNumbers, (list, tuple)) or len(bodyNumbers) < 2:
        raise _error(where, "bodyNumbers", "expected a list of 2 object numbers [ground, wheel]", bodyNumbers)
    bodies = [_object_index(where, f"bodyNumbers[{i}]", bodyNumbers[i]) for i in range(2)]
    for b in bodies:
        mbs._record("object", b)
    joint = ObjectJointRollingDisc(name=name, constrainedAxes=constrained, activeConnector=activeConnector,
                                   discRadius=discRadius, discAxis=axis, planeNormal=normal,
                                   visualization={"show": show, "discWidth": discWidth, "color": list(color)})
    names = _marker_names(name)
    m0 = _body_marker(mbs, bodies[0], p_plane, names[0])
    m1 = _body_marker(mbs, bodies[1], p_axis, names[1])
    joint.markerNumbers = [m0, m1]
    return mbs.AddObject(joint)


def CreateLinearSpringDamper(mbs, name: str = '', itemNumbers: Sequence[Any] = [None, None],
                             position: Vector = [0.0, 0.0, 0.0], axis: Vector = [1.0, 0.0, 0.0],
                             stiffness: Any = 0.0, damping: Any = 0.0, offset: Any = 0.0, velocityOffset: float = 0.0,
                             force: float = 0.0, useGlobalFrame: bool = True,
                             springForceUserFunction: Callable[..., Any] | int = 0, show: bool = True,
                             drawSize: float = -1, color: Vector = [-1.0, -1.0, -1.0, -1.0]):
    """Spring-damper along an axis (ObjectConnectorLinearSpringDamper) between two bodies or rigid
    markers.

    For a body, a MarkerBodyRigid with the body's orientation is added at the joint position
    (JointPreCheckCalcBodyMarkers); a marker is used as it is. The axis (global if useGlobalFrame,
    else in the frame of itemNumbers[0]) is normalized and stored in the frame of marker 0 as
    axisMarker0. Returns the ObjectIndex of the connector.
    """
    where = "MainSystem.CreateLinearSpringDamper(...)"
    name = _name(where, name)
    useGlobalFrame = _flag(where, "useGlobalFrame", useGlobalFrame)
    a = _vector(where, "axis", axis)
    length = float(np.linalg.norm(a))
    if length == 0.0:
        raise _error(where, "axis", "expected a vector of length 3, not zero", axis)
    values = {arg: _real(where, arg, value, unsigned=arg in ("stiffness", "damping"))
              for arg, value in (("stiffness", stiffness), ("damping", damping), ("offset", offset),
                                 ("velocityOffset", velocityOffset), ("force", force), ("drawSize", drawSize))}
    color = _vector(where, "color", color, 4)
    connector = ObjectConnectorLinearSpringDamper(
        name=name, stiffness=values["stiffness"], damping=values["damping"], offset=values["offset"],
        velocityOffset=values["velocityOffset"], force=values["force"],
        springForceUserFunction=springForceUserFunction,
        visualization={"show": show, "drawSize": values["drawSize"], "color": list(color)})
    p0, A0, p1, A1, m0, m1, p_joint = JointPreCheckCalcBodyMarkers(where, mbs, name, itemNumbers, position, show,
                                                                   useGlobalFrame)
    a_global = a / length if useGlobalFrame else A0 @ (a / length)
    names = _marker_names(name)
    if m0 is None:
        m0 = _body_marker(mbs, ObjectIndex(int(itemNumbers[0])), A0.T @ (np.asarray(p_joint, dtype=float) - p0),
                          names[0])
    if m1 is None:
        m1 = _body_marker(mbs, ObjectIndex(int(itemNumbers[1])), A1.T @ (np.asarray(p_joint, dtype=float) - p1),
                          names[1])
    connector.markerNumbers = [m0, m1]
    connector.axisMarker0 = A0.T @ a_global
    return mbs.AddObject(connector)


attach_parameter_docs(globals(), ["CreateRollingDisc", "CreateLinearSpringDamper"])
for _f in (CreateRollingDisc, CreateLinearSpringDamper):
    setattr(MainSystem, _f.__name__, all_or_nothing(_f))
