"""exudyn.solver compatibility: SolveStatic, SolveDynamic, SolverSuccess, ComputeSystemDegreeOfFreedom."""
from . import ComputeSystemDegreeOfFreedom, SolveDynamic, SolveStatic  # noqa: F401
from .solvers.facade import SolverSuccess  # noqa: F401

__all__ = ["SolveStatic", "SolveDynamic", "SolverSuccess", "ComputeSystemDegreeOfFreedom"]
