"""Bad input and faults: every error names the item (type, number, name) and the parameter,
and a rejected call leaves the system unchanged."""
import os

import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (CoordinateConstraint, DistanceConstraint, LoadForceVector,
                                 MarkerBodyPosition, MarkerNodeCoordinate, MassPoint, NodePoint,
                                 NodePointGround, ObjectGround, SensorNode, SpringDamper)

OVT = exu.OutputVariableType


def pendulum_system():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    b = mbs.AddObject(MassPoint(mass=1, nodeNumber=n, name="bob"))
    mg = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g))
    mb = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b))
    c = mbs.AddObject(DistanceConstraint(markerNumbers=[mg, mb], distance=1, name="rod"))
    mbs.AddLoad(LoadForceVector(markerNumber=mb, loadVector=[0, -9.81, 0]))
    return SC, mbs, dict(g=g, n=n, b=b, mg=mg, mb=mb, c=c)


def short_settings(steps=20, end=0.02):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end
    s.solution.file.write = False
    return s


def test_negative_mass_rejected_with_item_and_parameter():
    SC, mbs, ix = pendulum_system()
    n_before = mbs.NumberOfObjects()
    with pytest.raises(ValueError) as e:
        mbs.AddObject(MassPoint(nodeNumber=ix["n"], mass=-2.0, name="heavy")) if False else \
            mbs.AddObject({"objectType": "MassPoint", "mass": -2.0, "nodeNumber": 0, "name": "heavy"})
    msg = str(e.value)
    assert "ObjectMassPoint" in msg and f"{n_before}" in msg and "'heavy'" in msg
    assert "'mass'" in msg and ">= 0" in msg and "-2.0" in msg
    assert mbs.NumberOfObjects() == n_before


def test_item_class_checks_type_and_length():
    with pytest.raises(TypeError, match="'referenceCoordinates'"):
        NodePoint(referenceCoordinates="abc")
    with pytest.raises(ValueError, match="vector of 3"):
        NodePoint(referenceCoordinates=[1, 2])
    with pytest.raises(ValueError, match="finite"):
        NodePoint(referenceCoordinates=[1, np.nan, 0])
    with pytest.raises(ValueError, match="'distance'.*> 0"):
        DistanceConstraint(markerNumbers=[0, 1], distance=0)
    with pytest.raises(TypeError, match="unknown parameter 'stiffnes'"):
        SpringDamper(stiffnes=3)


def test_set_parameter_rejected_keeps_value():
    SC, mbs, ix = pendulum_system()
    with pytest.raises(ValueError) as e:
        mbs.SetObjectParameter(ix["c"], "distance", -1.0)
    msg = str(e.value)
    assert "ObjectConnectorDistance" in msg and "'rod'" in msg and "'distance'" in msg
    assert mbs.GetObjectParameter(ix["c"], "distance") == 1.0
    with pytest.raises(ValueError, match="illegal parameter name"):
        mbs.SetObjectParameter(ix["c"], "lenght", 2.0)


def test_marker_of_wrong_kind_reported_at_assemble_naming_both_items():
    SC, mbs, ix = pendulum_system()
    ng = mbs.AddNode(NodePointGround())
    mc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mbs.AddObject(DistanceConstraint(markerNumbers=[mc, ix["mb"]], distance=1, name="bad"))
    with pytest.raises(exu.ModelError) as e:
        mbs.Assemble()
    msg = str(e.value)
    assert "ObjectConnectorDistance" in msg and "'bad'" in msg
    assert f"MarkerNodeCoordinate {int(mc)}" in msg and "Position" in msg


def test_index_pointing_nowhere_reported_at_assemble():
    SC, mbs, ix = pendulum_system()
    mbs.AddObject(SpringDamper(markerNumbers=[ix["mg"], 42], stiffness=1, name="spring"))
    with pytest.raises(exu.ModelError) as e:
        mbs.Assemble()
    msg = str(e.value)
    assert "ObjectConnectorSpringDamper" in msg and "'spring'" in msg and "marker 42" in msg
    SC, mbs, ix = pendulum_system()
    mbs.AddObject(MassPoint(mass=1, nodeNumber=17, name="lost"))
    with pytest.raises(exu.ModelError, match=r"ObjectMassPoint 3 \('lost'\).*node 17"):
        mbs.Assemble()


