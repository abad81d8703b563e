"""The energy helpers of Exudyn's advancedUtilities (LoadPotentialEnergy, CreateLoadEnergySensor,
SystemEnergy) and the two helpers for checking Jacobians (ItemODE2Coordinates,
NumericalJacobian), re-exported by advancedUtilities. They work through the public API of an
assembled MainSystem (item dicts, outputs, systemData)."""
import numpy as np

from .enums import ConfigurationType, OutputVariableType
from .errors import NotImplementedFeatureError
from .indices import LoadIndex, NodeIndex, ObjectIndex

CFG = ConfigurationType
OVT = OutputVariableType

# bodies whose mass-proportional load has a potential: a mass at one point (the center of mass)
_POINT_MASS_BODIES = ("MassPoint", "MassPoint2D", "Mass1D", "RigidBody", "RigidBody2D")


def ItemODE2Coordinates(mbs, itemIndex):
    """The global ODE2 coordinate indices (a list) of an object (its local-to-global list, that of a
    connector being its markers' coordinates) or of a node; the system must be assembled."""
    if isinstance(itemIndex, ObjectIndex):
        return [int(i) for i in mbs.systemData.GetObjectLTGODE2(itemIndex)]
    if isinstance(itemIndex, NodeIndex):
        return [int(i) for i in mbs.systemData.GetNodeLTGODE2(itemIndex)]
    raise ValueError(f"ItemODE2Coordinates: itemIndex must be an ObjectIndex or a NodeIndex, got {itemIndex}")


def NumericalJacobian(mbs, function, coordinates, velocities=False, epsilon=1e-6):
    """The derivative of ``function()`` (any evaluation of the current state: an output variable,
    a sensor value, ...) by the given global ODE2 coordinates (velocities=True: by their time
    derivatives), by central differences (f(x + eps) - f(x - eps)) / (2 eps) in the Current
    configuration, which is restored afterwards.

    Returns
    -------
    ndarray, shape (number of values of function, len(coordinates))
        (an empty array for no coordinates)
    """
    sd = mbs.systemData
    get, put = ((sd.GetODE2Coordinates_t, sd.SetODE2Coordinates_t) if velocities
                else (sd.GetODE2Coordinates, sd.SetODE2Coordinates))
    x0 = np.array(get(CFG.Current), dtype=float)
    columns = []
    try:
        for i in coordinates:
            x = x0.copy()
            x[i] = x0[i] + epsilon
            put(x, CFG.Current)
            f_plus = np.atleast_1d(np.asarray(function(), dtype=float)).ravel()
            x[i] = x0[i] - epsilon
            put(x, CFG.Current)
            f_minus = np.atleast_1d(np.asarray(function(), dtype=float)).ravel()
            columns.append((f_plus - f_minus) / (2 * epsilon))
    finally:
        put(x0, CFG.Current)
    return np.array(columns).T


def _is_set(function):
    return function is not None and not (isinstance(function, (int, float)) and function == 0)


def _reference_minus_current(mbs, body, localPosition, configuration):
    """p_ref - p of a body point (the sign gives +0.0 in the reference configuration)."""
    p = mbs.GetObjectOutputBody(body, OVT.Position, localPosition, configuration)
    p_ref = mbs.GetObjectOutputBody(body, OVT.Position, localPosition, CFG.Reference)
    return np.asarray(p_ref, dtype=float) - np.asarray(p, dtype=float)


def _point_mass_body(mbs, load):
    """The body of a MassProportional load if it is one with a potential (else None)."""
    marker = mbs.GetMarker(load["markerNumber"])
    if marker.get("markerType") != "BodyMass":
        return None
    body = marker["bodyNumber"]
    return body if mbs.GetObject(body).get("objectType") in _POINT_MASS_BODIES else None


def _has_potential(mbs, load):
    """True for a constant load with a potential energy (LoadPotentialEnergy's cases)."""
    kind = load["loadType"]
    if kind not in ("ForceVector", "Coordinate", "MassProportional") or load.get("bodyFixed", False):
        return False
    if _is_set(load.get("loadVectorUserFunction", 0)) or _is_set(load.get("loadUserFunction", 0)):
        return False
    return kind != "MassProportional" or _point_mass_body(mbs, load) is not None


