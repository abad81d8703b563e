"""Cases of the solver objects exu.MainSolverImplicitSecondOrder, MainSolverStatic and
MainSolverExplicit (tests/api/test_main_solvers.py), shared with tools/make_main_solvers_reference.py,
which runs them with Exudyn 1.13.6 and stores the results in tests/reference/main_solvers.json.

A case is a function ``case(exu, U, lg)`` of the package (exudyn or multibody), its utilities and
its lieGroupIntegration module; it returns a dict of numbers, arrays, bools, strings and lists.
Only what Exudyn and multibody define alike is recorded: not the linear solver's factorization
that Exudyn keeps in the system Jacobian (EXUdense: its inverse), not Newton's contractivity, not
the states a failed step leaves."""
import numpy as np

H = 0.01


# ---------------------------------------------------------------------------------------------
# models
def spring_mass(exu, U, constraint=False):
    """A mass point on a spring-damper to ground with a force; optionally z fixed to ground by a
    CoordinateConstraint."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(U.Point(referenceCoordinates=[0, 0, 0], initialCoordinates=[0.1, 0, 0],
                             initialVelocities=[0, 0.2, 0]))
    mbs.AddObject(U.MassPoint(mass=2, nodeNumber=n0))
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mn], stiffness=100, damping=1, referenceLength=0.0))
    mbs.AddLoad(U.Force(markerNumber=mn, loadVector=[0, -1, 0]))
    if constraint:
        ng = mbs.AddNode(U.NodePointGround())
        m0 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        m1 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n0, coordinate=2))
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[m0, m1]))
    mbs.Assemble()
    return SC, mbs


def spring_pendulum(exu, U):
    """A 2D pendulum (DistanceConstraint) with a spring-damper to a second ground point and gravity."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(U.Point2D(referenceCoordinates=[1, 0], initialVelocities=[0, 0.5]))
    mbs.AddObject(U.MassPoint2D(mass=1.5, nodeNumber=n0))
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground))
    mg2 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground, localPosition=[0.5, -1, 0]))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=[mg, mn], distance=1))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg2, mn], stiffness=50, damping=0.5, referenceLength=0.8))
    mbs.AddLoad(U.Force(markerNumber=mn, loadVector=[0, -9.81 * 1.5, 0]))
    mbs.Assemble()
    return SC, mbs


