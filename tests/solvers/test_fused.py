"""The fused residual (equations/fused.py): the same numbers as the group-by-group path, to the
last bit, on the reference models; its compile process, the automatic mode and the fallbacks."""
import importlib.util
import os
import re
import sys

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.equations import fused as fu
from multibody.solvers.linear import SPARSE_AS_DENSE_MAX

from .step_models import quiet_settings

HERE = os.path.dirname(os.path.abspath(__file__))


def _reference_models():
    spec = importlib.util.spec_from_file_location(
        'reference_models', os.path.join(HERE, '..', 'models', 'reference_models.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


rm = _reference_models()

# one case per item type and solver variant the fused residual covers
CASES = ['active_connector', 'cartesian_spring', 'coordinate_constraint_dynamic', 'coordinate_constraint_offset',
         'create_rigid_body_ep', 'distance_chain_ga', 'distance_chain_trapezoidal_index2', 'explicit_elimination_rk44',
         'explicit_grid_rk44', 'grid_implicit', 'joint_generic_universal', 'joint_revolute_z_index2',
         'joint_spherical', 'mechanism_four_bar_2d', 'mechanism_slider_crank_3d', 'oscillator_1d',
         'pendulum_ga_rho09', 'pendulum_newmark_index2', 'rigid_body_ep', 'rigid_body_rxyz',
         'create_rigid_body_rxyz_index2', 'explicit_rigid_body_rxyz_rk44', 'explicit_rigid_chain_rk44',
         'explicit_rigid_chain_rk44_last_stage', 'explicit_rigid_chain_dopri5', 'explicit_elimination_dopri5',
         'explicit_grid_ode23', 'explicit_rigid_rotveclg_rk44', 'explicit_rigid_rotveclg_dopri5',
         'rigid_body_rotveclg_planar', 'rigid_connectors_rotveclg', 'rigid_connectors_ep',
         'rigid_connectors_ep_intrinsic', 'rigid_connectors_rxyz', 'sensors_file',
         'rigid_connectors',   # Euler-parameter and Rxyz bodies in one model: a body group per node type
         'joint_rolling_disc', 'coordinate_vector_constraint', 'coordinate_vector_constraint_index2',
         'coordinate_constraint_static', 'static_spring', 'static_truss', 'generic_ode2', 'generic_ode2_static',
         'joints_2d', 'joints_2d_index2', 'rigid_body_2d_pendulum', 'torsional_no_data_node', 'torsional_turns',
         'rotation_coordinate_markers', 'rotation_coordinate_markers_ep',
         # user functions, called back from the compiled code (kernels/user.py)
         'coordinate_constraint_offset_uf', 'coordinate_constraint_offset_uf_index2', 'springdamper_userfunction',
         'joint_generic_user_offset']


def _flat(d, prefix=''):
    out = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(_flat(v, prefix + k + '.'))
        elif isinstance(v, (list, tuple, float, int, np.ndarray)) and not isinstance(v, bool):
            try:
                out[prefix + k] = np.asarray(v, dtype=float)
            except (TypeError, ValueError):
                out[prefix + k] = v
        else:
            out[prefix + k] = v
    return out


class _Counter:
    """Counts the calls of the fused residual, of the compiled iteration and of the compiled
    Newton and step loops."""

    def __init__(self, monkeypatch):
        self.residual = self.iterate = self.newton = self.steps = 0
        res, it, nl = fu.FusedResidual.residual, fu.FusedResidual.iterate, fu.FusedResidual.newton_loop
        for name in ('steps', 'rk_steps'):
            def loop(obj, *a, _f=getattr(fu.FusedResidual, name)):
                self.steps += 1
                return _f(obj, *a)
            monkeypatch.setattr(fu.FusedResidual, name, loop)

        def newton_loop(obj, *a):
            self.newton += 1
            return nl(obj, *a)
        monkeypatch.setattr(fu.FusedResidual, 'newton_loop', newton_loop)

        def residual(obj, *a):
            self.residual += 1
            return res(obj, *a)

        def iterate(obj, *a):
            self.iterate += 1
            return it(obj, *a)
        monkeypatch.setattr(fu.FusedResidual, 'residual', residual)
        monkeypatch.setattr(fu.FusedResidual, 'iterate', iterate)


def _run(case, mode, monkeypatch):
    monkeypatch.setenv('MULTIBODY_FUSED', mode)
    builder, params = rm.CASES[case]
    return _flat(rm._plain(builder(exu, U, **params)))


@pytest.mark.parametrize('case', CASES)
def test_fused_path_gives_the_same_numbers(case, monkeypatch):
    """Every result of the reference case (state, sensors, outputs, files) is the same number
    with the fused residual as without it, bit for bit (the sums are done in the same order,
    and the compiled iteration uses the same triangular solves)."""
    plain = _run(case, '0', monkeypatch)
    counter = _Counter(monkeypatch)
    fused = _run(case, '1', monkeypatch)
    assert counter.residual + counter.iterate + counter.steps > 0, f'{case}: the fused residual was not used'
    if case.startswith('explicit'):
        # fixed or automatic step sizes: the steps run compiled (a diagonal or a block-diagonal
        # mass matrix)
        assert counter.steps > 0, f'{case}: no compiled Runge-Kutta steps'
    assert plain.keys() == fused.keys()
    for k, a in plain.items():
        b = fused[k]
        if isinstance(a, np.ndarray) and a.dtype.kind == 'f':
            assert a.shape == b.shape, k
            np.testing.assert_array_equal(a, b, err_msg=f'{case}: {k}')
        else:
            assert a == b, f'{case}: {k}'


class _StepsCounter:
    """Counts the time steps done by the compiled step loop (FusedResidual.steps)."""

    def __init__(self, monkeypatch):
        self.calls = self.steps = self.jacobians = self.refactors = self.sparse = 0
        st = fu.FusedResidual.steps
        rf = fu.FusedResidual.refactor
        sj = fu.FusedResidual.sparse_jacobian

        def steps(obj, *a):
            status = st(obj, *a)
            self.calls += 1
            self.steps += int(a[-2][15])
            self.jacobians += int(a[11][6])     # Jacobian updates inside the compiled loop
            return status

        def refactor(obj, *a):
            self.refactors += 1
            return rf(obj, *a)
        def sparse_jacobian(obj, *a):
            self.sparse += 1
            return sj(obj, *a)
        monkeypatch.setattr(fu.FusedResidual, 'steps', steps)
        monkeypatch.setattr(fu.FusedResidual, 'refactor', refactor)
        monkeypatch.setattr(fu.FusedResidual, 'sparse_jacobian', sparse_jacobian)


def _force_sparse(monkeypatch):
    """Every implicit solve of the test factorizes with EigenSparse (the compiled Newton loop and
    step loop need compiled triangular factors; the reference cases choose the dense LU)."""
    from multibody.solvers import implicit
    ls = implicit.LinearSolver
    monkeypatch.setattr(implicit, 'LinearSolver',
                        lambda solver_type, ignore, **kw: ls(exu.LinearSolverType.EigenSparse, ignore, **kw))


# the item kernels of these cases are checked in the compiled steps of the full-Newton kind
# (test_fused_path_gives_the_same_numbers); rigid_connectors_rxyz covers them in this one
# (a module kind less to compile per case)
_FULL_NEWTON_ONLY = ('rigid_connectors', 'joint_rolling_disc', 'coordinate_vector_constraint_index2', 'rigid_connectors_ep', 'rigid_connectors_ep_intrinsic', 'rigid_body_rxyz',
                     'create_rigid_body_rxyz_index2', 'joints_2d_index2', 'torsional_no_data_node',
                     'rotation_coordinate_markers_ep')
STEPS_CASES = [c for c in CASES if not c.startswith('explicit') and c not in _FULL_NEWTON_ONLY]


@pytest.mark.parametrize('case', STEPS_CASES)
def test_compiled_steps_give_the_same_numbers(case, monkeypatch):
    """With sparse factors and modified Newton, whole time steps run in one compiled call (FusedResidual.steps) up
    to a Jacobian update (then Python's Newton goes on from the iteration reached), an output
    or the end; every result equals the group-by-group path's, bit for bit."""
    _force_sparse(monkeypatch)
    newton = rm._newton

    def modified_newton(ns):          # the reference cases use full Newton
        newton(ns)
        ns.useModifiedNewton = True
    monkeypatch.setattr(rm, '_newton', modified_newton)
    plain = _run(case, '0', monkeypatch)
    counter = _StepsCounter(monkeypatch)
    fused = _run(case, '1', monkeypatch)
    if case in ('distance_chain_ga', 'pendulum_ga_rho09', 'sensors_file', 'joint_spherical',
                'pendulum_newmark_index2', 'grid_implicit', 'rigid_connectors_rxyz'):
        assert counter.steps > 0, f'{case}: no compiled steps'
    if case in ('rigid_connectors_rxyz', 'rigid_connectors_rotveclg'):
        # the bodies' Jacobian blocks by kernels: the Jacobian updates are compiled too
        assert counter.steps > 0 and counter.jacobians + counter.refactors > 0, f'{case}: no compiled Jacobian'
    _assert_same_results(plain, fused, case)


@pytest.mark.parametrize('case', ['distance_chain_ga', 'pendulum_ga_rho09', 'pendulum_newmark_index2',
                                  'joint_spherical', 'rotation_coordinate_markers', 'cartesian_spring',
                                  'oscillator_1d', 'torsional_turns'])
def test_compiled_steps_with_full_newton_give_the_same_numbers(case, monkeypatch):
    """The reference cases run full Newton (useModifiedNewton False): their whole time steps run
    in the module kind "implicit_full" (STEPS_LOOP_FULL: a Jacobian before every iteration,
    newton_full), with the group-by-group path's numbers, bit for bit, and its Newton and
    Jacobian counts (a Jacobian per iteration). torsional_turns: its data node (the turns of a
    TorsionalSpringDamper) updated after each Newton solve by the loop's call back
    (StepLoop.post_newton_call_back)."""
    plain = _run(case, '0', monkeypatch)
    counter = _StepsCounter(monkeypatch)
    fused = _run(case, '1', monkeypatch)
    assert counter.steps > 0 and counter.refactors > 0, f'{case}: no compiled steps'
    _assert_same_results(plain, fused, case)


def _assert_same_results(plain, fused, case):
    """Every result of the two runs of a reference case equal, bit for bit."""
    assert plain.keys() == fused.keys()
    for k, a in plain.items():
        b = fused[k]
        if isinstance(a, np.ndarray) and a.dtype.kind == 'f':
            np.testing.assert_array_equal(a, b, err_msg=f'{case}: {k}')
        else:
            assert a == b, f'{case}: {k}'


def _chain(n, adaptive, solver_type=None, sensors=False, path=None, max_iterations=None, v0=0.5):
    """n mass points hanging in a chain of DistanceConstraints (Jacobian updates all along),
    optionally with sensors, a solution file and fewer Newton iterations allowed."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    m_prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.ObjectGround())))
    for i in range(n):
        nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[i + 1., 0., 0.], initialVelocities=[0., 0., v0]))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.MassPoint(mass=1., nodeNumber=nd))))
        mbs.AddObject(U.DistanceConstraint(markerNumbers=[m_prev, m], distance=1.))
        mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=[0., -9.81, 0.]))
        m_prev = m
    if sensors:
        mbs.AddSensor(U.SensorNode(nodeNumber=n - 1, storeInternal=True,
                                   outputVariableType=exu.OutputVariableType.Position))
        mbs.AddSensor(U.SensorObject(objectNumber=2, storeInternal=True,
                                     outputVariableType=exu.OutputVariableType.Force))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 400
    ss.timeIntegration.endTime = 0.4
    ss.timeIntegration.verboseMode = 0
    ss.timeIntegration.adaptiveStep = adaptive
    ss.solution.sensors.writePeriod = 0.0035
    ss.solution.file.write = path is not None
    if path is not None:
        ss.solution.file.name = str(path)
        ss.solution.file.writePeriod = 0.01
        ss.solution.file.export.velocities = True
        ss.solution.file.export.algebraicCoordinates = True
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    if max_iterations:
        ss.timeIntegration.newton.maxIterations = max_iterations
    return mbs, ss, solver_type


def _solve_chain(mode, monkeypatch, tmp_path, **kw):
    monkeypatch.setenv('MULTIBODY_FUSED', mode)
    path = tmp_path / f'solution{mode}.txt' if kw.pop('file', False) else None
    mbs, ss, solver_type = _chain(path=path, **kw)
    out = {}
    try:
        if solver_type is None:
            mbs.SolveDynamic(ss)
        else:
            mbs.SolveDynamic(ss, solverType=solver_type)
    except Exception as exc:      # the same failure, with the same message, on both paths
        out['error'] = f'{type(exc).__name__}: {exc}'
    sd = mbs.systemData
    it = mbs.sys['dynamicSolver'].it
    out.update(q=np.array(sd.GetODE2Coordinates()), v=np.array(sd.GetODE2Coordinates_t()),
               a=np.array(sd.GetODE2Coordinates_tt()), lam=np.array(sd.GetAECoordinates()),
               counts=(it.newtonStepsCount, it.newtonJacobiCount, it.currentStepIndex, it.currentTime))
    for s in range(mbs.NumberOfSensors()):
        out[f'sensor{s}'] = np.array(mbs.GetSensorStoredData(s))
    if path is not None:
        out['file'] = [re.sub('cpuTime=[^,]*', '', line) for line in path.read_text().splitlines()
                       if not line.startswith('#simulation')]       # the same but for times and dates
    return out


def _distance_chain(n, steps):
    """The shared bench's distance_chain (n mass points of 4 kg in a zigzag on DistanceConstraints
    of 0.4 m, falling under gravity): generalized-alpha, modified Newton, EigenSparse, steps of
    1 ms, the adaptive step (Exudyn's default)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    m_prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.ObjectGround()), localPosition=[0, 0, 0]))
    p = np.zeros(3)
    for i in range(n):
        p += U.RotationMatrixZ(0.3 if i % 2 == 0 else -0.3) @ [0.4, 0, 0]
        b = mbs.AddObject(U.MassPoint(mass=4., nodeNumber=mbs.AddNode(U.NodePoint(referenceCoordinates=list(p)))))
        mk = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0]))
        mbs.AddObject(U.DistanceConstraint(markerNumbers=[m_prev, mk], distance=0.4))
        mbs.AddLoad(U.LoadForceVector(markerNumber=mk, loadVector=[0, 0, -4. * 9.81]))
        m_prev = mk
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = steps, steps * 1e-3, 0
    ti.newton.useModifiedNewton = True
    ti.newton.relativeTolerance, ti.newton.absoluteTolerance = 1e-8, 1e-10
    ti.generalizedAlpha.spectralRadius = 0.9
    ss.solution.file.write = False
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    return mbs, ss


