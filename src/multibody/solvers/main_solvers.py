"""Exudyn's solver objects: ``MainSolverImplicitSecondOrder``, ``MainSolverStatic`` and
``MainSolverExplicit``, over the solvers of this package (implicit.py, static.py, explicit.py).

``SolveSystem`` is ``InitializeSolver``, ``SolveSteps`` and ``FinalizeSolver``: the same run as
``mbs.SolveDynamic`` / ``mbs.SolveStatic`` (the same numbers), without storing the solver in
``mbs.sys``; a failed run returns False (``GetErrorString`` says why). ``SolveSteps`` goes on from
``it.currentTime`` up to ``it.endTime`` (a script sets ``solver.it.endTime`` and calls it again).
The system vectors and matrices (``GetSystemResidual``, ``GetSystemJacobian``,
``GetSystemMassMatrix``, ``GetNewtonSolution``) hold what the last ``Compute...`` call or Newton
solve made, in Exudyn's layout [ODE2, ODE1, AE]; after steps the system Jacobian is the Newton
matrix at the state they ended at, and after InitializeSolver the matrix of the initial
accelerations (Exudyn keeps its linear solver's data there: with EXUdense the inverse). The phases
of a step and the user functions that replace them are in main_solver_steps.py.
"""
from __future__ import annotations

import time

import numpy as np

from ..enums import DynamicSolverType, LinearSolverType
from ..errors import (ExudynValueError, InternalError, ModelError, NotImplementedFeatureError, SolverError,
                      UserFunctionError)
from .base import SolverConvergenceData, SolverIterationData, SolverOutputData, SolverTimer
from .main_solver_steps import (ExplicitStepMethods, StepwiseMethods, UserFunctionSetters, post_newton_on,
                                python_steps)

DST = DynamicSolverType
EXPLICIT_TYPES = ("ExplicitEuler", "ExplicitMidpoint", "RK33", "RK44", "RK67", "ODE23", "DOPRI5", "VelocityVerlet")
NOT_INITIALIZED = "MainSolverBase is not correctly initialized; call InitializeSolver() first"

# Exudyn's pieces of GetErrorString (spec solvers.md 1.4), with its flags as it tests them
ERROR_PIECES = (("stepReductionFailed", True, "reduction of step size reached minimum step size"),
                ("linearSolverFailed", True, "linear solver failed (Jacobian singular)"),
                ("stopNewton", True, "Newton has been stopped"),
                ("newtonConverged", True, "Newton did not converged"),
                ("newtonSolutionDiverged", True, "solution diverged"),
                ("massMatrixNotInvertible", True, "Mass matrix was not invertible"),
                ("discontinuousIterationSuccessful", True, "discontinuous iteration was not successful"))


_LOCAL_VECTORS = ("aAlgorithmic", "startOfStepStateAAlgorithmic", "newtonSolution", "systemResidual", "tempODE2",
                  "temp2ODE2", "tempODE2F0", "tempODE2F1", "tempODE1F0", "tempODE1F1")


class SolverLocalData:
    """Exudyn's SolverLocalData: the sizes and vectors of a solver (a standalone structure here:
    the solver objects keep theirs internally)."""
    nODE2 = nODE1 = nAE = nData = nSys = startAE = 0
    aAlgorithmic = startOfStepStateAAlgorithmic = newtonSolution = systemResidual = None
    tempODE2 = temp2ODE2 = tempODE2F0 = tempODE2F1 = tempODE1F0 = tempODE1F1 = None

    def __init__(self):
        for name in _LOCAL_VECTORS:
            setattr(self, name, np.zeros(0))
        self._linear_solver_type = LinearSolverType._None

    def CleanUpMemory(self):
        """The temporary vectors emptied."""
        for name in _LOCAL_VECTORS[4:]:
            setattr(self, name, np.zeros(0))

    def GetLinearSolverType(self):
        return self._linear_solver_type

    def SetLinearSolverType(self, arg0, arg1, arg2, arg3):
        """Set the linear solver type (``arg0``); the other arguments (reuse of the analyzed
        pattern, ignoring a singular Jacobian, its threshold) are kept by the solvers' settings."""
        self._linear_solver_type = LinearSolverType(int(arg0))


