"""MainSystem, SystemData and SystemContainer: items, parameters, names, deleting, configurations."""
import warnings

import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (CoordinateConstraint, LoadForceVector, MarkerBodyPosition,
                                 MarkerNodeCoordinate, MassPoint, NodePoint, NodePointGround,
                                 ObjectGround, SensorLoad, SensorNode, SpringDamper)

CFG = exu.ConfigurationType
OVT = exu.OutputVariableType


def small():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    n0 = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0], initialVelocities=[0, 1, 0]))
    n1 = mbs.AddNode({"nodeType": "Point", "referenceCoordinates": [2, 0, 0], "name": "second"})
    b0 = mbs.AddObject(MassPoint(mass=1, nodeNumber=n0))
    b1 = mbs.AddObject(MassPoint(mass=2, nodeNumber=n1))
    m0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b0))
    m1 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b1))
    mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g))
    sd = mbs.AddObject(SpringDamper(markerNumbers=[m0, m1], stiffness=100, referenceLength=1))
    ld = mbs.AddLoad(LoadForceVector(markerNumber=m1, loadVector=[0, -1, 0]))
    return SC, mbs, locals()


def test_typed_indices_behave_as_ints_and_compare_by_identity():
    SC, mbs, v = small()
    n1 = v["n1"]
    assert isinstance(n1, exu.NodeIndex) and int(n1) == 1 and [10, 20][n1] == 20
    assert n1 + 1 == 2 and str(n1) == "1" and n1.GetTypeString() == "NodeIndex"
    assert exu.NodeIndex(3) != exu.NodeIndex(3)
    assert isinstance(v["b0"], exu.ObjectIndex) and isinstance(v["m0"], exu.MarkerIndex)
    assert isinstance(v["ld"], exu.LoadIndex)
    assert exu.InvalidIndex() == -1


def test_get_set_by_name_and_dicts():
    SC, mbs, v = small()
    assert int(mbs.GetNodeNumber("second")) == 1 and int(mbs.GetNodeNumber("nothing")) == -1
    d = mbs.GetObject(v["b1"])
    assert d["objectType"] == "MassPoint" and d["mass"] == 2.0 and d["name"] == "object2"
    assert d["Vshow"] is True
    mbs.SetObjectParameter(v["b1"], "mass", 3.0)
    assert mbs.GetObjectParameter(v["b1"], "mass") == 3.0
    mbs.SetObjectParameter(v["sd"], "Vshow", False)
    assert mbs.GetObject(v["sd"])["Vshow"] is False
    assert mbs.GetNodeDefaults("Point")["referenceCoordinates"] == [0.0, 0.0, 0.0]
    mbs.ModifyObject(v["sd"], {"stiffness": 50.0})
    assert mbs.GetObjectParameter(v["sd"], "stiffness") == 50.0 and not mbs.systemIsConsistent


def test_legacy_parameter_name_is_accepted_with_deprecation_warning():
    SC, mbs, v = small()
    with pytest.warns(DeprecationWarning, match="physicsMass"):
        b = mbs.AddObject(MassPoint(physicsMass=4.0, nodeNumber=v["n0"]))
    assert mbs.GetObjectParameter(b, "mass") == 4.0
    with pytest.warns(DeprecationWarning):
        assert mbs.GetObjectParameter(b, "physicsMass") == 4.0
    with pytest.warns(DeprecationWarning):
        c = CoordinateConstraint(markerNumbers=[0, 1], factorValue1=2.0)
    assert c.factor1 == 2.0


def test_delete_renumbers_references():
    SC, mbs, v = small()
    with pytest.warns(UserWarning, match="references the deleted node 0"):
        mbs.DeleteNode(v["n0"])
    assert mbs.NumberOfNodes() == 1
    assert int(mbs.GetObject(v["b1"])["nodeNumber"]) == 0     # moved down
    assert int(mbs.GetObject(v["b0"])["nodeNumber"]) == -1    # pointed at the deleted node
    # deleting a body with its dependent items deletes its node; its marker stays and
    # points at -1 (Exudyn 1.13.6: 1 node, 3 objects, 3 markers, bodyNumbers [-1, 1, 0])
    SC, mbs, v = small()
    with pytest.warns(UserWarning, match="references the deleted object 1"):
        mbs.DeleteObject(v["b0"], deleteDependentItems=True)
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers()) == (1, 3, 3)
    assert [int(mbs.GetMarker(i)["bodyNumber"]) for i in range(3)] == [-1, 1, 0]
    assert [int(m) for m in mbs.GetObject(2)["markerNumbers"]] == [0, 1]
    assert int(mbs.GetObject(1)["nodeNumber"]) == 0
    # a load with its own marker
    SC, mbs, v = small()
    mbs.AddSensor(SensorLoad(loadNumber=v["ld"]))
    with pytest.warns(UserWarning, match="deleted load 0"):
        mbs.DeleteLoad(v["ld"])
    assert int(mbs.GetSensor(0)["loadNumber"]) == -1
    assert mbs.NumberOfLoads() == 0 and mbs.NumberOfSensors() == 1