@pytest.mark.parametrize('mode', ['0', '1'])
@pytest.mark.parametrize('steps, newton_its, jacobians', [(100, 424, 4), (1000, 6556, 129)])
def test_last_step_of_h_up_to_round_off_keeps_the_newton_matrix(mode, steps, newton_its, jacobians, monkeypatch):
    """endTime = steps * h, reached by adding h (adaptive step, Exudyn's default): the last step
    is shortened to end at endTime, by round-off only, and keeps the Newton matrix, as in Exudyn
    1.13.6, whose Newton and Jacobian counts these are (shared bench distance_chain, N = 4:
    generalized-alpha, modified Newton, EigenSparse). A Jacobian at the last step cost 60-100 ms
    at the 64 x 64 mass-point grid."""
    monkeypatch.setenv('MULTIBODY_FUSED', mode)
    mbs, ss = _distance_chain(4, steps)
    assert ss.timeIntegration.adaptiveStep
    mbs.SolveDynamic(ss)
    it = mbs.sys['dynamicSolver'].it
    assert (it.newtonStepsCount, it.newtonJacobiCount) == (newton_its, jacobians)
    assert abs(it.currentTime - steps * 1e-3) <= 1e-15 and abs(it.lastStepSize - 1e-3) <= 1e-15


@pytest.mark.parametrize('solver_type', [None, exu.DynamicSolverType.TrapezoidalIndex2])
def test_modified_newton_restarts_run_in_the_compiled_step_loop(solver_type, monkeypatch):
    """A step whose modified Newton contracts too slowly (contractivity above 2) restarts: the
    state at the start of the step, the predictor, the residual and a new Jacobian, the iteration
    count going on (newton.newton). The compiled step loop does that itself (status 8 of its
    Newton loop) with the Python path's numbers and its Newton, Jacobian and rejected-step counts,
    bit for bit; only the last step (shortened by round-off) runs in Python. Shared bench
    distance_chain, N = 1 (three restarts in 1000 steps with generalized-alpha)."""
    from multibody.solvers.implicit import ImplicitSecondOrderSolver
    restarts, python_steps = [], []
    reset, step_impl = ImplicitSecondOrderSolver.reset_to_start_of_step, ImplicitSecondOrderSolver.step_impl

    def counted_reset(solver):
        restarts.append(solver.t_new)
        return reset(solver)

    def counted_step(solver, t, h):
        python_steps.append(t)
        return step_impl(solver, t, h)
    monkeypatch.setattr(ImplicitSecondOrderSolver, 'reset_to_start_of_step', counted_reset)
    monkeypatch.setattr(ImplicitSecondOrderSolver, 'step_impl', counted_step)
    out = {}
    for mode in ('0', '1'):
        monkeypatch.setenv('MULTIBODY_FUSED', mode)
        del restarts[:], python_steps[:]
        mbs, ss = _distance_chain(1, 1000)
        if solver_type is None:
            mbs.SolveDynamic(ss)
        else:
            mbs.SolveDynamic(ss, solverType=solver_type)
        sd, it = mbs.systemData, mbs.sys['dynamicSolver'].it
        out[mode] = dict(q=np.array(sd.GetODE2Coordinates()), v=np.array(sd.GetODE2Coordinates_t()),
                         a=np.array(sd.GetODE2Coordinates_tt()), lam=np.array(sd.GetAECoordinates()),
                         counts=(it.newtonStepsCount, it.newtonJacobiCount, it.rejectedModifiedNewtonSteps,
                                 it.currentStepIndex),
                         restarts=list(restarts), python_steps=list(python_steps))
    plain, fused = out['0'], out['1']
    assert len(plain['restarts']) >= 2 and plain['counts'][2] == 0      # single restarts only
    assert fused['restarts'] == [] and len(fused['python_steps']) <= 1, fused['python_steps']
    for k in ('q', 'v', 'a', 'lam'):
        np.testing.assert_array_equal(plain[k], fused[k], err_msg=k)
    assert plain['counts'] == fused['counts']


class _SquareRoot:
    """A Newton solver for newton.newton: x^2 = 2 from x = 1.2 (the predictor), each solve with the
    slope of the last factorization; ``calls`` records factorizations (with x), solves and resets."""
    jacobian_requested = False

    def __init__(self, calls):
        self.calls, self.x, self.slope = calls, 1.2, None

    def predictor(self):
        self.x = 1.2

    def reset_to_start_of_step(self):
        self.calls.append('reset')

    def pre_newton_residual(self, it):
        pass

    def signal_jacobian_update(self):
        return False

    def residual(self):
        r = self.x * self.x - 2.0
        return abs(r), np.array([r])

    def factorize(self):
        self.calls.append(('factorize', self.x))
        self.slope = 2 * self.x

    def solve(self, rbar):
        self.calls.append('solve')
        return rbar / self.slope

    def update(self, delta):
        self.x -= float(delta[0])

    def diverged(self, norm):
        return False

    class Settings:
        # modified Newton; the first iteration contracts by 0.097: slow for a contractivity limit of 0.05
        useModifiedNewton, residualMode, maxIterations = True, 0, 25
        relativeTolerance, absoluteTolerance, adaptInitialResidual, active = 1e-14, 1e-300, False, True
        maxModifiedNewtonIterations, maxModifiedNewtonRestartIterations = 8, 7
        modifiedNewtonJacUpdatePerStep, modifiedNewtonContractivity, maximumSolutionNorm = False, 0.05, 1e38

    class Counts:
        def __init__(self):
            self.newtonJacobiCount = self.newtonStepsCount = self.newtonSteps = 0
            self.rejectedModifiedNewtonSteps = 0


@pytest.mark.parametrize('restarted', [True, False])
def test_newton_resumed_after_a_compiled_restart_makes_the_jacobian_first(restarted):
    """newton.newton resumed with status 9 (the compiled step loop restarted the step and left the
    restart's Jacobian to Python, its refactorization having failed): the Jacobian comes first, at
    the restart's state, then the iterations go on from the count reached. The resume says whether
    the step was restarted: a slow iteration after a restart is a second one (full Newton, a
    rejected modified-Newton step, the step's start again), else a Jacobian update."""
    from multibody.solvers.newton import newton
    calls = []
    solver, counts = _SquareRoot(calls), _SquareRoot.Counts()
    r, rbar = solver.residual()
    res = newton(solver, _SquareRoot.Settings, counts, (9, 3, r, r, r, True, None, rbar, restarted))
    assert calls[:2] == [('factorize', 1.2), 'solve']
    assert res.converged and res.iterations > 4 and abs(solver.x - 2 ** 0.5) < 1e-14
    assert counts.newtonStepsCount == res.iterations
    if restarted:
        # the second restart: the step's start, then full Newton (a Jacobian per iteration)
        assert calls[2] == 'reset' and counts.rejectedModifiedNewtonSteps == 1
        assert all(calls[k][0] == 'factorize' for k in range(3, len(calls), 2)), calls
    else:
        assert 'reset' not in calls and counts.rejectedModifiedNewtonSteps == 0
        assert calls[2][0] == 'factorize' and calls[2][1] != 1.2       # the update at the new x


