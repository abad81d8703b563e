"""The values returned by Python user functions, checked as Exudyn 1.13.6 casts them (issue 44): a
value of the wrong type or shape is refused with the library's error (an InternalError, as
Exudyn's, and a UserFunctionError) naming the item (type, number, name), the function and what
was expected; a value that is not finite fails the solve with a SolverError naming its source; a
sensor user function's NaN is recorded. ObjectGenericODE2's jacobianUserFunction is called as
Exudyn calls it (once per Jacobian, with the factors fODE2 and fODE2_t), and a wrong Jacobian
changes Newton's iteration count, not the result.

Outcomes, positions and Newton counts measured from Exudyn 1.13.6 (scripts /tmp/hd/m1.py, m2.py,
m3.py: a mass point at [1, 0, 0] with a load [0, -1, 0], 10 steps of 10 ms)."""
import math

import numpy as np
import pytest

import multibody as exu
from multibody.errors import UserFunctionError, UserFunctionResultError
from multibody.itemInterface import (LoadCoordinate, LoadForceVector, MarkerBodyPosition, MarkerNodeCoordinate,
                                     MarkerNodeCoordinates, MarkerNodePosition, MassPoint, NodePoint, NodePointGround,
                                     ObjectConnectorCartesianSpringDamper, ObjectConnectorCoordinate,
                                     ObjectConnectorCoordinateVector, ObjectConnectorSpringDamper, ObjectGenericODE2,
                                     ObjectGround, SensorNode, SensorUserFunction)

NAN = math.nan
# (case, the function's value, Exudyn's outcome: the position after the solve, or the error
# ("refused": an InternalError "Unable to cast", or ExudynValueError for a wrong size; "nan": the
# solve fails with a SolverError))
EXUDYN = [
    ("load", (1, 2, 3), [0.005, 0.01, 0.015]), ("load", [True, 0, 0], [0.005, 0, 0]),
    ("load", np.array([1, 2, 3]), [0.005, 0.01, 0.015]), ("load", np.float32([1, 2, 3]), [0.005, 0.01, 0.015]),
    ("load", [1, 2], "refused"), ("load", [1, 2, 3, 4], "refused"), ("load", "abc", "refused"),
    ("load", None, "refused"), ("load", np.array([1., 2.]), "refused"), ("load", np.zeros((3, 1)), "refused"),
    ("load", np.zeros((1, 3)), "refused"), ("load", 5.0, "refused"), ("load", [[1, 2, 3]], "refused"),
    ("load", {"a": 1}, "refused"), ("load", ["a", 1, 2], "refused"),
    ("load", [NAN, 0, 0], "nan"), ("load", [math.inf, 0, 0], "nan"),
    ("coordinate_load", np.array(2.), [0.01, 0, 0]), ("coordinate_load", True, [0.005, 0, 0]),
    ("coordinate_load", 3, [0.015, 0, 0]), ("coordinate_load", [1.], "refused"), ("coordinate_load", "a", "refused"),
    ("coordinate_load", None, "refused"), ("coordinate_load", np.array([2.]), "refused"),
    ("coordinate_load", [1, 2], "refused"), ("coordinate_load", NAN, "nan"), ("coordinate_load", math.inf, "nan"),
    ("spring_damper", 1.0, [-0.004999995605126551, -0.00499574175109063, 0]), ("spring_damper", [1., 2.], "refused"),
    ("spring_damper", "a", "refused"), ("spring_damper", None, "refused"),
    ("spring_damper", np.array([1.]), "refused"), ("spring_damper", NAN, "nan"),
    ("cartesian", [0, 0, 0], [0, -0.005, 0]), ("cartesian", [1., 2.], "refused"), ("cartesian", 1.0, "refused"),
    ("cartesian", "abc", "refused"), ("cartesian", None, "refused"), ("cartesian", [0, NAN, 0], "nan"),
    ("offset", 0.0, [0, 0, 0]), ("offset", [1., 2.], "refused"), ("offset", "a", "refused"),
    ("offset", None, "refused"), ("offset", NAN, "nan"),
    ("sensor", [1., 2.], [0, -0.005, 0]), ("sensor", [], [0, -0.005, 0]), ("sensor", [NAN], [0, -0.005, 0]),
    ("sensor", 1.0, "refused"), ("sensor", "a", "refused"), ("sensor", None, "refused"),
    ("sensor", [[1, 2]], "refused"),
    ("preStep", True, [0, -0.005, 0]), ("preStep", 1, [0, -0.005, 0]), ("preStep", NAN, [0, -0.005, 0]),
    ("preStep", None, [0, -5e-5, 0]), ("preStep", 0, [0, -5e-5, 0]),
    ("preStep", "a", "refused"), ("preStep", [1], "refused"),
    ("postNewton", [0, 0], [0, -0.005, 0]), ("postNewton", [NAN, 0], [0, -0.005, 0]),
    ("postNewton", [0], "refused"), ("postNewton", [0, 0, 0], "refused"), ("postNewton", 1.0, "refused"),
    ("postNewton", None, "refused"), ("postNewton", "ab", "refused"),
    ("ode2_force", [0, 0, 0], [0, -0.0025, 0]), ("ode2_force", [0, 0], "refused"), ("ode2_force", 1.0, "refused"),
    ("ode2_force", None, "refused"), ("ode2_force", np.zeros((3, 1)), "refused"),
    ("ode2_force", [0, NAN, 0], "nan"),
    ("ode2_mass", np.eye(3), [0, -0.0025, 0]), ("ode2_mass", np.eye(3).tolist(), [0, -0.0025, 0]),
    ("ode2_mass", None, [0, -0.005, 0]), ("ode2_mass", 1.0, "refused"), ("ode2_mass", np.eye(3) * NAN, "nan"),
    ("constraint", [0.], [0, -0.005, 0]), ("constraint", [0., 0.], "refused"), ("constraint", 0.0, "refused"),
    ("constraint", None, "refused"), ("constraint", [NAN], "nan"),
]
# the item and function each error names
NAMES = {"load": ("LoadForceVector 0 ('theLoad')", "loadVectorUserFunction"),
         "coordinate_load": ("LoadCoordinate 0 ('theLoad')", "loadUserFunction"),
         "spring_damper": ("ObjectConnectorSpringDamper 2 ('theItem')", "springForceUserFunction"),
         "cartesian": ("ObjectConnectorCartesianSpringDamper 2 ('theItem')", "springForceUserFunction"),
         "offset": ("ObjectConnectorCoordinate 2 ('theItem')", "offsetUserFunction"),
         "sensor": ("SensorUserFunction 1 ('theSensor')", "sensorUserFunction"),
         "preStep": ("", "PreStepUserFunction"), "postNewton": ("", "PostNewtonUserFunction"),
         "ode2_force": ("ObjectGenericODE2 2 ('theItem')", "forceUserFunction"),
         "ode2_mass": ("ObjectGenericODE2 2 ('theItem')", "massMatrixUserFunction"),
         "constraint": ("ObjectConnectorCoordinateVector 2 ('theItem')", "constraintUserFunction")}


