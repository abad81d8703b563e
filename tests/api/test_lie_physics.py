"""multibody.lieGroupBasics, lieGroupIntegration, physics and signalProcessing against Exudyn
1.13.6's results (tests/reference/lie_physics.json, written by tools/make_lie_physics_reference.py
with Exudyn installed), and their errors for bad input."""
import json
import math
import os

import numpy as np
import pytest

import multibody as exu
import multibody.itemInterface as items
import multibody.lieGroupBasics as lgb
import multibody.lieGroupIntegration as lgi
import multibody.physics as phy
import multibody.signalProcessing as sig

REFERENCE = os.path.join(os.path.dirname(__file__), "..", "reference", "lie_physics.json")
with open(REFERENCE) as _f:
    REF = json.load(_f)

# vs Exudyn, relative to max(1, |entry|) of the result: the same formulas, round-off only
# (measured up to 1.1e-13 for TExpSE3 near its series switch at phi = 1e-4, else <= 3e-15)
TOL = 1e-12
EPS = np.finfo(float).eps


def _arg(a):
    return np.array(a, dtype=float) if isinstance(a, list) else a


def _flat(x):
    """All numbers of a result (array, list of equal-shape arrays, dict of arrays) in one vector."""
    if isinstance(x, dict):
        return np.concatenate([_flat(x[k]) for k in sorted(x)])
    return np.ravel(np.asarray(x, dtype=float))


def assert_close(out, expected, tol=TOL, atol=0.0):
    out, expected = _flat(out), _flat(expected)
    assert out.shape == expected.shape
    scale = max(1.0, float(np.abs(expected).max())) if expected.size else 1.0
    np.testing.assert_allclose(out, expected, rtol=0, atol=tol * scale + atol)


def _cases(module, name):
    return [pytest.param(name, i, c, id=f"{name}-{i}") for i, c in enumerate(REF[module][name])]


def _all_cases(module):
    return [p for name in REF[module] if isinstance(REF[module][name], list) for p in _cases(module, name)]


def _composition_atol(case_out, name):
    """Exudyn's own error of composed rotation vectors: they come from 2 acos(e0) of Euler
    parameters, whose round-off (~2 eps) is amplified by 1/|sin(phi/2)| near phi = 0 and 2 pi."""
    if "RotVec" not in name and name != "CompositionRuleForRotationVectors":
        return 0.0
    v = np.asarray(case_out, dtype=float)[-3:]
    return 8.0 * EPS / max(abs(math.sin(0.5 * np.linalg.norm(v))), 1e-9)


# ---------------------------------------------------------------------------------------------
# lieGroupBasics, physics, signalProcessing: every recorded call


@pytest.mark.parametrize("name, index, case", _all_cases("lieGroupBasics"))
def test_lie_group_basics_match_exudyn(name, index, case):
    out = getattr(lgb, name)(*[_arg(a) for a in case["args"]])
    assert_close(out, case["out"], atol=_composition_atol(case["out"], name))


@pytest.mark.parametrize("name, index, case", _all_cases("physics"))
def test_physics_matches_exudyn(name, index, case):
    assert_close(getattr(phy, name)(*[_arg(a) for a in case["args"]]), case["out"])


@pytest.mark.parametrize("name, index, case", _all_cases("signalProcessing"))
def test_signal_processing_matches_exudyn(name, index, case, capsys):
    out = getattr(sig, name)(*[_arg(a) for a in case["args"]], **case.get("kwargs", {}))
    assert_close(out, case["out"])
    assert capsys.readouterr().out == case.get("stdout", "")


def test_von_mises_sensor_user_function_gives_the_largest_stress():
    """UFvonMisesStress returns [max VonMisesStress] of its sensors (Exudyn 1.13.6 compares the raw
    sensor vectors instead and raises for stress sensors; the values here are Exudyn's VonMisesStress)."""
    cases = REF["physics"]["VonMisesStress"][:3]

    class Sensors:
        def GetSensorValues(self, sensorNumber, configuration=exu.ConfigurationType.Current):
            return np.array(cases[sensorNumber]["args"][0])
    out = phy.UFvonMisesStress(Sensors(), 0.0, [0, 1, 2], [], exu.ConfigurationType.Current)
    assert out == pytest.approx([max(c["out"] for c in cases)], rel=TOL)


