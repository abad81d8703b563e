"""The declarations of the settings structures (model/settings.py builds the classes): the
field types, the simulation settings and the deprecated names of Exudyn 1.11. Defaults are those
measured with Exudyn 1.13.6 (tools/make_settings_reference.py), descriptions from the spec."""
from __future__ import annotations

from typing import Any, NamedTuple

from ..enums import DynamicSolverType, LinearSolverType


class Field(NamedTuple):
    """One settings field: Exudyn name and type name, default, description.

    ``size`` is -1 for a vector of variable length; otherwise the size of a
    vector or matrix field is that of its default.
    """
    name: str
    type: str
    default: Any
    description: str = ""
    size: int | None = None


class Child(NamedTuple):
    """A sub-structure: attribute name, class name, field defaults that differ here."""
    name: str
    class_name: str
    overrides: dict = {}


class Declaration(NamedTuple):
    """One settings structure: docstring, sub-structures, fields."""
    doc: str
    children: tuple = ()
    fields: tuple = ()


def child(attribute, class_name, /, **overrides):
    """Child with field defaults that differ from the class defaults at this place."""
    return Child(attribute, class_name, overrides)


SIMULATION_DECLARATIONS = {
    "SimulationSettings": Declaration(
        'Settings of the static and dynamic solvers, solution and sensor files.',
        children=(
            Child("linearSolver", "LinearSolverSettings"),
            Child("parallel", "Parallel"),
            Child("show", "ShowSettings"),
            Child("solution", "SolutionSettings"),
            Child("staticSolver", "StaticSolverSettings"),
            Child("timeIntegration", "TimeIntegrationSettings"),
        ),
        fields=(
            Field("cleanUpMemory", "bool", False,
                  'If True, the solver releases its large work arrays (Jacobian, mass matrix, '
                  '...) at the end of a solve; otherwise they are kept for a faster repeated '
                  'solve. No effect on results.'),
            Field("consolePrecision", "UInt", 6,
                  'Number of significant digits for numbers the solver prints to the console.'),
            Field("pauseAfterEachStep", "bool", False,
                  'If True, the solver waits for a key press (SPACE in the render window) after '
                  'every time/load step. Only meaningful with a renderer.'),
        ),
    ),
    "LinearSolverSettings": Declaration(
        'Linear solver used in the Newton iterations.',
        fields=(
            Field("ignoreSingularJacobian", "bool", False,
                  'Only effective with solverType=EigenDense: switches the dense LU from partial '
                  'pivoting to full pivoting (rank revealing); a singular or redundant system is '
                  'then never reported and a particular solution is used (see solvers.md, linear '
                  'solvers). No effect for EXUdense/EigenSparse.'),
            Field("pivotThreshold", "UReal", 0.0,
                  'Intended pivot threshold for the dense solvers. Observed: no effect in 1.13.6 '
                  '(and not passed to the linear solver in the 1.11 source); the effective '
                  "threshold is 0 for EXUdense and Eigen's default for full-pivot LU."),
            Field("reuseAnalyzedPattern", "bool", False,
                  'Sparse LU only: reuse the symbolic analysis (ordering) of the previous '
                  'factorization if the number of non-zeros did not change; falls back to a full '
                  'analysis if the numeric factorization then fails.'),
            Field("showCausingItems", "bool", True,
                  'Stored but not used by the C++ solver (1.11 source). The Python '
                  'SolveStatic/SolveDynamic have their own argument showCausingItems, which '
                  'prints the objects linked to the causing equation.'),
            Field("solverType", "LinearSolverType", LinearSolverType.EXUdense,
                  'Linear solver / matrix storage: EXUdense, EigenDense, EigenSparse or '
                  'EigenSparseSymmetric (see solvers.md). _None is rejected by the solvers.'),
        ),
    ),
    "Parallel": Declaration(
        'Multi-threading of the solvers.',
        fields=(
            Field("multithreadedLowerLimitJacobians", "PInt", 20,
                  'Minimum number of objects for which Jacobian computation is run multi-threaded '
                  '(only if numberOfThreads > 1).'),
            Field("multithreadedLowerLimitLoads", "PInt", 20,
                  'Minimum number of loads for multi-threaded load evaluation.'),
            Field("multithreadedLowerLimitMassMatrices", "PInt", 20,
                  'Minimum number of bodies for multi-threaded mass matrix computation.'),
            Field("multithreadedLowerLimitResiduals", "PInt", 20,
                  'Minimum number of objects for multi-threaded RHS, algebraic equation and '
                  'reaction force evaluation.'),
            Field("numberOfThreads", "PInt", 1,
                  'Number of worker threads; 1 = serial. Results must not depend on it (apart '
                  'from round-off in summation order).'),
            Field("taskSplitMinItems", "PInt", 50,
                  'Number of items from which on work is split into more tasks than threads.'),
            Field("taskSplitTasksPerThread", "PInt", 16,
                  'Number of tasks per thread once taskSplitMinItems is reached.'),
            Field("useLoadBalancing", "bool", True,
                  'Use load balancing in the thread pool.'),
        ),
    ),
    "ShowSettings": Declaration(
        'What the solvers print at the end of a solve.',
        fields=(
            Field("computationTime", "bool", False,
                  'Print a table of CPU times of solver parts (mass matrix, RHS, Jacobian, '
                  'factorization, ...) at the end of a solve (verbose level >= 1).'),
            Field("globalTimers", "bool", True,
                  'Together with computationTime: also print global (special) timers, e.g. for '
                  'contact.'),
            Field("statistics", "bool", False,
                  'Print iteration statistics at the end (number of steps, Newton iterations, '
                  'Jacobians, rejected modified-Newton steps).'),
        ),
    ),
    "SolutionSettings": Declaration(
        'Output of the solvers: solution file, restart file and sensors.',
        children=(
            Child("file", "SolutionFileSettings"),
            Child("restart", "SolutionRestartSettings"),
            Child("sensors", "SolutionSensorsSettings"),
        ),
        fields=(
            Field("flushFilesImmediately", "bool", False,
                  'Flush solution and sensor file buffers after every written line.'),
            Field("precision", "UInt", 10,
                  'Significant digits of numbers in solution and sensor text files (C++ stream '
                  'default formatting, equivalent to Python format spec ".10g" for the default '
                  '10).'),
            Field("recordImagesInterval", "Real", -1.0,
                  'If >= 0: simulation time between two images saved from the renderer during '
                  'solving; -1 = off.'),
            Field("solverInformationFileName", "FileName", 'solution/solverInformation.txt',
                  'File for solver messages written according to verboseModeFile. 1.11 default: '
                  "'solverInformation.txt'."),
        ),
    ),
    "SolutionFileSettings": Declaration(
        'The coordinates solution file.',
        children=(
            Child("export", "SolutionFileExportSettings"),
        ),
        fields=(
            Field("append", "bool", False,
                  'Open the solution file (and solver information file) in append mode instead of '
                  'overwriting. Ignored for binary files.'),
            Field("binary", "bool", False,
                  'Write a binary solution file (ending .sol); precision >= 8 writes doubles, '
                  'otherwise floats.'),
            Field("flushAboveCoordinates", "PInt", 10000,
                  'If a written line contains at least this many values, the file buffer is '
                  'flushed after each line.'),
            Field("information", "String", '',
                  'Free text written into the header line "#solution information = ..." (line '
                  'breaks replaced by "_"); also shown in the render window.'),
            Field("name", "FileName", 'solution/coordinatesSolution',
                  'File name (relative path allowed) of the solution file; if the name contains '
                  'no ".", ".txt" (text) or ".sol" (binary) is appended; missing directories are '
                  "created. 1.11 default: 'coordinatesSolution'."),
            Field("write", "bool", True,
                  'Master switch for writing the coordinates solution file.'),
            Field("writeFooter", "bool", True,
                  'Write the two footer lines (finish time, solver info) at the end of the solve.'),
            Field("writeHeader", "bool", True,
                  'Write the header lines starting with "#".'),
            Field("writeInitialValues", "bool", True,
                  'Write a line for the start time (initial state) to the solution file and to '
                  'sensor files / internal sensor storage.'),
            Field("writePeriod", "UReal", 0.01,
                  'Simulation time between two written lines; see the write schedule in the '
                  'solution file section.'),
        ),
    ),
    "SolutionFileExportSettings": Declaration(
        'Which coordinates are appended to each solution file line.',
        fields=(
            Field("accelerations", "bool", True,
                  'Append ODE2 accelerations to each line of the solution file (dynamic solvers '
                  'only).'),
            Field("algebraicCoordinates", "bool", True,
                  'Append algebraic coordinates (Lagrange multipliers) to each line.'),
            Field("dataCoordinates", "bool", True,
                  'Append data coordinates to each line.'),
            Field("ODE1Velocities", "bool", True,
                  'Append ODE1 velocities to each line (dynamic solvers only).'),
            Field("velocities", "bool", True,
                  'Append ODE2 velocities to each line (dynamic solvers only).'),
        ),
    ),
    "SolutionRestartSettings": Declaration(
        'The restart file of the dynamic solvers.',
        fields=(
            Field("continueIfAvailable", "bool", False,
                  'New in 1.13 (no 1.11 equivalent): a dynamic solve continues from an existing '
                  'restart file instead of starting at startTime.'),
            Field("name", "FileName", 'solution/restartFile.txt',
                  "File name of the restart file. 1.11 default: 'restartFile.txt'."),
            Field("write", "bool", False,
                  'Dynamic solvers write the restart file every writePeriod and at the end.'),
            Field("writePeriod", "UReal", 0.01,
                  'Simulation time between restart file updates.'),
        ),
    ),
    "SolutionSensorsSettings": Declaration(
        'Sensor files and the internal sensor storage.',
        fields=(
            Field("active", "bool", True,
                  'If False, sensors neither write files nor store data internally.'),
            Field("append", "bool", False,
                  'Append to existing sensor files / to existing internal sensor storage instead '
                  'of restarting them.'),
            Field("writeFooter", "bool", False,
                  'Write the solver footer also into sensor files.'),
            Field("writeHeader", "bool", True,
                  'Write the "#" header into sensor files.'),
            Field("writePeriod", "UReal", 0.01,
                  'Simulation time between two sensor records (file line and/or internal storage '
                  'row).'),
        ),
    ),
    "StaticSolverSettings": Declaration(
        'Settings of the static solver (SolveStatic).',
        children=(
            Child("discontinuous", "DiscontinuousSettings"),
            Child("newton", "NewtonSettings"),
        ),
        fields=(
            Field("adaptiveStep", "bool", True,
                  'If a load step fails (Newton or discontinuous iteration), restore the step '
                  'start and retry with a smaller load increment. Ignored (with warning) if '
                  'loadStepGeometric=True.'),
            Field("adaptiveStepDecrease", "UReal", 0.25,
                  'Factor applied to the load increment after a failed step (0 < factor < 1).'),
            Field("adaptiveStepIncrease", "UReal", 2.0,
                  'Factor applied to the load increment when recovering (> 1); capped at the '
                  'nominal increment.'),
            Field("adaptiveStepRecoveryIterations", "UInt", 7,
                  'Recovery only if Newton iterations + discontinuous iterations of the last step '
                  'do not exceed this number.'),
            Field("adaptiveStepRecoverySteps", "UInt", 4,
                  'Number of successful steps since the last reduction before the increment is '
                  'increased again.'),
            Field("computeLoadsJacobian", "bool", True,
                  'Include (numerical) derivatives of loads w.r.t. coordinates in the static '
                  'Jacobian.'),
            Field("constrainODE1Coordinates", "bool", True,
                  'ODE1 coordinates are meant to be held at their initial values (identity block '
                  'in the Jacobian). Static solves with ODE1 coordinates are flagged as untested '
                  'by Exudyn.'),
            Field("loadStepDuration", "PReal", 1.0,
                  'Length of the quasi-time interval covered by all load steps; load factor = (t '
                  '- loadStepStart)/loadStepDuration.'),
            Field("loadStepGeometric", "bool", False,
                  'Use geometrically growing load factors instead of equal increments (formula in '
                  'solvers.md).'),
            Field("loadStepGeometricRange", "PReal", 1000.0,
                  'Ratio R between last and first load factor for geometric load steps (first '
                  'factor = 1/R).'),
            Field("loadStepStart", "UReal", 0.0,
                  'Quasi-time at the start of the static solve (also the time passed to '
                  'time-dependent loads and written to the first column).'),
            Field("minimumStepSize", "PReal", 1e-08,
                  'Smallest admissible load increment; below it the static solver stops with '
                  'failure.'),
            Field("numberOfLoadSteps", "PInt", 1,
                  'Number of (nominal) load steps; 1 = full load at once.'),
            Field("stabilizerODE2term", "UReal", 0.0,
                  'Adds a mass-proportional term that vanishes at full load (see solvers.md, '
                  'static solver).'),
            Field("stepInformation", "UInt", 67,
                  'Bit flags for the step report line: 1 time to go, 2 Newton iterations per '
                  'step, 4 Jacobians per step, 8 discontinuous iterations per step, 16 step size, '
                  '32 CPU time, 64 step reduction warnings, 128 step increase info, 1024 report '
                  'every step.'),
            Field("useLoadFactor", "bool", True,
                  'If True, all loads without user function are multiplied with the load factor; '
                  'if False the factor is 1.'),
            Field("verboseMode", "UInt", 1,
                  'Console output level: 0 none, 1 errors and step summary, 2 Newton iterations, '
                  '3 vectors, 4 Jacobian, 5 inverse Jacobian.'),
            Field("verboseModeFile", "UInt", 0,
                  'Same levels as verboseMode, written to solverInformationFileName.'),
        ),
    ),
    "DiscontinuousSettings": Declaration(
        'The discontinuous (post-Newton) iteration.',
        fields=(
            Field("ignoreMaxIterations", "bool", True,
                  'If the discontinuous iteration reaches maxIterations without meeting the '
                  'tolerance, accept the step anyway (True) or treat the step as failed (False).'),
            Field("iterationTolerance", "UReal", 1.0,
                  'Tolerance for the error returned by post-Newton steps (contact, friction, '
                  'switching, PostNewtonUserFunction).'),
            Field("maxIterations", "UInt", 5,
                  'Maximum number of discontinuous (post-Newton) iterations per step; each one '
                  'runs a full Newton solve.'),
            Field("useRecommendedStepSize", "bool", True,
                  'Accept step size recommendations returned by post-Newton steps (may reduce the '
                  'step).'),
        ),
    ),
    "NewtonSettings": Declaration(
        'Newton iteration of the implicit and static solvers.',
        children=(
            Child("numericalDifferentiation", "NumericalDifferentiationSettings"),
        ),
        fields=(
            Field("absoluteTolerance", "UReal", 1e-10,
                  'Newton converges if the residual norm (see weightTolerancePerCoordinate) is <= '
                  'this value.'),
            Field("active", "bool", True,
                  'False: linear mode, the first Newton update is accepted as converged.'),
            Field("adaptInitialResidual", "bool", True,
                  'If the residual after the first iteration is larger than the initial residual, '
                  'use it as reference for the relative tolerance.'),
            Field("maximumSolutionNorm", "UReal", 1e+38,
                  'Divergence threshold on the squared 2-norm of the ODE2 coordinates and '
                  'velocities (NaN in coordinates, velocities or multipliers also counts as '
                  'divergence).'),
            Field("maxIterations", "UInt", 25,
                  'Maximum total Newton iterations per step (modified and full, including '
                  'restarts).'),
            Field("maxModifiedNewtonIterations", "UInt", 8,
                  'Modified Newton: after this many iterations in a step, a Jacobian update is '
                  'requested.'),
            Field("maxModifiedNewtonRestartIterations", "UInt", 7,
                  'Modified Newton: after maxModifiedNewtonIterations + this number of iterations '
                  '(this number counts as 0 if modifiedNewtonJacUpdatePerStep=True) the step '
                  'switches to full Newton.'),
            Field("modifiedNewtonContractivity", "PReal", 0.5,
                  'Modified Newton: if residual ratio of consecutive iterations exceeds this '
                  'value (checked from iteration 3 on), the Jacobian is updated.'),
            Field("modifiedNewtonJacUpdatePerStep", "bool", False,
                  'Modified Newton: compute a new Jacobian at the start of every step.'),
            Field("relativeTolerance", "UReal", 1e-08,
                  'Newton converges if residual / initial residual <= this value.'),
            Field("residualMode", "UInt", 0,
                  '0: convergence measured with the residual; 1: with the increment norm '
                  '||dq_ODE2|| + ||dy_ODE1||.'),
            Field("useModifiedNewton", "bool", False,
                  'Reuse the Jacobian (and its factorization) over iterations and steps until '
                  'convergence is poor; False = new Jacobian every iteration. 1.11 default at '
                  'timeIntegration.newton: False.'),
            Field("weightTolerancePerCoordinate", "bool", False,
                  'Divide the residual norm by sqrt(nODE2+nODE1+nAE) before comparing with the '
                  'tolerances.'),
        ),
    ),
    "NumericalDifferentiationSettings": Declaration(
        'Numerical (forward difference) Jacobians.',
        fields=(
            Field("addReferenceCoordinatesToEpsilon", "bool", False,
                  'Use |q_i + q_ref,i| instead of |q_i| when sizing the difference increment.'),
            Field("doSystemWideDifferentiation", "bool", False,
                  'Differentiate the whole system RHS numerically w.r.t. every coordinate (slow; '
                  'includes all couplings and loads) instead of object by object.'),
            Field("forAE", "bool", False,
                  'Differentiate algebraic equations numerically instead of using the analytic '
                  'constraint Jacobians (verification only).'),
            Field("forODE2", "bool", False,
                  'Differentiate ODE2 terms of all objects numerically even where an analytic '
                  'Jacobian exists.'),
            Field("forODE2Connectors", "bool", False,
                  'Same as forODE2 but only for connectors (development flag).'),
            Field("jacobianConnectorDerivative", "bool", True,
                  'Analytic connector Jacobians include the derivative of the marker Jacobians '
                  '(where available, otherwise numerical differentiation is used); False neglects '
                  'that term.'),
            Field("minimumCoordinateSize", "UReal", 0.01,
                  'q_min in the increment formula.'),
            Field("relativeEpsilon", "UReal", 1e-07,
                  'ε_rel in the increment formula (forward differences, see solvers.md).'),
        ),
    ),
    "TimeIntegrationSettings": Declaration(
        'Settings of the dynamic solvers (SolveDynamic).',
        children=(
            Child("discontinuous", "DiscontinuousSettings"),
            Child("explicit", "ExplicitIntegrationSettings"),
            Child("generalizedAlpha", "GeneralizedAlphaSettings"),
            child("newton", "NewtonSettings", useModifiedNewton=True),
            Child("realtime", "RealtimeSettings"),
        ),
        fields=(
            Field("absoluteTolerance", "UReal", 1e-08,
                  'a_tol of the explicit error control (ODE23, DOPRI5); must be > 0.'),
            Field("adaptiveStep", "bool", True,
                  'If a step fails (Newton, discontinuous iteration), restore the step start and '
                  'retry with a smaller step. Also selects accumulated time (t += h) instead of t '
                  '= t0 + i h.'),
            Field("adaptiveStepDecrease", "UReal", 0.5,
                  'Factor for the step size after a failed step (implicit solver).'),
            Field("adaptiveStepIncrease", "UReal", 2.0,
                  'Factor for increasing the step size during recovery (capped at the nominal '
                  'step).'),
            Field("adaptiveStepRecoveryIterations", "UInt", 7,
                  'Recovery only if Newton + discontinuous iterations of the last step do not '
                  'exceed this number.'),
            Field("adaptiveStepRecoverySteps", "UInt", 10,
                  'Successful steps after the last reduction before the step size is increased '
                  'again.'),
            Field("automaticStepSize", "bool", True,
                  'Use error-controlled step sizes; only solvers with an embedded error estimate '
                  '(ODE23, DOPRI5) use it, all others ignore it.'),
            Field("computeLoadsJacobian", "UInt", 0,
                  'Implicit solvers: 0 = loads not differentiated; 1 = numerical derivative of '
                  'loads w.r.t. ODE2 and ODE1 coordinates; 2 = additionally w.r.t. ODE2 '
                  'velocities.'),
            Field("endTime", "UReal", 1.0,
                  'End time t_end.'),
            Field("initialStepSize", "UReal", 0.0,
                  'First step of error-controlled solvers; 0 = use h_max.'),
            Field("minimumStepSize", "PReal", 1e-08,
                  'Smallest step: adaptive step reduction fails below it; error control does not '
                  'go below it (continues with a one-time warning).'),
            Field("numberOfSteps", "PReal", 100.0,
                  'Number of steps; h = (t_end - t_start)/n. Float allowed but must be an integer '
                  'within relative 100 machine epsilons, otherwise an error is raised; 0 is '
                  'rejected by the range check.'),
            Field("relativeTolerance", "UReal", 1e-08,
                  'r_tol of the explicit error control; must be >= 0.'),
            Field("reuseConstantMassMatrix", "bool", True,
                  'If all bodies report a constant mass matrix, compute (and for explicit solvers '
                  'factorize) it only once.'),
            Field("solverType", "DynamicSolverType", DynamicSolverType.GeneralizedAlpha,
                  'New in 1.13: the dynamic solver used by SolveDynamic when its solverType '
                  'argument is None. Legacy alias explicitIntegration.dynamicSolverType maps '
                  'here. 1.11 default: exu.DynamicSolverType.DOPRI5 (as '
                  'explicitIntegration.dynamicSolverType).'),
            Field("startTime", "UReal", 0.0,
                  'Start time t_start.'),
            Field("stepInformation", "UInt", 67,
                  'Bit flags of the step report line, as staticSolver.stepInformation.'),
            Field("stepSizeMaxIncrease", "UReal", 2.0,
                  'f_maxInc: maximum growth factor of the step size per step (error control).'),
            Field("stepSizeSafety", "UReal", 0.9,
                  'f_sfty: safety factor on the optimal step size (error control).'),
            Field("verboseMode", "UInt", 0,
                  'Console output level: 0 none, 1 step summary every 2 s (every 30 s after 1 h '
                  'CPU time) and final message, 2 every step, 3 vectors, 4 mass matrix and '
                  'Jacobian, 5 inverse Jacobian.'),
            Field("verboseModeFile", "UInt", 0,
                  'Same levels written to solverInformationFileName.'),
        ),
    ),
    "ExplicitIntegrationSettings": Declaration(
        'Settings of the explicit solvers.',
        fields=(
            Field("computeEndOfStepAccelerations", "bool", True,
                  'After each explicit step, evaluate accelerations at the new state (one extra '
                  'RHS evaluation); if False, the accelerations of the last stage are stored '
                  'instead.'),
            Field("computeMassMatrixInversePerBody", "bool", False,
                  'Invert the mass matrix body by body (block diagonal assumption) instead of '
                  'factorizing the system mass matrix; wrong if bodies share nodes.'),
            Field("eliminateConstraints", "bool", True,
                  'True: CoordinateConstraints fixing one ODE2 coordinate to ground are '
                  'eliminated, all other constraints raise an error; False: all constraints are '
                  'ignored (warning).'),
            Field("useLieGroupIntegration", "bool", True,
                  'Integrate rotations of NodeRigidBodyRotVecLG nodes with the Lie group '
                  'Runge-Kutta formulas; other nodes are unaffected.'),
        ),
    ),
    "GeneralizedAlphaSettings": Declaration(
        'Generalized-alpha and Newmark methods.',
        fields=(
            Field("computeInitialAccelerations", "bool", True,
                  'Solve for consistent initial accelerations and multipliers before the first '
                  'step; otherwise accelerations start at their stored values (or zero, see '
                  'resetAccelerations) and multipliers at zero.'),
            Field("lieGroupAddTangentOperator", "bool", True,
                  'Only with lieGroupSimplifiedKinematicRelations=True: multiply Jacobian columns '
                  'of Lie group rotation coordinates with the SO(3) tangent operator; dense '
                  'matrices only (error with sparse).'),
            Field("lieGroupSimplifiedKinematicRelations", "bool", False,
                  'Lie group variant for NodeRigidBodyRotVecLG: True = Brüls/Cardona (2010) '
                  'kinematic relations; False = improved relations (default).'),
            Field("newmarkBeta", "UReal", 0.25,
                  'β, used only if useNewmark=True (or TrapezoidalIndex2).'),
            Field("newmarkGamma", "UReal", 0.5,
                  'γ, used only if useNewmark=True (or TrapezoidalIndex2).'),
            Field("resetAccelerations", "bool", False,
                  'Only if computeInitialAccelerations=False: set initial accelerations to zero '
                  '(otherwise the stored current accelerations are kept).'),
            Field("spectralRadius", "UReal", 0.9,
                  'ρ∞ of the generalized-α method (ignored with useNewmark). Must be < 1 for '
                  'index-3 constraints; values > 1 are not range checked.'),
            Field("storeInitialAlgebraicCoordinates", "bool", True,
                  'With computeInitialAccelerations: keep the computed initial multipliers in the '
                  'current state (first solution-file line); otherwise they are set to zero.'),
            Field("useIndex2Constraints", "bool", False,
                  'Evaluate constraints at velocity level (index 2); requires useNewmark=True, '
                  'otherwise an error is raised.'),
            Field("useNewmark", "bool", False,
                  'Use the Newmark method with newmarkBeta/newmarkGamma (α_m = α_f = 1/2) instead '
                  'of generalized-α.'),
        ),
    ),
    "RealtimeSettings": Declaration(
        'Slowing the simulation down to (scaled) real time.',
        fields=(
            Field("active", "bool", False,
                  'Slow the simulation down so that simulation time does not run ahead of '
                  '(scaled) wall-clock time.'),
            Field("factor", "PReal", 1.0,
                  'Real-time scaling: < 1 slower, > 1 faster than real time.'),
            Field("waitMicroseconds", "PInt", 1000,
                  'Sleep interval while waiting for real time.'),
        ),
    ),
}


