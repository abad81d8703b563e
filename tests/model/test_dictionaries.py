"""MainSystem.GetDictionary/SetDictionary and SystemContainer.GetDictionary/SetDictionary against
Exudyn 1.13.6: the dict of a small model (EXUDYN_DICT, measured), its round trip within and between
containers, user functions, version checks and errors."""
import copy

import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (LoadCoordinate, LoadMassProportional, MarkerBodyMass, MarkerNodeCoordinate,
                                 MassPoint, NodePoint, NodeRigidBodyEP, ObjectRigidBody, SensorNode, VMassPoint)

array = np.array
NI, OI, MI = exu.NodeIndex, exu.ObjectIndex, exu.MarkerIndex
# mbs.GetDictionary() of _model() in Exudyn 1.13.6 (printed with repr; item references are typed
# indices there as here)
EXUDYN_DICT = {
    '__version__': '1.13.6',
    'nodeList': [
        {'nodeType': 'RigidBodyEP', 'referenceCoordinates': array([1., 0., 0.5, 1., 0., 0., 0.]),
         'addConstraintEquation': True, 'initialCoordinates': array([0., 0., 0., 0., 0., 0., 0.]),
         'initialVelocities': array([0., 0., 0.1, 0., 0., 0., 0.]), 'name': 'node0', 'Vshow': True,
         'VdrawSize': -1.0, 'Vcolor': [-1.0, -1.0, -1.0, -1.0]},
        {'nodeType': 'Point', 'referenceCoordinates': array([2., 0., 0.]), 'initialCoordinates': array([0., 0., 0.]),
         'initialVelocities': array([0., 0., 0.]), 'name': 'node1', 'Vshow': True, 'VdrawSize': -1.0,
         'Vcolor': [-1.0, -1.0, -1.0, -1.0]}],
    'objectList': [
        {'objectType': 'Ground', 'referencePosition': array([0., 0., 0.5]),
         'referenceRotation': array([[1., 0., 0.], [0., 1., 0.], [0., 0., 1.]]),
         'referenceHT': array([[1., 0., 0., 0.], [0., 1., 0., 0.], [0., 0., 1., 0.5], [0., 0., 0., 1.]]),
         'name': 'ground', 'Vshow': True, 'VgraphicsDataUserFunction': 0, 'VgraphicsData': []},
        {'objectType': 'RigidBody', 'mass': 2.0, 'inertia': array([0.1, 0.2, 0.3, 0., 0., 0.01]),
         'centerOfMass': array([0., 0., 0.]), 'nodeNumber': NI(0), 'name': 'body', 'Vshow': True,
         'VgraphicsDataUserFunction': 0, 'VgraphicsData': []},
        {'objectType': 'JointRevoluteZ', 'markerNumbers': [MI(1), MI(2)],
         'rotationMarker0': array([[1., 0., 0.], [0., 1., 0.], [0., 0., 1.]]),
         'rotationMarker1': array([[1., 0., 0.], [0., 1., 0.], [0., 0., 1.]]), 'activeConnector': True,
         'name': 'object2', 'Vshow': True, 'VaxisRadius': 0.10000000149011612, 'VaxisLength': 0.4000000059604645,
         'Vcolor': [-1.0, -1.0, -1.0, -1.0]},
        {'objectType': 'MassPoint', 'mass': 0.5, 'nodeNumber': NI(1), 'name': 'object3', 'Vshow': False,
         'VgraphicsData': []}],
    'markerList': [
        {'markerType': 'BodyMass', 'bodyNumber': OI(1), 'name': 'marker0', 'Vshow': True},
        {'markerType': 'BodyRigid', 'bodyNumber': OI(0), 'localPosition': array([0., 0., 0.]),
         'localHT': array([[0., 1., 0., 0.], [0., 0., 1., 0.], [1., 0., 0., 0.], [0., 0., 0., 1.]]),
         'name': 'marker1', 'Vshow': True},
        {'markerType': 'BodyRigid', 'bodyNumber': OI(1), 'localPosition': array([-1., 0., 0.]),
         'localHT': array([[0., 1., 0., -1.], [0., 0., 1., 0.], [1., 0., 0., 0.], [0., 0., 0., 1.]]),
         'name': 'marker2', 'Vshow': True},
        {'markerType': 'NodeCoordinate', 'nodeNumber': NI(1), 'coordinate': 1, 'name': 'marker3'}],
    'loadList': [
        {'loadType': 'MassProportional', 'markerNumber': MI(0), 'loadVector': array([0., 0., -9.81]),
         'loadVectorUserFunction': 0, 'name': 'load0', 'Vshow': True},
        {'loadType': 'Coordinate', 'markerNumber': MI(3), 'load': 2.0, 'loadUserFunction': 0, 'name': 'load1'}],
    'sensorList': [
        {'sensorType': 'Node', 'nodeNumber': NI(1), 'writeToFile': True, 'fileName': '',
         'outputVariableType': exu.OutputVariableType.Position, 'storeInternal': True, 'name': 'pos', 'Vshow': True}],
    'userFunctions': {'preStepFunction': 0, 'postStepFunction': 0, 'postNewtonFunction': 0,
                      'preNewtonResidualFunction': 0, 'systemJacobianFunction': 0},
    'settings': {'interactiveMode': False},
    'variables': {'k': 1.5},
    'systemVariables': {}}


