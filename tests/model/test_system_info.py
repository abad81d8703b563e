"""mbs.GetAvailableFactoryItems, systemData.InfoLTG / AddODE2LoadDependencies, exu.NodeGroup,
exu.Config and the deprecated settings group types, against Exudyn 1.13.6 (measured; the lists,
printouts and errors below)."""
import re

import numpy as np
import pytest

import multibody as exu
from multibody.utilities import InertiaCuboid

from ..api import surface
from ..api.surface_scope import OUT_OF_SCOPE, PENDING

# mbs.GetAvailableFactoryItems() of Exudyn 1.13.6
EXUDYN_FACTORY_ITEMS = {
    "Node": ["Node1D", "NodeGenericAE", "NodeGenericData", "NodeGenericODE1", "NodeGenericODE2", "NodePoint",
             "NodePoint2D", "NodePoint2DSlope1", "NodePointGround", "NodePointSlope1", "NodePointSlope12",
             "NodePointSlope23", "NodeRigidBody2D", "NodeRigidBodyEP", "NodeRigidBodyRotVecLG", "NodeRigidBodyRxyz"],
    "Object": ["ObjectALEANCFCable2D", "ObjectANCFBeam", "ObjectANCFCable", "ObjectANCFCable2D",
               "ObjectANCFThinPlate",
               "ObjectBeamGeometricallyExact", "ObjectBeamGeometricallyExact2D", "ObjectConnectorCartesianSpringDamper",
               "ObjectConnectorCoordinate", "ObjectConnectorCoordinateSpringDamper",
               "ObjectConnectorCoordinateSpringDamperExt", "ObjectConnectorCoordinateVector", "ObjectConnectorDistance",
               "ObjectConnectorGravity", "ObjectConnectorHydraulicActuatorSimple", "ObjectConnectorLinearSpringDamper",
               "ObjectConnectorReevingSystemSprings", "ObjectConnectorRigidBodySpringDamper",
               "ObjectConnectorRollingDiscPenalty", "ObjectConnectorSpringDamper",
               "ObjectConnectorTorsionalSpringDamper",
               "ObjectContactCircleCable2D", "ObjectContactConvexRoll", "ObjectContactCoordinate",
               "ObjectContactCurveCircles", "ObjectContactFrictionCircleCable2D", "ObjectContactSphereSphere",
               "ObjectContactSphereTorus", "ObjectContactSphereTriangle", "ObjectFFRF", "ObjectFFRFreducedOrder",
               "ObjectGenericODE1", "ObjectGenericODE2", "ObjectGround", "ObjectJointALEMoving2D", "ObjectJointGeneric",
               "ObjectJointPrismatic2D", "ObjectJointPrismaticX", "ObjectJointRevolute2D", "ObjectJointRevoluteZ",
               "ObjectJointRollingDisc", "ObjectJointSliding", "ObjectJointSliding2D", "ObjectJointSpherical",
               "ObjectKinematicTree", "ObjectMass1D", "ObjectMassPoint", "ObjectMassPoint2D", "ObjectRigidBody",
               "ObjectRigidBody2D", "ObjectRotationalMass1D"],
    "Marker": ["MarkerBodiesRelativeRotationCoordinate", "MarkerBodiesRelativeTranslationCoordinate",
               "MarkerBodyBeamShape", "MarkerBodyCable2DCoordinates", "MarkerBodyCable2DShape", "MarkerBodyMass",
               "MarkerBodyPosition", "MarkerBodyRigid", "MarkerKinematicTreeRigid", "MarkerNodeCoordinate",
               "MarkerNodeCoordinates", "MarkerNodeODE1Coordinate", "MarkerNodePosition", "MarkerNodeRigid",
               "MarkerNodeRotationCoordinate", "MarkerObjectODE2Coordinates", "MarkerSuperElementPosition",
               "MarkerSuperElementRigid"],
    "Load": ["LoadCoordinate", "LoadForceVector", "LoadMassProportional", "LoadTorqueVector"],
    "Sensor": ["SensorBody", "SensorKinematicTree", "SensorLoad", "SensorMarker", "SensorNode", "SensorObject",
               "SensorSuperElement", "SensorUserFunction"],
}


def test_factory_items_are_exudyns_that_multibody_has():
    items = exu.SystemContainer().AddSystem().GetAvailableFactoryItems()
    assert list(items) == list(EXUDYN_FACTORY_ITEMS)
    for family, names in items.items():
        assert names == sorted(names) and set(names) <= set(EXUDYN_FACTORY_ITEMS[family]), family
        for name in EXUDYN_FACTORY_ITEMS[family]:
            # (Exudyn's items outside the scope are names that refuse: no item spec)
            has_class = getattr(getattr(exu.itemInterface, name, None), "_spec", None) is not None
            assert (name in names) == has_class, name
            # what is not here is outside multibody's scope or still to come
            key = f"exudyn.itemInterface:{name}"
            assert has_class or key in PENDING or not surface.in_scope(key, OUT_OF_SCOPE), name


def _ltg_model():
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [1, 1, 1]), referencePosition=[1, 0, 0],
                            nodeType=exu.NodeType.RotationRxyz)
    mp = mbs.CreateMassPoint(referencePosition=[2, 0, 0], mass=1)
    mbs.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.CreateSpringDamper(itemNumbers=[b, mp], stiffness=10)
    mbs.CreateDistanceConstraint(itemNumbers=[g, mp])
    mbs.CreateForce(itemNumber=b, loadVector=[1, 0, 0])
    mbs.CreateForce(itemNumber=mp, loadVector=[1, 0, 0])
    return mbs


