"""multibody.solver (exudyn.solver): the module functions of issue 40 - DeactivateWritingOfSolvers,
RestoreSimulationSettings (against Exudyn 1.13.6's in tests/reference/utilities_issue40.json),
SolverErrorMessage, CheckSolverInfoStatistics, and the re-exported ComputeLinearizedSystem and
ComputeODE2Eigenvalues."""
import json
from pathlib import Path

import numpy as np
import pytest

import multibody as exu
import multibody.solver as solver
import multibody.utilities as u
from tests.api import utility_models as models

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "utilities_issue40.json"
with REFERENCE.open() as _f:
    HELPERS = json.load(_f)["solverHelpers"]


@pytest.mark.parametrize("case", range(len(HELPERS)))
def test_deactivate_and_restore_writing(case):
    ref = HELPERS[case]
    ss = exu.SimulationSettings()
    ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active = ref["in"]
    store = solver.DeactivateWritingOfSolvers(ss)
    assert store == ref["store"]
    assert [ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active,
            ss.timeIntegration.verboseMode] == ref["after"]
    ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active = 5, True, True
    assert solver.RestoreSimulationSettings(ss, store) is None
    assert [ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active] == ref["restored"]


def test_restore_needs_the_store():
    with pytest.raises(KeyError):
        solver.RestoreSimulationSettings(exu.SimulationSettings(), {})


def test_module_values_and_info_statistics():
    assert solver.solverCheckMemoryAllocations is True
    assert solver.solverCheckMemoryAllocationsThreshold == 100000
    assert solver.CheckSolverInfoStatistics("Test", [0] * 7, 10) is None


def test_linearization_functions_are_the_package_ones():
    assert solver.ComputeLinearizedSystem is exu.ComputeLinearizedSystem
    assert solver.ComputeODE2Eigenvalues is exu.ComputeODE2Eigenvalues
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u)
    M, K, D = solver.ComputeLinearizedSystem(mbs)
    np.testing.assert_allclose(np.diag(M), [2, 2, 2, 1, 1, 1])


def _failed_static_solve():
    """A mass point on a spring and a free one in a static solve: the linear solver fails at a
    coordinate of the free one."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(u.ObjectGround())
    mp = mbs.CreateMassPoint(referencePosition=[1, 2, 3], mass=2)
    mbs.CreateMassPoint(referencePosition=[2, 2, 3], mass=2)
    mbs.CreateCartesianSpringDamper(itemNumbers=[ground, mp], stiffness=[10, 10, 10], localPosition0=[1, 2, 3])
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.staticSolver.verboseMode, ss.solution.file.write = 0, False
    with pytest.raises(Exception):
        mbs.SolveStatic(ss)
    return mbs, mbs.sys["staticSolver"]


def test_solver_error_message_names_the_causing_items():
    mbs, failed = _failed_static_solve()
    row = failed.conv.linearSolverCausingRow
    assert failed.conv.linearSolverFailed and 3 <= row <= 5     # (a coordinate of the free mass point)
    text = solver.SolverErrorMessage(failed, mbs, isStatic=True)
    assert text.startswith("\n" + "*" * 30 + "\nSTATIC SOLVER FAILED:\n")
    assert "ComputeSystemDegreeOfFreedom" in text and "static solve" in text
    assert f"the causing system equation {row} is an ODE2 coordinate" in text
    assert "objects with this equation: [2]" in text and "object 2 ('object2', MassPoint)" in text
    assert "node 1 ('node1', Point)" in text
    short = solver.SolverErrorMessage(failed, mbs, isStatic=True, showHints=False, showCausingObjects=False,
                                      showCausingNodes=False)
    assert "showHints=True" in short and "object 2" not in short and "node 1" not in short


def test_solver_error_message_without_a_causing_equation():
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u)
    ss = exu.SimulationSettings()
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)
    text = solver.SolverErrorMessage(mbs.sys["dynamicSolver"], mbs)
    assert "DYNAMIC SOLVER FAILED" in text and "static solve" not in text and "causing system equation" not in text