def test_configurations_and_system_data():
    SC, mbs, v = small()
    mbs.Assemble()
    sd = mbs.systemData
    assert sd.ODE2Size() == 6 and sd.AEsize() == 0 and sd.SystemSize() == 6
    np.testing.assert_array_equal(sd.GetODE2Coordinates_t(), [0, 1, 0, 0, 0, 0])
    np.testing.assert_array_equal(sd.GetODE2Coordinates(CFG.Reference), [1, 0, 0, 2, 0, 0])
    assert sd.GetODE2Coordinates_t(CFG.Reference).size == 0
    assert mbs.GetNodeODE2Index(v["n1"]) == 3
    assert list(sd.GetObjectLTGODE2(v["sd"])) == [0, 1, 2, 3, 4, 5]
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = 5
    s.timeIntegration.endTime = 0.05
    s.solution.file.write = False
    mbs.SolveDynamic(s)
    q_end = sd.GetODE2Coordinates()
    assert not np.allclose(q_end, 0)
    np.testing.assert_array_equal(sd.GetODE2Coordinates(CFG.Initial), 0)
    assert sd.GetTime() == pytest.approx(0.05)
    # a second solve starts again from the initial state and repeats the run
    mbs.SolveDynamic(s)
    np.testing.assert_allclose(sd.GetODE2Coordinates(), q_end, rtol=0, atol=1e-15)
    # updateInitialValues continues from the end state
    mbs.SolveDynamic(s, updateInitialValues=True)
    np.testing.assert_allclose(sd.GetODE2Coordinates(CFG.Initial), q_end, atol=1e-15)
    # setting the initial configuration takes effect at the next solve
    sd.SetODE2Coordinates([0] * 6, configuration=CFG.Initial)
    with pytest.raises(ValueError, match="size"):
        sd.SetODE2Coordinates([0] * 5)


def test_node_and_body_outputs():
    SC, mbs, v = small()
    mbs.Assemble()
    np.testing.assert_array_equal(mbs.GetNodeOutput(v["n0"], OVT.Position), [1, 0, 0])
    np.testing.assert_array_equal(mbs.GetNodeOutput(v["n0"], OVT.Velocity), [0, 1, 0])
    np.testing.assert_array_equal(mbs.GetObjectOutputBody(v["b1"], OVT.Position), [2, 0, 0])
    assert mbs.GetObjectOutput(v["sd"], OVT.Distance) == 1.0
    assert isinstance(mbs.GetObjectOutput(v["sd"], OVT.Distance), float)
    with pytest.raises(RuntimeError, match="illegal call"):
        mbs.GetObjectOutput(v["b0"], OVT.Position)
    with pytest.raises(ValueError, match="Current configuration"):
        mbs.GetObjectOutput(v["sd"], OVT.Force, configuration=CFG.Initial)