def lie_body(exu, U):
    """A spinning rigid body (NodeRigidBodyRotVecLG) under gravity, its y coordinate fixed to ground."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    inertia = U.InertiaCuboid(density=1000, sideLengths=[0.4, 0.2, 0.1])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, 0, 0], initialAngularVelocity=[2, 10, 1],
                               initialVelocity=[0.1, 0, 0], gravity=[0, -9.81, 0],
                               nodeType=exu.NodeType.RotationRotationVector)
    node = mbs.GetObject(body)["nodeNumber"]
    ng = mbs.AddNode(U.NodePointGround())
    m0 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    m1 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=node, coordinate=1))
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[m0, m1]))
    mbs.Assemble()
    return SC, mbs


def settings(exu, n=10, T=0.1, **time_integration):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = n
    s.timeIntegration.endTime = T
    s.timeIntegration.verboseMode = 0
    s.staticSolver.verboseMode = 0
    s.solution.file.write = False
    for key, value in time_integration.items():
        setattr(s.timeIntegration, key, value)
    return s


# ---------------------------------------------------------------------------------------------
# what the cases record
IT_FIELDS = ("currentStepIndex", "currentStepSize", "currentTime", "startTime", "endTime", "numberOfSteps",
             "minStepSize", "maxStepSize", "initialStepSize", "lastStepSize", "adaptiveStep", "automaticStepSize",
             "newtonSteps", "newtonStepsCount", "newtonJacobiCount", "discontinuousIteration",
             "discontinuousIterationsCount", "rejectedModifiedNewtonSteps", "rejectedAutomaticStepSizeSteps",
             "recommendedStepSize")
CONV_FLAGS = ("discontinuousIterationSuccessful", "linearSolverFailed", "linearSolverCausingRow",
              "massMatrixNotInvertible", "newtonConverged", "newtonSolutionDiverged", "stepReductionFailed",
              "stopNewton", "errorCoordinateFactor")
OUTPUT_FLAGS = ("finishedSuccessfully", "initializationSuccessful", "verboseMode", "verboseModeFile",
                "stepInformation", "writeToSolutionFile")


def statistics(solver, conv=True):
    out = {f"it.{k}": getattr(solver.it, k) for k in IT_FIELDS}
    out.update({f"output.{k}": getattr(solver.output, k) for k in OUTPUT_FLAGS})
    if conv:
        out.update({f"conv.{k}": getattr(solver.conv, k) for k in CONV_FLAGS})
    return out


def state(mbs, with_ae=False):
    sd = mbs.systemData
    out = {"q": sd.GetODE2Coordinates(), "q_t": sd.GetODE2Coordinates_t(), "t": sd.GetTime()}
    if with_ae:
        out["lambda"] = sd.GetAECoordinates()
    return out


def error_name(f):
    try:
        f()
    except Exception as exc:      # noqa: BLE001 - the kind of error is what is recorded
        return type(exc).__name__
    return "no error"


# ---------------------------------------------------------------------------------------------
# SolveSystem
def solve_system_implicit(exu, U, lg):
    SC, mbs = spring_mass(exu, U)
    solver = exu.MainSolverImplicitSecondOrder()
    ok = solver.SolveSystem(mbs, settings(exu))
    return {"ok": ok, **state(mbs), "q_tt": mbs.systemData.GetODE2Coordinates_tt(), **statistics(solver),
            "error": solver.GetErrorString(), "stored": "dynamicSolver" in mbs.sys,
            "success": list(exu.SolverSuccess(solver)), "name": solver.GetSolverName(),
            "static": solver.IsStaticSolver(), "a_algorithmic": solver.GetAAlgorithmic()}


def solve_system_pendulum(exu, U, lg):
    SC, mbs = spring_pendulum(exu, U)
    solver = exu.MainSolverImplicitSecondOrder()
    ok = solver.SolveSystem(mbs, settings(exu, 20, 0.2))
    return {"ok": ok, **state(mbs, True), "currentStepIndex": solver.it.currentStepIndex,
            "finished": solver.output.finishedSuccessfully}


def solve_system_newmark_index2(exu, U, lg):
    SC, mbs = spring_pendulum(exu, U)
    s = settings(exu, 20, 0.2)
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    solver = exu.MainSolverImplicitSecondOrder()
    ok = solver.SolveSystem(mbs, s)
    return {"ok": ok, **state(mbs, True), "alphaF": solver.alphaF, "alphaM": solver.alphaM,
            "newmarkBeta": solver.newmarkBeta, "newmarkGamma": solver.newmarkGamma,
            "spectralRadius": solver.spectralRadius, "factJacAlgorithmic": solver.factJacAlgorithmic}


def solve_system_static(exu, U, lg):
    SC, mbs = spring_mass(exu, U, constraint=True)
    s = settings(exu)
    s.staticSolver.numberOfLoadSteps = 4
    solver = exu.MainSolverStatic()
    ok = solver.SolveSystem(mbs, s)
    return {"ok": ok, "q": mbs.systemData.GetODE2Coordinates(), "lambda": mbs.systemData.GetAECoordinates(),
            **statistics(solver), "name": solver.GetSolverName(), "static": solver.IsStaticSolver(),
            "loadStepGeometricFactor": solver.loadStepGeometricFactor, "loadFactor": solver.ComputeLoadFactor(s),
            "endTime": solver.GetSimulationEndTime(s), "stored": "staticSolver" in mbs.sys}


def _solve_explicit(exu, U, solver_type):
    SC, mbs = spring_mass(exu, U)
    s = settings(exu, solverType=solver_type)
    solver = exu.MainSolverExplicit()
    ok = solver.SolveSystem(mbs, s)
    return {"ok": ok, **state(mbs), **statistics(solver, conv=False), "name": solver.GetSolverName(),
            "order": solver.GetMethodOrder(), "stages": solver.GetNumberOfStages(),
            "automatic": solver.HasAutomaticStepSizeControl(mbs, s)}


def solve_system_rk44(exu, U, lg):
    return _solve_explicit(exu, U, exu.DynamicSolverType.RK44)


def solve_system_dopri5(exu, U, lg):
    return _solve_explicit(exu, U, exu.DynamicSolverType.DOPRI5)


def solve_system_explicit_euler(exu, U, lg):
    return _solve_explicit(exu, U, exu.DynamicSolverType.ExplicitEuler)


# ---------------------------------------------------------------------------------------------
# initialization, getters and the Compute... methods
def initialize_implicit(exu, U, lg):
    SC, mbs = spring_pendulum(exu, U)
    s = settings(exu)
    s.linearSolverType = exu.LinearSolverType.EigenSparse      # (EXUdense keeps the inverse instead)
    solver = exu.MainSolverImplicitSecondOrder()
    before = {"name_before": solver.GetSolverName(), "sizes_before": [solver.GetODE2size(), solver.GetAEsize()],
              "check_before": error_name(lambda: solver.CheckInitialized(mbs)),
              "verbose_before": [solver.IsVerboseCheck(0), solver.IsVerboseCheck(1)]}
    ok = solver.InitializeSolver(mbs, s)
    return {**before, "ok": ok, **statistics(solver), "alphaF": solver.alphaF, "alphaM": solver.alphaM,
            "newmarkBeta": solver.newmarkBeta, "newmarkGamma": solver.newmarkGamma,
            "spectralRadius": solver.spectralRadius, "factJacAlgorithmic": solver.factJacAlgorithmic,
            "newton.maxIterations": solver.newton.maxIterations,
            "sizes": [solver.GetODE2size(), solver.GetODE1size(), solver.GetAEsize(), solver.GetDataSize()],
            "mass": solver.GetSystemMassMatrix(), "jacobian": solver.GetSystemJacobian(),
            "a_algorithmic": solver.GetAAlgorithmic(), "q_tt": mbs.systemData.GetODE2Coordinates_tt(),
            "lambda": mbs.systemData.GetAECoordinates(), "check": solver.CheckInitialized(mbs),
            "endTime": solver.GetSimulationEndTime(s), "automatic": solver.HasAutomaticStepSizeControl(mbs, s)}


def compute_methods(exu, U, lg):
    """The system vectors and matrices at the state after 5 steps."""
    SC, mbs = spring_pendulum(exu, U)
    s = settings(exu, 5, 0.05)
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    solver.SolveSteps(mbs, s)
    out = {**state(mbs, True)}
    n2 = solver.GetODE2size()
    # (first: Exudyn's Newton residual and matrix use the mass matrix ComputeMassMatrix leaves)
    out["newton_residual"] = solver.ComputeNewtonResidual(mbs, s)
    out["newton_residual_vector"] = solver.GetSystemResidual()
    solver.ComputeNewtonJacobian(mbs, s)
    out["newton_jacobian"] = solver.GetSystemJacobian()
    solver.ComputeMassMatrix(mbs, 2.5)
    out["mass"] = solver.GetSystemMassMatrix()
    solver.ComputeODE2RHS(mbs)
    out["ode2_rhs"] = solver.GetSystemResidual()[:n2]
    solver.ComputeAlgebraicEquations(mbs)
    out["ae"] = solver.GetSystemResidual()[n2:]
    solver.ComputeAlgebraicEquations(mbs, True)
    out["ae_velocity"] = solver.GetSystemResidual()[n2:]
    solver.ComputeJacobianODE2RHS(mbs)
    out["jacobian_ode2"] = solver.GetSystemJacobian()
    solver.ComputeJacobianODE2RHS(mbs, scalarFactor_ODE2=2.0, scalarFactor_ODE2_t=3.0)
    out["jacobian_ode2_23"] = solver.GetSystemJacobian()
    solver.ComputeJacobianAE(mbs, 2.0, 3.0)
    out["jacobian_ode2_ae_23"] = solver.GetSystemJacobian()
    out["ae_velocity_level"] = error_name(lambda: solver.ComputeJacobianAE(mbs, 1.0, 0.0, 1.0, True))
    solver.SetSystemJacobian(np.eye(3) * 7.0)
    out["set_jacobian"] = solver.GetSystemJacobian()
    solver.SetSystemMassMatrix(np.eye(3) * 3.0)           # (Exudyn: the size of the system, nODE2+nAE)
    out["set_mass"] = solver.GetSystemMassMatrix()
    solver.ComputeMassMatrix(mbs)
    out["mass_after_set"] = solver.GetSystemMassMatrix()
    out["set_mass_size"] = error_name(lambda: solver.SetSystemMassMatrix(np.eye(2)))
    out["set_jacobian_size"] = error_name(lambda: solver.SetSystemJacobian(np.eye(2)))
    out["load_factor"] = error_name(lambda: solver.ComputeLoadFactor(s))
    solver.FinalizeSolver(mbs, s)
    return out


# ---------------------------------------------------------------------------------------------
# stepping by hand
def stepwise_implicit(exu, U, lg):
    SC, mbs = spring_mass(exu, U)
    s = settings(exu)
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    solver.it.currentStepSize = H
    out = {}
    for i in range(3):
        solver.InitializeStep(mbs, s)
        ok = solver.DiscontinuousIteration(mbs, s)
        solver.FinishStep(mbs, s)
        out[f"step{i}"] = [ok, mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_tt(),
                           solver.GetAAlgorithmic(), solver.it.currentTime, mbs.systemData.GetTime(),
                           solver.it.newtonSteps, solver.it.discontinuousIterationsCount,
                           solver.it.discontinuousIteration, solver.GetNewtonSolution()]
    solver.InitializeStep(mbs, s)
    ok = solver.Newton(mbs, s)
    out["newton"] = [ok, mbs.systemData.GetODE2Coordinates(), solver.GetAAlgorithmic(), solver.it.newtonSteps,
                     solver.it.discontinuousIterationsCount, solver.PostNewton(mbs, s)]
    solver.InitializeStep(mbs, s)
    solver.ComputeNewtonUpdate(mbs, s)
    out["predictor"] = [mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t(),
                        mbs.systemData.GetODE2Coordinates_tt(), solver.GetAAlgorithmic()]
    out["residual"] = [solver.ComputeNewtonResidual(mbs, s), solver.GetSystemResidual()]
    solver.ComputeNewtonJacobian(mbs, s)
    out["jacobian"] = solver.GetSystemJacobian()
    solver.it.currentTime = 0.05
    ok = solver.SolveSteps(mbs, s)
    solver.FinalizeSolver(mbs, s)
    out["end"] = [ok, mbs.systemData.GetODE2Coordinates(), solver.it.currentTime, solver.it.currentStepIndex]
    return out


def continue_solve_steps(exu, U, lg):
    """SolveSteps to 0.04, then on to it.endTime = 0.1 (as a script continues a simulation)."""
    SC, mbs = spring_mass(exu, U)
    calls = []
    mbs.SetPreStepUserFunction(lambda mbs_, t: calls.append(["pre", round(t, 10)]) or True)
    mbs.SetPostStepUserFunction(lambda mbs_, t: calls.append(["post", round(t, 10)]) or True)
    s = settings(exu, 4, 0.04)
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    after_init = list(calls)
    ok1 = solver.SolveSteps(mbs, s)
    first = [ok1, mbs.systemData.GetODE2Coordinates(), solver.it.currentStepIndex, solver.it.currentTime]
    calls.clear()
    solver.it.endTime = 0.1
    ok2 = solver.SolveSteps(mbs, s)
    solver.FinalizeSolver(mbs, s)
    return {"after_init": after_init, "first": first, "calls": calls, "ok": ok2,
            "q": mbs.systemData.GetODE2Coordinates(), "currentStepIndex": solver.it.currentStepIndex,
            "currentTime": solver.it.currentTime, "finished": solver.output.finishedSuccessfully}


def step_size_control(exu, U, lg):
    SC, mbs = spring_mass(exu, U)
    s = settings(exu)
    solver = exu.MainSolverImplicitSecondOrder()
    solver.InitializeSolver(mbs, s)
    it = solver.it
    out = []
    it.currentStepSize = H
    for severity in (1, 2):
        out.append([solver.ReduceStepSize(mbs, s, severity), it.currentStepSize])
    it.currentStepSize = 1.5e-8
    out.append([solver.ReduceStepSize(mbs, s, 1), it.currentStepSize])
    out.append([solver.ReduceStepSize(mbs, s, 1), it.currentStepSize])
    it.recommendedStepSize, it.currentStepSize = 0.001, H
    out.append([solver.ReduceStepSize(mbs, s, 1), it.currentStepSize])
    it.currentStepSize = 0.004
    solver.IncreaseStepSize(mbs, s)
    out.append(it.currentStepSize)
    it.currentStepSize = 0.009
    solver.IncreaseStepSize(mbs, s)
    out.append(it.currentStepSize)
    it.currentStepSize, it.currentTime = 0.009, 0.095
    solver.UpdateCurrentTime(mbs, s)
    out.append([it.currentTime, it.currentStepSize])
    it.adaptiveStep, it.currentStepIndex, it.currentStepSize = False, 5, H
    solver.UpdateCurrentTime(mbs, s)
    out.append(it.currentTime)
    return {"sequence": out}


def static_stepwise(exu, U, lg):
    SC, mbs = spring_mass(exu, U, constraint=True)
    s = settings(exu)
    s.staticSolver.numberOfLoadSteps = 4
    solver = exu.MainSolverStatic()
    solver.InitializeSolver(mbs, s)
    out = {"init": [solver.it.startTime, solver.it.endTime, solver.it.maxStepSize, solver.it.numberOfSteps,
                    solver.it.currentStepSize, solver.ComputeLoadFactor(s), solver.loadStepGeometricFactor]}
    solver.it.currentStepSize = 0.25
    solver.UpdateCurrentTime(mbs, s)
    out["uct"] = [solver.it.currentTime, solver.ComputeLoadFactor(s)]
    solver.InitializeStep(mbs, s)
    out["is"] = [solver.it.currentTime, mbs.systemData.GetTime()]
    ok = solver.DiscontinuousIteration(mbs, s)
    out["di"] = [ok, mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetAECoordinates(), solver.it.newtonSteps]
    solver.ComputeODE2RHS(mbs)
    out["rhs"] = solver.GetSystemResidual()[:3]
    out["newton_residual"] = solver.ComputeNewtonResidual(mbs, s)
    solver.ComputeNewtonJacobian(mbs, s)
    out["newton_jacobian"] = solver.GetSystemJacobian()
    solver.FinalizeSolver(mbs, s)
    return out


def explicit_details(exu, U, lg):
    SC, mbs = spring_mass(exu, U)
    s = settings(exu, solverType=exu.DynamicSolverType.RK44)
    solver = exu.MainSolverExplicit()
    out = {"name_before": solver.GetSolverName()}
    solver.InitializeSolver(mbs, s)
    out.update({"name": solver.GetSolverName(), "mass": solver.GetSystemMassMatrix(),
                "q_tt": mbs.systemData.GetODE2Coordinates_tt(), **statistics(solver, conv=False),
                "newton": solver.Newton(mbs, s),
                "newton_residual": error_name(lambda: solver.ComputeNewtonResidual(mbs, s)),
                "newton_update": error_name(lambda: solver.ComputeNewtonUpdate(mbs, s)),
                "load_factor": error_name(lambda: solver.ComputeLoadFactor(s))})
    solver.it.currentStepSize = H
    solver.InitializeStep(mbs, s)
    out["step"] = [solver.DiscontinuousIteration(mbs, s), mbs.systemData.GetODE2Coordinates(),
                   solver.it.currentTime]
    solver.ComputeMassMatrix(mbs)
    out["mass_computed"] = solver.GetSystemMassMatrix()
    solver.ComputeODE2RHS(mbs)
    out["rhs"] = solver.GetSystemResidual()
    solver.FinalizeSolver(mbs, s)
    SC, mbs = spring_mass(exu, U)
    wrong = exu.MainSolverExplicit()
    out["implicit_type"] = error_name(lambda: wrong.InitializeSolver(mbs, settings(exu)))
    out["name_after_wrong_type"] = wrong.GetSolverName()
    for name in ("ExplicitEuler", "ExplicitMidpoint", "RK33", "RK44", "RK67", "ODE23", "DOPRI5", "VelocityVerlet"):
        SC, mbs = spring_mass(exu, U)
        st = getattr(exu.DynamicSolverType, name)
        s = settings(exu, solverType=st)
        e = exu.MainSolverExplicit()
        e.InitializeSolver(mbs, s)
        out[name] = [e.GetMethodOrder(), e.GetNumberOfStages(), e.HasAutomaticStepSizeControl(mbs, s)]
        e.FinalizeSolver(mbs, s)
    return out


# ---------------------------------------------------------------------------------------------
# user functions, failures, data structures
def lie_group_rk4(exu, U, lg):
    """Exudyn's pattern: an implicit solver whose Newton is an explicit Lie group RK4 step."""
    SC, mbs = lie_body(exu, U)
    lg.LieGroupExplicitRKInitialize(mbs)
    s = settings(exu, 50, 0.5)
    s.timeIntegration.generalizedAlpha.computeInitialAccelerations = False
    solver = exu.MainSolverImplicitSecondOrder()
    solver.SetUserFunctionNewton(mbs, lg.UserFunctionNewtonLieGroupRK4)
    ok = solver.SolveSystem(mbs, s)
    return {"ok": ok, **state(mbs), **statistics(solver)}


