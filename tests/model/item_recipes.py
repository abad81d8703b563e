"""A host model with every kind of node, body and marker, and a valid parameter set for each item
type added to it: the base of the bad-input cases (test_bad_input.py, test_fuzz_items.py and
tools/make_bad_input_reference.py, which runs the same cases with Exudyn 1.13.6).

``ns`` is a namespace with the item classes (``multibody.itemInterface`` or Exudyn's); nothing
here imports either library.
"""
import math

import numpy as np

# the bad values tried for every parameter: label -> value (labels starting with 'idx' are made
# per namespace by bad_value)
BAD_VALUES = {
    "None": None, "str": "x", "dict": {}, "nan": math.nan, "inf": math.inf, "-inf": -math.inf,
    "neg": -1.0, "negint": -3, "huge": 1e20, "hugeint": 10 ** 20, "float": 1.5, "zero": 0,
    "empty": [], "listNone": [None], "listNone2": [None, None], "list1": [1.0], "list7": [1.0] * 7,
    "listnan3": [math.nan, 0.0, 0.0], "listinf3": [math.inf, 0.0, 0.0], "listhuge3": [1e20, 10 ** 20, 0],
    "liststr3": ["a", "b", "c"], "matrix2": [[1.0, 2.0], [3.0, 4.0]], "ragged": [[1.0], [1.0, 2.0]],
    "matrixnan3": [[math.nan, 0, 0], [0, 1, 0], [0, 0, 1]],
    "idxhuge": "index 10**20", "idxbig": "index 10**6", "idxneg": "index -5", "idxkind": "index of another kind",
    "idxlisthuge": "[index 10**20, index 10**20]", "idxlistkind": "[index of another kind] * 2",
}


def bad_value(ns, label):
    """The value of a BAD_VALUES label in the namespace ``ns`` (a fresh copy)."""
    v = BAD_VALUES[label]
    if label == "idxhuge":
        return 10 ** 20
    if label == "idxbig":
        return 10 ** 6
    if label == "idxneg":
        return -5
    if label == "idxkind":
        return ns.LoadIndex(0)
    if label == "idxlisthuge":
        return [10 ** 20, 10 ** 20]
    if label == "idxlistkind":
        return [ns.LoadIndex(0), ns.LoadIndex(0)]
    if isinstance(v, list):
        return [list(x) if isinstance(x, list) else x for x in v]
    if isinstance(v, dict):
        return {}
    return v