def _mass_proportional_potential(mbs, load, configuration):
    body = _point_mass_body(mbs, load)
    obj = mbs.GetObject(body)
    com = np.zeros(3)
    if obj.get("centerOfMass") is not None:
        c = np.asarray(obj["centerOfMass"], dtype=float)
        com[:len(c)] = c
    minus_u = _reference_minus_current(mbs, body, com, configuration)
    return float(obj["mass"]) * float(np.asarray(load["loadVector"], dtype=float) @ minus_u)


def _coordinate_displacement(mbs, markerNumber, configuration):
    """The displacement of the coordinate of a coordinate marker."""
    marker = mbs.GetMarker(markerNumber)
    if marker.get("markerType") == "NodeCoordinate":
        if int(configuration) == int(CFG.Reference):
            return 0.0          # (the node's Coordinates output is its reference value there)
        q = mbs.GetNodeOutput(marker["nodeNumber"], OVT.Coordinates, configuration)
        return float(np.atleast_1d(q)[int(marker["coordinate"])])
    value = mbs.GetMarkerOutput(markerNumber, OVT.Coordinates, configuration)
    reference = mbs.GetMarkerOutput(markerNumber, OVT.Coordinates, CFG.Reference)
    return float(np.atleast_1d(value)[0] - np.atleast_1d(reference)[0])


def LoadPotentialEnergy(mbs, loadNumber, configuration=ConfigurationType.Current):
    """The potential energy of a constant load, zero in the reference configuration: -f^T u of the
    displacement u of its marker (ForceVector on a marker with a position, Coordinate on a
    coordinate marker), -m g^T u of the center of mass for a MassProportional load on a mass
    point, 1D mass or (2D) rigid body. None where it has none: a user function, a body-fixed load,
    a torque, a mass-proportional load on other bodies."""
    load = mbs.GetLoad(loadNumber)
    if not _has_potential(mbs, load):
        return None
    kind, m = load["loadType"], load["markerNumber"]
    if kind == "MassProportional":
        return _mass_proportional_potential(mbs, load, configuration)
    if kind == "Coordinate":
        return 0.0 - float(load["load"]) * _coordinate_displacement(mbs, m, configuration)
    p = mbs.GetMarkerOutput(m, OVT.Position, configuration)
    p_ref = mbs.GetMarkerOutput(m, OVT.Position, CFG.Reference)
    return float(np.asarray(load["loadVector"], dtype=float) @ (np.asarray(p_ref, dtype=float) - p))


def _energy_sensor(mbs, values, storeInternal, writeToFile, fileName):
    from .itemInterface import SensorUserFunction

    def UFsensor(mbs, t, sensorNumbers, factors, configuration):
        return values(configuration)
    return mbs.AddSensor(SensorUserFunction(sensorNumbers=[], factors=[], storeInternal=storeInternal,
                                            writeToFile=writeToFile, fileName=fileName, sensorUserFunction=UFsensor))


def CreateLoadEnergySensor(mbs, loadNumber, storeInternal=True, writeToFile=False, fileName=''):
    """A SensorUserFunction giving [LoadPotentialEnergy(mbs, loadNumber)]; returns its SensorIndex.
    Raises ValueError for a load without a potential energy."""
    if not _has_potential(mbs, mbs.GetLoad(loadNumber)):
        raise ValueError(f"CreateLoadEnergySensor: the potential energy of load {int(loadNumber)} "
                         f"({mbs.GetLoad(loadNumber)['loadType']}) is not available")
    return _energy_sensor(mbs, lambda configuration: [LoadPotentialEnergy(mbs, loadNumber, configuration)],
                          storeInternal, writeToFile, fileName)


# the user functions that replace an object's force law (then it has no potential energy)
_FORCE_USER_FUNCTIONS = ("springForceUserFunction", "springTorqueUserFunction", "springForceTorqueUserFunction",
                         "forceUserFunction")