def _phase_log(exu, U, setter, function):
    SC, mbs = spring_mass(exu, U)
    log = []
    mbs.SetPreStepUserFunction(lambda mbs_, t: log.append(["pre", round(t, 10)]) or True)
    mbs.SetPostStepUserFunction(lambda mbs_, t: log.append(["post", round(t, 10)]) or True)
    solver = exu.MainSolverImplicitSecondOrder()
    getattr(solver, setter)(mbs, lambda solver_, mbs_, s_: function(solver_, mbs_, log))
    ok = solver.SolveSystem(mbs, settings(exu, 3, 0.03))
    return [ok, log, mbs.systemData.GetODE2Coordinates(), solver.it.currentStepIndex, solver.it.newtonStepsCount,
            solver.it.discontinuousIterationsCount]


def _update_time(solver, mbs, log):
    log.append(["UCT", round(solver.it.currentTime, 10), solver.it.currentStepSize])
    solver.it.currentTime += solver.it.currentStepSize
    return True


def _initialize_step(solver, mbs, log):
    log.append(["IS", round(solver.it.currentTime, 10)])
    solver.it.currentTime += solver.it.currentStepSize
    mbs.systemData.SetTime(solver.it.currentTime)
    return True


def user_functions(exu, U, lg):
    return {
        "UpdateCurrentTime": _phase_log(exu, U, "SetUserFunctionUpdateCurrentTime", _update_time),
        "FinishStep": _phase_log(exu, U, "SetUserFunctionFinishStep",
                                 lambda solver, mbs, log: log.append(["FS", round(solver.it.currentTime, 10)]) or True),
        "InitializeStep": _phase_log(exu, U, "SetUserFunctionInitializeStep", _initialize_step),
        "PostNewton": _phase_log(exu, U, "SetUserFunctionPostNewton",
                                 lambda solver, mbs, log: log.append(["PN", mbs.systemData.GetTime()]) or 0.0),
    }


