"""The compatibility surface: the names an Exudyn 1.13 script uses exist in multibody."""
import pytest

import multibody as exu
import multibody.utilities as U

MODULE_NAMES = """SystemContainer MainSystem SimulationSettings VisualizationSettings SolveDynamic SolveStatic
SolverSuccess ComputeSystemDegreeOfFreedom Print SetWriteToFile SetWriteToConsole InvalidIndex RequireVersion
NodeIndex ObjectIndex MarkerIndex LoadIndex SensorIndex MatrixContainer ConfigurationType OutputVariableType
DynamicSolverType LinearSolverType NodeType ItemType JointType ExudynError ModelError SolverError InternalError
NotImplementedFeatureError ExudynIndexError ExudynValueError ExudynTypeError ExudynArithmeticError
NewtonSettings TimeIntegrationSettings StaticSolverSettings LinearSolverSettings SolutionSettings
GeneralizedAlphaSettings ExplicitIntegrationSettings DiscontinuousSettings variables sys config special
__version__""".split()

MAINSYSTEM_METHODS = """AddNode AddObject AddMarker AddLoad AddSensor GetNode GetObject GetMarker GetLoad GetSensor
GetNodeParameter SetNodeParameter GetObjectParameter SetObjectParameter GetMarkerParameter SetMarkerParameter
GetLoadParameter SetLoadParameter GetSensorParameter SetSensorParameter GetNodeNumber GetObjectNumber
GetMarkerNumber GetLoadNumber GetSensorNumber NumberOfNodes NumberOfObjects NumberOfMarkers NumberOfLoads
NumberOfSensors GetNodeOutput GetObjectOutput GetObjectOutputBody GetMarkerOutput GetSensorValues
GetSensorStoredData Assemble Reset DeleteNode DeleteObject DeleteMarker DeleteLoad DeleteSensor
SetPreStepUserFunction SetPostStepUserFunction SetPreNewtonResidualUserFunction SetSystemJacobianUserFunction
SetPostNewtonUserFunction SolveDynamic SolveStatic ComputeSystemDegreeOfFreedom ModifyNode ModifyObject
GetNodeODE2Index GetSystemContainer""".split()

SYSTEMDATA_METHODS = """GetODE2Coordinates SetODE2Coordinates GetODE2Coordinates_t SetODE2Coordinates_t
GetODE2Coordinates_tt SetODE2Coordinates_tt GetAECoordinates SetAECoordinates GetODE1Coordinates GetTime SetTime
NumberOfNodes NumberOfObjects ODE2Size AEsize SystemSize GetSystemState SetSystemState GetObjectLTGODE2
GetObjectLTGAE GetODE2CoordinatesTotal""".split()

ITEMS = """NodePoint Point NodePoint2D Point2D NodePointGround PointGround Node1D NodeGenericODE2 NodeGenericData
ObjectGround ObjectMassPoint MassPoint ObjectMassPoint2D MassPoint2D ObjectMass1D Mass1D ObjectGenericODE2
MarkerNodePosition MarkerNodeCoordinate MarkerNodeCoordinates MarkerBodyPosition MarkerBodyMass
MarkerObjectODE2Coordinates LoadForceVector Force LoadCoordinate LoadMassProportional Gravity
ObjectConnectorSpringDamper SpringDamper ObjectConnectorCartesianSpringDamper CartesianSpringDamper
ObjectConnectorCoordinateSpringDamper CoordinateSpringDamper ObjectConnectorCoordinate CoordinateConstraint
ObjectConnectorDistance DistanceConstraint ObjectConnectorCoordinateVector CoordinateVectorConstraint
SensorNode SensorObject SensorBody SensorMarker SensorLoad SensorUserFunction VMassPoint VObjectMassPoint
RotationMatrixZ InertiaCuboid RigidBodyInertia eulerParameters0 np""".split()


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_module_name(name):
    assert hasattr(exu, name)


@pytest.mark.parametrize("name", MAINSYSTEM_METHODS)
def test_mainsystem_method(name):
    assert callable(getattr(exu.SystemContainer().AddSystem(), name))


@pytest.mark.parametrize("name", SYSTEMDATA_METHODS)
def test_systemdata_method(name):
    assert callable(getattr(exu.SystemContainer().AddSystem().systemData, name))


@pytest.mark.parametrize("name", ITEMS)
def test_utilities_star_import(name):
    ns = {}
    exec("from multibody.utilities import *", ns)
    assert name in ns


def test_short_names_are_the_same_classes():
    assert U.MassPoint is U.ObjectMassPoint and U.SpringDamper is U.ObjectConnectorSpringDamper
    assert dict(U.MassPoint(mass=1))["objectType"] == "MassPoint"


def test_enum_values_and_printing():
    assert int(exu.OutputVariableType.Position) == 2 and int(exu.DynamicSolverType.RK44) == 6
    assert str(exu.OutputVariableType.Position) == "OutputVariableType.Position"
    assert exu.DynamicSolverType(6) is exu.DynamicSolverType.RK44
    assert int(exu.LinearSolverType.EigenDense) == 8


def test_item_visualization_is_made_at_first_use_and_added_as_it_stands():
    """An item's visualization object exists once used; Add... takes its values then, the
    defaults otherwise, and keeps its own copy either way."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = U.NodePoint(referenceCoordinates=[0., 0., 0.])
    assert "visualization" not in vars(node)
    n = mbs.AddNode(node)
    assert mbs.GetNode(n)["Vshow"] is True and "visualization" not in vars(node)
    plain = U.MassPoint(nodeNumber=n, mass=1.)
    assert dict(plain)["Vshow"] is True and dict(plain)["VgraphicsData"] == []
    hidden = U.MassPoint(nodeNumber=n, mass=1.)
    hidden.visualization.show = False
    assert isinstance(hidden.visualization, U.VObjectMassPoint) and hidden.visualization is hidden.visualization
    given = U.MassPoint(nodeNumber=n, mass=1., visualization={"show": False})
    o0, o1, o2 = mbs.AddObject(plain), mbs.AddObject(hidden), mbs.AddObject(given)
    assert [mbs.GetObject(o)["Vshow"] for o in (o0, o1, o2)] == [True, False, False]
    hidden.visualization.show = True                  # the record keeps its copy
    plain.visualization.graphicsData.append({"type": "Line"})
    assert mbs.GetObject(o1)["Vshow"] is False and mbs.GetObject(o0)["VgraphicsData"] == []