def _force_user_function(obj):
    """The name of the force user function set in an object's dict, or None."""
    return next((name for name in _FORCE_USER_FUNCTIONS if _is_set(obj.get(name, 0))), None)


def _energy_outputs(type_name):
    """The energy output variables (names) that objects of this type provide."""
    from .items import REGISTRY
    spec = REGISTRY.lookup("object", type_name)
    outputs = spec.outputs if spec is not None else ()
    return [name for name in ("KineticEnergy", "PotentialEnergy") if name in outputs]


class SystemEnergy:
    """The kinetic and potential energies of an assembled system: the KineticEnergy and
    PotentialEnergy outputs of its objects and the potentials of its constant loads
    (LoadPotentialEnergy).

    The lists are made once, here: ``kineticObjects``, ``potentialObjects`` (ObjectIndex),
    ``loads`` (LoadIndex) and ``unavailable``: (item, type name, OutputVariableType, reason) of the
    objects whose type has the output but cannot give it (a user function defines the force) and
    of the loads without a potential. skipUnavailable=False raises for them instead.
    """

    def __init__(self, mbs, skipUnavailable=True):
        self.mbs = mbs
        self.kineticObjects, self.potentialObjects, self.loads, self.unavailable = [], [], [], []
        self._bodies = set()        # objects with a KineticEnergy: their outputs come from GetObjectOutputBody
        for i in range(mbs.systemData.NumberOfObjects()):
            self._sort_object(ObjectIndex(i), skipUnavailable)
        for i in range(mbs.systemData.NumberOfLoads()):
            if _has_potential(mbs, mbs.GetLoad(i)):
                self.loads.append(LoadIndex(i))
            elif skipUnavailable:
                self.unavailable.append((LoadIndex(i), mbs.GetLoad(i)["loadType"], OVT.PotentialEnergy,
                                         "no potential energy for this load"))
            else:
                raise ValueError(f"SystemEnergy: the potential energy of load {i} is not available")

    def _object_energy(self, o, name, configuration=ConfigurationType.Current):
        if int(o) in self._bodies:
            return float(self.mbs.GetObjectOutputBody(o, OVT[name], [0, 0, 0], configuration))
        return float(self.mbs.GetObjectOutput(o, OVT[name], configuration))

    def _sort_object(self, o, skipUnavailable):
        obj = self.mbs.GetObject(o)
        type_name = obj["objectType"]
        names = _energy_outputs(type_name)
        if "KineticEnergy" in names:
            self._bodies.add(int(o))
        for name in names:
            try:
                user_function = _force_user_function(obj) if name == "PotentialEnergy" else None
                if user_function is not None:
                    raise NotImplementedFeatureError(f"Object{type_name}: no PotentialEnergy, its {user_function} "
                                                     "defines the force")
                self._object_energy(o, name)
            except NotImplementedFeatureError as exc:
                if not skipUnavailable:
                    raise
                self.unavailable.append((o, type_name, OVT[name], str(exc)))
                continue
            (self.kineticObjects if name == "KineticEnergy" else self.potentialObjects).append(o)

    def ComputeSystemEnergies(self, configuration=ConfigurationType.Current):
        """[kinetic, potential of the objects, potential of the loads, total] in the configuration."""
        kinetic = sum(self._object_energy(o, "KineticEnergy", configuration) for o in self.kineticObjects)
        potential = sum(self._object_energy(o, "PotentialEnergy", configuration) for o in self.potentialObjects)
        loads = sum(LoadPotentialEnergy(self.mbs, ld, configuration) for ld in self.loads)
        return [kinetic, potential, loads, kinetic + potential + loads]

    def AddSensor(self, storeInternal=True, writeToFile=False, fileName=''):
        """A SensorUserFunction recording ComputeSystemEnergies(); returns its SensorIndex (call
        mbs.Assemble() again after it)."""
        return _energy_sensor(self.mbs, self.ComputeSystemEnergies, storeInternal, writeToFile, fileName)