def _model(mbs):
    g = mbs.CreateGround(name="ground", referencePosition=[0, 0, 0.5])
    nb = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[1, 0, 0.5, 1, 0, 0, 0],
                                     initialVelocities=[0, 0, 0.1, 0, 0, 0, 0]))
    b = mbs.AddObject(ObjectRigidBody(name="body", mass=2.0, inertia=[0.1, 0.2, 0.3, 0, 0, 0.01], nodeNumber=nb))
    mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)),
                                     loadVector=[0, 0, -9.81]))
    mbs.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0, 0.5], axis=[0, 1, 0])
    n = mbs.AddNode(NodePoint(referenceCoordinates=[2, 0, 0]))
    mbs.AddObject(MassPoint(mass=0.5, nodeNumber=n, visualization=VMassPoint(show=False)))
    m = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=1))
    mbs.AddLoad(LoadCoordinate(markerNumber=m, load=2.0))
    mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Position, storeInternal=True,
                             name="pos"))
    mbs.variables["k"] = 1.5
    return mbs


def _assert_same(ours, theirs, path="dict"):
    """Equal structure and values (numbers to the last bit; a list and an array of the same numbers
    are the same value)."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and set(ours) == set(theirs), f"{path}: keys {sorted(ours)} vs {sorted(theirs)}"
        for k in theirs:
            _assert_same(ours[k], theirs[k], f"{path}[{k!r}]")
    elif isinstance(theirs, list) and theirs and isinstance(theirs[0], dict):
        assert len(ours) == len(theirs), path
        for i, (a, b) in enumerate(zip(ours, theirs)):
            _assert_same(a, b, f"{path}[{i}]")
    elif isinstance(theirs, (NI, OI, MI)):
        assert type(ours) is type(theirs) and int(ours) == int(theirs), f"{path}: {ours!r} vs {theirs!r}"
    elif isinstance(theirs, list) and theirs and isinstance(theirs[0], (NI, OI, MI)):
        assert len(ours) == len(theirs), path
        for i, (a, b) in enumerate(zip(ours, theirs)):
            _assert_same(a, b, f"{path}[{i}]")
    elif isinstance(theirs, (list, np.ndarray)):
        assert np.array_equal(np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float)), path
    else:
        assert ours == theirs and isinstance(ours, bool) == isinstance(theirs, bool), f"{path}: {ours!r} vs {theirs!r}"


def _solve(mbs, steps=20):
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = 0.02
    s.solution.file.write = False
    s.solution.sensors.active = False
    mbs.SolveDynamic(s)
    return mbs.systemData.GetODE2Coordinates()


def test_system_dictionary_is_exudyns():
    mbs = _model(exu.SystemContainer().AddSystem())
    _assert_same(mbs.GetDictionary(), EXUDYN_DICT)


def test_system_dictionary_holds_the_variables_themselves():
    mbs = _model(exu.SystemContainer().AddSystem())
    d = mbs.GetDictionary()
    assert d["variables"] is mbs.variables and d["systemVariables"] is mbs.sys


def test_set_exudyns_dictionary_replaces_the_system():
    mbs = exu.SystemContainer().AddSystem()
    mbs.CreateGround()
    mbs.CreateGround()
    mbs.Assemble()
    d = copy.deepcopy(EXUDYN_DICT)
    mbs.SetDictionary(d)
    assert not mbs.systemIsConsistent
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(), mbs.NumberOfLoads(),
            mbs.NumberOfSensors()) == (2, 4, 4, 2, 1)
    assert int(mbs.GetObjectNumber("body")) == 1 and int(mbs.GetSensorNumber("pos")) == 0
    assert mbs.variables is d["variables"]
    _assert_same(mbs.GetDictionary(), EXUDYN_DICT)


def test_set_dictionary_gives_the_same_motion():
    original = _model(exu.SystemContainer().AddSystem())
    copied = exu.SystemContainer().AddSystem()
    copied.SetDictionary(original.GetDictionary())
    np.testing.assert_array_equal(_solve(copied), _solve(original))


def test_container_round_trip_between_containers():
    SC = exu.SystemContainer()
    _model(SC.AddSystem())
    second = SC.AddSystem()
    second.CreateMassPoint(name="alone", referencePosition=[1, 2, 3], mass=1)
    SC.visualizationSettings.nodes.defaultSize = 0.25
    d = SC.GetDictionary()
    assert list(d) == ["__version__", "systems", "renderState", "visualizationSettings"]
    assert d["__version__"] == "1.13.6" and len(d["systems"]) == 2

    SC2 = exu.SystemContainer()
    old = SC2.AddSystem()
    for _ in range(3):
        old.CreateGround()
    SC2.AddSystem()
    SC2.AddSystem()
    SC2.SetDictionary(d)
    assert SC2.NumberOfSystems() == 2
    assert SC2.visualizationSettings.nodes.defaultSize == pytest.approx(0.25)
    for i in range(2):
        assert SC2.GetSystem(i).GetSystemContainer() is SC2
        _assert_same(SC2.GetSystem(i).GetDictionary(), SC.GetSystem(i).GetDictionary())
    _assert_same(SC2.GetSystem(0).GetDictionary(), EXUDYN_DICT)
    assert int(SC2.GetSystem(1).GetObjectNumber("alone")) == 0


def test_object_user_function_is_not_copied_unless_allowed():
    def force(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
        return 0.0
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=2)
    mbs.CreateSpringDamper(itemNumbers=[g, b], stiffness=100, springForceUserFunction=force)
    # Exudyn 1.13.6: ModelError "GetDictionary (pickle/copy): MainSystem object 'object2' has a user function ..."
    with pytest.raises(exu.ModelError, match="object2"):
        mbs.GetDictionary()
    exu.special.exceptions.dictionaryNonCopyable = False
    try:
        d = mbs.GetDictionary()
    finally:
        exu.special.exceptions.dictionaryNonCopyable = True
    assert d["objectList"][2]["springForceUserFunction"] == {"function": force, "type": "Python"}
    other = exu.SystemContainer().AddSystem()
    other.SetDictionary(d)
    assert other.GetObject(2)["springForceUserFunction"] == {"function": force, "type": "Python"}


def test_load_sensor_and_visualization_user_functions_are_copied():
    """Exudyn 1.13.6 refuses only objects' user functions."""
    def load(mbs, t, loadVector):
        return loadVector
    mbs = exu.SystemContainer().AddSystem()
    b = mbs.CreateMassPoint(mass=1)
    mbs.CreateForce(itemNumber=b, loadVector=[1, 0, 0], loadVectorUserFunction=load)
    mbs.CreateGround(graphicsDataUserFunction=lambda mbs, itemNumber: [])
    d = mbs.GetDictionary()
    assert d["loadList"][0]["loadVectorUserFunction"] == {"function": load, "type": "Python"}