@pytest.mark.parametrize('status', [10, 11])
def test_newton_resumed_in_full_newton_after_the_compiled_static_switch(status):
    """newton.newton resumed with status 10 or 11 (the compiled static load steps switched to full
    Newton, STATIC_STEPS_LOOP, and left the step to Python: 10 its Jacobian, 11 the logic of the
    iteration done): the iterations go on in full Newton, a Jacobian before each, without
    another restart or rejected step (the compiled loop counted it), though the settings say
    modified Newton."""
    from multibody.solvers.newton import newton
    calls = []
    solver, counts = _SquareRoot(calls), _SquareRoot.Counts()
    r, rbar = solver.residual()
    # (11: iteration 4 done, not converged, r_last = r0: slow for modified Newton, after a restart)
    res = newton(solver, _SquareRoot.Settings, counts, (status, 4, r, r, r, True, None, rbar, True))
    assert res.converged and abs(solver.x - 2 ** 0.5) < 1e-15
    assert 'reset' not in calls and counts.rejectedModifiedNewtonSteps == 0
    assert calls[0] == ('factorize', 1.2)
    assert all(calls[k][0] == 'factorize' and calls[k + 1] == 'solve' for k in range(0, len(calls), 2)), calls
    assert counts.newtonJacobiCount == len(calls) // 2 == res.iterations - 4
    # full Newton from 1.2 to round-off: 4 iterations (the restart's extra iteration only where
    # the first converges: any iteration that does not clears it)
    assert res.iterations - 4 == 4, res.iterations


@pytest.mark.parametrize('variant', ['adaptive', 'fixed', 'newmark_index2', 'outputs', 'step_reduction',
                                     'newton_fails', 'sparse_lu'])
def test_compiled_steps_stop_where_python_is_needed(variant, monkeypatch, tmp_path):
    """A chain whose Jacobian is updated every few steps: the compiled step loop hands the step
    in progress to Python's Newton, writes every due sensor or file output by its call back
    (test_compiled_outputs.py); a step whose
    Newton iterations run out is reduced (adaptive) or fails with the same message at the same
    step as on the group-by-group path."""
    kw = dict(n=3, adaptive=variant != 'fixed')
    if variant == 'newmark_index2':
        kw['solver_type'] = exu.DynamicSolverType.TrapezoidalIndex2
    if variant == 'outputs':
        kw.update(sensors=True, file=True)
    if variant in ('step_reduction', 'newton_fails'):
        kw.update(max_iterations=5, adaptive=variant == 'step_reduction')
    if variant == 'sparse_lu':            # 100 equations: KLU / SuperLU factors, not the dense LU
        kw['n'] = 25
        assert 4 * kw['n'] > SPARSE_AS_DENSE_MAX
    plain = _solve_chain('0', monkeypatch, tmp_path, **kw)
    counter = _StepsCounter(monkeypatch)
    fused = _solve_chain('1', monkeypatch, tmp_path, **kw)
    assert counter.steps > 0 and (counter.calls > 1 or variant == 'newton_fails')
    _assert_same(plain, fused)
    jacobians = plain['counts'][1]
    if variant == 'sparse_lu':
        # sparse factors: the first factorizations of the pattern in Python (the matrix from one
        # compiled call, KLU / SuperLU), the later ones refactorized inside the compiled step loop
        # (lu_refactor, the kernel of LinearSolver's refactorization on the other path)
        assert counter.jacobians > 0 and 1 <= counter.sparse < jacobians and jacobians > 3, (
            counter.jacobians, counter.sparse, jacobians)
    elif variant != 'newton_fails':
        # the dense LU (n = 12): Jacobian updates inside the compiled step loop, and the first
        # Jacobian by one compiled call (the initial accelerations of this moving chain need the
        # velocity terms of the constraints: Python)
        # (with 5 Newton iterations at most, the updates come at the last one: Python's loop ends
        # there, so the step in progress goes back to Python, which then refactorizes compiled)
        assert counter.refactors >= 1 and (counter.jacobians > 0 or variant == 'step_reduction'), (
            counter.jacobians, counter.refactors)
    if variant == 'newton_fails':
        assert 'error' in plain and plain['counts'][2] > 2      # not in the first step
    elif variant == 'step_reduction':
        assert 'error' not in plain and plain['counts'][2] > 401
    else:
        assert 'error' not in plain and jacobians > 3 and plain['counts'][2] == 401
    if variant == 'outputs':
        assert plain['sensor0'].shape[0] > 100 and len(plain['file']) > 40


@pytest.mark.parametrize('variant', ['generalized_alpha', 'newmark_index2', 'sparse_lu', 'pre_step'])
def test_first_step_runs_compiled_with_its_newton_matrix_made_before(variant, monkeypatch, tmp_path):
    """The first step needs a Newton matrix (as every step after a change of step size): made
    before the compiled call at the step's predicted state (ImplicitSecondOrderSolver.
    prime_newton_matrix), so that the step runs compiled instead of in Python; the numbers, the
    Newton and Jacobian counts equal the Python path's, bit for bit. With a preStep function
    (called before that matrix in Python's step) the first step stays in Python."""
    from multibody.solvers.implicit import ImplicitSecondOrderSolver
    kw = dict(n=25 if variant == 'sparse_lu' else 3, adaptive=False)
    if variant == 'newmark_index2':
        kw['solver_type'] = exu.DynamicSolverType.TrapezoidalIndex2
    if variant == 'pre_step':
        build = _chain

        def chain_with_pre_step(**k):
            mbs, ss, st = build(**k)
            mbs.SetPreStepUserFunction(lambda mbs, t: True)
            return mbs, ss, st
        monkeypatch.setattr(sys.modules[__name__], '_chain', chain_with_pre_step)
    python_steps = []
    step_impl = ImplicitSecondOrderSolver.step_impl

    def counted(solver, t, h):
        python_steps.append(t)
        return step_impl(solver, t, h)
    monkeypatch.setattr(ImplicitSecondOrderSolver, 'step_impl', counted)
    plain = _solve_chain('0', monkeypatch, tmp_path, **kw)
    assert len(python_steps) == 400
    del python_steps[:]
    counter = _StepsCounter(monkeypatch)
    fused = _solve_chain('1', monkeypatch, tmp_path, **kw)
    _assert_same(plain, fused)
    assert counter.steps > 0
    first = pytest.approx(1e-3, abs=1e-12)
    if variant == 'pre_step':
        assert python_steps[:1] == [first]
    else:
        assert first not in python_steps, python_steps


@pytest.mark.parametrize('static', [False, True])
def test_a_singular_first_newton_matrix_made_before_the_compiled_step_is_reported_as_in_python(static, monkeypatch):
    """Two equal DistanceConstraints: the first step's Newton matrix (made before the compiled
    call, prime_newton_matrix) is singular; the error, its message naming the redundant
    constraint, and the solver's step data are those of the Python path."""
    from multibody.solvers.implicit import CompiledNewton
    primed = []
    make = CompiledNewton._make_step_matrix

    def spy(solver, *a):
        primed.append(a)
        return make(solver, *a)
    monkeypatch.setattr(CompiledNewton, '_make_step_matrix', spy)
    out = []
    for mode in ('0', '1'):
        monkeypatch.setenv('MULTIBODY_FUSED', mode)
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.ObjectGround())))
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.]))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))))
        for _ in range(2):
            mbs.AddObject(U.DistanceConstraint(markerNumbers=[mG, m], distance=1.))
        mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=[0., -9.81, 0.]))
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.timeIntegration.numberOfSteps, ss.timeIntegration.endTime = 200, 0.2
        ss.timeIntegration.verboseMode = ss.staticSolver.verboseMode = 0
        ss.timeIntegration.newton.useModifiedNewton = ss.staticSolver.newton.useModifiedNewton = True
        ss.timeIntegration.generalizedAlpha.computeInitialAccelerations = False
        ss.staticSolver.numberOfLoadSteps = 5
        ss.solution.file.write = False
        with pytest.raises(exu.SolverError) as err:
            mbs.SolveStatic(ss) if static else mbs.SolveDynamic(ss)
        it = mbs.sys['staticSolver' if static else 'dynamicSolver'].it
        out.append((str(err.value), it.currentStepIndex, it.currentStepSize, it.newtonJacobiCount))
    assert out[0] == out[1] and 'ObjectConnectorDistance 3' in out[0][0], out
    assert len(primed) == 1         # (in the compiled run: the matrix made there, found singular)


def _group_path_calls(monkeypatch, tmp_path, method, v0, **kw):
    """The chain's results on both paths, and whether the fused run called the group-by-group
    path's SystemEquations.``method`` (the plain run must)."""
    from multibody.equations.system import SystemEquations
    calls = []
    f = getattr(SystemEquations, method)

    def counted(eq, *a, **k):
        calls.append(1)
        return f(eq, *a, **k)
    monkeypatch.setattr(SystemEquations, method, counted)
    plain = _solve_chain('0', monkeypatch, tmp_path, adaptive=False, v0=v0, **kw)
    assert len(calls) > 0
    del calls[:]
    counter = _StepsCounter(monkeypatch)
    fused = _solve_chain('1', monkeypatch, tmp_path, adaptive=False, v0=v0, **kw)
    _assert_same(plain, fused)
    return bool(calls), counter


def test_initial_accelerations_of_a_sparse_system_at_rest_are_compiled(monkeypatch, tmp_path):
    """A chain at rest with 100 equations (sparse factors): the matrix of the initial accelerations
    and its solve come from the fused module (no group kernels called for one matrix), with the
    numbers of the group-by-group path to the last bit."""
    called, counter = _group_path_calls(monkeypatch, tmp_path, 'jacobian', 0.0, n=25)
    assert not called and counter.sparse >= 2 and counter.steps > 0   # initial matrix + first Newton matrix


def test_initial_accelerations_of_a_moving_constrained_system_are_compiled(monkeypatch, tmp_path):
    """A chain with initial velocities: the constraints' velocity derivative (d(C_q v)/dq) v of
    the initial accelerations comes from the fused residual's constraint rows in velocity form
    (no group kernels called), with the numbers of the group-by-group path to the last bit."""
    called, counter = _group_path_calls(monkeypatch, tmp_path, 'constraints', 0.7, n=3)
    assert not called and counter.steps > 0


def _assert_same(plain, fused):
    """Every result equal, arrays bit for bit."""
    assert plain.keys() == fused.keys()
    for k, a in plain.items():
        if isinstance(a, np.ndarray):
            np.testing.assert_array_equal(a, fused[k], err_msg=k)
        else:
            assert a == fused[k], k


def _planar_pendulum(fused, monkeypatch):
    """RigidBody2D with its center of mass off the node (configuration-dependent mass matrix and
    LHS forces), hinged by a RevoluteJoint2D, index 2 trapezoidal rule."""
    monkeypatch.setenv('MULTIBODY_FUSED', '1' if fused else '0')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    oGround = mbs.AddObject(U.ObjectGround())
    mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround))
    n = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0.5, 0., 0.], initialVelocities=[0., 0., 1.]))
    b = mbs.AddObject(U.ObjectRigidBody2D(nodeNumber=n, mass=2., inertia=0.1, centerOfMass=[0.1, 0.05]))
    mb = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[-0.5, 0., 0.]))
    mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[mG, mb]))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b)),
                                       loadVector=[0., -9.81, 0.]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 300
    ss.timeIntegration.endTime = 0.6
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    sd = mbs.systemData
    return [np.array(x) for x in (sd.GetODE2Coordinates(), sd.GetODE2Coordinates_t(), sd.GetODE2Coordinates_tt(),
                                  sd.GetAECoordinates())]


