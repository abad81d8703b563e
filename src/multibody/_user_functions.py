"""The user functions of the items: their arguments (``userFunctionArgsDict``, with the names and
C++ types of Exudyn 1.13's table) and one ``typing.Protocol`` class per user function
(``ObjectConnectorSpringDamperSpringForceUserFunction``, ...), whose ``__call__`` carries the
signature with Python annotations, for type checkers and IDEs."""
import inspect
import types
import typing

import numpy as np

from .enums import ConfigurationType
from .model.main_system import MainSystem
from .model.matrix_container import MatrixContainer

_Q, _QT = "q", "q_t"
_SPRING = "displacement velocity stiffness damping offset"
_ANCF_AXIAL = ("axialPositionNormalized axialStrain axialStrain_t axialStrainRef axialStiffness axialDamping "
               "curvature curvature_t curvatureRef")
_ANCF_BENDING = ("axialPositionNormalized curvature curvature_t curvatureRef bendingStiffness bendingDamping "
                 "axialStrain axialStrain_t axialStrainRef")
_RBSD = "displacement rotation velocity angularVelocity stiffness damping rotJ0 rotJ1 offset"
_RBSD_TYPES = " ".join(["StdVector3D"] * 4 + ["StdMatrix6D"] * 2 + ["StdMatrix3D"] * 2 + ["StdVector6D"])
_EXT = ("displacement velocity stiffness damping offset velocityOffset dynamicFrictionForce staticFrictionOffsetForce "
        "exponentialDecayStatic viscousFrictionFactor frictionProportionalZone")

# (item, parameter, arguments after mbs, their C++ types, return type, Protocol class or None);
# items with an itemNumber get 't itemNumber' (Real Index) in front of the listed arguments
_TABLE = (
    ("LoadCoordinate", "loadUserFunction", "t load", "Real Real", "Real", True),
    ("LoadForceVector", "loadVectorUserFunction", "t loadVector", "Real StdVector3D", "StdVector3D", True),
    ("LoadMassProportional", "loadVectorUserFunction", "t loadVector", "Real StdVector3D", "StdVector3D", True),
    ("LoadTorqueVector", "loadVectorUserFunction", "t loadVector", "Real StdVector3D", "StdVector3D", True),
    ("MainSystem", "postNewtonFunction", "arg0", "Real", "StdVector2D", False),
    ("MainSystem", "postStepUserFunction", "arg0", "Real", "bool", False),
    ("MainSystem", "preStepUserFunction", "arg0", "Real", "bool", False),
    ("ObjectANCFCable2D", "axialForceUserFunction", "+" + _ANCF_AXIAL, " ".join(["Real"] * 9), "Real", True),
    ("ObjectANCFCable2D", "bendingMomentUserFunction", "+" + _ANCF_BENDING, " ".join(["Real"] * 9), "Real", True),
    ("ObjectConnectorCartesianSpringDamper", "springForceUserFunction", "+" + _SPRING,
     " ".join(["StdVector3D"] * 5), "StdVector3D", True),
    ("ObjectConnectorCoordinate", "offsetUserFunction", "+lOffset", "Real", "Real", True),
    ("ObjectConnectorCoordinate", "offsetUserFunction_t", "+lOffset", "Real", "Real", True),
    ("ObjectConnectorCoordinateSpringDamper", "springForceUserFunction", "+" + _SPRING, " ".join(["Real"] * 5),
     "Real", True),
    ("ObjectConnectorCoordinateSpringDamperExt", "springForceUserFunction", "+" + _EXT, " ".join(["Real"] * 11),
     "Real", True),
    ("ObjectConnectorCoordinateVector", "constraintUserFunction", "+q q_t velocityLevel", "StdVector StdVector bool",
     "StdVector", True),
    ("ObjectConnectorCoordinateVector", "jacobianUserFunction", "+q q_t velocityLevel", "StdVector StdVector bool",
     "py::object", True),
    ("ObjectConnectorLinearSpringDamper", "springForceUserFunction", "+" + _SPRING, " ".join(["Real"] * 5),
     "Real", True),
    ("ObjectConnectorRigidBodySpringDamper", "postNewtonStepUserFunction", "+dataCoordinates " + _RBSD,
     "StdVector " + _RBSD_TYPES, "StdVector", True),
    ("ObjectConnectorRigidBodySpringDamper", "springForceTorqueUserFunction", "+" + _RBSD, _RBSD_TYPES,
     "StdVector6D", True),
    ("ObjectConnectorSpringDamper", "springForceUserFunction", "+deltaL deltaL_t stiffness damping force",
     " ".join(["Real"] * 5), "Real", True),
    ("ObjectConnectorTorsionalSpringDamper", "springTorqueUserFunction",
     "+rotation angularVelocity stiffness damping offset", " ".join(["Real"] * 5), "Real", True),
    ("ObjectFFRF", "forceUserFunction", "+q q_t", "StdVector StdVector", "StdVector", True),
    ("ObjectFFRF", "massMatrixUserFunction", "+q q_t", "StdVector StdVector", "NumpyMatrix", True),
    ("ObjectFFRFreducedOrder", "forceUserFunction", "+q q_t", "StdVector StdVector", "StdVector", True),
    ("ObjectFFRFreducedOrder", "massMatrixUserFunction", "+q q_t", "StdVector StdVector", "NumpyMatrix", True),
    ("ObjectGenericODE1", "rhsUserFunction", "+q", "StdVector", "StdVector", True),
    ("ObjectGenericODE2", "forceUserFunction", "+q q_t", "StdVector StdVector", "StdVector", True),
    ("ObjectGenericODE2", "graphicsDataUserFunction", "itemNumber", "Index", "py::object", True),
    ("ObjectGenericODE2", "jacobianUserFunction", "+q q_t fODE2 fODE2_t", "StdVector StdVector Real Real",
     "py::object", True),
    ("ObjectGenericODE2", "massMatrixUserFunction", "+q q_t", "StdVector StdVector", "py::object", True),
    ("ObjectGround", "graphicsDataUserFunction", "itemNumber", "Index", "py::object", True),
    ("ObjectJointGeneric", "offsetUserFunction", "+offsetUserFunctionParameters", "StdVector6D", "StdVector6D", True),
    ("ObjectJointGeneric", "offsetUserFunction_t", "+offsetUserFunctionParameters", "StdVector6D", "StdVector6D",
     True),
    ("ObjectKinematicTree", "forceUserFunction", "+q q_t", "StdVector StdVector", "StdVector", True),
    ("ObjectRigidBody", "graphicsDataUserFunction", "itemNumber", "Index", "py::object", True),
    ("ObjectRigidBody2D", "graphicsDataUserFunction", "itemNumber", "Index", "py::object", True),
    ("SensorUserFunction", "sensorUserFunction", "t sensorNumbers factors configuration",
     "Real StdArrayIndex StdVector ConfigurationType", "StdVector", True),
)