# ---------------------------------------------------------------------------
# deprecated names (Exudyn 1.11 -> 1.13), full paths from the root structure
# ---------------------------------------------------------------------------

SIMULATION_LEGACY = {
    "displayComputationTime": "show.computationTime",
    "displayGlobalTimers": "show.globalTimers",
    "displayStatistics": "show.statistics",
    "linearSolverSettings.ignoreSingularJacobian": "linearSolver.ignoreSingularJacobian",
    "linearSolverSettings.pivotThreshold": "linearSolver.pivotThreshold",
    "linearSolverSettings.reuseAnalyzedPattern": "linearSolver.reuseAnalyzedPattern",
    "linearSolverSettings.showCausingItems": "linearSolver.showCausingItems",
    "linearSolverType": "linearSolver.solverType",
    "outputPrecision": "consolePrecision",
    "parallel.multithreadedLLimitJacobians": "parallel.multithreadedLowerLimitJacobians",
    "parallel.multithreadedLLimitLoads": "parallel.multithreadedLowerLimitLoads",
    "parallel.multithreadedLLimitMassMatrices": "parallel.multithreadedLowerLimitMassMatrices",
    "parallel.multithreadedLLimitResiduals": "parallel.multithreadedLowerLimitResiduals",
    "solutionSettings.appendToFile": "solution.file.append",
    "solutionSettings.binarySolutionFile": "solution.file.binary",
    "solutionSettings.coordinatesSolutionFileName": "solution.file.name",
    "solutionSettings.exportAccelerations": "solution.file.export.accelerations",
    "solutionSettings.exportAlgebraicCoordinates": "solution.file.export.algebraicCoordinates",
    "solutionSettings.exportDataCoordinates": "solution.file.export.dataCoordinates",
    "solutionSettings.exportODE1Velocities": "solution.file.export.ODE1Velocities",
    "solutionSettings.exportVelocities": "solution.file.export.velocities",
    "solutionSettings.flushFilesDOF": "solution.file.flushAboveCoordinates",
    "solutionSettings.flushFilesImmediately": "solution.flushFilesImmediately",
    "solutionSettings.outputPrecision": "solution.precision",
    "solutionSettings.recordImagesInterval": "solution.recordImagesInterval",
    "solutionSettings.restartFileName": "solution.restart.name",
    "solutionSettings.restartWritePeriod": "solution.restart.writePeriod",
    "solutionSettings.sensorsAppendToFile": "solution.sensors.append",
    "solutionSettings.sensorsStoreAndWriteFiles": "solution.sensors.active",
    "solutionSettings.sensorsWriteFileFooter": "solution.sensors.writeFooter",
    "solutionSettings.sensorsWriteFileHeader": "solution.sensors.writeHeader",
    "solutionSettings.sensorsWritePeriod": "solution.sensors.writePeriod",
    "solutionSettings.solutionInformation": "solution.file.information",
    "solutionSettings.solutionWritePeriod": "solution.file.writePeriod",
    "solutionSettings.solverInformationFileName": "solution.solverInformationFileName",
    "solutionSettings.writeFileFooter": "solution.file.writeFooter",
    "solutionSettings.writeFileHeader": "solution.file.writeHeader",
    "solutionSettings.writeInitialValues": "solution.file.writeInitialValues",
    "solutionSettings.writeRestartFile": "solution.restart.write",
    "solutionSettings.writeSolutionToFile": "solution.file.write",
    "staticSolver.constrainODE1coordinates": "staticSolver.constrainODE1Coordinates",
    "staticSolver.newton.newtonResidualMode": "staticSolver.newton.residualMode",
    "staticSolver.newton.numericalDifferentiation.forODE2connectors":
        "staticSolver.newton.numericalDifferentiation.forODE2Connectors",
    "staticSolver.newton.useNewtonSolver": "staticSolver.newton.active",
    "timeIntegration.explicitIntegration.computeEndOfStepAccelerations":
        "timeIntegration.explicit.computeEndOfStepAccelerations",
    "timeIntegration.explicitIntegration.computeMassMatrixInversePerBody":
        "timeIntegration.explicit.computeMassMatrixInversePerBody",
    "timeIntegration.explicitIntegration.dynamicSolverType": "timeIntegration.solverType",
    "timeIntegration.explicitIntegration.eliminateConstraints":
        "timeIntegration.explicit.eliminateConstraints",
    "timeIntegration.explicitIntegration.useLieGroupIntegration":
        "timeIntegration.explicit.useLieGroupIntegration",
    "timeIntegration.newton.newtonResidualMode": "timeIntegration.newton.residualMode",
    "timeIntegration.newton.numericalDifferentiation.forODE2connectors":
        "timeIntegration.newton.numericalDifferentiation.forODE2Connectors",
    "timeIntegration.newton.useNewtonSolver": "timeIntegration.newton.active",
    "timeIntegration.realtimeFactor": "timeIntegration.realtime.factor",
    "timeIntegration.realtimeWaitMicroseconds": "timeIntegration.realtime.waitMicroseconds",
    "timeIntegration.simulateInRealtime": "timeIntegration.realtime.active",
}

