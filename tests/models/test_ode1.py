"""First-order coordinates (NodeGenericODE1, ObjectGenericODE1, MarkerNodeODE1Coordinate): what
the reference cases (reference_scripts.py generic_ode1) do not show: the solution file, the
static solver, outputs, the errors of bad input. Numbers measured with Exudyn 1.13.6."""
import numpy as np
import pytest

import multibody as exu
from multibody.errors import AssemblyError, ItemParameterError, UserFunctionError
from multibody.utilities import (Force, LoadCoordinate, MarkerNodeODE1Coordinate, MarkerNodePosition, MassPoint,
                                 NodeGenericODE1, NodePoint, ObjectGenericODE1)

OV = exu.OutputVariableType
CT = exu.ConfigurationType


def _model(uf=None, matrix=((0, 1), (-100, -1.)), rhs=(0, 1.)):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nd = mbs.AddNode(NodeGenericODE1(referenceCoordinates=[2., 0.], initialCoordinates=[1., 0.5],
                                     numberOfODE1Coordinates=2))
    kw = dict(rhsUserFunction=uf) if uf else {}
    o = mbs.AddObject(ObjectGenericODE1(nodeNumbers=[nd], systemMatrix=np.array(matrix), rhsVector=np.array(rhs), **kw))
    n2 = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=2, nodeNumber=n2))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=n2)), loadVector=[0, -1, 0]))
    return mbs, nd, o


def _settings(n=3, h=0.01):
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = n
    ss.timeIntegration.endTime = n * h
    ss.timeIntegration.verboseMode = 0
    ss.timeIntegration.newton.relativeTolerance = ss.timeIntegration.newton.absoluteTolerance = 1e-13
    ss.staticSolver.verboseMode = 0
    return ss


def test_solution_file_columns_as_exudyn(tmp_path):
    """Exudyn 1.13.6 writes ODE1 coordinates and velocities after the ODE2 columns (velocities 0
    at the start); its lines for this model with the user function below."""
    mbs, nd, o = _model(uf=lambda mbs, t, i, y: np.array([0, 5 * np.sin(10 * t) + y[0] ** 2]))
    mbs.Assemble()
    ss = _settings()
    ss.solution.file.name = str(tmp_path / "sol.txt")
    mbs.SolveDynamic(ss)
    lines = (tmp_path / "sol.txt").read_text().splitlines()
    assert "#columns contain: time, ODE2 displacements, ODE2 velocities, ODE2 accelerations, ODE1 coordinates, " \
           "ODE1 velocities" in lines
    assert "#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = " \
           "[3,3,3,2,2,0,0]" in lines
    data = [l for l in lines if l and l[0] != "#"]
    assert data[0] == "0,0,0,0,1,0,0,0,-0.5,0,1,0.5,0,0"
    assert data[1] == "0.01,0.01,-2.5e-05,0,1,-0.005,0,0,-0.5,0,1.000062017,0.01240342988,0.01240342988,-97.51931402"
    assert data[3] == "0.03,0.03,-0.000225,0,1,-0.015,0,0,-0.5,0,0.9811168723,-1.895060719,-1.895060719,-92.77643516"


def test_outputs_of_nodes_and_objects():
    mbs, nd, o = _model()
    mbs.Assemble()
    np.testing.assert_array_equal(mbs.GetNodeOutput(nd, OV.Coordinates, configuration=CT.Reference), [2, 0])
    np.testing.assert_array_equal(mbs.GetNodeOutput(nd, OV.CoordinatesTotal), [3, 0.5])
    np.testing.assert_array_equal(mbs.GetNodeOutput(nd, OV.Coordinates_t), [0, 0])
    mbs.SolveDynamic(_settings())
    y = mbs.systemData.GetODE1Coordinates()
    np.testing.assert_array_equal(mbs.GetObjectOutput(o, OV.Coordinates), y)
    np.testing.assert_array_equal(mbs.GetObjectOutput(o, OV.Coordinates_t), mbs.systemData.GetODE1Coordinates_t())
    np.testing.assert_array_equal(mbs.GetNodeOutput(nd, OV.CoordinatesTotal), y + [2, 0])
    with pytest.raises(exu.InternalError, match="Position"):
        mbs.GetObjectOutput(o, OV.Position)
    assert mbs.systemData.ODE1Size() == 2 and mbs.systemData.SystemSize() == 5
    assert mbs.ComputeSystemDegreeOfFreedom(verbose=False)['nODE1'] == 2


def test_static_solver_holds_the_first_order_coordinates():
    """staticSolver.constrainODE1Coordinates (Exudyn's default True): y stays at its initial
    values; the ODE2 part is solved (here a mass point on a coordinate spring, a static load)."""
    from multibody.utilities import CoordinateSpringDamper, MarkerNodeCoordinate, NodePointGround
    mbs, nd, o = _model()
    ng = mbs.AddNode(NodePointGround())
    for k in range(3):
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ng, coordinate=k)),
                                                            mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=1, coordinate=k))],
                                             stiffness=100.))
    mbs.Assemble()
    mbs.SolveStatic(_settings())
    np.testing.assert_array_equal(mbs.systemData.GetODE1Coordinates(), [1, 0.5])
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), [0, -0.01, 0], atol=1e-14)


def test_bad_input_names_the_item_and_parameter():
    mbs, nd, o = _model(matrix=np.eye(3))
    with pytest.raises(ItemParameterError, match="ObjectGenericODE1 0.*systemMatrix.*2x2"):
        mbs.Assemble()
    mbs, nd, o = _model(rhs=[1., 2., 3.])
    with pytest.raises(ItemParameterError, match="rhsVector.*2 entries"):
        mbs.Assemble()
    mbs, nd, o = _model()
    mbs.AddObject(ObjectGenericODE1(nodeNumbers=[1]))          # a NodePoint
    with pytest.raises(AssemblyError, match="ObjectGenericODE1 2.*NodeGenericODE1"):
        mbs.Assemble()
    mbs, nd, o = _model()
    mbs.AddLoad(LoadCoordinate(markerNumber=mbs.AddMarker(MarkerNodeODE1Coordinate(nodeNumber=nd, coordinate=2)),
                               load=1.))
    with pytest.raises(ItemParameterError, match="MarkerNodeODE1Coordinate 1.*coordinate.*0..1"):
        mbs.Assemble()
    mbs, nd, o = _model(uf=lambda mbs, t, i, y: [1.])
    mbs.Assemble()
    with pytest.raises(UserFunctionError, match=r"rhsUserFunction.*returned \[1.0\]; expected a vector of 2 real numbers"):
        mbs.SolveDynamic(_settings())


def test_parameters_changed_between_solves():
    """systemMatrix and rhsVector set after Assemble act in the next solve without Assemble."""
    mbs, nd, o = _model(matrix=((0., 0.), (0., 0.)), rhs=(0., 0.))
    mbs.Assemble()
    mbs.SolveDynamic(_settings())
    np.testing.assert_array_equal(mbs.systemData.GetODE1Coordinates(), [1, 0.5])
    mbs.SetObjectParameter(o, "rhsVector", [1., 0.])
    mbs.SolveDynamic(_settings())
    # (the trapezoidal rule from y_t = 0: the first step h/2, then h: 1 + 0.005 + 0.01 + 0.01)
    np.testing.assert_allclose(mbs.systemData.GetODE1Coordinates(), [1.025, 0.5], rtol=1e-13)
