"""Static solver with load steps (spec solvers.md 5): f + C_q^T lambda = 0."""
from __future__ import annotations

import math

import numpy as np

from ..enums import ConfigurationType
from .implicit import StepLoop
from .linear import LinearSolver, SingularJacobian
from .newton import newton

CFG = ConfigurationType


class StaticSolver(StepLoop):
    """MainSolverStatic: Newton on [q; lambda] per load step; velocities stay at their initial values."""
    solver_name = "nonlinear static solver"
    is_static = True

    def __init__(self, mbs, settings):
        super().__init__(mbs, settings)
        ss = settings.staticSolver
        self.newton_settings = ss.newton
        ls = settings.linearSolver
        self.linear = LinearSolver(ls.solverType, bool(ls.ignoreSingularJacobian))
        self.jacobian_requested = True
        self.last_residual = None
        self.last_error = math.nan
        self.geometric = bool(ss.loadStepGeometric)

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

    def load_factor(self, t):
        ss = self.settings.staticSolver
        if not ss.useLoadFactor:
            return 1.0
        return (t - self.t0) / self.T

    def step_impl(self, t, h):
        self.t_new, self.h = t, h
        self.lf = self.load_factor(t)
        res = newton(self, self.newton_settings, self.it)
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
        eq.update_kinematics(cur.q, self.v0, self.t_new)
        f = eq.ode2_rhs(self.lf)
        gae = eq.constraints(cur.lam)
        rq = f + eq.reaction_forces(cur.lam)
        s = self.settings.staticSolver.stabilizerODE2term
        if s:
            rq -= (1 - self.lf ** 2) * s * eq.mass_times(cur.q - self.start_of_step.q)
        r = np.concatenate([rq, gae])
        self.last_residual = r
        err = float(np.linalg.norm(r))
        if self.newton_settings.weightTolerancePerCoordinate and r.size:
            err /= math.sqrt(r.size)
        self.last_error = err
        return err, r

    def factorize(self):
        s = self.settings.staticSolver.stabilizerODE2term
        a_M = -(1 - self.lf ** 2) * s if s else 0.0
        J = self.eq.jacobian(a_M, -1.0, 0.0, 1.0, 1.0, 1.0, dense=self.linear.wants_dense(self.c.n_ode2 + self.c.n_ae),
                             extra=self.user_jacobian())
        try:
            self.linear.factorize(J)
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
        self.current.q[:] = self.start_of_step.q
        self.current.lam[:] = 0.0

    def after_newton(self):
        cur = self.current
        if not (np.all(np.isfinite(cur.q)) and np.all(np.isfinite(cur.lam))):
            self.fail_step(cur.t, self.it.currentStepIndex, "NaN or Inf in the state")