# None: accepted and stored, but without effect (as in Exudyn 1.13.6)
VISUALIZATION_LEGACY = {
    "contour.colorBarPrecision": "contour.advanced.colorBarPrecision",
    "contour.colorBarTiling": "contour.advanced.colorBarTiling",
    "contour.showColorBar": "contour.advanced.showColorBar",
    "dialogs.fontScalingMacOS": "dialogs.fontScaling",
    "general.drawCoordinateSystem": "view0.scene.drawCoordinateSystem",
    "general.drawWorldBasis": "view0.scene.drawWorldBasis",
    "general.linuxDisplayScaleFactor": "general.displayScaleFactor",
    "general.showComputationInfo": "view0.window.showComputationInfo",
    "general.textSize": "view0.window.globalFontSize",
    "general.useWindowsDisplayScaleFactor": None,
    "general.worldBasisSize": "view0.scene.worldBasisSize",
    "interactive.highlightColor": "interactive.advanced.highlightColor",
    "interactive.highlightOtherColor": "interactive.advanced.highlightOtherColor",
    "interactive.joystickScaleRotation": "interactive.advanced.joystickScaleRotation",
    "interactive.joystickScaleTranslation": "interactive.advanced.joystickScaleTranslation",
    "interactive.keypressRotationStep": "interactive.advanced.keypressRotationStep",
    "interactive.keypressTranslationStep": "interactive.advanced.keypressTranslationStep",
    "interactive.lockModelView": "view0.window.lockModelView",
    "interactive.mouseMoveRotationFactor": "interactive.advanced.mouseMoveRotationFactor",
    "interactive.pauseWithSpacebar": "interactive.advanced.pauseWithSpacebar",
    "interactive.selectionHighlights": "interactive.advanced.selectionHighlights",
    "interactive.selectionLeftMouse": "interactive.advanced.selectionLeftMouse",
    "interactive.selectionLeftMouseItemTypes": "interactive.advanced.selectionLeftMouseItemTypes",
    "interactive.selectionRightMouse": "interactive.advanced.selectionRightMouse",
    "interactive.selectionRightMouseGraphicsData":
        "interactive.advanced.selectionRightMouseGraphicsData",
    "interactive.trackMarker": "view0.camera.trackMarker",
    "interactive.trackMarkerMbsNumber": "view0.camera.trackMarkerMbsNumber",
    "interactive.trackMarkerOrientation": "view0.camera.trackMarkerOrientation",
    "interactive.trackMarkerPosition": "view0.camera.trackMarkerPosition",
    "interactive.zoomStepFactor": "interactive.advanced.zoomStepFactor",
    "openGL.clippingPlaneColor": "openGL.advanced.clippingPlaneColor",
    "openGL.clippingPlaneDistance": "view0.camera.clippingPlaneDistance",
    "openGL.clippingPlaneNormal": "view0.camera.clippingPlaneNormal",
    "openGL.depthSorting": "openGL.advanced.depthSorting",
    "openGL.enableLight0": "openGL.light0.enable",
    "openGL.enableLight1": "openGL.light1.enable",
    "openGL.enableLighting": "openGL.advanced.enableLighting",
    "openGL.facesTransparent": "view0.scene.facesTransparent",
    "openGL.initialCenterPoint": "openGL.advanced.initialCenterPoint",
    "openGL.initialMaxSceneSize": "openGL.advanced.initialMaxSceneSize",
    "openGL.initialModelRotation": "openGL.advanced.initialModelRotation",
    "openGL.initialZoom": "openGL.advanced.initialZoom",
    "openGL.light0ambient": None,
    "openGL.light0constantAttenuation": "openGL.light0.constantAttenuation",
    "openGL.light0diffuse": "openGL.light0.diffuse",
    "openGL.light0linearAttenuation": "openGL.light0.linearAttenuation",
    "openGL.light0position": "openGL.light0.position",
    "openGL.light0quadraticAttenuation": "openGL.light0.quadraticAttenuation",
    "openGL.light0specular": "openGL.light0.specular",
    "openGL.light1ambient": None,
    "openGL.light1constantAttenuation": "openGL.light1.constantAttenuation",
    "openGL.light1diffuse": "openGL.light1.diffuse",
    "openGL.light1linearAttenuation": "openGL.light1.linearAttenuation",
    "openGL.light1position": "openGL.light1.position",
    "openGL.light1quadraticAttenuation": "openGL.light1.quadraticAttenuation",
    "openGL.light1specular": "openGL.light1.specular",
    "openGL.lightModelLocalViewer": "openGL.advanced.lightModelLocalViewer",
    "openGL.lightModelTwoSide": "openGL.advanced.lightModelTwoSide",
    "openGL.lightPositionsInCameraFrame": "openGL.light0.useCameraFrame",
    "openGL.lineSmooth": "openGL.advanced.lineSmooth",
    "openGL.materialAmbientAndDiffuse": "openGL.materialSpecular",
    "openGL.perspective": "view0.camera.perspective",
    "openGL.polygonOffset": "openGL.advanced.polygonOffset",
    "openGL.shadeModelSmooth": "openGL.advanced.shadeModelSmooth",
    "openGL.shadow": "openGL.light0.shadow",
    "openGL.shadowPolygonOffset": "openGL.advanced.shadowPolygonOffset",
    "openGL.showFaceEdges": "view0.scene.showFaceEdges",
    "openGL.showFaces": "view0.scene.showFaces",
    "openGL.showLines": "view0.scene.showLines",
    "openGL.showMeshEdges": "view0.scene.showMeshEdges",
    "openGL.showMeshFaces": "view0.scene.showMeshFaces",
    "openGL.textLineSmooth": "openGL.advanced.textLineSmooth",
    "openGL.textLineWidth": "openGL.advanced.textLineWidth",
    "raytracer.ambientLightColor": "openGL.lightModelAmbient",
    "raytracer.backgroundColorReflections": "raytracer.advanced.backgroundColorReflections",
    "raytracer.enable": "view0.camera.useRaytracer",
    "raytracer.lightRadius": "openGL.light0.lightRadius",
    "raytracer.searchTreeFactor": "raytracer.advanced.searchTreeFactor",
    "raytracer.shadowScalingFactor": "raytracer.advanced.shadowScalingFactor",
    "raytracer.shadowSmoothingSteps": "raytracer.advanced.shadowSmoothingSteps",
    "raytracer.showText": "raytracer.advanced.showText",
    "raytracer.tilesPerThread": "raytracer.advanced.tilesPerThread",
    "raytracer.zBiasLines": "raytracer.advanced.zBiasLines",
    "raytracer.zOffsetCamera": None,
    "window.alwaysOnTop": "view0.window.alwaysOnTop",
    "window.ignoreKeys": "interactive.ignoreKeys",
    "window.keyPressUserFunction": "interactive.keyPressUserFunction",
    "window.limitWindowToScreenSize": "general.limitWindowToScreenSize",
    "window.maximize": "view0.window.maximize",
    "window.reallyQuitTimeLimit": "general.reallyQuitTimeLimit",
    "window.renderWindowSize": "view0.window.renderWindowSize",
    "window.showMouseCoordinates": "view0.window.showMouseCoordinates",
    "window.showRenderStateInfo": "view0.window.showRenderStateInfo",
    "window.showWindow": "view0.window.showWindow",
    "window.startupTimeout": "general.rendererStartupTimeout",
}

# type and default of the names without effect (values read from Exudyn 1.13.6)
NO_EFFECT_FIELDS = {
    "general.useWindowsDisplayScaleFactor": Field("useWindowsDisplayScaleFactor", "bool", False),
    "openGL.light0ambient": Field("light0ambient", "float", 0.0),
    "openGL.light1ambient": Field("light1ambient", "float", 0.0),
    "raytracer.zOffsetCamera": Field("zOffsetCamera", "float", 0.0),
}