# systemData.InfoLTG() of _ltg_model() in Exudyn 1.13.6, after Assemble()
EXUDYN_LTG = """object 0 ODE2 LTG=[]
object 1 ODE2 LTG=[0,1,2,3,4,5]
object 2 ODE2 LTG=[6,7,8]
object 3 ODE2 LTG=[0,1,2,3,4,5]
object 4 ODE2 LTG=[0,1,2,3,4,5,6,7,8]
object 5 ODE2 LTG=[6,7,8]
object 0 ODE1 LTG=[]
object 1 ODE1 LTG=[]
object 2 ODE1 LTG=[]
object 3 ODE1 LTG=[]
object 4 ODE1 LTG=[]
object 5 ODE1 LTG=[]
object 0 AE LTG  =[]
object 1 AE LTG  =[]
object 2 AE LTG  =[]
object 3 AE LTG  =[0,1,2,3,4]
object 4 AE LTG  =[]
object 5 AE LTG  =[5]
object 0 Data LTG=[]
object 1 Data LTG=[]
object 2 Data LTG=[]
object 3 Data LTG=[]
object 4 Data LTG=[]
object 5 Data LTG=[]
"""
# ... and after AddODE2LoadDependencies(1, [6, 7]) and AddODE2LoadDependencies(1, [0])
EXUDYN_LOAD_DEPENDENCIES = "load 0 ODE2 dependencies=[]\nload 1 ODE2 dependencies=[6,7,0]\n"


def test_info_ltg_and_load_dependencies_as_exudyn(capsys):
    mbs = _ltg_model()
    mbs.systemData.InfoLTG()
    assert capsys.readouterr().out == ""            # nothing before Assemble()
    mbs.Assemble()
    mbs.systemData.InfoLTG()
    assert capsys.readouterr().out == EXUDYN_LTG
    mbs.systemData.AddODE2LoadDependencies(1, [6, 7])
    mbs.systemData.AddODE2LoadDependencies(exu.LoadIndex(1), np.array([0]))
    mbs.systemData.InfoLTG()
    assert capsys.readouterr().out == EXUDYN_LTG + EXUDYN_LOAD_DEPENDENCIES
    mbs.Assemble()                                  # a new assembly starts without dependencies
    mbs.systemData.InfoLTG()
    assert capsys.readouterr().out == EXUDYN_LTG


def test_load_dependencies_errors_as_exudyn():
    mbs = _ltg_model()
    # before Assemble: no ODE2 coordinates ("not in valid range [0,0]"); an empty list is accepted
    message = "coordinate index 0 is 0 which is not in valid range [0,0]"
    with pytest.raises(exu.ExudynIndexError, match=re.escape(message)):
        mbs.systemData.AddODE2LoadDependencies(0, [0])
    mbs.systemData.AddODE2LoadDependencies(0, [])
    mbs.Assemble()
    message = "coordinate index 1 is 9 which is not in valid range [0,9]"
    with pytest.raises(exu.ExudynIndexError, match=re.escape(message)):
        mbs.systemData.AddODE2LoadDependencies(0, [1, 9])
    with pytest.raises(exu.ExudynIndexError, match="-1"):
        mbs.systemData.AddODE2LoadDependencies(0, [-1])
    with pytest.raises(exu.ExudynIndexError, match="load number"):
        mbs.systemData.AddODE2LoadDependencies(5, [0])
    for bad in ([0.5], [1.0], "a"):
        with pytest.raises(TypeError):
            mbs.systemData.AddODE2LoadDependencies(0, bad)


def test_node_group_is_exudyns():
    assert {m.name: int(m) for m in exu.NodeGroup} == {"_None": 0, "ODE1variables": 1, "ODE2variables": 2,
                                                       "AEvariables": 4, "DataVariables": 8}
    assert str(exu.NodeGroup.ODE2variables) == "NodeGroup.ODE2variables"


def test_config_is_the_type_of_exu_config():
    assert isinstance(exu.config, exu.Config)
    assert exu.Config().GetDictionary() == exu.config.GetDefaults()


DEPRECATED_GROUPS = [
    (exu.SolutionSettingsDeprecated, lambda s: s.solutionSettings, "appendToFile", "solution.file.append"),
    (exu.LinearSolverSettingsDeprecated, lambda s: s.linearSolverSettings, "pivotThreshold",
     "linearSolver.pivotThreshold"),
    (exu.ExplicitIntegrationSettingsDeprecated, lambda s: s.timeIntegration.explicitIntegration,
     "eliminateConstraints", "timeIntegration.explicit.eliminateConstraints"),
]


@pytest.mark.parametrize("cls, group, member, new", DEPRECATED_GROUPS)
def test_deprecated_group_types(cls, group, member, new):
    settings = exu.SimulationSettings()
    with pytest.warns(DeprecationWarning):
        linked = group(settings)
        assert isinstance(linked, cls)
        getattr(linked, member)
    assert not any(isinstance(group(settings), other) for other, *_ in DEPRECATED_GROUPS if other is not cls)
    alone = cls()
    # Exudyn 1.13.6: InternalError "... is deprecated and forwards to <new>, which needs the settings
    # structure it belongs to; this one was constructed on its own and is not linked"
    with pytest.raises(exu.InternalError, match=re.escape(f"forwards to {new}, which needs the settings")):
        getattr(alone, member)
    with pytest.raises(exu.InternalError):
        setattr(alone, member, 0)
    with pytest.raises(AttributeError):
        alone.notAMember
    assert member in dir(alone)
    if hasattr(cls, "GetDictionary"):
        assert alone.GetDictionary() == {}
        alone.SetDictionary({member: 1})
    assert repr(alone) == f"<{cls.__name__}:\n{cls.__name__}:\n\n >"