def host(ns, mbs):
    """Add the host items to ``mbs``; return their indices by name."""
    h = {}
    add_node, add_object, add_marker = mbs.AddNode, mbs.AddObject, mbs.AddMarker
    h["ground"] = add_object(ns.ObjectGround())
    h["nP"] = add_node(ns.NodePoint(referenceCoordinates=[1, 0, 0]))
    h["oP"] = add_object(ns.ObjectMassPoint(mass=1, nodeNumber=h["nP"]))
    h["nR"] = add_node(ns.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0]))
    h["oR"] = add_object(ns.ObjectRigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=h["nR"]))
    h["n1"] = add_node(ns.Node1D(referenceCoordinates=[0]))
    h["o1"] = add_object(ns.ObjectMass1D(mass=1, nodeNumber=h["n1"]))
    h["nG"] = add_node(ns.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[0, 0],
                                          initialCoordinates_t=[0, 0], numberOfODE2Coordinates=2))
    h["nG2"] = add_node(ns.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[0, 0],
                                           initialCoordinates_t=[0, 0], numberOfODE2Coordinates=2))
    h["oG"] = add_object(ns.ObjectGenericODE2(nodeNumbers=[h["nG"], h["nG2"]], massMatrix=np.eye(4)))
    h["nD"] = add_node(ns.NodeGenericData(initialCoordinates=[0, 0, 0], numberOfDataCoordinates=3))
    h["nO1"] = add_node(ns.NodeGenericODE1(referenceCoordinates=[0], initialCoordinates=[0],
                                           numberOfODE1Coordinates=1))
    h["n2"] = add_node(ns.NodePoint2D(referenceCoordinates=[2, 0]))
    h["o2"] = add_object(ns.ObjectMassPoint2D(mass=1, nodeNumber=h["n2"]))
    h["nR2"] = add_node(ns.NodeRigidBody2D(referenceCoordinates=[0, 1, 0]))
    h["oR2"] = add_object(ns.ObjectRigidBody2D(mass=1, inertia=1, nodeNumber=h["nR2"]))
    h["mPg"] = add_marker(ns.MarkerBodyPosition(bodyNumber=h["ground"]))
    h["mP"] = add_marker(ns.MarkerBodyPosition(bodyNumber=h["oP"]))
    h["mRg"] = add_marker(ns.MarkerBodyRigid(bodyNumber=h["ground"]))
    h["mR"] = add_marker(ns.MarkerBodyRigid(bodyNumber=h["oR"]))
    h["mR2"] = add_marker(ns.MarkerBodyRigid(bodyNumber=h["oR2"]))
    h["mM"] = add_marker(ns.MarkerBodyMass(bodyNumber=h["oP"]))
    h["mC0"] = add_marker(ns.MarkerNodeCoordinate(nodeNumber=h["nP"], coordinate=0))
    h["mC1"] = add_marker(ns.MarkerNodeCoordinate(nodeNumber=h["n1"], coordinate=0))
    h["mCs0"] = add_marker(ns.MarkerNodeCoordinates(nodeNumber=h["nG"]))
    h["mCs1"] = add_marker(ns.MarkerNodeCoordinates(nodeNumber=h["nG2"]))
    h["mY"] = add_marker(ns.MarkerNodeODE1Coordinate(nodeNumber=h["nO1"], coordinate=0))
    h["oS"] = add_object(ns.ObjectConnectorSpringDamper(markerNumbers=[h["mPg"], h["mP"]], stiffness=1,
                                                        referenceLength=1))
    h["load"] = mbs.AddLoad(ns.LoadForceVector(markerNumber=h["mP"], loadVector=[0, 0, 1]))
    h["OV"] = ns.OutputVariableType
    h["sensor"] = mbs.AddSensor(ns.SensorNode(nodeNumber=h["nP"], storeInternal=True,
                                              outputVariableType=h["OV"].Position))
    return h


def _eye(n):
    return np.eye(n).tolist()


def _sensor_uf(mbs, t, sensorNumbers, factors, configuration):
    return [0.0]


def solved(class_name):
    """False for nodes: a node alone has no mass, the solve of its host would be singular."""
    return not class_name.startswith("Node")