class SolverFileData:
    """Exudyn's SolverFileData (no public members)."""


def _data_property(name, cls):
    def get(self):
        return getattr(self, name)

    def set_(self, value):
        if not isinstance(value, cls):
            raise ExudynValueError(f"solver.{name[1:]}: expected a {cls.__name__}, received {type(value).__name__}")
        setattr(self, name, value)
        if self._inner is not None:
            setattr(self._inner, name[1:], value)
    return property(get, set_)


class MainSolverBase(StepwiseMethods):
    """What the three solver objects have in common (Exudyn's MainSolverBase)."""
    kind = "base"
    it = _data_property("_it", SolverIterationData)
    conv = _data_property("_conv", SolverConvergenceData)
    output = _data_property("_output", SolverOutputData)
    timer = _data_property("_timer", SolverTimer)

    def __init__(self):
        self._it, self._conv = SolverIterationData(), SolverConvergenceData()
        self._output, self._timer = SolverOutputData(), SolverTimer()
        self._inner = None
        self._mbs = self._settings = None
        self._user = {}
        self._active = set()
        self._failure = None
        self._sizes = (0, 0, 0, 0)
        self._residual, self._solution = np.zeros(0), np.zeros(0)
        self._jacobian, self._mass = np.zeros((0, 0)), np.zeros((0, 0))

    def __repr__(self):
        return f"<{type(self).__name__}: {self.GetSolverName()}, initialized={self._inner is not None}>"

    # ---------------------------------------------------------------- sizes and names
    def GetODE2size(self):
        return self._sizes[0]

    def GetODE1size(self):
        return self._sizes[1]

    def GetAEsize(self):
        return self._sizes[2]

    def GetDataSize(self):
        return self._sizes[3]

    def _n_sys(self):
        return self._sizes[0] + self._sizes[1] + self._sizes[2]

    def GetSolverName(self):
        return self.solver_name

    def IsStaticSolver(self):
        return self.kind == "static"

    def GetErrorString(self):
        """Why the last run failed, in Exudyn's words ('' after a successful run)."""
        out, conv = self._output, self._conv
        if not out.initializationSuccessful:
            return "initialization not successful"
        if out.finishedSuccessfully:
            return ""
        pieces = [text for flag, when, text in ERROR_PIECES if bool(getattr(conv, flag)) == when]
        return "; ".join(pieces) or "non-specific error, e.g., Python user function or internal exception"

    def HasAutomaticStepSizeControl(self, mainSystem, simulationSettings):
        return False

    def GetSimulationEndTime(self, simulationSettings):
        return float(simulationSettings.timeIntegration.endTime)

    def ComputeLoadFactor(self, simulationSettings):
        raise InternalError("CSolverBase::illegal call to ComputeLoadFactor")

    def IsVerboseCheck(self, level):
        """True if the console or file output is at ``level`` or above."""
        return self._output.verboseMode >= level or self._output.verboseModeFile >= level

    def VerboseWrite(self, level, str):  # noqa: A002  (Exudyn's argument name)
        """Write ``str`` to the console if verboseMode >= ``level``."""
        if self._output.verboseMode >= level:
            print(str, end="")

    # ---------------------------------------------------------------- initialization
    def _create(self, mbs, settings):
        """The solver of this package that does the work (implicit.py, static.py, explicit.py)."""
        raise NotImplementedError

    def InitializeSolverPreChecks(self, mainSystem, simulationSettings):
        """The system assembled and not empty (else the solver's error)."""
        if not mainSystem.systemIsConsistent:
            raise SolverError("Solver: system is inconsistent and cannot be solved (call Assemble() and check "
                              "error messages)")
        c = mainSystem._compiled
        if c.n_ode2 + c.n_ode1 + c.n_ae == 0:
            raise SolverError(f"{type(self).__name__}: cannot solve for system size = 0")
        return True

    def InitializeSolver(self, mainSystem, simulationSettings):
        """Set up the run: the solver's data, the initial conditions (initial accelerations of the
        implicit solver), the output files and the first console lines; True on success."""
        from ..output.manager import OutputManager
        self._output.initializationSuccessful = False
        self._output.finishedSuccessfully = False
        self.InitializeSolverPreChecks(mainSystem, simulationSettings)
        for data in (self._it, self._conv, self._output, self._timer):
            data.InitializeData()
        inner = self._create(mainSystem, simulationSettings)
        inner.it, inner.conv, inner.output, inner.timer = self._it, self._conv, self._output, self._timer
        self._inner, self._mbs, self._settings = inner, mainSystem, simulationSettings
        self._failure = None
        self._steps_done = 0
        c = mainSystem._compiled
        self._sizes = (c.n_ode2, c.n_ode1, c.n_ae, c.n_data)
        n = self._n_sys()
        self._residual, self._solution, self._jacobian = np.zeros(n), np.zeros(n), np.zeros((n, n))
        self._mass = np.zeros((c.n_ode2, c.n_ode2))
        self._output.cpuStartTime = time.process_time()
        inner.output_manager = OutputManager(mainSystem, simulationSettings, inner)
        inner.initialize()
        try:
            inner.begin_run()
        except BaseException as exc:
            self._abort(exc)
            raise
        self._after_initialize()
        out = self._output
        out.verboseMode, out.verboseModeFile = inner.verbose_level(), inner.verbose_file_level()
        out.stepInformation = int(simulationSettings.staticSolver.stepInformation if self.kind == "static"
                                  else simulationSettings.timeIntegration.stepInformation)
        out.writeToSolutionFile = bool(simulationSettings.solution.file.write)
        out.writeToSolverFile = out.verboseModeFile > 0
        out.cpuSolverStartTime = time.process_time()
        out.initializationSuccessful = True
        return True

    def _after_initialize(self):
        """Solver-specific data after the inner solver's initialization."""

    def _require(self):
        if self._inner is None:
            raise ModelError(NOT_INITIALIZED)
        return self._inner

    def SolveSteps(self, mainSystem, simulationSettings):
        """The steps from ``it.currentTime`` to ``it.endTime``; True on success, False where the
        solver failed (GetErrorString). Any other exception (a user function's, an interrupt) is
        raised on, the output files closed without footers, as Exudyn."""
        inner = self._require()
        self._output.finishedSuccessfully = False
        try:
            if any(name != "PostNewton" for name in self._user):
                return python_steps(self, mainSystem, simulationSettings)
            return self._compiled_steps()
        except BaseException as exc:
            if isinstance(exc, SolverError) and not isinstance(exc, UserFunctionError):
                self._failure = f"{type(exc).__name__}: {exc}"
                self._output.finishedSuccessfully = False
                inner.error_message = str(exc)
                return False
            self._abort(exc)
            raise

    def _abort(self, exc):
        """An exception out of InitializeSolver or SolveSteps: its message into the solver
        information file, the output files closed without footers (as SolveDynamic)."""
        inner = self._inner
        inner.report_end(failed=f"{type(exc).__name__}: {exc}")
        inner.abort_run()

    def _compiled_steps(self):
        """SolveSteps by the inner solver's step loop (steploop.py solve_steps)."""
        inner, it = self._inner, self._it
        e = inner.engine
        e["t"] = it.currentTime
        inner.current.t = it.currentTime
        step0 = int(e["step"])
        count0 = it.discontinuousIterationsCount
        inner.solve_steps()
        steps = int(e["step"]) - step0
        self._steps_done += steps
        it.currentStepIndex = steps + 1
        if not post_newton_on(inner) and steps:
            it.discontinuousIterationsCount = count0 + steps     # one per step (Exudyn counts at least one)
            it.discontinuousIteration = 1
        self._after_steps()
        return True

    def _after_steps(self):
        """The convergence data and the system vectors after steps done by the engine."""
        inner = self._inner
        if getattr(inner, "r_buffer", None) is None or self.kind == "explicit":
            return
        e, conv = inner.engine, self._conv
        conv.residual, conv.lastResidual = float(e["error"]), float(e["r_last"])
        conv.contractivity = conv.residual / conv.lastResidual if conv.lastResidual > 0 else 0.0
        conv.newtonConverged = bool(e["converged"])
        conv.stopNewton, conv.newtonSolutionDiverged = bool(e["stop_newton"]), bool(e["diverged"])
        conv.jacobianUpdateRequested = bool(e["jac_requested"])
        self._residual = self._system_vector(inner.rbar_buffer)
        self._solution = self._system_vector(inner.delta_buffer)
        self._jacobian = None           # made at the state where it is asked for (GetSystemJacobian)

    def FinalizeSolver(self, mainSystem, simulationSettings):
        """The last console lines, the output files finished and closed."""
        inner = self._require()
        if self._failure is not None:
            inner.report_end(failed=self._failure)
            inner.output_manager.end(inner, failed=True)
        else:
            inner.end_run()

    def SolveSystem(self, mainSystem, simulationSettings):
        """InitializeSolver, SolveSteps and FinalizeSolver; True on success."""
        self.InitializeSolver(mainSystem, simulationSettings)
        ok = self.SolveSteps(mainSystem, simulationSettings)
        self.FinalizeSolver(mainSystem, simulationSettings)
        return bool(ok)

    def _internal_helper(self, name):
        raise NotImplementedFeatureError(
            f"{type(self).__name__}.{name}: an internal step of InitializeSolver in Exudyn; multibody's "
            "InitializeSolver does it as a whole (call InitializeSolver)")

    def InitializeSolverData(self, mainSystem, simulationSettings):
        self._internal_helper("InitializeSolverData")

    def InitializeSolverOutput(self, mainSystem, simulationSettings):
        self._internal_helper("InitializeSolverOutput")

    def InitializeSolverInitialConditions(self, mainSystem, simulationSettings):
        self._internal_helper("InitializeSolverInitialConditions")

    def PreInitializeSolverSpecific(self, mainSystem, simulationSettings):
        self._internal_helper("PreInitializeSolverSpecific")

    def PostInitializeSolverSpecific(self, mainSystem, simulationSettings):
        self._internal_helper("PostInitializeSolverSpecific")

    def WriteSolutionFileHeader(self, mainSystem, simulationSettings):
        self._internal_helper("WriteSolutionFileHeader")

    def WriteCoordinatesToFile(self, mainSystem, simulationSettings):
        """A line of the current state (at it.currentTime) into the open solution file."""
        om = self._require().output_manager
        if om.solution_file is not None:
            om._write_solution_line(self._it.currentTime)

    # ---------------------------------------------------------------- the system's vectors and matrices
    def _system_vector(self, ode2_ae):
        """An [ODE2, AE] vector of the engine in Exudyn's layout [ODE2, ODE1, AE]."""
        n2, n1 = self._sizes[0], self._sizes[1]
        return np.concatenate([ode2_ae[:n2], np.zeros(n1), ode2_ae[n2:]])

    def _system_matrix(self, J):
        """An [ODE2, AE] matrix in Exudyn's layout [ODE2, ODE1, AE] (zero ODE1 rows and columns)."""
        n2, n1 = self._sizes[0], self._sizes[1]
        J = J.toarray() if hasattr(J, "toarray") else np.asarray(J, dtype=float)
        if n1 == 0:
            return np.array(J)
        idx = np.r_[0:n2, n2 + n1:n2 + n1 + J.shape[0] - n2]
        out = np.zeros((self._n_sys(), self._n_sys()))
        out[np.ix_(idx, idx)] = J
        return out

    def _bind_current(self):
        """The inner solver's equations at the current state (q, q_t, t of systemData)."""
        inner = self._require()
        cur = inner.current
        inner.eq.update_kinematics(cur.q, cur.v, cur.t)
        return inner, cur

    def GetSystemResidual(self):
        return self._residual.copy()

    def GetSystemMassMatrix(self):
        return self._mass.copy()

    def SetSystemResidual(self, systemResidual):
        self._residual = self._checked_copy(systemResidual, (self._n_sys(),), "SetSystemResidual", "vector")

    def SetSystemMassMatrix(self, systemMassMatrix):
        """Set the stored mass matrix (as Exudyn: of the system's size nODE2+nODE1+nAE)."""
        n = self._n_sys()
        self._mass = self._checked_copy(systemMassMatrix, (n, n), "SetSystemMassMatrix", "matrix")

    def _checked_copy(self, value, shape, name, what):
        a = np.array(value, dtype=float)
        if self._inner is None or a.shape != shape:
            raise ExudynValueError(f"MainSolverBase::{name}(...): {what} has wrong size or MainSolverBase is not "
                                   f"correctly initialized; call InitializeSolver() first")
        return a

    def ComputeMassMatrix(self, mainSystem, scalarFactor=1.0):
        """The mass matrix at the current state times ``scalarFactor`` (GetSystemMassMatrix): the
        ODE2 block of the stored matrix, the rest zero (as Exudyn, the stored matrix keeps its size:
        nODE2 x nODE2, or the system's after SetSystemMassMatrix)."""
        inner, _ = self._bind_current()
        n2 = self._sizes[0]
        if self._mass.shape[0] < n2:
            self._mass = np.zeros((n2, n2))
        self._mass[:] = 0.0
        self._mass[:n2, :n2] = inner.eq.mass_matrix(dense=True) * float(scalarFactor)

    def ComputeODE2RHS(self, mainSystem):
        """The ODE2 right-hand side f at the current state into the residual's ODE2 rows (the static
        solver's loads times its load factor)."""
        inner, _ = self._bind_current()
        rhs = inner.rhs() if hasattr(inner, "rhs") else inner.eq.ode2_rhs()
        self._residual[:self._sizes[0]] = rhs

    def _compute_ode1_rhs(self):
        inner, cur = self._bind_current()
        n2, n1 = self._sizes[0], self._sizes[1]
        if n1:
            self._residual[n2:n2 + n1] = inner.eq.ode1_rhs(cur.y, cur.t)