def test_system_jacobian_user_function_with_matrix_container():
    """A user Jacobian that adds the stiffness of a spring the residual does not see."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    called = []

    def jac(mbs_, t, fODE2, fODE2_t, fODE1):
        called.append((fODE2, fODE2_t))
        m = exu.MatrixContainer()
        m.SetWithSparseMatrixCSR(3, 3, [[0, 0, 0.0]], useDenseMatrix=False)
        return m

    mbs.SetSystemJacobianUserFunction(jac)
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = 2
    s.solution.file.write = False
    mbs.SolveDynamic(s)
    assert called and called[0][0] < 0      # factors of the RHS Jacobian: -beta h^2


def test_print_and_repr():
    SC, mbs, v = small()
    text = str(mbs)
    assert "Number of nodes= 2" in text and "Number of ODE2 coordinates = 0" in text
    exu.Print("exu.Print works", 1, 2, sep="|")
    assert SC.NumberOfSystems() == 1 and SC.GetSystem(0) is mbs


def test_ground_reference_frame_is_reported_resolved():
    """GetObject and GetObjectParameter give a ground's reference frame as arrays, the parameters not
    given filled in (as Exudyn 1.13.6: position [0,0,0], rotation identity, the 4x4 transformation of
    both), and such a dict can be added again."""
    import numpy as np
    import multibody as exu
    from multibody.utilities import ObjectGround, RotationMatrixZ
    mbs = exu.SystemContainer().AddSystem()
    g0 = mbs.AddObject(ObjectGround())
    d = mbs.GetObject(g0)
    np.testing.assert_array_equal(d["referencePosition"], np.zeros(3))
    np.testing.assert_array_equal(d["referenceRotation"], np.eye(3))
    np.testing.assert_array_equal(d["referenceHT"], np.eye(4))
    g1 = mbs.AddObject(ObjectGround(referencePosition=[1., 2., 3.], referenceRotation=RotationMatrixZ(0.5)))
    ht = mbs.GetObjectParameter(g1, "referenceHT")
    np.testing.assert_allclose(ht[:3, :3], RotationMatrixZ(0.5))
    np.testing.assert_array_equal(ht[:3, 3], [1., 2., 3.])
    d = mbs.GetObject(g1)
    d.pop("name")
    g2 = mbs.AddObject(d)
    np.testing.assert_array_equal(mbs.GetObject(g2)["referenceHT"], ht)


def test_rigid_marker_local_frame_is_reported_resolved():
    """A rigid marker's localPosition and localHT reported as arrays, the one not given made from
    the other (as Exudyn 1.13.6): none given -> 0 and identity; localPosition -> its translation;
    localHT -> its translation as localPosition."""
    import numpy as np
    import multibody as exu
    from multibody.utilities import (HomogeneousTransformation, MarkerBodyRigid, MarkerNodeRigid, NodeRigidBodyEP,
                                     ObjectRigidBody, RotationMatrixZ)
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0., 0., 0., 1., 0., 0., 0.]))
    b = mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=1., inertia=[1., 1., 1., 0., 0., 0.]))
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b))
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0.1, 0.2, 0.3]))
    ht = HomogeneousTransformation(RotationMatrixZ(0.3), [1., 2., 3.])
    m2 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localHT=ht))
    m3 = mbs.AddMarker(MarkerNodeRigid(nodeNumber=n))
    np.testing.assert_array_equal(mbs.GetMarker(m0)["localHT"], np.eye(4))
    np.testing.assert_array_equal(mbs.GetMarker(m0)["localPosition"], np.zeros(3))
    np.testing.assert_array_equal(mbs.GetMarker(m1)["localHT"][:3, 3], [0.1, 0.2, 0.3])
    np.testing.assert_array_equal(mbs.GetMarkerParameter(m2, "localPosition"), [1., 2., 3.])
    np.testing.assert_allclose(mbs.GetMarker(m2)["localHT"], ht)
    np.testing.assert_array_equal(mbs.GetMarker(m3)["localHT"], np.eye(4))


def test_user_functions_are_reported_as_function_dictionaries():
    """Item dicts and Get...Parameter give a user function as {'function': f, 'type': 'Python'} (0
    where there is none), and that form is accepted back by Add... and Set...Parameter, as in Exudyn
    1.13.6; another dictionary is refused."""
    import pytest
    import multibody as exu
    from multibody.utilities import (MarkerNodePosition, MassPoint, NodePoint, NodePointGround, ObjectGround,
                                     SpringDamper, VObjectGround)
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.AddNode(NodePointGround(referenceCoordinates=[0., 0., 0.]))
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1., 0., 0.]))
    mbs.AddObject(MassPoint(mass=1., nodeNumber=n))
    markers = [mbs.AddMarker(MarkerNodePosition(nodeNumber=k)) for k in (g, n)]

    def force(mbs, t, item, u, v, k, d, f):
        return k * u

    def graphics(mbs, item):
        return []
    o = mbs.AddObject(SpringDamper(markerNumbers=markers, stiffness=1., referenceLength=1.,
                                   springForceUserFunction=force))
    reported = {"function": force, "type": "Python"}
    assert mbs.GetObject(o)["springForceUserFunction"] == reported
    assert mbs.GetObjectParameter(o, "springForceUserFunction") == reported
    gr = mbs.AddObject(ObjectGround(visualization=VObjectGround(graphicsDataUserFunction=graphics)))
    assert mbs.GetObject(gr)["VgraphicsDataUserFunction"] == {"function": graphics, "type": "Python"}
    d = mbs.GetObject(o)
    d.pop("name")
    o2 = mbs.AddObject(d)
    mbs.SetObjectParameter(o2, "springForceUserFunction", reported)
    assert mbs.GetObjectParameter(o2, "springForceUserFunction")["function"] is force
    o3 = mbs.AddObject(SpringDamper(markerNumbers=markers, stiffness=1.))
    assert mbs.GetObjectParameter(o3, "springForceUserFunction") == 0
    with pytest.raises(TypeError, match="function dictionary"):
        mbs.SetObjectParameter(o3, "springForceUserFunction", {"type": "Python"})


def test_visualization_floats_are_single_precision():
    """Items' visualization floats and colors are kept in single precision, as Exudyn 1.13.6 keeps
    them (its values read back: drawSize 0.3 -> 0.30000001192092896, the default jointRadius 0.1
    -> 0.10000000149011612, color 0.2 -> 0.20000000298023224)."""
    import multibody as exu
    from multibody.utilities import (MarkerNodePosition, NodePoint, NodePointGround, SphericalJoint, SpringDamper,
                                     VSpringDamper)
    mbs = exu.SystemContainer().AddSystem()
    m = [mbs.AddMarker(MarkerNodePosition(nodeNumber=mbs.AddNode(node(referenceCoordinates=[k, 0., 0.]))))
         for k, node in ((0., NodePointGround), (1., NodePoint))]
    o = mbs.AddObject(SpringDamper(markerNumbers=m, stiffness=1.,
                                   visualization=VSpringDamper(drawSize=0.3, color=[0.1, 0.2, 0.3, 1.])))
    d = mbs.GetObject(o)
    assert d["VdrawSize"] == 0.30000001192092896
    assert d["Vcolor"] == [0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 1.0]
    mbs.SetObjectParameter(o, "VdrawSize", 0.7)
    assert mbs.GetObjectParameter(o, "VdrawSize") == 0.699999988079071
    j = mbs.AddObject(SphericalJoint(markerNumbers=m))
    assert mbs.GetObject(j)["VjointRadius"] == 0.10000000149011612


def test_visualization_defaults_are_fresh_for_each_item():
    """Items added without visualization values get the type's defaults (colors in single
    precision, as set ones): equal for every item of a type, but lists of their own, so that
    changing one item's color changes no other item's."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nodes = [mbs.AddNode(exu.utilities.NodePoint(referenceCoordinates=[i, 0., 0.])) for i in range(3)]
    recs = mbs._items["node"]
    colors = [r.vvalues["color"] for r in recs]
    assert colors[0] == colors[1] == colors[2] == [-1.0, -1.0, -1.0, -1.0]
    assert colors[0] is not colors[1] and colors[1] is not colors[2]
    assert list(recs[0].vvalues) == [p.name for p in recs[0].spec.vparams]     # the types' order
    mbs.SetNodeParameter(nodes[1], "Vcolor", [0.1, 0.2, 0.3, 1.0])
    assert mbs.GetNode(nodes[0])["Vcolor"] == mbs.GetNode(nodes[2])["Vcolor"] == [-1.0, -1.0, -1.0, -1.0]
    assert mbs.GetNode(nodes[1])["Vcolor"] == [0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 1.0]
    recs[0].vvalues["color"][0] = 0.5            # in place: the other items and the next one unchanged
    third = mbs.AddNode(exu.utilities.NodePoint())
    assert mbs.GetNode(nodes[2])["Vcolor"][0] == mbs.GetNode(third)["Vcolor"][0] == -1.0


