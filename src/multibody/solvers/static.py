"""Static solver with load steps (spec solvers.md 5): f + C_q^T lambda = 0."""
from __future__ import annotations

import math

import numpy as np

from ..enums import ConfigurationType
from .implicit import CompiledNewton, StepLoop
from .linear import LinearSolver, SingularJacobian
from .newton import newton

CFG = ConfigurationType

# a load step counts as this many time steps for the background compile of the fused residual
# (solvers/implicit.py FUSED_MIN_STEPS): 10 load steps start it
FUSED_STEPS_PER_LOAD_STEP = 10


class StaticSolver(CompiledNewton, StepLoop):
    """MainSolverStatic: Newton on [q; lambda] per load step; velocities stay at their initial values.
    With the fused residual of the "static" kind (equations/fused.py) the Newton iterations run
    compiled, with the same numbers."""
    solver_name = "nonlinear static solver"
    is_static = True
    fused_kind = "static"
    index2 = False

    def __init__(self, mbs, settings):
        super().__init__(mbs, settings)
        ss = settings.staticSolver
        self.newton_settings = ss.newton
        ls = settings.linearSolver
        self.linear = LinearSolver(ls.solverType, bool(ls.ignoreSingularJacobian), remember_choice=True)
        self.jacobian_requested = True
        self.last_residual = None
        self.last_error = math.nan
        self.geometric = bool(ss.loadStepGeometric)
        self.lf = 1.0
        self._resume = None          # a Newton solve begun by compiled_steps (newton.newton resume)
        self._steps_sc = np.zeros(27)

    def discontinuous_settings(self):
        return self.settings.staticSolver.discontinuous

    def time_settings(self):
        ss = self.settings.staticSolver
        n = int(ss.numberOfLoadSteps)
        adaptive = bool(ss.adaptiveStep)
        if self.geometric:
            if n < 2:
                print("WARNING: loadStepGeometric must have at least 2 load steps; performing 2 load steps")
                n = 2
            adaptive = False
        t0, T = float(ss.loadStepStart), float(ss.loadStepDuration)
        self.t0, self.T, self.n_load = t0, T, n
        self.geo_step = 0
        return (t0, t0 + T, n, T / n, float(ss.minimumStepSize), adaptive,
                float(ss.adaptiveStepDecrease), float(ss.adaptiveStepIncrease),
                int(ss.adaptiveStepRecoverySteps), int(ss.adaptiveStepRecoveryIterations))

    def adjust_time(self, t_new, t0, t_end):
        T = self.T
        if self.geometric:
            R = float(self.settings.staticSolver.loadStepGeometricRange)
            i = self.it.currentStepIndex  # steps done so far + 1
            k = max(i, 1)
            tau = T / R * R ** ((k - 1) / (self.n_load - 1))
        else:
            tau = t_new - t0
        if tau + 1e-10 * T >= T:
            tau = T
        return t0 + tau

    def initialize(self):
        self.current.copy_from(self.c.states[CFG.Initial])
        self.v0 = self.current.v.copy()
        self.start_of_step.copy_from(self.current)
        self.it.currentStepIndex = 1
        self.eq.index2 = False
        self.choose_fused()

    def choose_fused(self):
        """The fused residual as for the dynamic solvers, except with the ODE2 stabilizer term
        (not in the compiled residual)."""
        if self.settings.staticSolver.stabilizerODE2term:
            self.fused, self._fused_pending = None, None
            self._fused_version = self.c.fused_parameter_version
            return
        super().choose_fused()

    def expected_steps(self):
        """For the background compile: a load step counts as FUSED_STEPS_PER_LOAD_STEP time steps
        (several Newton iterations and a Jacobian each)."""
        return int(self.settings.staticSolver.numberOfLoadSteps) * FUSED_STEPS_PER_LOAD_STEP

    def lie_groups(self):
        return ()           # the static update is q -= dq for every node

    def update_coefficients(self):
        """v and a stay, lambda -= dlambda (the compiled iterate's coef[0:3])."""
        return 0.0, 0.0, 1.0

    def jacobian_coefficients(self):
        """(a_M, a_K, a_D, c_q, c_v, c_lam) of the static Newton matrix [[-K + a_M M, C^T], [C, 1]]."""
        s = self.settings.staticSolver.stabilizerODE2term
        return (-(1 - self.lf ** 2) * s if s else 0.0), -1.0, 0.0, 1.0, 1.0, 1.0

    def load_factor(self, t):
        ss = self.settings.staticSolver
        if not ss.useLoadFactor:
            return 1.0
        return (t - self.t0) / self.T

    def compiled_steps(self, step, t, t0, h, t_end, t_lim, adaptive):
        """Whole load steps in one compiled call (FusedResidual.steps of the static kind,
        STATIC_STEPS_LOOP): the loads scaled by the load factor, lambda = 0, Newton with the
        current factorization, the finite check, step after step, as long as nothing needs Python
        (CompiledNewton.steps_fused; also no geometric load steps), with modified or full Newton
        (the static solver's default: a new Jacobian at every iteration, NEWTON_FULL). Same numbers
        as the step loop."""
        full = not self.newton_settings.useModifiedNewton
        if (not full and self.jacobian_requested and not self.geometric
                and getattr(self._compiled_newton(), "static_steps", False)):
            # the first load step's Newton matrix before the compiled call
            self.prime_newton_matrix(step, t, t0, h, t_end, adaptive)
        fz = self.steps_fused(full_newton=True)
        if fz is None or not getattr(fz, "static_steps", False) or self.geometric:
            return None
        if full and not self.refactorizes_compiled(fz):
            return None         # (each iteration's Jacobian must be made in the loop)
        s, e = self.start_of_step, np.zeros(0)
        head = (h, self.T, bool(self.settings.staticSolver.useLoadFactor), full, 0.0, 0.0)
        return self.run_compiled_steps(fz, head, step, t, t0, t_end, t_lim, adaptive, (s.q, s.v, s.a, s.lam, e),
                                       (e, e, e))

    def after_compiled_steps(self, t):
        self.t_new = t
        self.lf = self.load_factor(t)

    def set_step(self, t, h):
        """The new load step's time, size and load factor."""
        self.t_new, self.h = t, h
        self.lf = self.load_factor(t)

    def step_impl(self, t, h):
        self.set_step(t, h)
        resume, self._resume = self._resume, None
        res = newton(self, self.newton_settings, self.it, resume)
        self.conv.newtonConverged = res.converged
        self.nonfinite = res.nonfinite
        if not res.converged:
            return False, res.message
        return True, ""

    def accept_step(self):
        pass

    def predictor(self):
        self.current.t = self.t_new
        self.current.lam[:] = 0.0

    def residual(self):
        eq, cur = self.eq, self.current
        fz = self.active_fused()
        if fz is not None:
            fz.set_load_factor(self.lf)
        out = self.compiled_residual(fz)
        if out is not None:
            return out
        eq.update_kinematics(cur.q, self.v0, self.t_new)
        f = eq.ode2_rhs(self.lf)
        gae = eq.constraints(cur.lam)
        rq = f + eq.reaction_forces(cur.lam)
        s = self.settings.staticSolver.stabilizerODE2term
        if s:
            rq -= (1 - self.lf ** 2) * s * eq.mass_times(cur.q - self.start_of_step.q)
        return self._residual_norm(np.concatenate([rq, gae]))

    def factorize(self):
        J = self.compiled_jacobian()
        if J is True:
            return
        ldl = None
        if J is None:
            J = self.python_newton_matrix(lambda: self.eq.ode2_rhs(self.lf))
        else:
            ldl = self.compiled_ldl()
        try:
            self.linear.factorize(J, ldl=ldl)
        except SingularJacobian as exc:
            self.conv.linearSolverFailed = True
            self.conv.linearSolverCausingRow = exc.row
            from .diagnostics import singular_message
            self.output_manager.end(self, failed=True)
            self.fail(singular_message(self, exc, self.current.t))

    def user_jacobian(self):
        f = self.mbs._user_functions["systemJacobian"]
        if not f:
            return None
        from ..model.matrix_container import as_matrix
        return as_matrix(f(self.mbs, self.t_new, 1.0, 0.0, 1.0), self.c.n_ode2 + self.c.n_ae)

    def solve(self, r):
        try:
            return self.linear.solve(r)
        except SingularJacobian as exc:      # inconsistent redundancy found by the least-squares path
            self.conv.linearSolverFailed = True
            from .diagnostics import singular_message
            self.output_manager.end(self, failed=True)
            self.fail(singular_message(self, exc, self.current.t))

    def update(self, delta):
        n2 = self.c.n_ode2
        self.current.q -= delta[:n2]
        self.current.lam -= delta[n2:]

    def increment_norm(self, delta):
        return float(np.linalg.norm(delta[:self.c.n_ode2]))

    def diverged(self, max_norm):
        cur = self.current
        return bool(cur.q @ cur.q >= max_norm or not (np.all(np.isfinite(cur.q))
                                                       and np.all(np.isfinite(cur.lam))))

    def reset_to_start_of_step(self):
        cur, s = self.current, self.start_of_step
        cur.q[:] = s.q
        cur.lam[:] = 0.0
        cur.v[:] = s.v      # (the compiled update leaves them, unless the increment is not finite)
        cur.a[:] = s.a

    def after_newton(self):
        cur = self.current
        for g in self.post_newton_groups():     # data nodes of connectors (e.g. torsional turns), as Exudyn's
            g.post_newton(self.eq.markers, cur.t, cur.x)
        if not (np.all(np.isfinite(cur.q)) and np.all(np.isfinite(cur.lam))):
            self.fail_step(cur.t, self.it.currentStepIndex, "NaN or Inf in the state")