# item class name -> kwargs of a valid item of that type in the host (h: host indices)
RECIPES = {
    # nodes
    "NodePoint": lambda h: dict(referenceCoordinates=[0, 0, 1], initialCoordinates=[0, 0, 0],
                                initialVelocities=[0, 0, 0]),
    "NodePoint2D": lambda h: dict(referenceCoordinates=[0, 1], initialCoordinates=[0, 0], initialVelocities=[0, 0]),
    "NodePointGround": lambda h: dict(referenceCoordinates=[0, 0, 0]),
    "NodeRigidBody2D": lambda h: dict(referenceCoordinates=[0, 0, 0], initialCoordinates=[0, 0, 0],
                                      initialVelocities=[0, 0, 0]),
    "NodeRigidBodyEP": lambda h: dict(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0], initialCoordinates=[0] * 7,
                                      initialVelocities=[0] * 7),
    "NodeRigidBodyRxyz": lambda h: dict(referenceCoordinates=[0] * 6, initialCoordinates=[0] * 6,
                                        initialVelocities=[0] * 6),
    "NodeRigidBodyRotVecLG": lambda h: dict(referenceCoordinates=[0] * 6, initialCoordinates=[0] * 6,
                                            initialVelocities=[0] * 6),
    "Node1D": lambda h: dict(referenceCoordinates=[0], initialCoordinates=[0], initialVelocities=[0]),
    "NodeGenericODE2": lambda h: dict(referenceCoordinates=[0, 0], initialCoordinates=[0, 0],
                                      initialCoordinates_t=[0, 0], numberOfODE2Coordinates=2),
    "NodeGenericODE1": lambda h: dict(referenceCoordinates=[0], initialCoordinates=[0], numberOfODE1Coordinates=1),
    "NodeGenericData": lambda h: dict(initialCoordinates=[0, 0], numberOfDataCoordinates=2),
    "ObjectGround": lambda h: dict(referencePosition=[0, 0, 0]),
    "ObjectMassPoint": lambda h: dict(mass=1, nodeNumber=h["nP"]),
    "ObjectMassPoint2D": lambda h: dict(mass=1, nodeNumber=h["n2"]),
    "ObjectMass1D": lambda h: dict(mass=1, nodeNumber=h["n1"], referencePosition=[0, 0, 0],
                                   referenceRotation=_eye(3)),
    "ObjectRotationalMass1D": lambda h: dict(inertia=1, nodeNumber=h["n1"], referencePosition=[0, 0, 0],
                                             referenceRotation=_eye(3)),
    "ObjectRigidBody": lambda h: dict(mass=1, inertia=[1, 1, 1, 0, 0, 0], centerOfMass=[0, 0, 0],
                                      nodeNumber=h["nR"]),
    "ObjectRigidBody2D": lambda h: dict(mass=1, inertia=1, nodeNumber=h["nR2"]),
    "ObjectGenericODE2": lambda h: dict(nodeNumbers=[h["nG"]], massMatrix=_eye(2), stiffnessMatrix=_eye(2),
                                        dampingMatrix=_eye(2), forceVector=[0, 0]),
    "ObjectGenericODE1": lambda h: dict(nodeNumbers=[h["nO1"]], systemMatrix=[[-1.0]], rhsVector=[0.0]),
    "ObjectConnectorSpringDamper": lambda h: dict(markerNumbers=[h["mPg"], h["mP"]], referenceLength=1,
                                                  stiffness=10, damping=1, force=0, velocityOffset=0),
    "ObjectConnectorCartesianSpringDamper": lambda h: dict(markerNumbers=[h["mPg"], h["mP"]],
                                                           stiffness=[1, 1, 1], damping=[0, 0, 0], offset=[0, 0, 0]),
    "ObjectConnectorCoordinateSpringDamper": lambda h: dict(markerNumbers=[h["mC0"], h["mC1"]], stiffness=1,
                                                            damping=0, offset=0),
    "ObjectConnectorRigidBodySpringDamper": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], stiffness=np.eye(6),
                                                           damping=np.eye(6), rotationMarker0=_eye(3),
                                                           rotationMarker1=_eye(3), offset=[0] * 6),
    "ObjectConnectorLinearSpringDamper": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], stiffness=1, damping=0,
                                                        axisMarker0=[1, 0, 0]),
    "ObjectConnectorTorsionalSpringDamper": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], stiffness=1,
                                                           damping=0, rotationMarker0=_eye(3),
                                                           rotationMarker1=_eye(3)),
    "ObjectConnectorGravity": lambda h: dict(markerNumbers=[h["mPg"], h["mP"]], gravitationalConstant=1,
                                             mass0=1, mass1=1, minDistanceRegularization=0),
    "ObjectConnectorCoordinate": lambda h: dict(markerNumbers=[h["mC0"], h["mC1"]], offset=0, factor1=1),
    "ObjectConnectorDistance": lambda h: dict(markerNumbers=[h["mPg"], h["mP"]], distance=1),
    "ObjectConnectorCoordinateVector": lambda h: dict(markerNumbers=[h["mCs0"], h["mCs1"]],
                                                      scalingMarker0=_eye(2), scalingMarker1=(-np.eye(2)).tolist(),
                                                      offset=[0, 0]),
    "ObjectConnectorCoordinateSpringDamperExt": lambda h: dict(markerNumbers=[h["mC0"], h["mC1"]], stiffness=1,
                                                               damping=0),
    # joints
    "ObjectJointSpherical": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], constrainedAxes=[1, 1, 1]),
    "ObjectJointGeneric": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], constrainedAxes=[1, 1, 1, 1, 1, 0],
                                         rotationMarker0=_eye(3), rotationMarker1=_eye(3),
                                         offsetUserFunctionParameters=[0] * 6),
    "ObjectJointRevoluteZ": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], rotationMarker0=_eye(3),
                                           rotationMarker1=_eye(3)),
    "ObjectJointPrismaticX": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], rotationMarker0=_eye(3),
                                            rotationMarker1=_eye(3)),
    "ObjectJointRevolute2D": lambda h: dict(markerNumbers=[h["mRg"], h["mR2"]]),
    "ObjectJointPrismatic2D": lambda h: dict(markerNumbers=[h["mRg"], h["mR2"]], axisMarker0=[1, 0, 0],
                                             normalMarker1=[0, 1, 0]),
    "ObjectJointRollingDisc": lambda h: dict(markerNumbers=[h["mRg"], h["mR"]], constrainedAxes=[1, 1, 1],
                                             discRadius=1, discAxis=[1, 0, 0], planeNormal=[0, 0, 1]),
    # markers
    "MarkerBodyPosition": lambda h: dict(bodyNumber=h["oR"], localPosition=[0, 0, 1]),
    "MarkerBodyRigid": lambda h: dict(bodyNumber=h["oR"], localPosition=[0, 0, 1]),
    "MarkerBodyMass": lambda h: dict(bodyNumber=h["oR"]),
    "MarkerNodePosition": lambda h: dict(nodeNumber=h["nP"]),
    "MarkerNodeRigid": lambda h: dict(nodeNumber=h["nR"]),
    "MarkerNodeCoordinate": lambda h: dict(nodeNumber=h["nP"], coordinate=1),
    "MarkerNodeCoordinates": lambda h: dict(nodeNumber=h["nG"]),
    "MarkerNodeRotationCoordinate": lambda h: dict(nodeNumber=h["nR"], rotationCoordinate=2),
    "MarkerObjectODE2Coordinates": lambda h: dict(objectNumber=h["oP"]),
    "MarkerBodiesRelativeTranslationCoordinate": lambda h: dict(bodyNumbers=[h["ground"], h["oR"]],
                                                                localPosition0=[0, 0, 0], localPosition1=[0, 0, 0],
                                                                axis0=[1, 0, 0], offset=0),
    "MarkerBodiesRelativeRotationCoordinate": lambda h: dict(bodyNumbers=[h["ground"], h["oR"]], nodeNumber=h["nD"],
                                                             axis0=[1, 0, 0], offset=0),
    "MarkerNodeODE1Coordinate": lambda h: dict(nodeNumber=h["nO1"], coordinate=0),
    # loads
    "LoadForceVector": lambda h: dict(markerNumber=h["mR"], loadVector=[1, 0, 0], bodyFixed=False),
    "LoadTorqueVector": lambda h: dict(markerNumber=h["mR"], loadVector=[0, 0, 1], bodyFixed=True),
    "LoadCoordinate": lambda h: dict(markerNumber=h["mC0"], load=1),
    "LoadMassProportional": lambda h: dict(markerNumber=h["mM"], loadVector=[0, -9.81, 0]),
    # sensors
    "SensorNode": lambda h: dict(nodeNumber=h["nR"], storeInternal=True, fileName="", writeToFile=False,
                                 outputVariableType=h["OV"].Position),
    "SensorObject": lambda h: dict(objectNumber=h["oS"], storeInternal=True, outputVariableType=h["OV"].Force),
    "SensorBody": lambda h: dict(bodyNumber=h["oR"], localPosition=[0, 0, 1], storeInternal=True,
                                 outputVariableType=h["OV"].Position),
    "SensorMarker": lambda h: dict(markerNumber=h["mR"], storeInternal=True, outputVariableType=h["OV"].Position),
    "SensorLoad": lambda h: dict(loadNumber=h["load"], storeInternal=True),
    "SensorUserFunction": lambda h: dict(sensorNumbers=[h["sensor"]], factors=[1.0], storeInternal=True,
                                         sensorUserFunction=_sensor_uf),
}

FAMILY = {"Node": "node", "Object": "object", "Marker": "marker", "Load": "load", "Sensor": "sensor"}


def family_of(class_name):
    for prefix, family in FAMILY.items():
        if class_name.startswith(prefix):
            return family
    raise KeyError(class_name)


def add_item(ns, mbs, class_name, kwargs):
    """Add the item ``class_name`` with ``kwargs`` to ``mbs`` as a dict (the path that validates
    parameters one by one, as Modify does)."""
    family = family_of(class_name)
    cls = getattr(ns, class_name)
    d = dict(cls())
    d.update(kwargs)
    return getattr(mbs, "Add" + family.capitalize())(d)