# ---------------------------------------------------------------------------------------------
# lieGroupIntegration: Euler's equations


def euler_rhs(v, w):
    J = np.array(REF["euler"]["inertia"])
    return -np.cross(w, J * w) / J + REF["euler"]["coupling"] * np.asarray(v)


@pytest.mark.parametrize("name, index, case", [p for n in ("ComputeStepWithRK1", "ComputeStepWithRK1FromAcceleration",
                                                          "ComputeStepWithRK4", "RK_SolveEulersEOMWithProposedApproach")
                                               for p in _cases("lieGroupIntegration", n)])
def test_euler_equation_steps_match_exudyn(name, index, case):
    args = [euler_rhs if a == "euler_rhs" else _arg(a) for a in case["args"]]
    assert_close(getattr(lgi, name)(*args), case["out"])


def test_unknown_euler_solver_is_rejected():
    with pytest.raises(ValueError, match='solver must be "RK1" or "RK4"'):
        lgi.RK_SolveEulersEOMWithProposedApproach(euler_rhs, [0, 0, 0], [1, 0, 0], 1.0, 10, "rk4")


# ---------------------------------------------------------------------------------------------
# lieGroupIntegration: the system of the reference (built here with multibody)


def build_system():
    model, it = REF["model"], items
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    point = model["point"]
    n = mbs.AddNode(it.NodePoint(referenceCoordinates=point["position"], initialVelocities=point["velocity"]))
    mbs.AddObject(it.MassPoint(mass=point["mass"], nodeNumber=n))
    mbs.AddLoad(it.Force(markerNumber=mbs.AddMarker(it.MarkerNodePosition(nodeNumber=n)), loadVector=point["force"]))
    for body in model["bodies"]:
        n = mbs.AddNode(it.NodeRigidBodyRotVecLG(referenceCoordinates=body["position"] + body["rotationVector"],
                                                 initialVelocities=body["velocity"]))
        b = mbs.AddObject(it.RigidBody(mass=body["mass"], inertia=body["inertia"] + [0.0, 0.0, 0.0], nodeNumber=n))
        mbs.AddLoad(it.LoadMassProportional(markerNumber=mbs.AddMarker(it.MarkerBodyMass(bodyNumber=b)),
                                            loadVector=model["gravity"]))
    ground = mbs.AddNode(it.NodePointGround())
    mbs.AddObject(it.ObjectGround())

    def coordinate_marker(node, coordinate):
        return mbs.AddMarker(it.MarkerNodeCoordinate(nodeNumber=node, coordinate=coordinate))
    for node, coordinate in model["groundConstraints"]:
        mbs.AddObject(it.CoordinateConstraint(markerNumbers=[coordinate_marker(ground, 0),
                                                             coordinate_marker(node, coordinate)]))
    for (node0, c0), (node1, c1) in model["pairConstraints"]:
        mbs.AddObject(it.CoordinateConstraint(markerNumbers=[coordinate_marker(node0, c0),
                                                             coordinate_marker(node1, c1)]))
    mbs.Assemble()
    return SC, mbs


class MatrixSolver:
    """A solver as ExplicitRKComputeSystemAcceleration uses it, with a given M and residual."""

    def __init__(self, mass, residual):
        self.mass, self.residual = np.array(mass), np.array(residual)

    def ComputeODE2RHS(self, mainSys):
        pass

    def GetSystemResidual(self):
        return self.residual.copy()

    def ComputeMassMatrix(self, mainSys, scalarFactor=1.0):
        pass

    def GetSystemMassMatrix(self):
        return self.mass.copy()