class NewtonSolverMethods:
    """The Jacobian methods of the implicit and the static solver objects."""
    _newton = None

    def CheckInitialized(self, mainSystem):
        """True after InitializeSolver (else ModelError)."""
        self._require()
        return True

    def _newton_settings(self):
        if self._newton is None:
            from ..model.settings import NewtonSettings
            self._newton = NewtonSettings()
        return self._newton

    def GetNewtonSolution(self):
        return self._solution.copy()

    def _stored_jacobian(self):
        """The stored system Jacobian (after steps: the Newton matrix at the state they ended at)."""
        if self._jacobian is None:
            self._jacobian = self._newton_matrix()
        return self._jacobian

    def GetSystemJacobian(self):
        return self._stored_jacobian().copy()

    def SetSystemJacobian(self, systemJacobian):
        n = self._n_sys()
        self._jacobian = self._checked_copy(systemJacobian, (n, n), "SetSystemJacobian", "matrix")

    def ComputeAlgebraicEquations(self, mainSystem, velocityLevel=False):
        """The algebraic equations g at the current state (``velocityLevel``: position-level
        constraints in their velocity form) into the residual's AE rows."""
        inner, cur = self._bind_current()
        eq = inner.eq
        keep = eq.index2
        eq.index2 = bool(velocityLevel)
        try:
            g = eq.constraints(cur.lam, with_jacobian=False)
        finally:
            eq.index2 = keep
        self._residual[self._sizes[0] + self._sizes[1]:] = g

    def ComputeJacobianODE2RHS(self, mainSystem, scalarFactor_ODE2=1.0, scalarFactor_ODE2_t=0.0, scalarFactor_ODE1=1.0,
                               computeLoadsJacobian=0):
        """The system Jacobian set to zero but for its ODE2 block: scalarFactor_ODE2 df/dq +
        scalarFactor_ODE2_t df/dq_t of the ODE2 right-hand side f at the current state."""
        inner, _ = self._bind_current()
        eq, n2 = inner.eq, self._sizes[0]
        eq.constraints(np.zeros(self._sizes[2]))       # (no multiplier terms in this block)
        J = eq.jacobian(0.0, -float(scalarFactor_ODE2), -float(scalarFactor_ODE2_t), 0.0, 0.0, 0.0, dense=True)
        n = self._n_sys()
        self._jacobian = np.zeros((n, n))
        self._jacobian[:n2, :n2] = J[:n2, :n2]

    def ComputeJacobianAE(self, mainSystem, scalarFactor_ODE2=1.0, scalarFactor_ODE2_t=0.0, scalarFactor_ODE1=1.0,
                          velocityLevel=False):
        """Add the constraint Jacobians at the current state: C^T into the ODE2 rows, C times
        scalarFactor_ODE2 (velocity-level constraints: times scalarFactor_ODE2_t) into the AE rows."""
        if velocityLevel:
            raise NotImplementedFeatureError("CSystem::JacobianAE_ODE2: velocityLevel=true not implemented")
        inner, cur = self._bind_current()
        eq = inner.eq
        eq.constraints(cur.lam)
        J = eq.jacobian(0.0, 0.0, 0.0, float(scalarFactor_ODE2), float(scalarFactor_ODE2_t), 1.0, dense=True)
        self._jacobian = self._stored_jacobian() + self._system_matrix(J)

    def ComputeJacobianODE1RHS(self, mainSystem, scalarFactor_ODE2=1.0, scalarFactor_ODE2_t=0.0, scalarFactor_ODE1=1.0):
        """Add scalarFactor_ODE1 df1/dy of the ODE1 right-hand side f1 at the current state to the
        ODE1 block (forward differences with the Newton settings' numericalDifferentiation)."""
        inner, cur = self._bind_current()
        n2, n1 = self._sizes[0], self._sizes[1]
        if n1 == 0:
            return
        nd = inner.newton_settings.numericalDifferentiation if hasattr(inner, "newton_settings") else None
        eps, q_min = (float(nd.relativeEpsilon), float(nd.minimumCoordinateSize)) if nd else (1e-7, 1e-2)
        y0 = cur.y.copy()
        f0 = inner.eq.ode1_rhs(y0, cur.t)
        self._jacobian = self._stored_jacobian().copy()
        for i in range(n1):
            y = y0.copy()
            h = eps * max(q_min, abs(y0[i]))
            y[i] += h
            self._jacobian[n2:n2 + n1, n2 + i] += (inner.eq.ode1_rhs(y, cur.t) - f0) * (float(scalarFactor_ODE1) / h)


