"""SolveDynamic / SolveStatic: pick the solver class, run it, report as Exudyn does."""
from __future__ import annotations

from ..enums import ConfigurationType, DynamicSolverType
from ..errors import ExudynError, NotImplementedFeatureError, SolverError
from ..messages import warn

CFG = ConfigurationType

IMPLICIT = (DynamicSolverType.GeneralizedAlpha, DynamicSolverType.TrapezoidalIndex2)


def _prepare(mbs, settings, autoAssemble, what):
    from ..model.settings import SimulationSettings
    if settings is None:
        settings = SimulationSettings()
    if not mbs.systemIsConsistent:
        if not autoAssemble:
            raise SolverError("Solver: system is inconsistent and cannot be solved (call Assemble() "
                              "and check error messages)")
        warn(f"{what}: mbs.systemIsConsistent=False, therefore calling mbs.Assemble() before "
              "solving; to avoid this, set autoAssemble=False")
        mbs.Assemble()
    c = mbs._compiled
    if c.n_ode2 + c.n_ode1 + c.n_ae == 0:
        raise SolverError(f"{what}: cannot solve for system size = 0")
    return settings


def _explicit_class():
    try:
        from .explicit import ExplicitSolver
    except ImportError:
        return None
    return ExplicitSolver


def _run(mbs, solver, settings, key, updateInitialValues, storeSolver, static):
    from ..output.manager import OutputManager
    from .heap import keep_threshold
    keep_threshold()
    if storeSolver:
        mbs.sys[key] = solver
        mbs.sys["simulationSettings"] = settings
    solver.output_manager = OutputManager(mbs, settings, solver)
    solver.initialize()
    solver.output.initializationSuccessful = True
    try:
        solver.run()
    except BaseException as exc:
        if isinstance(exc, ExudynError) and (settings.timeIntegration.verboseMode
                                             or (static and settings.staticSolver.verboseMode)):
            print(f"{'STATIC' if static else 'DYNAMIC'} SOLVER FAILED: {exc}")
        report_end = getattr(solver, "report_end", None)
        if report_end is not None:
            report_end(failed=f"{type(exc).__name__}: {exc}")     # (the information file closed)
        raise
    c = mbs._compiled
    if updateInitialValues:
        init, cur = c.states[CFG.Initial], c.states[CFG.Current]
        for k in ("q", "v", "y", "lam", "x"):
            getattr(init, k)[:] = getattr(cur, k)
        if not static:
            init.a[:] = cur.a
    return True


def solve_dynamic(mbs, simulationSettings=None, solverType=None, updateInitialValues=False,
                  storeSolver=True, showHints=False, showCausingItems=True, autoAssemble=True):
    """mbs.SolveDynamic: the solver type comes from the argument or timeIntegration.solverType."""
    settings = _prepare(mbs, simulationSettings, autoAssemble, "SolveDynamic")
    ti = settings.timeIntegration
    st = DynamicSolverType(int(solverType if solverType is not None else ti.solverType))
    if st in IMPLICIT:
        from .implicit import ImplicitSecondOrderSolver
        solver = ImplicitSecondOrderSolver(mbs, settings,
                                           force_index2_newmark=(st == DynamicSolverType.TrapezoidalIndex2))
    else:
        cls = _explicit_class()
        if cls is None or st == DynamicSolverType.DVERK6 and not getattr(cls, "supports_dverk6", False):
            raise NotImplementedFeatureError(f"SolveDynamic: solver type not implemented: {st}")
        solver = cls(mbs, settings, st)
    return _run(mbs, solver, settings, "dynamicSolver", updateInitialValues, storeSolver, False)


def solve_static(mbs, simulationSettings=None, updateInitialValues=False, storeSolver=True,
                 showHints=False, showCausingItems=True, autoAssemble=True):
    """mbs.SolveStatic: load steps of Newton on f + C^T lambda = 0."""
    settings = _prepare(mbs, simulationSettings, autoAssemble, "SolveStatic")
    from .static import StaticSolver
    solver = StaticSolver(mbs, settings)
    return _run(mbs, solver, settings, "staticSolver", updateInitialValues, storeSolver, True)


def SolverSuccess(solverStructure):
    """[finishedSuccessfully, error string] of a solver object."""
    return [solverStructure.output.finishedSuccessfully, solverStructure.GetErrorString()]
