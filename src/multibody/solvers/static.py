"""Static solver with load steps (spec solvers.md 5): f + C_q^T lambda = 0, the loads scaled by the
load factor of each load step. The load steps run in the engine (engine/kinds.py, steps.py,
newton.py); this class sets them up and makes the Newton matrices that Python makes."""
from __future__ import annotations

import numpy as np

from ..engine.control import Kind
from ..engine.driver import Engine
from ..enums import ConfigurationType
from ..errors import ExudynValueError
from ..messages import warn
from .implicit import newton_buffers, newton_control, ode1_vectors, workspace_buffers
from .jacobian import NewtonMatrices
from .linear import LinearSolver, newton_absolute_tolerance
from .steploop import StepLoop

CFG = ConfigurationType


class StaticSolver(NewtonMatrices, StepLoop):
    """MainSolverStatic: Newton on [q; lambda] per load step; velocities stay at their initial values."""
    solver_name = "nonlinear static solver"
    is_static = True
    index2 = False

    def __init__(self, mbs, settings):
        super().__init__(mbs, settings)
        ss = settings.staticSolver
        self.newton_settings = ss.newton
        ls = settings.linearSolver
        self.linear = LinearSolver(ls.solverType, bool(ls.ignoreSingularJacobian), remember_choice=True)
        self.linear.absolute_tolerance = newton_absolute_tolerance(self.newton_settings, self.c)
        self.geometric = bool(ss.loadStepGeometric)

    def numeric_forces_by_default(self):
        """Forces differentiated numerically (solvers/colored_fd.py) where nodes with rotations make
        the markers' Jacobians change with the coordinates: their terms d(J^T F)/dq, which the items'
        Jacobians leave out, make Newton converge under large torques and forces at body points."""
        if not hasattr(self, "_numeric_forces"):
            self._numeric_forces = any(r is not None and r.spec.type_name.startswith("RigidBody")
                                       for r in self.c.items["node"])
        return self._numeric_forces

    def discontinuous_settings(self):
        return self.settings.staticSolver.discontinuous

    def time_settings(self):
        ss = self.settings.staticSolver
        n = int(ss.numberOfLoadSteps)
        adaptive = bool(ss.adaptiveStep)
        if self.geometric:
            if n < 2:
                warn("loadStepGeometric must have at least 2 load steps; performing 2 load steps")
                n = 2
            adaptive = False
        t0, T = float(ss.loadStepStart), float(ss.loadStepDuration)
        for name, value in (("loadStepStart", t0), ("loadStepDuration", T)):
            if not np.isfinite(value):      # (Exudyn 1.13.6: runs for ever, or fails in its first step)
                raise ExudynValueError(f"staticSolver.{name} must be finite; received {value}")
        self.t0, self.T, self.n_load = t0, T, n
        return (t0, t0 + T, n, T / n, float(ss.minimumStepSize), adaptive,
                float(ss.adaptiveStepDecrease), float(ss.adaptiveStepIncrease),
                int(ss.adaptiveStepRecoverySteps), int(ss.adaptiveStepRecoveryIterations))

    def initialize(self):
        c, cur = self.c, self.current
        cur.copy_from(c.states[CFG.Initial])
        self.start_of_step.copy_from(cur)
        self.eq.index2 = False
        self.time_settings()
        s = self.start_of_step
        self.r_buffer, self.rbar_buffer, self.delta_buffer, work, self.coef = newton_buffers(c)
        vectors = (cur.q, cur.v, cur.a, cur.lam, cur.x, np.zeros(c.n_ode2), np.zeros(c.n_ode2), cur.a_alg,
                   s.q, s.v, s.a, s.lam, s.x, self.r_buffer, self.rbar_buffer, self.delta_buffer, work,
                   self.coef) + ode1_vectors(cur, s)
        ss = self.settings.staticSolver
        self.engine = Engine(self.eq, vectors, workspace_buffers(self), kind=int(Kind.STATIC), n2=c.n_ode2,
                             nae=c.n_ae, python_jacobian=int(self.python_jacobian()), load_T=self.T,
                             use_load_factor=int(bool(ss.useLoadFactor)), geometric=int(self.geometric),
                             geo_range=float(ss.loadStepGeometricRange), n_load=self.n_load,
                             stabilizer=float(ss.stabilizerODE2term), load_factor=1.0,
                             **newton_control(self.newton_settings))

    @property
    def lf(self):
        """The load factor of the load step in progress."""
        return float(self.engine["load_factor"])

    def rhs(self):
        """The ODE2 right-hand side at the current kinematics with the loads of the load step."""
        return self.eq.ode2_rhs(self.lf)

    def user_jacobian(self):
        f = self.mbs._user_functions["systemJacobian"]
        if not f:
            return None
        from ..model.matrix_container import as_matrix
        return as_matrix(f(self.mbs, float(self.engine["t_new"]), 1.0, 0.0, 1.0), self.c.n_ode2 + self.c.n_ae)