def test_fused_rigid_body_2d_with_offset_center_of_mass(monkeypatch):
    plain = _planar_pendulum(False, monkeypatch)
    counter = _Counter(monkeypatch)
    fused = _planar_pendulum(True, monkeypatch)
    assert counter.iterate + counter.steps > 0        # (every step compiled: steps, no iterate)
    for a, b in zip(plain, fused):
        np.testing.assert_array_equal(a, b)
    assert abs(plain[0][2]) > 0.3        # it swung


def _pendulum(nSteps=200, loadUserFunction=None, sparse=False):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    oGround = mbs.AddObject(U.ObjectGround())
    mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround))
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.]))
    b = mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n))
    m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
    mbs.AddObject(U.DistanceConstraint(markerNumbers=[mG, m], distance=1.))
    load = dict(loadVectorUserFunction=loadUserFunction) if loadUserFunction else {}
    mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=[0., -19.62, 0.], **load))
    mbs.Assemble()
    ss = quiet_settings(nSteps)
    if sparse:
        ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    return mbs, ss


def test_repeated_solves_keep_the_fused_residual_until_a_parameter_it_holds_changes(monkeypatch):
    """A solve of the same assembled system again takes the fused residual of the last one (its
    description is made once); a parameter the residual holds as a constant (the mass: its
    constant mass block) makes a new one, a live one (the load vector) does not; the results are
    those of a system built with the new values, bit for bit."""
    monkeypatch.setenv('MULTIBODY_FUSED', '1')
    built = []
    build = fu.FusedResidual._build

    def counted(eq, kind):
        built.append(kind)
        return build(eq, kind)
    monkeypatch.setattr(fu.FusedResidual, '_build', staticmethod(counted))

    def solve(mbs, ss):
        mbs.SolveDynamic(ss)
        return mbs.sys['dynamicSolver'].fused, np.array(mbs.systemData.GetODE2Coordinates())
    mbs, ss = _pendulum()
    fz, q1 = solve(mbs, ss)
    assert fz is not None and built == ['implicit']
    fz2, q2 = solve(mbs, ss)
    assert fz2 is fz and built == ['implicit']
    np.testing.assert_array_equal(q1, q2)
    mbs.SetLoadParameter(0, 'loadVector', [0., -9.81, 0.])      # live: read by reference
    fz3, q3 = solve(mbs, ss)
    assert fz3 is fz and built == ['implicit']
    mbs.SetObjectParameter(1, 'mass', 3.)                # held as a constant
    fz4, q4 = solve(mbs, ss)
    assert fz4 is not fz and built == ['implicit', 'implicit']
    fresh, _ = _pendulum()
    fresh.SetLoadParameter(0, 'loadVector', [0., -9.81, 0.])
    fresh.SetObjectParameter(1, 'mass', 3.)
    _, q_fresh = solve(fresh, ss)
    np.testing.assert_array_equal(q4, q_fresh)
    assert not np.array_equal(q3, q4) and not np.array_equal(q1, q3)


def test_compiled_newton_loop_gives_the_same_numbers(monkeypatch):
    """With a sparse factorization the modified-Newton iterations run in the compiled loop
    (newton_loop); state and iteration counts equal those of the group-by-group path. (A preStep
    function keeps the steps in Python, whose Newton calls the compiled loop.)"""
    out = []
    for mode in ('0', '1'):
        monkeypatch.setenv('MULTIBODY_FUSED', mode)
        counter = _Counter(monkeypatch)
        mbs, ss = _pendulum(nSteps=500, sparse=True)
        mbs.SetPreStepUserFunction(lambda mbs, t: True)
        mbs.SolveDynamic(ss)
        it = mbs.sys['dynamicSolver'].it
        sd = mbs.systemData
        out.append((np.array(sd.GetODE2Coordinates()), np.array(sd.GetODE2Coordinates_t()),
                    np.array(sd.GetAECoordinates()), it.newtonStepsCount, it.newtonJacobiCount))
        assert (counter.newton > 0) == (mode == '1')
    (q0, v0, l0, n0, j0), (q1, v1, l1, n1, j1) = out
    np.testing.assert_array_equal(q0, q1)
    np.testing.assert_array_equal(v0, v1)
    np.testing.assert_array_equal(l0, l1)
    assert (n0, j0) == (n1, j1) and n0 > 500 and j0 >= 1
    assert abs(np.linalg.norm(q0 + [1., 0., 0.]) - 1.) < 1e-9          # on the circle


def test_auto_mode_compiles_in_the_background_and_uses_it_next_time(tmp_path, monkeypatch):
    """Default ('auto'): a structure never compiled runs on the group-by-group path and starts the
    compile process; once that is done the next solve (here: of a new system of the same
    structure) uses the fused residual, with the same result."""
    monkeypatch.setenv('MULTIBODY_CACHE_DIR', str(tmp_path))
    monkeypatch.delenv('MULTIBODY_FUSED', raising=False)
    monkeypatch.setattr(fu, '_COMPILED', {})      # as in a new process
    monkeypatch.setattr(fu, '_RUNNING', {})
    counter = _Counter(monkeypatch)
    mbs, ss = _pendulum()
    mbs.SolveDynamic(ss)
    q1 = np.array(mbs.systemData.GetODE2Coordinates())
    assert counter.residual + counter.iterate == 0      # not compiled yet when the solve started
    fz = fu.FusedResidual.build(mbs._compiled.equations)
    assert fz is not None
    proc = fu._RUNNING.get(fz.key)
    assert proc is not None, 'no compile process was started'
    assert proc.wait(timeout=fu.COMPILE_TIMEOUT_S) == 0, open(fz.path('.log')).read()
    assert fz.ready() and os.path.exists(fz.path('.ok')) and not os.path.exists(fz.path('.lock'))
    # only run's entry is cached: its callees' code is linked into it (their own entries took
    # 86 % of the cache directory and were never read)
    cached = os.listdir(tmp_path / '__pycache__')
    assert cached and all(n.startswith('lean-') for n in cached), cached
    mbs2, ss2 = _pendulum()
    counter.residual = counter.iterate = 0
    mbs2.SolveDynamic(ss2)
    assert counter.residual > 0 and counter.steps > 0       # (its first step compiled too: no iterate)
    np.testing.assert_array_equal(q1, np.array(mbs2.systemData.GetODE2Coordinates()))


def test_short_runs_do_not_start_a_compile(tmp_path, monkeypatch):
    monkeypatch.setenv('MULTIBODY_CACHE_DIR', str(tmp_path))
    monkeypatch.delenv('MULTIBODY_FUSED', raising=False)
    monkeypatch.setattr(fu, '_COMPILED', {})
    monkeypatch.setattr(fu, '_RUNNING', {})
    mbs, ss = _pendulum(nSteps=10)
    mbs.SolveDynamic(ss)
    fz = fu.FusedResidual.build(mbs._compiled.equations)
    assert fz.key not in fu._RUNNING and not os.path.exists(fz.path('.lock'))


def test_models_the_fused_residual_does_not_cover_keep_the_general_path(monkeypatch):
    """An ObjectGenericODE2 with a forceUserFunction (its forces need q, which the call back into
    Python does not get): the fused residual is not built (the reason names the group), and the
    solve runs as before."""
    monkeypatch.setenv('MULTIBODY_FUSED', '1')
    counter = _Counter(monkeypatch)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodeGenericODE2(referenceCoordinates=[0.], initialCoordinates=[0.],
                                      initialCoordinates_t=[0.], numberOfODE2Coordinates=1))
    mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.eye(1), stiffnessMatrix=100. * np.eye(1),
                                      forceUserFunction=lambda mbs, t, item, q, q_t: [1.]))
    mbs.Assemble()
    eq = mbs._compiled.equations
    for kind in ('implicit', 'static'):
        assert fu.FusedResidual.build(eq, kind) is None
        assert 'GenericODE2' in eq.fused_reason
    ss = exu.SimulationSettings()
    ss.staticSolver.numberOfLoadSteps = 20
    assert mbs.SolveStatic(ss)
    assert counter.residual == counter.iterate == counter.steps == 0
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), [0.01], rtol=1e-12)


def test_a_failed_compile_falls_back_to_the_general_path(tmp_path, monkeypatch):
    """If the compile process fails, compile() says so, the solver keeps the group-by-group path
    and the result is the one without the fused residual."""
    monkeypatch.setenv('MULTIBODY_CACHE_DIR', str(tmp_path))
    monkeypatch.setattr(fu, '_RUNNING', {})
    build = fu.FusedResidual.build

    def broken(eq, kind='implicit'):
        fz = build(eq, kind)
        fz.source = fz.source.replace('def fused(', 'def fused_renamed(')      # no 'fused' to compile
        fz.key = 'broken' + fz.key
        return fz
    monkeypatch.setenv('MULTIBODY_FUSED', '0')
    mbs, ss = _pendulum()
    mbs.SolveDynamic(ss)
    q0 = np.array(mbs.systemData.GetODE2Coordinates())
    monkeypatch.setattr(fu.FusedResidual, 'build', staticmethod(broken))
    monkeypatch.setenv('MULTIBODY_FUSED', '1')
    counter = _Counter(monkeypatch)
    mbs, ss = _pendulum()
    assert mbs.SolveDynamic(ss)
    assert counter.residual == counter.iterate == 0
    np.testing.assert_array_equal(q0, np.array(mbs.systemData.GetODE2Coordinates()))
    log = [f for f in os.listdir(tmp_path) if f.endswith('.log')]
    assert log and 'fused' in open(os.path.join(tmp_path, log[0])).read()
    failed = [f for f in os.listdir(tmp_path) if f.endswith('.failed')]
    assert failed and not [f for f in os.listdir(tmp_path) if f.endswith('.lock')]
    # a failed structure is not compiled again (no new process), the solve still runs
    monkeypatch.setattr(fu, '_RUNNING', {})
    mbs, ss = _pendulum()
    assert mbs.SolveDynamic(ss)
    assert not fu._RUNNING


def test_sys_flag_switches_the_fused_residual_off(monkeypatch):
    monkeypatch.delenv('MULTIBODY_FUSED', raising=False)
    counter = _Counter(monkeypatch)
    mbs, ss = _pendulum()
    mbs.sys['fusedResidual'] = False
    mbs.SolveDynamic(ss)
    assert counter.residual == counter.iterate == 0


def test_generated_source_depends_on_structure_not_on_sizes():
    """Two models of the same item types but different sizes and values share the compiled
    function; another item type gives another one."""
    def chain(n, m=1.):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        oGround = mbs.AddObject(U.ObjectGround())
        prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround))
        for i in range(n):
            nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[i + 1., 0., 0.]))
            b = mbs.AddObject(U.MassPoint(mass=m, nodeNumber=nd))
            mk = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
            mbs.AddObject(U.DistanceConstraint(markerNumbers=[prev, mk], distance=1.))
            mbs.AddLoad(U.LoadForceVector(markerNumber=mk, loadVector=[0., -m * 9.81, 0.]))
            prev = mk
        mbs.Assemble()
        return fu.FusedResidual.build(mbs._compiled.equations)
    a, b = chain(1), chain(7, m=3.)
    assert a.key == b.key and a.source == b.source
    mbs, _ = _pendulum()
    assert fu.FusedResidual.build(mbs._compiled.equations).key == a.key
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[2., 0., 0.]))
    mk = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(U.SpringDamper(markerNumbers=[2, mk], stiffness=10., referenceLength=1.))
    mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))
    mbs.Assemble()
    assert fu.FusedResidual.build(mbs._compiled.equations).key != a.key