class RigidBodySolver:
    """A solver for the reference system with its equations of motion written out: mass point
    ``m u_tt = F``; NodeRigidBodyRotVecLG body ``m u_tt = m g``, ``J omega_t = -omega x J omega``
    (local angular velocity omega = velocity coordinates 3..5); no constraint forces."""

    class Iteration:
        currentStepSize = REF["model"]["stepSize"]

    it = Iteration()

    def __init__(self, mbs):
        self.mbs = mbs
        model = REF["model"]
        self.mass = np.diag([model["point"]["mass"]] * 3 + [v for b in model["bodies"]
                                                           for v in [b["mass"]] * 3 + b["inertia"]])

    def GetODE2size(self):
        return self.mass.shape[0]

    def ComputeODE2RHS(self, mainSys):
        model = REF["model"]
        v = mainSys.systemData.GetODE2Coordinates_t()
        f = list(model["point"]["force"])
        for i, body in enumerate(model["bodies"]):
            omega = v[6 + 6 * i: 9 + 6 * i]
            f += [body["mass"] * g for g in model["gravity"]] + list(-np.cross(omega, np.array(body["inertia"]) * omega))
        self.residual = np.array(f)

    def GetSystemResidual(self):
        return self.residual

    def ComputeMassMatrix(self, mainSys, scalarFactor=1.0):
        pass

    def GetSystemMassMatrix(self):
        return self.mass


@pytest.fixture()
def system():
    SC, mbs = build_system()
    lgi.LieGroupExplicitRKInitialize(mbs)
    return SC, mbs


def test_initialize_finds_lie_group_nodes_and_coordinate_constraints(system):
    _, mbs = system
    expected = REF["lieGroupIntegration"]["system"]["sys"]
    assert mbs.sys["lieGroupODE2indices"] == expected["lieGroupODE2indices"]
    assert mbs.sys["constrainedToGroundCoordinatesList"] == expected["constrainedToGroundCoordinatesList"]
    assert mbs.sys["constrainedCoordinatesList"] == expected["constrainedCoordinatesList"]
    assert_close(mbs.sys["lieGroupReferenceRotations"], expected["lieGroupReferenceRotations"])


@pytest.mark.parametrize("index", range(len(REF["lieGroupIntegration"]["system"]["applyConstraints"])))
def test_apply_coordinate_constraints_matches_exudyn(system, index):
    _, mbs = system
    case = REF["lieGroupIntegration"]["system"]["applyConstraints"][index]
    mbs.systemData.SetODE2Coordinates(case["q"])
    mbs.systemData.SetODE2Coordinates_t(case["v"])
    lgi.ExplicitRKApplyCoordinateConstraints(mbs)
    assert_close(mbs.systemData.GetODE2Coordinates(), case["qOut"], tol=0.0)
    assert_close(mbs.systemData.GetODE2Coordinates_t(), case["vOut"], tol=0.0)


@pytest.mark.parametrize("index", range(len(REF["lieGroupIntegration"]["system"]["acceleration"])))
def test_system_acceleration_matches_exudyn(system, index):
    _, mbs = system
    case = REF["lieGroupIntegration"]["system"]["acceleration"][index]
    mbs.sys["constrainedCoordinatesList"] = case["pairs"]
    n = REF["lieGroupIntegration"]["system"]["nODE2"]
    out = lgi.ExplicitRKComputeSystemAcceleration(MatrixSolver(case["mass"], case["residual"]), mbs, n)
    assert_close(out, case["out"])


@pytest.mark.parametrize("index", range(len(REF["lieGroupIntegration"]["system"]["updateStage"])))
def test_stage_update_matches_exudyn(system, index):
    _, mbs = system
    c = REF["lieGroupIntegration"]["system"]["updateStage"][index]
    n = REF["lieGroupIntegration"]["system"]["nODE2"]
    lgi.LieGroupUpdateStageSystemCoordinates(mbs, c["u0"], c["v0"], n, c["Kprev"], c["kprev"], c["factK"])
    assert_close(mbs.systemData.GetODE2Coordinates(), c["q"])
    assert_close(mbs.systemData.GetODE2Coordinates_t(), c["v"])