def test_delete_load_deletes_its_marker_even_when_used_elsewhere():
    # Exudyn 1.13.6: the load's marker goes, the spring's reference becomes -1; deleting the
    # body deletes its node, the node marker and the sensor keep -1 (counts 0, 2, 1, 0, 1)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    n0 = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    b0 = mbs.AddObject(MassPoint(mass=1, nodeNumber=n0))
    mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g))
    m0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b0))
    s0 = mbs.AddObject(SpringDamper(markerNumbers=[mg, m0], stiffness=10, referenceLength=1))
    ld = mbs.AddLoad(LoadForceVector(markerNumber=m0, loadVector=[0, 1, 0]))
    mbs.AddLoad(LoadForceVector(markerNumber=mg, loadVector=[0, 1, 0]))
    mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n0, coordinate=0))
    mbs.AddSensor(SensorNode(nodeNumber=n0, outputVariableType=OVT.Position))

    def counts():
        sd = mbs.systemData
        return (sd.NumberOfNodes(), sd.NumberOfObjects(), sd.NumberOfMarkers(), sd.NumberOfLoads(),
                sd.NumberOfSensors())
    with pytest.warns(UserWarning, match="deleted marker 1"):
        mbs.DeleteLoad(ld)
    assert counts() == (1, 3, 2, 1, 1)
    assert [int(m) for m in mbs.GetObject(s0)["markerNumbers"]] == [0, -1]
    with pytest.warns(UserWarning):
        mbs.DeleteLoad(0)
    assert counts() == (1, 3, 1, 0, 1)
    with pytest.warns(UserWarning, match="deleted node 0"):
        mbs.DeleteObject(b0)
    assert counts() == (0, 2, 1, 0, 1)
    assert int(mbs.GetMarker(0)["nodeNumber"]) == -1 and int(mbs.GetSensor(0)["nodeNumber"]) == -1