def failure(exu, U, lg):
    SC, mbs = spring_mass(exu, U)
    s = settings(exu, adaptiveStep=False)
    s.timeIntegration.newton.maxIterations = 1
    s.timeIntegration.newton.relativeTolerance = 1e-14
    s.timeIntegration.newton.absoluteTolerance = 1e-16
    solver = exu.MainSolverImplicitSecondOrder()
    ok = solver.SolveSystem(mbs, s)
    return {"ok": ok, "error": solver.GetErrorString(), "success": list(exu.SolverSuccess(solver)),
            "finished": solver.output.finishedSuccessfully,
            **{f"conv.{k}": getattr(solver.conv, k) for k in CONV_FLAGS}}


def error_string(exu, U, lg):
    SC, mbs = spring_mass(exu, U)
    solver = exu.MainSolverImplicitSecondOrder()
    out = [solver.GetErrorString()]
    solver.SolveSystem(mbs, settings(exu))
    out.append(solver.GetErrorString())
    solver.output.finishedSuccessfully = False
    out.append(solver.GetErrorString())
    solver.conv.discontinuousIterationSuccessful = False
    out.append(solver.GetErrorString())
    solver.conv.stepReductionFailed = True
    solver.conv.stopNewton = True
    out.append(solver.GetErrorString())
    return {"strings": out}