@pytest.mark.parametrize("index", range(len(REF["lieGroupIntegration"]["system"]["kStage"])))
def test_k_stage_matches_exudyn(system, index):
    _, mbs = system
    c = REF["lieGroupIntegration"]["system"]["kStage"][index]
    n = REF["lieGroupIntegration"]["system"]["nODE2"]
    assert_close(lgi.LieGroupComputeKstage(mbs, c["u0"], c["v0"], c["h"], n, c["Kprev"], c["kprev"], c["factK"]),
                 c["out"])


def test_rk4_newton_user_function_reproduces_exudyns_steps(system):
    """Exudyn's implicit solver with UserFunctionNewtonLieGroupRK4, step by step, against the same
    user function here with the equations of motion written out in RigidBodySolver."""
    _, mbs = system
    reference = REF["lieGroupIntegration"]["rk4"]
    assert_close(mbs.systemData.GetODE2Coordinates(), reference["initial"][0])
    assert_close(mbs.systemData.GetODE2Coordinates_t(), reference["initial"][1])
    solver, h, t = RigidBodySolver(mbs), REF["model"]["stepSize"], 0.0
    for time, q, v in reference["states"]:
        mbs.systemData.SetTime(t, exu.ConfigurationType.StartOfStep)
        assert lgi.UserFunctionNewtonLieGroupRK4(solver, mbs, None) is True
        t += h
        assert mbs.systemData.GetTime() == pytest.approx(time, rel=1e-14)
        assert_close(mbs.systemData.GetODE2Coordinates(), q)
        assert_close(mbs.systemData.GetODE2Coordinates_t(), v)


def test_steps_need_initialize_first():
    _, mbs = build_system()
    with pytest.raises(ValueError, match="LieGroupExplicitRKInitialize"):
        lgi.LieGroupComputeKstage(mbs, np.zeros(15), np.zeros(15), 0.1, 15, np.zeros(15), np.zeros(15), 0.5)


# ---------------------------------------------------------------------------------------------
# errors for bad input


@pytest.mark.parametrize("function, args", [
    (lgb.ExpSO3, ([1.0, 2.0],)), (lgb.ExpSO3, (np.ones(4),)), (lgb.ExpS3, (np.eye(3),)),
    (lgb.TExpSO3, ([1.0, 2.0, 3.0, 4.0],)), (lgb.TExpSO3Inv, (np.ones(6),)), (lgb.LogSO3, (np.eye(4),)),
    (lgb.LogSO3, ([1.0, 2.0, 3.0],)), (lgb.ExpSE3, (np.ones(3),)), (lgb.TExpSE3, (np.ones(7),)),
    (lgb.TExpSE3Inv, (np.eye(3),)), (lgb.LogSE3, (np.eye(3),)), (lgb.ExpR3xSO3, (np.ones(5),)),
    (lgb.TExpR3xSO3, ([0.1, 0.2],)), (lgb.TExpR3xSO3Inv, (np.ones(4),)), (lgb.R3xSO3Matrix, (np.ones(4), np.eye(3))),
    (lgb.R3xSO3Matrix, (np.ones(3), np.eye(4))), (lgb.R3xSO3Matrix2RotationMatrix, (np.eye(3),)),
    (lgb.R3xSO3Matrix2Translation, (np.ones(7),)), (lgb.CompositionRuleForEulerParameters, (np.ones(3), np.ones(4))),
    (lgb.CompositionRuleForRotationVectors, (np.ones(3), np.ones(4))),
    (lgb.CompositionRuleRotXYZAnglesRotationVector, (np.ones(6), np.ones(3))),
    (lgb.CompositionRuleDirectProductR3AndS3, (np.ones(6), np.ones(6))),
    (lgb.CompositionRuleSemiDirectProductR3AndS3, (np.ones(7), np.ones(3))),
    (lgb.CompositionRuleDirectProductR3AndR3RotVec, (np.ones(7), np.ones(6))),
    (lgb.CompositionRuleSemiDirectProductR3AndR3RotVec, (np.ones(6), np.ones(7))),
    (lgb.CompositionRuleDirectProductR3AndR3RotXYZAngles, (np.ones(3), np.ones(6))),
    (lgb.CompositionRuleSemiDirectProductR3AndR3RotXYZAngles, (np.ones(6), np.eye(3))),
    (phy.VonMisesStress, ([1.0, 2.0, 3.0],)), (phy.VonMisesStress, (np.ones((2, 5)),)),
    (phy.VonMisesStress, (np.ones((2, 3, 6)),)), (sig.ComputeFFT, (np.arange(5.0), np.ones(4))),
    (sig.FilterSensorOutput, (np.arange(10.0),)), (sig.FilterSensorOutput, (np.ones((10, 1)),)),
    (sig.FilterSignal, (np.ones((10, 2)),)),
])
def test_wrong_shapes_raise_value_errors_naming_the_function(function, args):
    with pytest.raises(ValueError, match=function.__name__):
        function(*args)


