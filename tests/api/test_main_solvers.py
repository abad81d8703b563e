"""The solver objects exu.MainSolverImplicitSecondOrder, MainSolverStatic and MainSolverExplicit
against Exudyn 1.13.6 (tests/reference/main_solvers.json, written by
tools/make_main_solvers_reference.py from the cases of main_solver_cases.py): SolveSystem of the
three solvers, initialization, the system vectors and matrices, stepping by hand, SolveSteps going
on to a later end time, step-size control, user functions (Exudyn's Lie group RK4 pattern among
them), failures and the data structures; and SolveSystem against mbs.SolveDynamic / SolveStatic."""
import json
import os
import warnings

import numpy as np
import pytest

import multibody as exu
from multibody import utilities as U

from . import main_solver_cases as cases

REFERENCE = os.path.join(os.path.dirname(__file__), "..", "reference", "main_solvers.json")
# states after Newton solves: Exudyn's and multibody's iterations stop at different iterates
# within Newton's tolerance (relative 1e-8 of residuals ~1e2 times beta h^2): ~1e-11 in q;
# Jacobians and right-hand sides at those states share that level relative to their size
ATOL, RTOL = 1e-10, 1e-10


def _reference():
    with open(REFERENCE) as f:
        return json.load(f)["cases"]


def _same(ours, theirs, path):
    if isinstance(theirs, dict) and "__ndarray__" in theirs:
        assert isinstance(ours, np.ndarray), f"{path}: expected an ndarray, got {type(ours).__name__}"
        np.testing.assert_allclose(ours, np.array(theirs["__ndarray__"]), rtol=RTOL, atol=ATOL, err_msg=path)
    elif isinstance(theirs, dict):
        assert isinstance(ours, dict) and set(ours) == set(theirs), f"{path}: keys {sorted(ours)} vs {sorted(theirs)}"
        for k in theirs:
            _same(ours[k], theirs[k], f"{path}.{k}")
    elif isinstance(theirs, list):
        assert isinstance(ours, (list, tuple)) and len(ours) == len(theirs), f"{path}: {ours!r} vs {theirs!r}"
        for i, (a, b) in enumerate(zip(ours, theirs)):
            _same(a, b, f"{path}[{i}]")
    elif isinstance(theirs, float) and not isinstance(ours, (bool, np.bool_)):
        assert ours == pytest.approx(theirs, rel=RTOL, abs=ATOL), f"{path}: {ours!r} vs {theirs!r}"
    else:
        assert _same_scalar(ours, theirs), f"{path}: {ours!r} vs {theirs!r}"


def _same_scalar(ours, theirs):
    """Equal, and of the same kind (a bool is not taken for an int)."""
    if isinstance(theirs, bool):
        return isinstance(ours, (bool, np.bool_)) and bool(ours) == theirs
    if isinstance(theirs, int):
        return isinstance(ours, (int, np.integer)) and not isinstance(ours, (bool, np.bool_)) and int(ours) == theirs
    return type(ours) is type(theirs) and ours == theirs


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_case_matches_exudyn(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        value = cases.run(exu, name)
    _same(value, _reference()[name], name)


def test_reference_has_every_case():
    assert set(_reference()) == set(cases.CASES)


# ---------------------------------------------------------------------------------------------
# SolveSystem is the run of mbs.SolveDynamic / mbs.SolveStatic (the same numbers, to the bit)
def _states(mbs):
    sd = mbs.systemData
    return [sd.GetODE2Coordinates(), sd.GetODE2Coordinates_t(), sd.GetODE2Coordinates_tt(), sd.GetAECoordinates()]


@pytest.mark.parametrize("kind", ["implicit", "index2", "static", "RK44", "DOPRI5"])
def test_solve_system_gives_the_numbers_of_mbs_solve(kind):
    def run(use_object):
        SC, mbs = cases.spring_pendulum(exu, U)
        s = cases.settings(exu, 20, 0.2)
        s.staticSolver.numberOfLoadSteps = 3
        if kind == "index2":
            s.timeIntegration.generalizedAlpha.useNewmark = True
            s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
        if kind in ("RK44", "DOPRI5"):
            SC, mbs = cases.spring_mass(exu, U)
            s.timeIntegration.solverType = getattr(exu.DynamicSolverType, kind)
        solver = {"static": exu.MainSolverStatic, "RK44": exu.MainSolverExplicit,
                  "DOPRI5": exu.MainSolverExplicit}.get(kind, exu.MainSolverImplicitSecondOrder)()
        if use_object:
            assert solver.SolveSystem(mbs, s)
            stats = solver.it
        elif kind == "static":
            mbs.SolveStatic(s)
            stats = mbs.sys["staticSolver"].it
        else:
            mbs.SolveDynamic(s, solverType=s.timeIntegration.solverType)
            stats = mbs.sys["dynamicSolver"].it
        return _states(mbs), [stats.newtonStepsCount, stats.newtonJacobiCount, stats.currentStepIndex]

    (ours, ours_stats), (theirs, theirs_stats) = run(True), run(False)
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a, b)
    assert ours_stats == theirs_stats


def test_initialize_solve_steps_finalize_is_solve_system():
    SC, mbs = cases.spring_pendulum(exu, U)
    s = cases.settings(exu, 20, 0.2)
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    assert solver.SolveSteps(mbs, s)
    solver.FinalizeSolver(mbs, s)
    SC2, mbs2 = cases.spring_pendulum(exu, U)
    exu.MainSolverImplicitSecondOrder().SolveSystem(mbs2, s)
    for a, b in zip(_states(mbs), _states(mbs2)):
        np.testing.assert_array_equal(a, b)


def test_solver_data_are_shared_with_the_run():
    """it/conv/output are the objects the run writes (a script may hold them before the run)."""
    SC, mbs = cases.spring_mass(exu, U)
    solver = exu.MainSolverImplicitSecondOrder()
    it = solver.it
    solver.SolveSystem(mbs, cases.settings(exu))
    assert it is solver.it and it.currentStepIndex == 11
    with pytest.raises(exu.ExudynValueError, match="SolverIterationData"):
        solver.it = 3


def test_solver_user_function_calling_its_own_phase_gets_the_default():
    """A Newton user function may call solver.Newton (the default Newton, not itself again)."""
    SC, mbs = cases.spring_mass(exu, U)
    calls = []

    def newton(solver, mbs_, settings):
        calls.append(mbs_.systemData.GetTime())
        return solver.Newton(mbs_, settings)

    solver = exu.MainSolverImplicitSecondOrder()
    solver.SetUserFunctionNewton(mbs, newton)
    assert solver.SolveSystem(mbs, cases.settings(exu))
    SC2, mbs2 = cases.spring_mass(exu, U)
    exu.MainSolverImplicitSecondOrder().SolveSystem(mbs2, cases.settings(exu))
    assert len(calls) == 10
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), mbs2.systemData.GetODE2Coordinates(),
                               rtol=0, atol=ATOL)


def test_internal_initialization_steps_say_what_to_call():
    solver = exu.MainSolverStatic()
    with pytest.raises(exu.NotImplementedFeatureError, match="InitializeSolverData.*call InitializeSolver"):
        solver.InitializeSolverData(None, None)


def test_stepping_by_hand_needs_a_step_size():
    SC, mbs = cases.spring_mass(exu, U)
    s = cases.settings(exu)
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    with pytest.raises(exu.ExudynValueError, match="currentStepSize must be finite and nonzero"):
        solver.DiscontinuousIteration(mbs, s)