def _protocol_name(item, parameter):
    """'ObjectConnectorSpringDamper', 'springForceUserFunction' -> the Protocol class name."""
    return item + parameter[0].upper() + parameter[1:]


def _entry(item, parameter, names, kinds, result, has_class):
    names, kinds = names.split(), kinds.split()
    if names[0].startswith("+"):
        names = ["t", "itemNumber", names[0][1:]] + names[1:]
        kinds = ["Real", "Index"] + kinds
    entry = [["MainSystem"] + kinds, ["mbs"] + names, [result]]
    if has_class:
        entry.append([_protocol_name(item, parameter)])
    return item + "," + parameter, entry


#: {'Item,parameter': [argument types, argument names, [return type], [Protocol class name]]} (the
#: MainSystem functions without a class)
userFunctionArgsDict = dict(_entry(*row) for row in _TABLE)

_ANNOTATION = {"MainSystem": MainSystem, "Real": float, "Index": int, "bool": bool,
               "ConfigurationType": ConfigurationType,
               "StdArrayIndex": np.ndarray, "NumpyMatrix": np.ndarray}


def _annotation(kind, parameter):
    if kind in _ANNOTATION:
        return _ANNOTATION[kind]
    if kind == "py::object":
        return list if parameter == "graphicsDataUserFunction" else MatrixContainer
    return np.ndarray           # StdVector..., StdMatrix...


def _make_protocol(key, entry):
    item, parameter = key.split(",")
    kinds, names, (result,), (class_name,) = entry
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=_annotation(k, parameter))
               for n, k in zip(names, kinds)]
    returns = _annotation(result, parameter)

    def __call__(self, *args, **kwargs):
        ...
    __call__.__signature__ = inspect.Signature(params, return_annotation=returns)
    __call__.__annotations__ = {p.name: p.annotation for p in params[1:]} | {"return": returns}
    doc = (f"The {parameter} of {item}: f({', '.join(names)}) -> {result}, as the signature of "
           "__call__ gives it with its annotations (a typing.Protocol: for type checkers, not instantiated).")
    return types.new_class(class_name, (typing.Protocol,), {},
                           lambda ns: ns.update({"__call__": __call__, "__doc__": doc,
                                                     "__module__": "multibody.itemInterface"}))


PROTOCOLS = {entry[3][0]: _make_protocol(key, entry) for key, entry in userFunctionArgsDict.items() if len(entry) > 3}