# ---------------------------------------------------------------------------------------------
class MainSolverImplicitSecondOrder(UserFunctionSetters, NewtonSolverMethods, MainSolverBase):
    """Generalized-alpha, Newmark and index-2 trapezoidal time integration (implicit.py)."""
    kind = "implicit"
    solver_name = "implicit second order time integration"
    # the integration parameters of the run (InitializeSolver), 0 before
    alphaF = alphaM = factJacAlgorithmic = newmarkBeta = newmarkGamma = spectralRadius = 0.0
    newton = property(lambda self: self._newton_settings(), lambda self, value: setattr(self, "_newton", value),
                      doc="the Newton settings of the run (a copy)")

    def _create(self, mbs, settings):
        from .implicit import ImplicitSecondOrderSolver
        return ImplicitSecondOrderSolver(mbs, settings)

    def _after_initialize(self):
        import copy
        inner = self._inner
        ga = self._settings.timeIntegration.generalizedAlpha
        self.alphaF, self.alphaM = inner.alpha_f, inner.alpha_m
        self.newmarkBeta, self.newmarkGamma = inner.beta, inner.gamma
        self.factJacAlgorithmic = (1.0 - inner.alpha_f) / (1.0 - inner.alpha_m)
        self.spectralRadius = 1.0 if inner.newmark else float(ga.spectralRadius)
        self._newton = copy.deepcopy(self._settings.timeIntegration.newton)
        self._it.initialStepSize = self._it.maxStepSize
        eq, cur = inner.eq, inner.current
        eq.update_kinematics(cur.q, cur.v, cur.t)
        self._mass = eq.mass_matrix(dense=True)
        if ga.computeInitialAccelerations:
            # [M C^T; C dg/dlam] of the initial accelerations (position-level constraints)
            from .implicit import INITIAL_JACOBIAN
            keep, eq.index2 = eq.index2, False
            try:
                eq.constraints(cur.lam)
                self._jacobian = self._system_matrix(eq.jacobian(*INITIAL_JACOBIAN, dense=True))
            finally:
                eq.index2 = keep

    def GetAAlgorithmic(self):
        return self._require().a_alg.copy()

    def GetStartOfStepStateAAlgorithmic(self):
        return self._require().a_alg_start.copy()

    def ComputeODE1RHS(self, mainSystem):
        """The ODE1 right-hand side at the current state into the residual's ODE1 rows."""
        self._compute_ode1_rhs()