def _explicit_grid(mode, monkeypatch, tmp_path, solver_type=exu.DynamicSolverType.RK44, end_of_step=True,
                   outputs=False, stiffness=1000., h=1e-3, steps=300, automatic=True, h_min=None, tol=None):
    """A 3x3 spring-mass grid, bottom row fixed by eliminated CoordinateConstraints, explicit."""
    monkeypatch.setenv('MULTIBODY_FUSED', mode)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nG = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    mG = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=0))
    markers = {}
    for j in range(3):
        for i in range(3):
            n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0.1 * i, 0.1 * j, 0.], initialVelocities=[0., 0., 0.1 * i]))
            mbs.AddObject(U.MassPoint(mass=0.1, nodeNumber=n))
            markers[i, j] = mk = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
            mbs.AddLoad(U.LoadForceVector(markerNumber=mk, loadVector=[0.2, 0., -0.981]))
            if j == 0:
                for c in range(3):
                    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=c))
                    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mG, mc]))
    for (i, j), mk in list(markers.items()):
        for di, dj in [(1, 0), (0, 1), (1, 1)]:
            if (i + di, j + dj) in markers:
                mbs.AddObject(U.SpringDamper(markerNumbers=[mk, markers[i + di, j + dj]], stiffness=stiffness,
                                             damping=0.5, referenceLength=0.1 * (di * di + dj * dj) ** 0.5))
    # the reaction of an eliminated constraint, written every 3-4 steps (by Python, after compiled steps)
    mbs.AddSensor(U.SensorObject(objectNumber=10, storeInternal=True, outputVariableType=exu.OutputVariableType.Force))
    if outputs:
        mbs.AddSensor(U.SensorNode(nodeNumber=8, storeInternal=True, outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = steps, steps * h, 0
    ti.explicit.computeEndOfStepAccelerations = end_of_step
    ti.automaticStepSize = automatic          # (only for the embedded pairs: ODE23, DOPRI5)
    if h_min is not None:
        ti.minimumStepSize = h_min
    if tol is not None:
        ti.absoluteTolerance = ti.relativeTolerance = tol
    ss.solution.sensors.writePeriod = 0.0035
    path = tmp_path / f'explicit{mode}.txt'
    ss.solution.file.write = outputs
    ss.solution.file.name = str(path)
    ss.solution.file.writePeriod = 0.01
    out = {}
    try:
        mbs.SolveDynamic(ss, solverType=solver_type)
    except Exception as exc:
        out['error'] = f'{type(exc).__name__}: {exc}'
    sd = mbs.systemData
    it = mbs.sys['dynamicSolver'].it
    out.update(q=np.array(sd.GetODE2Coordinates()), v=np.array(sd.GetODE2Coordinates_t()),
               a=np.array(sd.GetODE2Coordinates_tt()), lam=np.array(sd.GetAECoordinates()),
               counts=(it.currentStepIndex, it.currentTime, it.rejectedAutomaticStepSizeSteps,
                       it.automaticStepSizeError, it.currentStepSize))
    for s in range(mbs.NumberOfSensors()):
        out[f'sensor{s}'] = np.array(mbs.GetSensorStoredData(s))
    if outputs:
        out['file'] = [re.sub('cpuTime=[^,]*', '', line) for line in path.read_text().splitlines()
                       if not line.startswith('#simulation')]
    return out


class _RKCounter:
    def __init__(self, monkeypatch):
        self.steps = 0
        rk = fu.FusedResidual.rk_steps

        def rk_steps(obj, *a):
            status = rk(obj, *a)
            self.steps += int(a[-1][14])
            return status
        monkeypatch.setattr(fu.FusedResidual, 'rk_steps', rk_steps)


def _rigid_chain(joint=U.SphericalJoint, marker=U.MarkerBodyPosition, node_marker=False, body_fixed=False):
    """Three EP rigid bodies in a chain hanging from the ground, with gravity; optionally a force on
    a marker at the last node, or a body-fixed force at the chain's end."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(marker(bodyNumber=ground))
    for i in range(3):
        nd = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=[i + 0.5, 0, 0, 1, 0, 0, 0]))
        b = mbs.AddObject(U.ObjectRigidBody(mass=1., inertia=[0.1, 0.2, 0.3, 0, 0, 0], nodeNumber=nd))
        left = mbs.AddMarker(marker(bodyNumber=b, localPosition=[-0.5, 0, 0]))
        mbs.AddObject(joint(markerNumbers=[prev, left]))
        prev = mbs.AddMarker(marker(bodyNumber=b, localPosition=[0.5, 0, 0]))
        mk = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mk, loadVector=[0, -9.81, 0]))
    if node_marker:
        mk = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=nd))
        mbs.AddLoad(U.LoadForceVector(markerNumber=mk, loadVector=[1., 0, 0]))
    if body_fixed:
        mbs.AddLoad(U.LoadForceVector(markerNumber=prev, loadVector=[0, 0, 1.], bodyFixed=True))
    mbs.Assemble()
    return mbs


def _final_q_both_paths(make, monkeypatch):
    """{"0": q, "1": q}: the coordinates after 20 implicit steps of ``make()``'s model, group by
    group and with the fused residual."""
    finals = {}
    for flag in ("0", "1"):
        monkeypatch.setenv("MULTIBODY_FUSED", flag)
        m = make()
        sims = exu.SimulationSettings()
        sims.timeIntegration.numberOfSteps = 20
        sims.timeIntegration.endTime = 0.02
        sims.timeIntegration.verboseMode = 0
        sims.solution.file.write = False
        m.SolveDynamic(sims)
        finals[flag] = m.systemData.GetODE2Coordinates()
    return finals


def test_frames_no_call_reads_are_not_computed(monkeypatch):
    """A rigid body's markers read its body frame, so its node frame is not computed in the fused
    residual (the same frame again); a marker on the node brings it back. Either way the numbers
    are those of the group-by-group path."""
    for node_marker in (False, True):
        mbs = _rigid_chain(node_marker=node_marker)
        fz = fu.FusedResidual.build(mbs._compiled.equations)
        body = fz.source[fz.source.index("def fused("):]
        body = body[:body.index("\n@")]
        assert body.count("ep_frames_system(") == (2 if node_marker else 1), node_marker
        finals = _final_q_both_paths(lambda: _rigid_chain(node_marker=node_marker), monkeypatch)
        assert fz.key in fu._COMPILED                   # the run with "1" used this module
        assert np.array_equal(finals["0"], finals["1"])


def _marker_outputs_left_out(eq):
    """Names of the marker outputs that the fused residual's marker calls leave out (empty)."""
    (calls_kin, *_), partial = fu.FusedResidual._collect(eq)
    m = eq.markers
    out = set()
    for cl in calls_kin:
        if fu._kernel_name(cl.kernel) in fu._MARKER_KERNELS:
            present = {id(x) for x in cl.args if isinstance(x, np.ndarray)}
            out |= {n for n in fu._OPTIONAL_MARKER_OUTPUTS if id(getattr(m, n)) not in present}
    return out, partial


def test_marker_outputs_no_call_reads_are_left_out(monkeypatch):
    """Spherical joints and gravity read marker positions and position Jacobians only: the fused
    residual's marker kernels leave orientation, angular velocity and rotation Jacobian out; a
    revolute joint reads them all, a body-fixed force the orientation. export_caches completes
    the kinematics for the group-by-group Newton matrix, and the numbers are those of that path."""
    cases = [(U.SphericalJoint, False, {"A", "omega", "Jrot"}), (U.SphericalJoint, True, {"omega", "Jrot"}),
             (U.RevoluteJointZ, False, set())]
    for joint, body_fixed, expected in cases:
        def make():
            return _rigid_chain(joint, U.MarkerBodyRigid, body_fixed=body_fixed)
        eq = make()._compiled.equations
        left_out, partial = _marker_outputs_left_out(eq)
        assert left_out == expected, (joint, body_fixed)
        assert partial            # (the rigid bodies' node frames are left out too)
        if expected:
            # after a fused call, export_caches gives SystemEquations the whole kinematics
            fz = fu.FusedResidual.build(eq)
            fz.load()
            n2, nae = eq.c.n_ode2, eq.c.n_ae
            q = np.linspace(0.01, 0.02, n2)
            for name in expected:
                getattr(eq.markers, name)[...] = np.nan
            fz.residual(q, np.full(n2, 0.1), np.zeros(n2), np.zeros(nae), 0.0, False, np.empty(n2 + nae))
            assert all(np.isnan(getattr(eq.markers, name)).all() for name in expected)
            fz.export_caches()
            got = {name: getattr(eq.markers, name).copy() for name in expected}
            eq.update_kinematics(q, np.full(n2, 0.1), 0.0)
            for name in expected:
                np.testing.assert_array_equal(got[name], getattr(eq.markers, name))
        finals = _final_q_both_paths(make, monkeypatch)
        assert np.array_equal(finals["0"], finals["1"]), (joint, body_fixed)


@pytest.mark.parametrize('variant', ['rk44', 'last_stage_accelerations', 'euler', 'dopri5_fixed', 'outputs',
                                     'blows_up', 'dopri5', 'ode23_outputs', 'minimum_step_size',
                                     'verlet', 'verlet_outputs', 'verlet_blows_up'])
def test_compiled_runge_kutta_steps_give_the_same_numbers(variant, monkeypatch, tmp_path, capsys):
    """Explicit Runge-Kutta steps in one compiled call (FusedResidual.rk_steps): state, eliminated
    multipliers, sensors, solution file and step-size counters equal those of the group-by-group
    path, bit for bit, with fixed and with automatic step sizes (rejected steps, the warning at
    the minimum step size once); a solution that overflows fails with the same message at the
    same step. VelocityVerlet's steps (a module of their own, VERLET_STEPS) likewise."""
    DST = exu.DynamicSolverType
    if variant.startswith('verlet'):
        from multibody.solvers import explicit
        monkeypatch.setattr(explicit, '_VERLET_WARNED', True)     # (printed once per process)
    kw = {'last_stage_accelerations': dict(end_of_step=False),
          'euler': dict(solver_type=DST.ExplicitEuler),
          'dopri5_fixed': dict(solver_type=DST.DOPRI5, automatic=False),
          'outputs': dict(outputs=True),
          'blows_up': dict(stiffness=2e5, h=2e-3, steps=2000),
          'dopri5': dict(solver_type=DST.DOPRI5, h=1e-2, steps=30, tol=1e-7),
          'ode23_outputs': dict(solver_type=DST.ODE23, h=1e-2, steps=30, tol=1e-6, outputs=True),
          'minimum_step_size': dict(solver_type=DST.DOPRI5, h=1e-2, steps=30, tol=1e-10, h_min=2e-3),
          'verlet': dict(solver_type=DST.VelocityVerlet),
          'verlet_outputs': dict(solver_type=DST.VelocityVerlet, outputs=True),
          'verlet_blows_up': dict(solver_type=DST.VelocityVerlet, stiffness=2e5, h=2e-3, steps=2000),
          }.get(variant, {})
    plain = _explicit_grid('0', monkeypatch, tmp_path, **kw)
    printed = capsys.readouterr().out
    counter = _RKCounter(monkeypatch)
    fused = _explicit_grid('1', monkeypatch, tmp_path, **kw)
    assert counter.steps > 10
    _assert_same(plain, fused)
    assert capsys.readouterr().out == printed
    if variant.endswith('blows_up'):
        assert 'NaN or Inf' in plain['error']
    else:
        assert 'error' not in plain and np.abs(plain['lam']).max() > 0.1     # eliminated reactions
    if variant in ('dopri5', 'ode23_outputs'):
        assert plain['counts'][2] > 0                    # steps rejected by the step-size control
    if variant == 'minimum_step_size':
        assert printed.count('reached minStepSize') == 1


def test_explicit_modules_call_only_what_their_system_needs(monkeypatch):
    """An explicit module links every kernel it may call, and each adds to its load: the
    block-by-block mass solve only where the mass is configuration-dependent, the Lie-group stages
    only with rotation-vector nodes, the step-size control only in the modules of the automatic
    step size ("explicit_auto")."""
    captured = {}

    def capture(mbs, *a, **kw):         # the assembled system, not solved
        captured['eq'] = mbs._compiled.equations
        raise RuntimeError('not solved')
    monkeypatch.setattr(type(exu.SystemContainer().AddSystem()), 'SolveDynamic', capture)

    def called(case, kind):
        builder, params = rm.CASES[case]
        with pytest.raises(RuntimeError, match='not solved'):
            builder(exu, U, **params)
        source = fu.FusedResidual.build(captured['eq'], kind)._plain_source
        loops = source[source.index('def accelerations('):]
        return {name: name + '(' in loops for name in ('blocks_solve', 'lie_compose', 'lie_rate', 'rk_error')}

    assert called('explicit_grid_rk44', 'explicit') == dict(blocks_solve=False, lie_compose=False, lie_rate=False,
                                                            rk_error=False)
    assert called('explicit_grid_rk44', 'explicit_auto')['rk_error']
    assert called('explicit_rigid_rotveclg_rk44', 'explicit') == dict(blocks_solve=True, lie_compose=True,
                                                                      lie_rate=True, rk_error=False)


def test_module_code_is_kept_beside_the_source(tmp_path, monkeypatch):
    """The generated module's code object is compiled once and read back (no .pyc where
    bytecode writing is off); a damaged or foreign file is compiled again."""
    monkeypatch.setenv('MULTIBODY_CACHE_DIR', str(tmp_path))
    mbs, _ = _pendulum()
    fz = fu.FusedResidual.build(mbs._compiled.equations)
    path = fz._write_source()
    code = fz._code(path)
    files = [p for p in tmp_path.iterdir() if p.name.endswith('.code')]
    assert len(files) == 1 and code.co_filename == path
    assert fz._code(path).co_consts == code.co_consts          # read back
    files[0].write_bytes(b'garbage')
    assert fz._code(path).co_consts == code.co_consts          # compiled again, and rewritten
    assert files[0].read_bytes() != b'garbage'


def test_a_missing_cache_entry_of_run_is_compiled_after_all(tmp_path, monkeypatch):
    """A module marked compiled is imported with its callees left plain (only run is loaded from
    Numba's cache); if run's cache entry is missing after all, it is imported again and compiled,
    with the same result. (The residual calls run through kernels/user.reraising, which keeps the
    entry point as ``compiled``.)"""
    monkeypatch.setenv('MULTIBODY_CACHE_DIR', str(tmp_path))
    mbs, _ = _pendulum()
    fz = fu.FusedResidual.build(mbs._compiled.equations)
    fz.compile()
    assert fz.ready()
    c = mbs._compiled
    n2, nae = c.n_ode2, c.n_ae
    args = (np.full(n2, 0.01), np.full(n2, 0.1), np.zeros(n2), np.ones(nae), 0.0, False)
    if os.path.exists(fz.path('.native')):  # (without the directly linked code: test_native_code.py)
        os.remove(fz.path('.native'))
    fu._COMPILED.pop(fz.key, None)
    fz.load()                                                    # lazy import
    ref = fz.residual(*args, np.empty(n2 + nae)).copy()          # run from the cache
    assert fu._COMPILED[fz.key] is fz.function.compiled and hasattr(fz.function.compiled, 'py_func')
    lean = list((tmp_path / '__pycache__').glob('lean-*'))
    assert lean
    for p in lean:
        p.unlink()
    if os.path.exists(fz.path('.native')):                       # (written again at the first call)
        os.remove(fz.path('.native'))
    fu._COMPILED.pop(fz.key)
    fz.load()
    out = fz.residual(*args, np.empty(n2 + nae))                 # compiled in this process
    np.testing.assert_array_equal(out, ref)
    assert fu._COMPILED[fz.key] is fz.function.compiled and hasattr(fz.function.compiled, 'py_func')


def _truss(nx, ny, nLoadSteps, load_change=None, stabilizer=0.):
    """A planar cantilever truss as the static benchmark (MassPoint2D, SpringDampers on rows,
    columns and diagonals, left column fixed by CoordinateConstraints, tip loads);
    ``load_change``: (load step, factor) at which a preStep function scales the tip loads."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nG = mbs.AddNode(U.NodePointGround())
    mG = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=0))
    mk, loads = {}, []
    for i in range(nx):
        for j in range(ny):
            n = mbs.AddNode(U.NodePoint2D(referenceCoordinates=[0.1 * i, 0.1 * j]))
            mbs.AddObject(U.MassPoint2D(mass=0.1, nodeNumber=n))
            mk[i, j] = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
            if i == 0:
                for c in range(2):
                    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=c))
                    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mG, mc]))
            if i == nx - 1:
                loads.append(mbs.AddLoad(U.LoadForceVector(markerNumber=mk[i, j], loadVector=[0., -10. / ny, 0.])))
    for (i, j), m in mk.items():
        for di, dj in [(1, 0), (0, 1), (1, 1), (1, -1)]:
            if (i + di, j + dj) in mk:
                mbs.AddObject(U.SpringDamper(markerNumbers=[m, mk[i + di, j + dj]], stiffness=1e4, damping=1.,
                                             referenceLength=0.1 * (di * di + dj * dj) ** 0.5))
    if load_change is not None:
        step, factor = load_change

        def pre_step(mbs, t):
            if abs(t - step / nLoadSteps) < 1e-12:
                for ld in loads:
                    mbs.SetLoadParameter(ld, 'loadVector', [0., -10. * factor / ny, 0.])
            return True
        mbs.SetPreStepUserFunction(pre_step)
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.staticSolver.numberOfLoadSteps = nLoadSteps
    ss.staticSolver.stabilizerODE2term = stabilizer
    ss.staticSolver.newton.relativeTolerance = 1e-7
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    ss.solution.file.write = False
    ss.staticSolver.verboseMode = 0
    return mbs, ss


@pytest.mark.parametrize('variant', ['dense', 'sparse', 'sparse_lu', 'load_change', 'stabilizer'])
def test_static_solver_compiled_newton_gives_the_same_numbers(variant, monkeypatch):
    """SolveStatic with the fused residual of the static kind (f + C^T lambda, loads times the
    load factor): state, multipliers and counts as on the group-by-group path, bit for bit; dense
    (compiled LU) and sparse (the truss's symmetric matrix: L D L^T; with that off: KLU) Newton
    matrices; a load changed by a preStep function during the solve (a new fused residual, scaled
    by the current factor); with the ODE2 stabilizer term the fused residual is not used."""
    from multibody.solvers import linear
    if variant == 'sparse_lu':
        monkeypatch.setattr(linear, 'USE_LDL', False)
    nx, ny = (3, 2) if variant == 'dense' else (12, 4)
    kw = dict(load_change=(3, 1.5)) if variant == 'load_change' else {}
    if variant == 'stabilizer':
        kw = dict(stabilizer=1e-3)
    out = []
    for mode in ('0', '1'):
        monkeypatch.setenv('MULTIBODY_FUSED', mode)
        counter = _Counter(monkeypatch)
        mbs, ss = _truss(nx, ny, 6, **kw)
        assert mbs.SolveStatic(ss)
        it = mbs.sys['staticSolver'].it
        sd = mbs.systemData
        out.append((np.array(sd.GetODE2Coordinates()), np.array(sd.GetAECoordinates()), it.newtonStepsCount,
                    it.newtonJacobiCount))
        used = counter.residual + counter.iterate + counter.newton > 0
        assert used == (mode == '1' and variant != 'stabilizer'), (mode, variant)
        if mode == '1' and variant != 'stabilizer':
            assert counter.iterate + counter.newton > 0 and mbs.sys['staticSolver'].linear.backend == (
                {'dense': 'dense', 'sparse_lu': 'KLU'}.get(variant, 'LDL'))
    (q0, l0, n0, j0), (q1, l1, n1, j1) = out
    np.testing.assert_array_equal(q0, q1)
    np.testing.assert_array_equal(l0, l1)
    assert (n0, j0) == (n1, j1) and n0 >= 6 and j0 >= 1
    # the multipliers hold the tip load (sum of the y reactions = the total load)
    total = 10. * (1.5 if variant == 'load_change' else 1.)
    assert abs(l0[1::2].sum() - total) < 1e-6 * total


@pytest.mark.parametrize('variant', ['modified', 'restarts', 'restart_limit', 'resumed', 'fixed_steps',
                                     'no_load_factor', 'sensor', 'dense', 'full', 'full_dense', 'full_large_loads'])
def test_static_load_steps_run_compiled_with_the_step_loop_s_numbers(variant, monkeypatch):
    """SolveStatic: whole load steps run in the fused module's compiled loop, the first one too
    with modified Newton (its Jacobian made before the call: prime_newton_matrix) (STATIC_STEPS_LOOP:
    loads scaled by the load factor, lambda = 0, Newton, the finite check), with modified Newton
    and newton.newton's logic ('restarts': large loads, restarts of the load step, a second one
    with full Newton; 'restart_limit': more iterations than the restart limit, full Newton from
    there; 'resumed': too few iterations for that full Newton, Python reduces the load step)
    and with full Newton (the static solver's default: a Jacobian at every iteration,
    NEWTON_FULL). State, multipliers, Newton, Jacobian and rejected-step counts and sensor values
    as on the group-by-group path, bit for bit; with fixed (not adaptive) load steps, without the
    load factor, and for a dense (small) Newton matrix too."""
    from multibody.solvers import static
    thens = []
    compiled_steps = static.StaticSolver.compiled_steps

    def spy(solver, *a):
        out = compiled_steps(solver, *a)
        if out is not None:
            thens.append(out[3])
        return out
    monkeypatch.setattr(static.StaticSolver, 'compiled_steps', spy)
    python_steps = []
    step_impl = static.StaticSolver.step_impl

    def python_step(solver, t, h):
        python_steps.append(t)
        return step_impl(solver, t, h)
    monkeypatch.setattr(static.StaticSolver, 'step_impl', python_step)
    nx, ny = (3, 2) if variant.endswith('dense') else (12, 4)
    scale, steps = {'restarts': (20., 3), 'resumed': (20., 3), 'restart_limit': (5., 3),
                    'full_large_loads': (50., 2)}.get(variant, (1., 8))
    full = variant.startswith('full')
    out = []
    for mode in ('1', '0'):
        monkeypatch.setenv('MULTIBODY_FUSED', mode)
        counter = _Counter(monkeypatch)
        del thens[:]
        del python_steps[:]
        mbs, ss = _truss(nx, ny, steps)
        if variant == 'resumed':
            ss.staticSolver.newton.maxIterations = 9
        if variant == 'restart_limit':
            ss.staticSolver.newton.maxModifiedNewtonIterations = 2
            ss.staticSolver.newton.maxModifiedNewtonRestartIterations = 0
        for k in range(mbs.systemData.NumberOfLoads()):
            mbs.SetLoadParameter(k, 'loadVector', [0., -10. * scale / ny, 0.])
        sensor = None
        if variant == 'sensor':
            sensor = mbs.AddSensor(U.SensorNode(nodeNumber=mbs.systemData.NumberOfNodes() - 1, storeInternal=True,
                                                outputVariableType=exu.OutputVariableType.Position))
            mbs.Assemble()
        ss.staticSolver.newton.useModifiedNewton = not full
        ss.staticSolver.adaptiveStep = variant != 'fixed_steps'
        ss.staticSolver.useLoadFactor = variant != 'no_load_factor'
        assert mbs.SolveStatic(ss)
        it = mbs.sys['staticSolver'].it
        sd = mbs.systemData
        out.append((np.array(sd.GetODE2Coordinates()), np.array(sd.GetAECoordinates()),
                    (it.newtonStepsCount, it.newtonJacobiCount, it.rejectedModifiedNewtonSteps),
                    None if sensor is None else np.array(mbs.GetSensorStoredData(sensor))))
        if mode == '1':
            assert counter.steps > 0 and thens, (counter.steps, thens)
            assert ('resume' in thens) == (variant == 'resumed'), thens
            if variant != 'resumed' and not full:
                assert python_steps == [], python_steps     # (the first load step compiled too)
        else:
            assert counter.steps == 0 and thens == []
    (q1, l1, c1, s1), (q0, l0, c0, s0) = out
    np.testing.assert_array_equal(q1, q0)
    np.testing.assert_array_equal(l1, l0)
    n0, j0, rejected = c0
    assert c1 == c0 and n0 > steps and (j0 == n0) == full
    # (the restarts' second restart, the restart limit: full Newton, a rejected modified-Newton step)
    assert (rejected > 0) == (variant in ('restarts', 'restart_limit', 'resumed')), c0
    if variant == 'sensor':
        assert s0.shape[0] == steps + 1
        np.testing.assert_array_equal(s1, s0)
    total = 10. * scale
    assert abs(l0[1::2].sum() - total) < 1e-6 * total


def test_first_ldl_of_a_pattern_is_made_by_the_fused_module_with_the_kernel_s_numbers(monkeypatch):
    """The first L D L^T of the static truss's Newton matrix is made by the fused module
    (FusedResidual.ldl_factorize: its mode 8 analysis, then its refactorization), not by the
    kernel sparse_lu.ldl_factorize, which a first solve would have to load: the same factors, bit
    for bit, as that kernel gives for the same matrix; the solve as on the group-by-group path."""
    from multibody.kernels import sparse_lu
    from multibody.solvers import linear
    seen, kernel_calls = [], []
    fused_ldl = fu.FusedResidual.ldl_factorize
    factorize_ldl = linear.LinearSolver._factorize_ldl
    kernel = sparse_lu.ldl_factorize

    def spy_fused(fz, q, v, t, coef, sym, pos):
        out = fused_ldl(fz, q, v, t, coef, sym, pos)
        # copies: later Jacobians are refactorized into these factors
        seen.append((sym.copy(), (out[0],) + tuple(a.copy() for a in out[1:])))
        return out

    def spy_solver(solver, J, compiled=None):
        done = factorize_ldl(solver, J, compiled)
        if seen and len(seen[-1]) == 2:
            seen[-1] += (J.copy(),)
        return done

    def spy_kernel(*a):
        kernel_calls.append(a)
        return kernel(*a)
    monkeypatch.setattr(fu.FusedResidual, 'ldl_factorize', spy_fused)
    monkeypatch.setattr(linear.LinearSolver, '_factorize_ldl', spy_solver)
    monkeypatch.setattr(linear.sparse_lu, 'ldl_factorize', spy_kernel)
    out = []
    for mode in ('1', '0'):
        monkeypatch.setenv('MULTIBODY_FUSED', mode)
        mbs, ss = _truss(12, 4, 6)
        assert mbs.SolveStatic(ss)
        assert mbs.sys['staticSolver'].linear.backend == 'LDL'
        out.append(np.array(mbs.systemData.GetODE2Coordinates()))
        if mode == '1':
            assert len(seen) == 1 and kernel_calls == [], (len(seen), len(kernel_calls))
        else:
            assert len(seen) == 1 and len(kernel_calls) == 1     # the group-by-group path: the kernel
    np.testing.assert_array_equal(out[0], out[1])
    sym, (status, Lp, Li, Lx, D), J = seen[0]
    assert status == 1 and Lp[-1] > J.shape[0]
    ref = kernel(sym, np.ascontiguousarray(J.data), linear.REFACTOR_PIVOT_TOL, linear.SINGULAR_PIVOT)
    assert ref[0] == 1
    for a, b in zip((Lp, Li, Lx, D), ref[1:]):
        np.testing.assert_array_equal(a, b)


def test_symmetric_newton_matrix_turning_unsymmetric_leaves_ldl_for_the_lu(monkeypatch):
    """The damped truss at rest, its loads switched on at t = 0.01 by a preStep function: the
    first Newton matrix (no velocities) is symmetric and factorized as L D L^T; once it moves, the
    damping forces' dependence on the positions makes it unsymmetric, the compiled refactorization
    (asked for at t = 0.05 by mbs.solverSignalJacobianUpdate) refuses it and the LU takes over. The motion equals that of the LU alone (to round-off), with
    the same Newton iterations."""
    from multibody.solvers import linear
    ldl, refactors = [], []
    factorize_ldl = linear.LinearSolver._factorize_ldl
    refactor = fu.FusedResidual.refactor

    def spy_ldl(solver, J, compiled=None):
        done = factorize_ldl(solver, J, compiled)
        ldl.append(done)
        return done

    def spy_refactor(fz, *a, **k):
        done = refactor(fz, *a, **k)
        refactors.append(bool(done))
        return done
    monkeypatch.setattr(linear.LinearSolver, '_factorize_ldl', spy_ldl)
    monkeypatch.setattr(fu.FusedResidual, 'refactor', spy_refactor)
    monkeypatch.setenv('MULTIBODY_FUSED', '1')
    out = []
    for use_ldl in (True, False):
        monkeypatch.setattr(linear, 'USE_LDL', use_ldl)
        del ldl[:], refactors[:]
        mbs, ss = _truss(12, 4, 6)
        loads = list(range(mbs.systemData.NumberOfLoads()))
        vectors = [list(mbs.GetLoad(k)['loadVector']) for k in loads]
        for k in loads:
            mbs.SetLoadParameter(k, 'loadVector', [0., 0., 0.])

        def switch_on(mbs, t):
            if t >= 0.01 - 1e-12:
                for k, vec in zip(loads, vectors):
                    mbs.SetLoadParameter(k, 'loadVector', vec)
            if abs(t - 0.05) < 1e-9:
                mbs.solverSignalJacobianUpdate = True       # a new Newton matrix while it moves
            return True
        mbs.SetPreStepUserFunction(switch_on)
        ss.timeIntegration.numberOfSteps = 100
        ss.timeIntegration.endTime = 0.1
        assert mbs.SolveDynamic(ss)
        solver = mbs.sys['dynamicSolver']
        out.append((np.array(mbs.systemData.GetODE2Coordinates()), solver.it.newtonStepsCount))
        if use_ldl:
            assert ldl[:1] == [True] and False in refactors, (ldl, refactors)
            assert solver.linear.backend in ('KLU', 'SuperLU')
        else:
            assert ldl == []
    (q1, n1), (q0, n0) = out
    assert n1 == n0 and np.abs(q1).max() > 1e-4
    np.testing.assert_allclose(q1, q0, rtol=0, atol=1e-12 * np.abs(q0).max())


def test_entry_point_signature_types_are_those_of_the_compiled_arguments():
    """run is loaded by its signature: the types made from the argument keys are what Numba infers
    from the arguments themselves and what the compile process compiled for (fused_compile.sample)."""
    import numba
    from multibody.equations.fused_compile import sample
    arrays = [np.zeros(3), np.zeros((2, 3), dtype=np.int64), np.zeros((2, 3, 3)), np.zeros(4, dtype=bool),
              np.zeros((4, 4))[::2, ::2], np.zeros(5)[::2]]
    for x in arrays + [0.5, 3, True]:
        key = fu._type_key(x)
        assert fu._numba_type(key) == numba.typeof(x) == numba.typeof(sample(key)), key


def test_background_compiles_wait_for_a_slot_and_an_urgent_one_does_not(tmp_path, monkeypatch):
    """A compile process waits while all compile slots of its directory are held (keeping its lock
    fresh), takes a slot once one is free, and does not wait once a solve marks it urgent."""
    import fcntl
    import threading
    import time
    from multibody.equations import fused_compile as fc
    monkeypatch.setattr(fc, 'LOCK_TOUCH_S', 0.05)
    base = str(tmp_path / 'fused_x')
    open(base + '.lock', 'w').close()
    os.utime(base + '.lock', (0, 0))
    held = open(tmp_path / 'compile-slot-0', 'a')
    fcntl.flock(held, fcntl.LOCK_EX)
    got = []
    waiter = threading.Thread(target=lambda: got.append(fc.wait_for_slot(base, 1)))
    waiter.start()
    time.sleep(0.4)
    assert waiter.is_alive() and not got                  # slot 0 is held: still waiting
    assert os.path.getmtime(base + '.lock') > 1           # its lock kept fresh meanwhile
    held.close()                                          # the slot is free now
    waiter.join(timeout=5)
    assert got and got[0] is not None
    with pytest.raises(OSError):                          # the waiter holds it now
        fcntl.flock(open(tmp_path / 'compile-slot-0', 'a'), fcntl.LOCK_EX | fcntl.LOCK_NB)
    # slot held by the first waiter: a second one waits until it is marked urgent
    got2 = []
    waiter = threading.Thread(target=lambda: got2.append(fc.wait_for_slot(base, 1)))
    waiter.start()
    time.sleep(0.2)
    assert waiter.is_alive()
    open(base + '.urgent', 'w').close()
    waiter.join(timeout=5)
    assert got2 == [None]
    got[0].close()


def test_compile_marks_a_waiting_background_compile_urgent(tmp_path, monkeypatch):
    """compile() (a solve waits for it) of a module whose background compile waits for a slot
    lets that compile start at once, and gets the compiled function."""
    import fcntl
    monkeypatch.setenv('MULTIBODY_CACHE_DIR', str(tmp_path))
    monkeypatch.setattr(fu, '_COMPILED', {})
    monkeypatch.setattr(fu, '_RUNNING', {})
    monkeypatch.setattr(fu, 'COMPILE_SLOTS', 1)
    held = open(tmp_path / 'compile-slot-0', 'a')
    fcntl.flock(held, fcntl.LOCK_EX)                      # every slot busy
    mbs, ss = _pendulum()
    fz = fu.FusedResidual.build(mbs._compiled.equations)
    proc = fz.compile_in_background()
    assert proc is not None and proc.poll() is None
    assert fz.compile(timeout=fu.COMPILE_TIMEOUT_S), open(fz.path('.log')).read()
    assert proc.wait(timeout=10) == 0 and fz.ready()
    assert not os.path.exists(fz.path('.urgent')) and not os.path.exists(fz.path('.lock'))
    held.close()


def test_prune_cache_removes_the_least_recently_loaded_modules(tmp_path, monkeypatch):
    """Beyond the limit the modules loaded longest ago go, with their Numba cache entries; one
    being compiled (fresh lock) and the one about to be compiled stay."""
    pyc = tmp_path / '__pycache__'
    pyc.mkdir()
    keys = ['k0', 'k1', 'k2', 'k3', 'k4']
    for i, k in enumerate(keys):
        for f in (tmp_path / f'fused_{k}.py', tmp_path / f'fused_{k}.ok', tmp_path / f'fused_{k}.log',
                  pyc / f'fused_{k}.steps-9.py311.nbi', pyc / f'lean-fused_{k}.run-3.py311.1.nbc'):
            f.write_text('x')
        os.utime(tmp_path / f'fused_{k}.ok', (1000. + i, 1000. + i))
    (tmp_path / 'fused_k0.lock').write_text('')            # k0 is being compiled
    (tmp_path / 'fused_other.py').write_text('x')           # not compiled: not counted, not removed
    removed = fu.prune_cache(limit=2, keep='k2', folder=str(tmp_path))
    assert removed == ['k1']
    left = sorted(os.listdir(tmp_path)) + sorted(os.listdir(pyc))
    assert not [f for f in left if '_k1.' in f]
    assert [f for f in left if '_k0.' in f] and [f for f in left if '_k2.' in f]
    assert 'fused_other.py' in left
    assert fu.prune_cache(limit=10, folder=str(tmp_path)) == []
    monkeypatch.setenv('MULTIBODY_CACHE_MAX_MODULES', '0')          # no limit
    assert fu.prune_cache(folder=str(tmp_path)) == []
    monkeypatch.setenv('MULTIBODY_CACHE_MAX_MODULES', '1')
    os.utime(tmp_path / 'fused_k0.lock', (0, 0))                     # a stale lock: k0 may go now
    assert sorted(fu.prune_cache(folder=str(tmp_path))) == ['k0', 'k2', 'k3']
    assert sorted(f for f in os.listdir(tmp_path) if f.endswith('.ok')) == ['fused_k4.ok']


def test_loading_a_compiled_module_marks_it_recently_used(monkeypatch):
    # (the default cache directory: the pendulum's module is compiled there once for all tests)
    monkeypatch.setattr(fu, '_COMPILED', {})
    monkeypatch.setattr(fu, '_RUNNING', {})
    mbs, ss = _pendulum()
    fz = fu.FusedResidual.build(mbs._compiled.equations)
    assert fz.compile(timeout=fu.COMPILE_TIMEOUT_S), open(fz.path('.log')).read()
    os.utime(fz.path('.ok'), (1000., 1000.))
    monkeypatch.setattr(fu, '_COMPILED', {})            # as in a new process
    fz.load()
    assert os.path.getmtime(fz.path('.ok')) > 1e9


def _rigid_connector_chain(fused, monkeypatch, nodeType):
    """Two bodies hanging on rigid-marker spring-dampers; a preStep function changes the
    RigidBodySpringDamper's stiffness, switches the LinearSpringDamper off and the
    TorsionalSpringDamper's intrinsic-free parameters during the run."""
    monkeypatch.setenv('MULTIBODY_FUSED', '1' if fused else '0')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0., 0., 0.]))
    con = []
    for i in range(2):
        b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000., [0.1, 0.02, 0.02]), referencePosition=[0.05 + 0.1 * i, 0., 0.],
                                gravity=[0., -9.81, 0.], nodeType=nodeType, initialAngularVelocity=[0.5, -0.2, 1.])
        m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.05, 0., 0.]))
        con.append(mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[prev, m0], stiffness=np.diag([1e4, 1e4, 1e4, 5., 5., 5.]),
                                                         damping=np.diag([1., 1., 1., 0.01, 0.01, 0.01]),
                                                         useIntrinsicFormulation=i == 1)))
        con.append(mbs.AddObject(U.LinearSpringDamper(markerNumbers=[prev, m0], stiffness=100., damping=0.5,
                                                      axisMarker0=[0., 1., 0.])))
        con.append(mbs.AddObject(U.TorsionalSpringDamper(markerNumbers=[prev, m0], stiffness=2., damping=0.01)))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.05, 0., 0.]))
    mbs.Assemble()

    def pre_step(mbs, t):
        if abs(t - 0.05) < 1e-9:
            mbs.SetObjectParameter(con[0], 'stiffness', np.diag([2e4, 1e4, 1e4, 8., 5., 5.]))
            mbs.SetObjectParameter(con[4], 'activeConnector', False)
            mbs.SetObjectParameter(con[5], 'offset', 0.3)
            mbs.SetObjectParameter(con[3], 'useIntrinsicFormulation', False)
        return True
    mbs.SetPreStepUserFunction(pre_step)
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 100
    ss.timeIntegration.endTime = 0.1
    ss.solution.file.write = False
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    mbs.SolveDynamic(ss)
    sd = mbs.systemData
    return [np.array(sd.GetODE2Coordinates()), np.array(sd.GetODE2Coordinates_t()), np.array(sd.GetAECoordinates())]