def test_user_function_error_names_item_and_function():
    SC, mbs, ix = pendulum_system()

    def uf(mbs_, t, itemNumber, deltaL, deltaL_t, k, d, f):
        raise ZeroDivisionError("bad spring law")

    mbs.AddObject(SpringDamper(markerNumbers=[ix["mg"], ix["mb"]], stiffness=1,
                               springForceUserFunction=uf, name="uspring"))
    mbs.Assemble()
    with pytest.raises(exu.SolverError) as e:
        mbs.SolveDynamic(short_settings())
    msg = str(e.value)
    assert "ObjectConnectorSpringDamper" in msg and "'uspring'" in msg
    assert "springForceUserFunction" in msg
    assert isinstance(e.value.__cause__, ZeroDivisionError)


def test_no_convergence_reports_time_step_residual_and_equation(tmp_path):
    SC, mbs, ix = pendulum_system()
    fname = str(tmp_path / "pos.txt")
    mbs.AddSensor(SensorNode(nodeNumber=ix["n"], fileName=fname, outputVariableType=OVT.Position))

    calls = [0]

    def uf(mbs_, t, itemNumber, deltaL, deltaL_t, k, d, f):
        # from t > 0.005 on, a force that flips sign at every evaluation: Newton cannot converge
        calls[0] += 1
        return 1e3 * (-1) ** calls[0] if t > 0.005 else 0.0

    mbs.AddObject(SpringDamper(markerNumbers=[ix["mg"], ix["mb"]], stiffness=1, springForceUserFunction=uf))
    mbs.Assemble()
    s = short_settings()
    s.timeIntegration.newton.maxIterations = 3
    s.timeIntegration.minimumStepSize = 1e-4
    s.solution.sensors.writePeriod = 1e-3
    with pytest.raises(exu.SolverError) as e:
        mbs.SolveDynamic(s)
    msg = str(e.value)
    assert "t=0.00" in msg and "step" in msg and "|r|=" in msg
    assert "largest residuals" in msg and "coordinate" in msg
    # the sensor file is complete up to the last converged step
    lines = [l for l in open(fname) if not l.startswith("#")]
    times = [float(l.split(",")[0]) for l in lines]
    assert times[0] == 0.0 and 0.004 <= times[-1] <= 0.006


def test_nan_stops_at_first_step():
    SC, mbs, ix = pendulum_system()
    calls = []

    def uf(mbs_, t, itemNumber, deltaL, deltaL_t, k, d, f):
        calls.append(t)
        return float("nan") if t > 0.0095 else 0.0

    mbs.AddObject(SpringDamper(markerNumbers=[ix["mg"], ix["mb"]], stiffness=1, springForceUserFunction=uf))
    mbs.Assemble()
    with pytest.raises(exu.SolverError, match=r"NaN or Inf.*t=0.01 \(step 10"):
        mbs.SolveDynamic(short_settings())
    # no step-size reduction was attempted: the last evaluated time is the failing step's
    assert max(calls) == pytest.approx(0.01)


def test_solve_without_constraint_force_singular_reports_causing_items():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint())
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    ng = mbs.AddNode(NodePointGround())
    mg = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[mg, mc], name="fixA"))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[mg, mc], name="fixB"))
    mbs.Assemble()
    s = short_settings()
    s.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    with pytest.raises(exu.SolverError) as e:
        mbs.SolveDynamic(s)
    msg = str(e.value)
    assert "singular" in msg and "ObjectConnectorCoordinate" in msg
    assert "ignoreSingularJacobian" in msg


def test_default_names_rejected_for_users_and_unique_names():
    SC, mbs, ix = pendulum_system()
    with pytest.raises(ValueError, match="may not have the format"):
        mbs.AddNode(NodePoint(name="node7"))
    with pytest.raises(ValueError, match="unique"):
        mbs.AddObject(MassPoint(nodeNumber=ix["n"], mass=1, name="bob"))