@pytest.mark.parametrize("function, args, kwargs", [
    (lgb.Sinc, ([0.5],), {}), (lgb.Cot, ("a",), {}), (lgb.Sinc, (np.array([0.1, 0.2]),), {}),
    (lgb.ExpSO3, (None,), {}), (lgb.ExpSE3, ("abcdef",), {}), (lgb.LogSO3, ([[1, 0, 0], [0, 1], [0, 0, 1]],), {}),
    (phy.StribeckFunction, (np.array([0.1, 0.2]), 0.3, 0.2), {}),
    (phy.RegularizedFriction, ("v", 0.3, 0.2, 1e-3, 1e-2), {}), (phy.VonMisesStress, ("stress",), {}),
    (sig.FilterSignal, (np.ones(10),), {"filterWindow": 5.0}),
    (sig.GetInterpolatedSignalValue, (np.array([0.1, 0.2]), np.ones(5), np.arange(5.0)), {}),
])
def test_wrong_types_raise_type_errors_naming_the_function(function, args, kwargs):
    with pytest.raises(TypeError, match=function.__name__):
        function(*args, **kwargs)


@pytest.mark.parametrize("kwargs, message", [
    ({"filterWindow": 4}, "ODD integer"), ({"filterWindow": 3, "polyOrder": 3}, "polyOrder"),
    ({"filterWindow": 15}, "must not exceed"), ({"derivative": -1}, "derivative must be >= 0"),
    ({"filterWindow": 0, "derivative": 3}, "up to 2nd derivatives"), ({"polyOrder": -1}, "polyOrder"),
])
def test_filter_arguments_are_checked(kwargs, message):
    signal = np.column_stack((np.arange(12) * 0.1, np.sin(np.arange(12.0))))
    for function, arg in ((sig.FilterSensorOutput, signal), (sig.FilterSignal, signal[:, 1])):
        with pytest.raises(ValueError, match=message):
            function(arg, **kwargs)


def test_interpolation_needs_column_indices_and_a_positive_time_step():
    table = np.column_stack((np.arange(5) * 0.1, np.arange(5.0)))
    with pytest.raises(ValueError, match="timeArrayIndex must be provided"):
        sig.GetInterpolatedSignalValue(0.15, table, dataArrayIndex=1)
    with pytest.raises(ValueError, match="dataArrayIndex must be provided"):
        sig.GetInterpolatedSignalValue(0.15, table, timeArrayIndex=0)
    with pytest.raises(ValueError, match="sample rate"):
        sig.GetInterpolatedSignalValue(0.15, np.arange(5.0), np.zeros(5))


def test_cot_of_zero_raises_zero_division():
    with pytest.raises(ZeroDivisionError, match="Cot"):
        lgb.Cot(0.0)