@pytest.mark.parametrize('nodeType', ['RotationRxyz'])
def test_rigid_connector_parameters_changed_during_the_run(nodeType, monkeypatch):
    """The fused residual reads the rigid connectors' parameters from the arrays that
    SetObjectParameter updates in place (stiffness, activeConnector, offset, the intrinsic flag):
    the same numbers as the group-by-group path, bit for bit, which changes with them."""
    nt = getattr(exu.NodeType, nodeType)
    plain = _rigid_connector_chain(False, monkeypatch, nt)
    counter = _Counter(monkeypatch)
    fused = _rigid_connector_chain(True, monkeypatch, nt)
    assert counter.residual + counter.iterate + counter.newton > 0
    for a, b in zip(plain, fused):
        np.testing.assert_array_equal(a, b)
    monkeypatch.setattr(exu.MainSystem, 'SetPreStepUserFunction', lambda mbs, f: None)
    unchanged = _rigid_connector_chain(True, monkeypatch, nt)
    assert np.abs(unchanged[0] - fused[0]).max() > 1e-6     # the changes took effect


@pytest.mark.parametrize('mode', ['0', '1'])
def test_rolling_disc_lying_flat_is_named(mode, monkeypatch):
    """A RollingDiscJoint whose disc lies flat on the plane has no rolling direction: the group
    path raises from its geometry check; the compiled equations give NaN there, and the solver
    names the joint with the same words (StepLoop.diagnose_nonfinite) instead of 'NaN'."""
    monkeypatch.setenv('MULTIBODY_FUSED', mode)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    b = mbs.CreateRigidBody(inertia=U.InertiaCylinder(1000, 0.05, 0.3, axis=0), referencePosition=[0, 0, 0.3],
                            referenceRotationMatrix=U.RotationMatrixY(0.5 * np.pi), gravity=[0, 0, -9.81])
    mbs.AddObject(U.RollingDiscJoint(markerNumbers=[mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g)),
                                                    mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b))],
                                     discRadius=0.3, discAxis=[1, 0, 0], planeNormal=[0, 0, 1]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 200
    ss.timeIntegration.endTime = 0.2
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    with pytest.raises(exu.SolverError,
                       match=r"ObjectJointRollingDisc 2 .*disc lying flat on the plane"):
        mbs.SolveDynamic(ss)