def data_structures(exu, U, lg):
    it = exu.SolverIterationData()
    conv = exu.SolverConvergenceData()
    output = exu.SolverOutputData()
    conv.residual, output.finishedSuccessfully = 5.0, True
    conv.InitializeData()
    output.InitializeData()
    local = exu.SolverLocalData()
    return {"it": repr(it), "it.ToString": it.ToString(), "conv": repr(conv),
            "output.finished": output.finishedSuccessfully, "output.numberOfThreadsUsed": output.numberOfThreadsUsed,
            "output.restartTime": output.restartTime,
            "local": [local.nODE2, local.nODE1, local.nAE, local.nData, local.nSys, local.startAE],
            "solver.it": repr(exu.MainSolverStatic().it), "timer.total": exu.MainSolverExplicit().timer.total}


CASES = {f.__name__: f for f in (
    solve_system_implicit, solve_system_pendulum, solve_system_newmark_index2, solve_system_static,
    solve_system_rk44, solve_system_dopri5, solve_system_explicit_euler, initialize_implicit, compute_methods,
    stepwise_implicit, continue_solve_steps, step_size_control, static_stepwise, explicit_details,
    lie_group_rk4, user_functions, failure, error_string, data_structures)}


def run(exu, name):
    """The result of case ``name`` with the package ``exu`` (exudyn or multibody)."""
    import importlib
    U = importlib.import_module(exu.__name__ + ".utilities")
    lg = importlib.import_module(exu.__name__ + ".lieGroupIntegration")
    return CASES[name](exu, U, lg)