def _add_function(mbs, case, f, n, mg, mn):
    if case == "load":
        mbs.AddLoad(LoadForceVector(markerNumber=mn, loadVector=[0, 0, 1], loadVectorUserFunction=f, name="theLoad"))
        return
    if case == "coordinate_load":
        mc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
        mbs.AddLoad(LoadCoordinate(markerNumber=mc, load=1, loadUserFunction=f, name="theLoad"))
        return
    if case == "spring_damper":
        mbs.AddObject(ObjectConnectorSpringDamper(markerNumbers=[mg, mn], stiffness=10, referenceLength=1,
                                                  springForceUserFunction=f, name="theItem"))
    elif case == "cartesian":
        mbs.AddObject(ObjectConnectorCartesianSpringDamper(markerNumbers=[mg, mn], stiffness=[10] * 3,
                                                           springForceUserFunction=f, name="theItem"))
    elif case == "offset":
        c0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
        c1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=1))
        mbs.AddObject(ObjectConnectorCoordinate(markerNumbers=[c0, c1], offsetUserFunction=f, name="theItem"))
    elif case == "sensor":
        s0 = mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Position,
                                      writeToFile=False))
        mbs.AddSensor(SensorUserFunction(sensorNumbers=[s0], sensorUserFunction=f, writeToFile=False,
                                         storeInternal=True, name="theSensor"))
    elif case in ("preStep", "postNewton"):
        getattr(mbs, f"Set{case[0].upper()}{case[1:]}UserFunction")(f)
    elif case.startswith("ode2"):
        key = "forceUserFunction" if case == "ode2_force" else "massMatrixUserFunction"
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.eye(3), name="theItem", **{key: f}))
    elif case == "constraint":
        mgc = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
        mnc = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=n))
        mbs.AddObject(ObjectConnectorCoordinateVector(
            markerNumbers=[mgc, mnc], scalingMarker0=np.zeros((1, 0)), scalingMarker1=np.array([[1., 0, 0]]),
            constraintUserFunction=f, jacobianUserFunction=lambda mbs, t, i, q, q_t, vl: np.array([[1., 0, 0]]),
            name="theItem"))
    mbs.AddLoad(LoadForceVector(markerNumber=mn, loadVector=[0, -1, 0], name="theLoad"))