@pytest.mark.parametrize('solver', ['RK44', 'VelocityVerlet'])
def test_explicit_zero_accelerations_are_written_as_zero(solver, monkeypatch, tmp_path):
    """A force component that is zero gives the acceleration +0 on every path (the fused
    residual's -f as 0 - r, not -r): the solution file shows 0, as the group-by-group path and
    Exudyn 1.13.6 write it, not -0."""
    from multibody.solvers import explicit
    monkeypatch.setattr(explicit, '_VERLET_WARNED', True)
    texts = {}
    for mode in ('0', '1'):
        monkeypatch.setenv('MULTIBODY_FUSED', mode)
        counter = _RKCounter(monkeypatch)
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
        m = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n))))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=m, loadVector=[0., -9.81, 0.]))
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.timeIntegration.numberOfSteps, ss.timeIntegration.endTime = 200, 0.2
        ss.timeIntegration.verboseMode = 0
        ss.solution.file.write = True
        ss.solution.file.name = str(tmp_path / f'{solver}{mode}.txt')
        ss.solution.file.writePeriod = 0.05
        ss.solution.file.export.accelerations = True
        mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver))
        assert (counter.steps > 100) == (mode == '1')
        texts[mode] = [line for line in (tmp_path / f'{solver}{mode}.txt').read_text().splitlines()
                       if not line.startswith('#')]
        monkeypatch.undo()
        monkeypatch.setattr(explicit, '_VERLET_WARNED', True)
    assert texts['0'] == texts['1'] and len(texts['1']) == 5
    # Exudyn 1.13.6 (RK44): t, q (3), q_t (3), q_tt (3) at t = 0.05
    assert texts['1'][1].startswith('0.05,0.05,-0.0122625,0,1,-0.4905,0,0,-9.81,0')
    assert '-0,' not in ''.join(texts['1']) + ','


def test_memory_index_answers_as_the_pairwise_test():
    """fused._Memory (the memory-sharing test of describing a module) gives for every array the
    answer of comparing it with each array of the list: the same array, a view of it, another
    view of the same memory, disjoint views, empty arrays and unrelated arrays."""
    base = np.zeros((10, 3))
    other = np.zeros(6)
    arrays = [base[:4], np.zeros(0), other, base.reshape(-1)[20:]]
    asked = [base, base[:4], base[4:6], base[5:], base.reshape(-1)[:12], other, other[2:], np.zeros(3),
             np.zeros(0), arrays[3], base[7:8]]

    def pairwise(a):
        return any(x is a or ((x.base is not None or a.base is not None) and x.size and np.may_share_memory(x, a))
                   for x in arrays)
    memory = fu._Memory(arrays)
    answers = [memory.shares(a) for a in asked]
    assert answers == [pairwise(a) for a in asked]
    assert True in answers and False in answers