class MainSolverStatic(NewtonSolverMethods, MainSolverBase):
    """Static solver with load steps (static.py)."""
    kind = "static"
    solver_name = "nonlinear static solver"
    loadStepGeometricFactor = 0.0       # range^(1/(n-1)) of geometric load steps (InitializeSolver)
    newton = property(lambda self: self._newton_settings(), lambda self, value: setattr(self, "_newton", value),
                      doc="the Newton settings of the run (a copy)")

    def _create(self, mbs, settings):
        from .static import StaticSolver
        return StaticSolver(mbs, settings)

    def _after_initialize(self):
        import copy
        ss = self._settings.staticSolver
        n = int(ss.numberOfLoadSteps)
        self.loadStepGeometricFactor = (float(ss.loadStepGeometricRange) ** (1.0 / (n - 1)) if n > 1
                                        else float(ss.loadStepGeometricRange))
        self._newton = copy.deepcopy(ss.newton)

    def GetSimulationEndTime(self, simulationSettings):
        ss = simulationSettings.staticSolver
        return float(ss.loadStepStart) + float(ss.loadStepDuration)

    def ComputeLoadFactor(self, simulationSettings):
        """The load factor at it.currentTime: (t - loadStepStart) / loadStepDuration (1 without
        useLoadFactor); geometric load steps as the static solver makes them."""
        ss = simulationSettings.staticSolver
        if not ss.useLoadFactor:
            return 1.0
        t0, T = float(ss.loadStepStart), float(ss.loadStepDuration)
        return (self._it.currentTime - t0) / T


