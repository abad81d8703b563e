"""exudyn.solver compatibility: the module functions of the solvers (SolveStatic, SolveDynamic,
SolverSuccess, ComputeSystemDegreeOfFreedom, ComputeLinearizedSystem, ComputeODE2Eigenvalues)
and the helpers around them: switching the output of a solver off and on again
(DeactivateWritingOfSolvers, RestoreSimulationSettings) and the message after a failed solve
(SolverErrorMessage)."""
from . import ComputeLinearizedSystem, ComputeODE2Eigenvalues  # noqa: F401  (solvers/linearize.py)
from . import ComputeSystemDegreeOfFreedom, SolveDynamic, SolveStatic  # noqa: F401
from .solvers.facade import SolverSuccess  # noqa: F401

__all__ = ["SolveStatic", "SolveDynamic", "SolverSuccess", "ComputeSystemDegreeOfFreedom", "ComputeLinearizedSystem",
           "ComputeODE2Eigenvalues", "CheckSolverInfoStatistics", "DeactivateWritingOfSolvers",
           "RestoreSimulationSettings", "SolverErrorMessage", "solverCheckMemoryAllocations",
           "solverCheckMemoryAllocationsThreshold"]

#: Exudyn's switch and threshold for warnings about memory allocations of its C++ core during a solve;
#: there is no such core here (no allocation counters), so nothing is checked (CheckSolverInfoStatistics)
solverCheckMemoryAllocations = True
solverCheckMemoryAllocationsThreshold = 100000


def CheckSolverInfoStatistics(solverName, infoStat, numberOfEvaluations):
    """Exudyn warns here when its C++ core allocated memory in every step (counted by InfoStat since
    ``infoStat``); multibody has no such counters, so there is nothing to check: returns None."""
    return None


def DeactivateWritingOfSolvers(simulationSettings):
    """Switch off the static solver's console output, the solution file and the sensors (e.g. for
    the many solves of a parameter variation); returns the old values for RestoreSimulationSettings."""
    store = {"verboseModeOld": simulationSettings.staticSolver.verboseMode,
             "writeSolutionToFileOld": simulationSettings.solution.file.write,
             "sensorsStoreAndWriteFilesOld": simulationSettings.solution.sensors.active}
    simulationSettings.staticSolver.verboseMode = 0
    simulationSettings.solution.file.write = False
    simulationSettings.solution.sensors.active = False
    return store


def RestoreSimulationSettings(simulationSettings, store):
    """Set back what DeactivateWritingOfSolvers switched off (``store`` is its result)."""
    simulationSettings.staticSolver.verboseMode = store["verboseModeOld"]
    simulationSettings.solution.file.write = store["writeSolutionToFileOld"]
    simulationSettings.solution.sensors.active = store["sensorsStoreAndWriteFilesOld"]


_HINTS = (
    "  POSSIBLE CAUSES:",
    "  * initial values that do not fit the constraints or the loads",
    "  * a (nearly) singular system: very stiff (penalty) springs, redundant constraints, bodies without mass",
    "  WHAT TO TRY:",
    "  * check the items named below, then the nodes, objects, markers and connectors of the model",
    "  * mbs.ComputeSystemDegreeOfFreedom() (for small systems) shows redundant constraints",
    "  * linearSolver.ignoreSingularJacobian=True with the EigenDense linear solver for redundant constraints",
    "  * other solver settings (e.g. index 2 instead of index 3 constraints, smaller steps)",
    "  * remove constraints, then bodies, one at a time until the model solves",
    "  * check the joint axes in the visualization; lower penalty stiffnesses",
)
_STATIC_HINT = "  * in a static solve: coordinates that no spring, load or constraint holds (free motion)"


def _items_of_equation(mbs, row):
    """(object numbers, node numbers) whose coordinates or equations include system equation row."""
    sd = mbs.systemData
    n_ode2 = sd.ODE2Size()
    if row < n_ode2:
        objects = [i for i in range(sd.NumberOfObjects()) if row in list(sd.GetObjectLTGODE2(i))]
        nodes = [i for i in range(sd.NumberOfNodes()) if row in list(sd.GetNodeLTGODE2(i))]
    else:
        ae = row - n_ode2
        objects = [i for i in range(sd.NumberOfObjects()) if ae in list(sd.GetObjectLTGAE(i))]
        nodes = [i for i in range(sd.NumberOfNodes()) if ae in list(sd.GetNodeLTGAE(i))]
    return objects, nodes


def _causing_items(solver, mbs, showCausingObjects, showCausingNodes):
    conv = getattr(solver, "conv", None)
    row = int(getattr(conv, "linearSolverCausingRow", -1)) if conv is not None else -1
    if conv is None or not conv.linearSolverFailed or row < 0:
        return ""
    kind = "an ODE2 coordinate" if row < mbs.systemData.ODE2Size() else "an algebraic equation"
    text = f"the causing system equation {row} is {kind}\n"
    objects, nodes = _items_of_equation(mbs, row)
    if showCausingObjects and objects:
        text += f"objects with this equation: {objects}\n"
        text += "".join(f"    object {i} ('{mbs.GetObject(i)['name']}', {mbs.GetObject(i)['objectType']})\n"
                        for i in objects)
    if showCausingNodes and nodes:
        text += f"nodes with this equation: {nodes}\n"
        text += "".join(f"    node {i} ('{mbs.GetNode(i)['name']}', {mbs.GetNode(i)['nodeType']})\n" for i in nodes)
    return text


def SolverErrorMessage(solver, mbs, isStatic=False, showCausingObjects=True, showCausingNodes=True,
                       showHints=True):
    """The text to show after a failed solve: what failed, hints (showHints) and, where the linear
    solver named the causing equation (solver.conv.linearSolverCausingRow), the objects and nodes
    of that equation (showCausingObjects, showCausingNodes)."""
    bar = "*" * 30
    lines = ["", bar, ("STATIC" if isStatic else "DYNAMIC") + " SOLVER FAILED:"]
    if showHints:
        lines += list(_HINTS[:3]) + ([_STATIC_HINT] if isStatic else []) + list(_HINTS[3:])
    else:
        lines.append("  use showHints=True to show what may cause this and what to try")
    lines.append(bar)
    return "\n".join(lines) + "\n" + _causing_items(solver, mbs, showCausingObjects, showCausingNodes)
