"""The enums of the Exudyn API, with Exudyn 1.13.6's integer values."""
import enum


class _ExuEnum(enum.IntEnum):
    """Integer enum printed as ``Type.Member`` (as Exudyn's pybind11 enums)."""

    def __str__(self):
        return f"{type(self).__name__}.{self.name}"

    __format__ = object.__format__

    @property
    def value_(self):
        return int(self)


class _ExuFlag(enum.IntFlag):
    def __str__(self):
        return f"{type(self).__name__}.{self.name}"


def _make(name, members, base=_ExuEnum):
    return base(name, members)


ConfigurationType = _make("ConfigurationType", {
    "_None": 0, "Initial": 1, "Current": 2, "Reference": 3, "StartOfStep": 4,
    "Visualization": 5, "EndOfEnumList": 6})

OutputVariableType = _make("OutputVariableType", {
    "_None": 0, "Distance": 1, "Position": 2, "Displacement": 4, "DisplacementLocal": 8,
    "Velocity": 16, "VelocityLocal": 32, "Acceleration": 64, "AccelerationLocal": 128,
    "RotationMatrix": 256, "Rotation": 8192, "AngularVelocity": 512, "AngularVelocityLocal": 1024,
    "AngularAcceleration": 2048, "AngularAccelerationLocal": 4096, "CoordinatesTotal": 16384,
    "Coordinates": 32768, "Coordinates_t": 65536, "Coordinates_tt": 131072,
    "SlidingCoordinate": 262144, "Director1": 524288, "Director2": 1048576, "Director3": 2097152,
    "Force": 4194304, "ForceLocal": 8388608, "Torque": 16777216, "TorqueLocal": 33554432,
    "StrainLocal": 268435456, "StressLocal": 536870912, "CurvatureLocal": 1073741824,
    "ConstraintEquation": 2147483648, "KineticEnergy": 4294967296,
    "PotentialEnergy": 8589934592, "HomogeneousTransformation": 17179869184,
    "HomogeneousTransformationLocal": 34359738368})

DynamicSolverType = _make("DynamicSolverType", {
    "GeneralizedAlpha": 1, "TrapezoidalIndex2": 2, "ExplicitEuler": 3, "ExplicitMidpoint": 4,
    "RK33": 5, "RK44": 6, "RK67": 7, "ODE23": 8, "DOPRI5": 9, "DVERK6": 10, "VelocityVerlet": 11})

LinearSolverType = _make("LinearSolverType", {
    "_None": 0, "EXUdense": 1, "EigenSparse": 2, "EigenSparseSymmetric": 4, "EigenDense": 8})

NodeType = _make("NodeType", {
    "_None": 0, "Ground": 1, "Position2D": 2, "Orientation2D": 4, "Point2DSlope1": 8,
    "Position": 16, "Orientation": 32, "RigidBody": 64, "RotationEulerParameters": 128,
    "RotationRxyz": 256, "RotationRotationVector": 512, "LieGroupWithDirectUpdate": 1024,
    "GenericODE2": 4096, "GenericODE1": 8192, "GenericAE": 16384, "GenericData": 32768,
    "PointSlope1": 65536, "PointSlope12": 131072, "PointSlope23": 262144})

ItemType = _make("ItemType", {
    "_None": 0, "Node": 1, "Object": 2, "Marker": 3, "Load": 4, "Sensor": 5})

NodeGroup = _make("NodeGroup", {
    "_None": 0, "ODE1variables": 1, "ODE2variables": 2, "AEvariables": 4, "DataVariables": 8})

JointType = _make("JointType", {
    "_None": 0, "RevoluteX": 1, "RevoluteY": 2, "RevoluteZ": 3, "PrismaticX": 4,
    "PrismaticY": 5, "PrismaticZ": 6})

KeyCode = _make("KeyCode", {
    "SPACE": 32, "ENTER": 257, "TAB": 258, "BACKSPACE": 259, "RIGHT": 262, "LEFT": 263,
    "DOWN": 264, "UP": 265, "F1": 291, "F2": 292, "F3": 293, "F4": 294, "F5": 295, "F6": 296,
    "F7": 297, "F8": 298, "F9": 299, "F10": 300})

InspectType = _make("InspectType", {
    "OutputVariables": 1, "ObjectType": 2, "NodeType": 3, "RequestedNodeTypes": 4,
    "MarkerType": 5, "RequestedMarkerTypes": 6, "AccessFunctions": 7})

MarkerType = _make("MarkerType", {
    "_None": 0, "Body": 1, "Node": 2, "Object": 4, "SuperElement": 8, "KinematicTree": 16,
    "Position": 32, "Orientation": 64, "Coordinate": 128, "Coordinates": 256, "BodyLine": 512,
    "BodySurface": 1024, "BodyVolume": 2048, "BodyMass": 4096, "BodySurfaceNormal": 8192,
    "MultiNodal": 16384, "ReducedCoordinates": 32768, "ODE1": 65536,
    "JacobianDerivativeNonZero": 131072, "JacobianDerivativeAvailable": 262144,
    "HasPostNewton": 524288, "Beam2DShape": 1048576, "Beam3DShape": 2097152})

ObjectType = _make("ObjectType", {
    "_None": 0, "Ground": 2, "Constraint": 4, "Connector": 8, "Body": 16, "SingleNoded": 32,
    "MultiNoded": 64, "FiniteElement": 128, "SuperElement": 256, "EndOfEnumList": 1024})

CrossSectionType = _make("CrossSectionType", {"Polygon": 1, "Circular": 2})
ContactTypeIndex = _make("ContactTypeIndex", {
    "IndexSpheresMarkerBased": 0, "IndexANCFCable2D": 1, "IndexTrigsRigidBodyBased": 2,
    "IndexEndOfEnumList": 3})

__all__ = ["ConfigurationType", "OutputVariableType", "DynamicSolverType", "LinearSolverType",
           "NodeType", "ItemType", "JointType", "KeyCode", "InspectType", "MarkerType",
           "ObjectType", "CrossSectionType", "ContactTypeIndex"]