def test_copy_of_a_system_and_reset_of_a_container():
    """Exudyn 1.13.6 (measured): copy.copy(mbs) is a system of its own (items copied, later
    changes of either not seen by the other); SC.Reset() empties the systems SC made and keeps
    an appended system as it is, still solvable."""
    import copy
    import multibody as exu_
    from multibody.utilities import MassPoint, NodePoint
    SC = exu_.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=n))
    c = copy.copy(mbs)
    assert c is not mbs and c.systemData.NumberOfObjects() == 1
    mbs.AddNode(NodePoint())
    assert (c.systemData.NumberOfNodes(), mbs.systemData.NumberOfNodes()) == (1, 2)
    c.ModifyNode(0, {"referenceCoordinates": [2, 0, 0]})
    assert list(mbs.GetNode(0)["referenceCoordinates"]) == [1, 0, 0]
    assert SC.AppendSystem(c) == 1
    SC.Reset()
    assert SC.NumberOfSystems() == 0
    assert mbs.systemData.NumberOfNodes() == 0 and c.systemData.NumberOfNodes() == 1
    c.Assemble()
    assert c.systemIsConsistent


def test_fem_module_imports_and_names_its_scope():
    """``from multibody.FEM import *`` works (scripts that import exudyn.FEM without using it run);
    a name taken from it says that finite elements are outside the scope."""
    import multibody.FEM as fem
    from multibody.errors import NotImplementedFeatureError
    exec("from multibody.FEM import *", {})
    assert not hasattr(fem, "FEMinterface")
    with pytest.raises(NotImplementedFeatureError, match="outside multibody's scope"):
        fem.ObjectFFRFreducedOrderInterface


def test_out_of_scope_methods_say_why():
    """Exudyn's MainSystem methods outside the scope: a NotImplementedFeatureError with the reason
    (not a bare AttributeError); hasattr() stays False; other unknown names stay AttributeError."""
    from multibody.errors import NotImplementedFeatureError
    mbs = exu.SystemContainer().AddSystem()
    assert not hasattr(mbs, "Inspect")
    with pytest.raises(NotImplementedFeatureError, match="CreateRollingDiscPenalty: contact"):
        mbs.CreateRollingDiscPenalty(bodyNumbers=[0, 1])
    with pytest.raises(NotImplementedFeatureError, match="CreateKinematicTree: kinematic trees"):
        mbs.CreateKinematicTree
    with pytest.raises(AttributeError) as info:
        mbs.NoSuchMethod
    assert not isinstance(info.value, NotImplementedFeatureError)


def test_out_of_scope_item_classes_refuse_with_the_reason():
    """``from multibody.utilities import *`` gives Exudyn's out-of-scope item classes too; making
    one raises NotImplementedFeatureError naming it and the reason (a published script using
    SensorSuperElement stops there, not with a NameError)."""
    from multibody.errors import NotImplementedFeatureError
    namespace = {}
    exec("from multibody.utilities import *", namespace)
    for name, reason in (("SensorSuperElement", "finite elements"), ("ObjectContactSphereSphere", "contact"),
                         ("VObjectKinematicTree", "kinematic trees"), ("ObjectANCFBeam", "beams")):
        with pytest.raises(NotImplementedFeatureError, match=f"{name}: {reason}"):
            namespace[name](name="x")