def _solve(case, value):
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(mass=1, nodeNumber=n))
    mg, mn = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g)), mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
    _add_function(mbs, case, lambda *args: value, n, mg, mn)
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 10, 0.1
    s.timeIntegration.verboseMode = 0
    s.solution.file.write = False
    with np.errstate(all="ignore"):
        mbs.SolveDynamic(s)
    return mbs


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("case, value, expected", EXUDYN, ids=[f"{c}-{v!r}"[:40] for c, v, _ in EXUDYN])
def test_user_function_values_as_exudyn(case, value, expected):
    """Each value: accepted with Exudyn's position, refused naming item, function and expected
    shape, or a SolverError naming the non-finite value's source."""
    if expected == "refused":
        with pytest.raises(UserFunctionResultError) as info:
            _solve(case, value)
        assert isinstance(info.value, exu.InternalError) and isinstance(info.value, UserFunctionError)
        item, function = NAMES[case]
        message = str(info.value)
        assert message.startswith(item) and function in message and "returned" in message, message
        assert "; expected " in message, message
    elif expected == "nan":
        with pytest.raises(exu.SolverError, match="not finite") as info:
            _solve(case, value)
        assert not isinstance(info.value, UserFunctionError)
        item, function = NAMES[case]
        assert f"{item}: user function '{function}'" in str(info.value), str(info.value)
    else:
        mbs = _solve(case, value)
        # (to Newton's tolerance: the spring-damper's Jacobian is by differences of its user function)
        np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates()[:3], expected, rtol=1e-8, atol=1e-15)


def test_sensor_user_function_values_are_stored():
    """A sensor's values of any length are stored (NaN too, as Exudyn)."""
    for value, row in (([1., 2.], [0.1, 1., 2.]), ([NAN], [0.1, NAN])):
        data = _solve("sensor", value).GetSensorStoredData(1)
        np.testing.assert_allclose(data[-1], row, rtol=1e-12)


# ---------------------------------------------------------------- ObjectGenericODE2's jacobianUserFunction
K3 = 100.0


def _jacobian(scale):
    """J = scale (fODE2 dQ/dq + fODE2_t dQ/dq_t) of the force below (Q = -f); scale 1: exact."""
    def jacobian(mbs, t, i, q, q_t, f, f_t):
        CALLS.append((t, f, f_t, type(q)))
        J = np.zeros((3, 3))
        J[0, 0], J[1, 1] = f * 3 * K3 * q[0] ** 2 + f_t * 2, f * 50
        return scale * J
    return jacobian


CALLS = []
# Exudyn 1.13.6, 20 steps of 10 ms: Jacobian -> (full Newton: newtonStepsCount, modified Newton:
# newtonStepsCount, q after the solve (full Newton))
JACOBIAN_EXUDYN = {None: (40, 55, [0.32195949225974385, 0.031306498509601884]),
                   1.0: (40, 55, [0.3219594922597438, 0.03130649850960186]),
                   0.0: (93, 93, [0.3219594923254221, 0.03130649850962462]),
                   0.5: (80, 80, [0.32195949239767135, 0.03130649850962263])}
FIRST_CALL = (0.01, 2.7700831024930747e-05, 0.005526315789473684)      # (t, fODE2, fODE2_t)


def _ode2_solver(scale, modified):
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0], initialCoordinates=[0.5, 0.2, 0]))
    kw = {} if scale is None else {"jacobianUserFunction": _jacobian(scale)}
    mbs.AddObject(ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.eye(3), **kw, forceUserFunction=lambda mbs, t, i, q, q_t:
                                    np.array([-K3 * q[0] ** 3 - 2 * q_t[0], -50 * q[1], 0.])))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 20, 0.2
    s.timeIntegration.verboseMode = 0
    s.solution.file.write = False
    s.timeIntegration.newton.useModifiedNewton = modified
    CALLS.clear()
    solver = exu.MainSolverImplicitSecondOrder()
    assert solver.SolveSystem(mbs, s)
    return mbs, solver


@pytest.mark.parametrize("scale", list(JACOBIAN_EXUDYN))
def test_generic_ode2_jacobian_user_function_as_exudyn(scale):
    """Called once per Jacobian with (t, fODE2 = beta h^2, fODE2_t = gamma h), q as a list; the
    Newton iterations as Exudyn's (a wrong Jacobian: more), the result within Newton's tolerance."""
    full, modified, q = JACOBIAN_EXUDYN[scale]
    mbs, solver = _ode2_solver(scale, False)
    assert solver.it.newtonStepsCount == full
    assert len(CALLS) == (0 if scale is None else solver.it.newtonJacobiCount)
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates()[:2], q, rtol=1e-12)
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates()[:2], JACOBIAN_EXUDYN[None][2], rtol=1e-9)
    if scale is not None:
        np.testing.assert_allclose(CALLS[0][:3], FIRST_CALL, rtol=1e-12)
        assert CALLS[0][3] is list
    mbs, solver = _ode2_solver(scale, True)
    assert solver.it.newtonStepsCount == modified
    assert len(CALLS) == (0 if scale is None else solver.it.newtonJacobiCount) and solver.it.newtonJacobiCount == 1


def test_generic_ode2_jacobian_of_the_wrong_shape_is_refused():
    with pytest.raises(UserFunctionResultError, match=r"ObjectGenericODE2 0 \('object0'\).*'jacobianUserFunction'.*"
                                                     r"expected a 3x3 matrix"):
        mbs = exu.SystemContainer().AddSystem()
        n = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0]))
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.eye(3),
                                        jacobianUserFunction=lambda mbs, t, i, q, q_t, f, f_t: np.eye(2)))
        mbs.Assemble()
        s = exu.SimulationSettings()
        s.timeIntegration.verboseMode = 0
        s.solution.file.write = False
        mbs.SolveDynamic(s)