def test_system_user_functions_and_settings():
    def pre_step(mbs, t):
        return True
    mbs = exu.SystemContainer().AddSystem()
    mbs.SetPreStepUserFunction(pre_step)
    mbs.interactiveMode = True
    d = mbs.GetDictionary()
    assert d["userFunctions"] == {"preStepFunction": {"function": pre_step, "type": "Python"}, "postStepFunction": 0,
                                  "postNewtonFunction": 0, "preNewtonResidualFunction": 0,
                                  "systemJacobianFunction": 0}
    assert d["settings"] == {"interactiveMode": True}
    other = exu.SystemContainer().AddSystem()
    other.SetDictionary(d)
    assert other.GetPreStepUserFunction() is pre_step and other.interactiveMode


def test_version_mismatch_raises_unless_switched_off():
    d = copy.deepcopy(EXUDYN_DICT)
    d["__version__"] = "1.0.0"
    mbs = exu.SystemContainer().AddSystem()
    with pytest.raises(exu.ExudynValueError, match="1.0.0"):
        mbs.SetDictionary(d)
    assert mbs.NumberOfObjects() == 0
    exu.special.exceptions.dictionaryVersionMismatch = False
    try:
        mbs.SetDictionary(d)
    finally:
        exu.special.exceptions.dictionaryVersionMismatch = True
    assert mbs.NumberOfObjects() == 4


@pytest.mark.parametrize("missing", ["__version__", "nodeList", "userFunctions", "settings", "variables"])
def test_missing_keys_raise_key_error(missing):
    d = copy.deepcopy(EXUDYN_DICT)
    del d[missing]
    with pytest.raises(KeyError, match=missing):
        exu.SystemContainer().AddSystem().SetDictionary(d)


def test_set_dictionary_needs_a_dict():
    with pytest.raises(TypeError):
        exu.SystemContainer().AddSystem().SetDictionary(3)
    with pytest.raises(TypeError):
        exu.SystemContainer().SetDictionary([EXUDYN_DICT])