class MainSolverExplicit(ExplicitStepMethods, MainSolverBase):
    """Explicit Runge-Kutta methods and velocity Verlet (explicit.py)."""
    kind = "explicit"

    def __init__(self):
        super().__init__()
        self._solver_type = None

    @property
    def solver_name(self):
        st = "DynamicSolverType::invalid" if self._solver_type is None else self._solver_type.name
        return f"explicit time integration ({st})"

    def _create(self, mbs, settings):
        from .explicit import ExplicitSolver
        st = DST(int(settings.timeIntegration.solverType))
        self._solver_type = st
        if st.name not in EXPLICIT_TYPES:
            raise ExudynValueError(
                "SolverExplicit: simulationSettings.timeIntegration.solverType must be an explicit solver "
                "(ExplicitEuler, ExplicitMidpoint, RK33, RK44, RK67, ODE23, DOPRI5 or VelocityVerlet), but it is "
                f"{st.name}; mbs.SolveDynamic(..., solverType=...) sets it for the run")
        return ExplicitSolver(mbs, settings, st)

    def _after_initialize(self):
        inner = self._inner
        self._it.initialStepSize = self._it.maxStepSize
        eq, cur = inner.eq, inner.current
        eq.update_kinematics(cur.q, cur.v, cur.t)
        M = eq.mass_matrix(dense=True)
        constant = bool(self._settings.timeIntegration.reuseConstantMassMatrix) and eq.constant_mass
        # (Exudyn keeps the inverse of a constant mass matrix)
        self._mass = np.linalg.inv(M) if constant and np.linalg.matrix_rank(M) == M.shape[0] else M

    def GetMethodOrder(self):
        from .explicit import ORDERS
        return ORDERS.get(self._solver_type, 0) if self._solver_type is not None else 0

    def GetNumberOfStages(self):
        from .explicit import TABLEAUS
        if self._solver_type is None:
            return 0
        tab = TABLEAUS.get(self._solver_type)
        return tab.stages if tab is not None else 1

    def HasAutomaticStepSizeControl(self, mainSystem, simulationSettings):
        from .explicit import TABLEAUS
        st = DST(int(simulationSettings.timeIntegration.solverType))
        tab = TABLEAUS.get(st)
        return bool(simulationSettings.timeIntegration.automaticStepSize) and tab is not None \
            and tab.b_hat is not None

    def ComputeODE1RHS(self, mainSystem):
        """The ODE1 right-hand side at the current state into the residual's ODE1 rows."""
        self._compute_ode1_rhs()
