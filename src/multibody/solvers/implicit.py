"""Implicit second-order time integration: generalized-alpha (Arnold & Bruels 2007), Newmark and
the trapezoidal rule with index-2 constraints (spec solvers.md 4). The steps run in the engine
(engine/kinds.py, steps.py, newton.py); this class sets them up, makes the consistent initial
accelerations and the Newton matrices that Python makes (solvers/jacobian.py)."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from ..engine.control import Kind, LieMode
from ..engine.driver import Engine
from ..enums import ConfigurationType, LinearSolverType
from ..equations.rigid import lie_group_packed
from ..errors import ExudynValueError, SolverError
from ..kernels import integration as ki
from ..kernels import rotations as krot
from ..messages import warn
from .jacobian import NewtonMatrices
from .linear import REFACTOR_PIVOT_TOL, SINGULAR_PIVOT, LinearSolver, SingularJacobian, newton_absolute_tolerance
from .steploop import StepLoop

CFG = ConfigurationType

# (a_M, a_K, a_D, c_q, c_v, c_lam) of [M C^T; C dg/dlam], the matrix of the initial accelerations
INITIAL_JACOBIAN = (1.0, 0.0, 0.0, 1.0, 1.0, 1.0)


def generalized_alpha_coefficients(spectral_radius):
    """Return (alpha_m, alpha_f, beta, gamma) for rho_inf = spectral_radius."""
    rho = spectral_radius
    alpha_m, alpha_f = (2 * rho - 1) / (rho + 1), rho / (rho + 1)
    gamma = 0.5 + alpha_f - alpha_m
    return alpha_m, alpha_f, 0.25 * (gamma + 0.5) ** 2, gamma


MAX_STEPS = 2 ** 31 - 1


def number_of_steps(n_set):
    """The number of steps of timeIntegration; refused beyond MAX_STEPS (Exudyn 1.13.6 runs for ever
    with 1e20 or 2**31 steps)."""
    if not np.isfinite(n_set) or n_set > MAX_STEPS:
        raise ExudynValueError(f"timeIntegration.numberOfSteps must be an integer of at most {MAX_STEPS}; "
                               f"received {n_set:g}")
    n = round(n_set)
    if abs(n_set - n) > 100 * np.finfo(float).eps * max(abs(n_set), 1.0):
        raise ExudynValueError("timeIntegration.numberOfSteps must be integer (or very close to it)")
    return max(int(n), 1)


def time_interval(ti):
    """(startTime, endTime) of timeIntegration, finite (Exudyn 1.13.6 runs for ever with endTime = inf;
    startTime = inf fails in its first step) and different (Exudyn: a SolverError for step size 0)."""
    t0, t_end = float(ti.startTime), float(ti.endTime)
    for name, t in (("startTime", t0), ("endTime", t_end)):
        if not np.isfinite(t):
            raise ExudynValueError(f"timeIntegration.{name} must be a finite time; received {t}")
    if t_end == t0:
        raise SolverError(f"SolveDynamic terminated: timeIntegration.endTime = startTime = {t0:g} gives no "
                          "step (step size 0)")
    return t0, t_end


def backward_error_controlled(solver, automatic, t0, t_end):
    """Refuse startTime > endTime for an explicit solver with an embedded error estimate (Exudyn
    1.13.6 never ends with its automatic step size, and fails with a fixed one); the other solvers
    integrate backwards in one step of endTime - startTime, as Exudyn."""
    if automatic:
        raise ExudynValueError(f"SolveDynamic: timeIntegration.startTime = {t0:g} > timeIntegration.endTime = "
                               f"{t_end:g} cannot be solved by {solver} with automatic step size (its step size "
                               "control works forward in time only; Exudyn never ends)")
    raise SolverError(f"SolveDynamic terminated: timeIntegration.startTime = {t0:g} > timeIntegration.endTime = "
                      f"{t_end:g}: the error estimate of {solver} fails for a step backward in time")


def newton_control(ns):
    """The control fields of Newton's settings (engine/control.py)."""
    restart = ns.maxModifiedNewtonIterations + ns.maxModifiedNewtonRestartIterations * (
        0 if ns.modifiedNewtonJacUpdatePerStep else 1)
    return dict(max_iterations=int(ns.maxIterations), relative_tolerance=float(ns.relativeTolerance),
                absolute_tolerance=float(ns.absoluteTolerance), newton_active=int(bool(ns.active)),
                adapt_initial_residual=int(bool(ns.adaptInitialResidual)),
                max_modified_iterations=int(ns.maxModifiedNewtonIterations), restart_limit=int(restart),
                contractivity=float(ns.modifiedNewtonContractivity), max_solution_norm=float(ns.maximumSolutionNorm),
                weighted=int(bool(ns.weightTolerancePerCoordinate)), residual_mode=int(ns.residualMode),
                modified=int(bool(ns.useModifiedNewton)), pivot_tol=REFACTOR_PIVOT_TOL,
                nd_rel_eps=float(ns.numericalDifferentiation.relativeEpsilon),
                nd_min_size=float(ns.numericalDifferentiation.minimumCoordinateSize),
                singular_pivot=SINGULAR_PIVOT, jac_requested=1, h_jac=np.nan)


def newton_buffers(c):
    """The Newton vectors of a workspace (r, rbar, delta, work, coef) and the compiled
    refactorization's buffers."""
    n = c.n_ode2 + c.n_ae
    c.newton_coef = coef = np.zeros(9)      # (the Newton matrix's factors, read by user Jacobians)
    return np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n), coef


def ode1_vectors(current, start):
    """The workspace's vectors of the first-order coordinates (engine/ode1.py): the state's y and
    y_t, those of the start of the step, the Newton residual, increment and a scratch vector."""
    n1 = current.y.shape[0]
    return (current.y, current.y_t, start.y, start.y_t, np.zeros(n1), np.zeros(n1), np.zeros(n1))


def workspace_buffers(solver, lie=None, lie_inc=None, explicit=None):
    """The buffers of a workspace (engine/workspace.py BUFFER_FIELDS) of an implicit solver, the
    explicit one's given as ``explicit``."""
    eq = solver.eq
    n = solver.c.n_ode2 + solver.c.n_ae
    e1, e2, ei = np.zeros(0), np.zeros((0, 0)), np.zeros(0, dtype=np.int64)
    dense = n if n <= 48 else 0
    lie = e1 if lie is None else lie
    ex = explicit or (e1, e1, e1, e1, e2, e1, e1, e1, e1, e1, e1, ei, e1, e1)
    n1 = solver.c.n_ode1
    return (e2, e2, np.zeros(dense * dense), np.zeros(dense, dtype=np.int64), np.zeros(eq.nnz),
            lie, np.zeros(lie.shape[0] // 2), e1 if lie_inc is None else lie_inc) + tuple(ex) + (ei, e1) \
        + (np.zeros((n1, n1)), np.zeros(n1, dtype=np.int64))


class ImplicitSecondOrderSolver(NewtonMatrices, StepLoop):
    """Generalized-alpha / Newmark / trapezoidal index 2 (MainSolverImplicitSecondOrder)."""
    solver_name = "implicit second order time integration"

    def __init__(self, mbs, settings, force_index2_newmark=False):
        super().__init__(mbs, settings)
        ti = settings.timeIntegration
        ga = ti.generalizedAlpha
        self.newton_settings = ti.newton
        use_newmark = bool(ga.useNewmark) or force_index2_newmark
        index2 = bool(ga.useIndex2Constraints) or force_index2_newmark
        if index2 and not use_newmark:
            raise ExudynValueError("SolveDynamic:GeneralizedAlpha: useIndex2Constraints=True may only "
                                   "be used if useNewmark=True")
        if use_newmark:
            self.beta, self.gamma = float(ga.newmarkBeta), float(ga.newmarkGamma)
            self.alpha_m = self.alpha_f = 0.5
        else:
            self.alpha_m, self.alpha_f, self.beta, self.gamma = \
                generalized_alpha_coefficients(float(ga.spectralRadius))
        self.newmark = use_newmark
        self.index2 = index2
        ls = settings.linearSolver
        self.linear = LinearSolver(ls.solverType, bool(ls.ignoreSingularJacobian), remember_choice=True)
        self.linear.absolute_tolerance = newton_absolute_tolerance(self.newton_settings, self.c)
        self.a_alg = np.zeros(self.c.n_ode2)
        self.a_alg_start = np.zeros(self.c.n_ode2)

    def discontinuous_settings(self):
        return self.settings.timeIntegration.discontinuous

    def time_settings(self):
        ti = self.settings.timeIntegration
        n = number_of_steps(float(ti.numberOfSteps))
        t0, t_end = time_interval(ti)
        h = (t_end - t0) / n
        if h * h == 0.0:
            # (Exudyn 1.13.6: its Newton matrix, mass / (beta h^2), is infinite and Newton fails;
            # measured down to 1.485e-154, where this solver fails the same way)
            raise SolverError(f"SolveDynamic terminated: the step size (endTime - startTime) / numberOfSteps "
                              f"= {h:g} is too small for an implicit solver (its square is 0 in floating point)")
        return (t0, t_end, n, h, float(ti.minimumStepSize), bool(ti.adaptiveStep),
                float(ti.adaptiveStepDecrease), float(ti.adaptiveStepIncrease),
                int(ti.adaptiveStepRecoverySteps), int(ti.adaptiveStepRecoveryIterations))

    # ---------------------------------------------------------------- initialization
    def initialize(self):
        c, eq = self.c, self.eq
        ga = self.settings.timeIntegration.generalizedAlpha
        if self.lie_simplified() and ga.lieGroupAddTangentOperator \
                and self.settings.linearSolver.solverType == LinearSolverType.EigenSparse:
            raise ExudynValueError("SolveDynamic:GeneralizedAlpha: generalizedAlpha.lieGroupAddTangentOperator "
                                   "may not be set True in case of EigenSparse solver")
        eq.index2 = self.index2
        if self.mbs.sys.get("consistentInitialConditions", False):   # multibody extension, opt-in
            from .consistency import compute_consistent_initial_conditions
            compute_consistent_initial_conditions(self.mbs)
            eq.index2 = self.index2
        cur = self.current
        cur.copy_from(c.states[CFG.Initial])
        if ga.computeInitialAccelerations:
            self.initial_accelerations()
        else:
            if ga.resetAccelerations:
                cur.a[:] = 0.0
            cur.lam[:] = 0.0
        self.a_alg[:] = cur.a
        cur.a_alg[:] = cur.a
        self.start_of_step.copy_from(cur)
        self.make_engine()

    def make_engine(self):
        """The engine of the run: the workspace of the current state and the control record."""
        c, cur, s = self.c, self.current, self.start_of_step
        self.r_buffer, self.rbar_buffer, self.delta_buffer, work, self.coef = newton_buffers(c)
        lie_mode = (LieMode.SIMPLIFIED if self.lie_simplified() else LieMode.COMPOSE if self.lie_groups()
                    else LieMode.NONE)
        self.lie_inc = np.zeros(c.n_ode2 if lie_mode == LieMode.SIMPLIFIED else 0)
        lie = self.lie_packed() if lie_mode != LieMode.NONE else None
        vectors = (cur.q, cur.v, cur.a, cur.lam, cur.x, self.a_alg, self.a_alg_start, cur.a_alg,
                   s.q, s.v, s.a, s.lam, s.x, self.r_buffer, self.rbar_buffer, self.delta_buffer, work,
                   self.coef) + ode1_vectors(cur, s)
        ga = self.settings.timeIntegration.generalizedAlpha
        tangent = self.lie_simplified() and bool(ga.lieGroupAddTangentOperator)
        self.engine = Engine(self.eq, vectors, workspace_buffers(self, lie, self.lie_inc), kind=int(Kind.IMPLICIT),
                             n2=c.n_ode2, nae=c.n_ae, n1=c.n_ode1, index2=int(self.index2),
                             newmark=int(self.newmark),
                             lie=int(lie_mode), alpha_m=self.alpha_m, alpha_f=self.alpha_f, beta=self.beta,
                             gamma=self.gamma, python_jacobian=int(self.python_jacobian() or tangent),
                             **newton_control(self.newton_settings))
        pre_newton = self.mbs._user_functions["preNewtonResidual"]
        if pre_newton:
            self.engine["pre_newton_slot"] = self.engine.call_back(self._on_pre_newton)

    def _on_pre_newton(self, t, index2):
        """PreNewtonResidualUserFunction(mbs, t, newtonIteration, discontinuousIteration)."""
        e = self.engine
        self.eq.bind(self.current.q, self.current.v, t)
        self.mbs._user_functions["preNewtonResidual"](self.mbs, t, int(e["it"]), self.it.discontinuousIteration)
        if self.mbs.solverSignalJacobianUpdate:
            self.mbs.solverSignalJacobianUpdate = False
            e["signal_jacobian"] = 1

    def initial_accelerations(self):
        """Consistent q_tt(0) and lambda(0) (spec solvers.md 4.6): [M C^T; C dg/dlam] [a; lambda] =
        [f; -(d(C_q v)/dq) v], at the initial state."""
        c, eq, cur = self.c, self.eq, self.current
        t = cur.t
        eq.index2 = False
        rhs_ae = np.zeros(c.n_ae)
        if c.n_ae and np.linalg.norm(cur.v) > 1e-10:
            rhs_ae = -self.constraint_velocity_derivative(cur.q, cur.v, t)
        eq.update_kinematics(cur.q, cur.v, t)
        f = eq.ode2_rhs()
        eq.constraints(cur.lam)
        solver = LinearSolver(self.settings.linearSolver.solverType,
                              bool(self.settings.linearSolver.ignoreSingularJacobian))
        n = c.n_ode2 + c.n_ae
        J = eq.jacobian(*INITIAL_JACOBIAN, dense=solver.wants_dense(n))
        if max(self.verbose_level(), self.verbose_file_level()) >= 3:
            self._initial_jacobian = J          # (printed by verbose.py)
        try:
            solver.factorize(J, single_use=True)
            x = solver.solve_once(np.concatenate([f, rhs_ae]))
            if not np.all(np.isfinite(x)):
                raise SingularJacobian(-1)
        except SingularJacobian as exc:
            warn("InitializeSolverInitialConditions: System Jacobian seems to be singular / not "
                  f"invertible (causing equation: {self.describe_equation(exc.row)})! "
                  "WARNING: using zero initial accelerations!")
            x = np.zeros(n)
        cur.a[:] = x[:c.n_ode2]
        cur.lam[:] = x[c.n_ode2:] if self.settings.timeIntegration.generalizedAlpha.storeInitialAlgebraicCoordinates \
            else 0.0
        eq.index2 = self.index2

    def constraint_velocity_derivative(self, q, v, t):
        """(d(C_q v)/dq) v by central differences of C_q(q) v along v (position rows only): O(h^2),
        which keeps the initial multipliers at ~1e-10 relative. C_q v is the constraints' velocity
        form, or, for constraints whose velocity form is not C_q v (``velocity_form_beyond_jacobian``:
        CoordinateVectorConstraint with quadratic terms) or on markers whose rate has terms beyond C_q v
        (``rate_beyond_jacobian``: MarkerBodiesRelativeTranslationCoordinate), the product with the
        constraint Jacobian."""
        eq = self.eq
        lam = np.zeros(self.c.n_ae)
        h = 1e-5 * max(1.0, np.linalg.norm(q + self.c.q_ref)) / max(np.linalg.norm(v), 1e-300)
        index2 = eq.index2
        eq.index2 = True     # velocity form: g = C_q v for position-level constraints
        try:
            eq.update_kinematics(q + h * v, v, t)
            g1 = eq.constraints(lam, with_jacobian=False)
            eq.update_kinematics(q - h * v, v, t)
            g0 = eq.constraints(lam, with_jacobian=False)
            rows = self._rows_beyond_jacobian()
            if rows.any():
                eq.index2 = False
                g1[rows], g0[rows] = self._jacobian_times(q + h * v, v, t, lam)[rows], \
                    self._jacobian_times(q - h * v, v, t, lam)[rows]
        finally:
            eq.index2 = index2
            eq.update_kinematics(q, v, t)
        vel_rows = np.zeros(self.c.n_ae, dtype=bool)
        for g in self.c.constraint_groups:
            vl = np.broadcast_to(g.velocity_level[:, None], g.ae.shape)
            vel_rows[g.ae[vl & (g.ae >= 0)]] = True
        out = (g1 - g0) / (2 * h)
        out[vel_rows] = 0.0
        return out

    def _rows_beyond_jacobian(self):
        """The multiplier rows of constraints with ``velocity_form_beyond_jacobian`` or on a marker
        with ``rate_beyond_jacobian``."""
        c = self.c
        rows = np.zeros(c.n_ae, dtype=bool)
        for g in c.constraint_groups:
            if getattr(g, "velocity_form_beyond_jacobian", False):
                rows[g.ae[g.ae >= 0]] = True
        flagged = {int(m) for g in c.marker_groups if getattr(g, "rate_beyond_jacobian", False) for m in g.items}
        if flagged:
            for g in c.constraint_groups:
                if getattr(g, "is_constraint", False):
                    continue            # (a node group: the Euler parameters' normalization)
                for row, item in enumerate(g.items):
                    markers = c.items["object"][int(item)].values.get("markerNumbers", ())
                    if any(int(m) in flagged for m in markers):
                        ae = g.ae[row]
                        rows[ae[ae >= 0]] = True
        return rows

    def _jacobian_times(self, q, v, t, lam):
        """C_q(q) v (n_ae,) with the constraint Jacobian at q."""
        eq, n2 = self.eq, self.c.n_ode2
        eq.update_kinematics(q, v, t)
        eq.constraints(lam)
        return eq.jacobian(0.0, 0.0, 0.0, 1.0, 0.0, 0.0)[n2:, :n2] @ v

    # ---------------------------------------------------------------- Lie groups (solvers.md 4.9)
    def lie_groups(self):
        """(group, rows (m, 3)) of node groups with Lie-group rotation coordinates."""
        lg = getattr(self, "_lie_groups", None)
        if lg is None:
            lg = self._lie_groups = [(g, g.lie_group_rows) for g in self.c.node_groups
                                     if getattr(g, "lie_group_rows", None) is not None and g.n]
        return lg

    def lie_packed(self):
        """The ``lie`` array of the Lie-group kernels (equations.rigid.lie_group_packed)."""
        lp = getattr(self, "_lie_packed", None)
        if lp is None:
            lp = self._lie_packed = np.ascontiguousarray(lie_group_packed(self.c), dtype=float)
            self._lie_tmp = np.empty(lp.shape[0] // 2)
        return lp

    def lie_simplified(self):
        """generalizedAlpha.lieGroupSimplifiedKinematicRelations with Lie-group nodes: the
        Bruels-Cardona variant (solvers.md 4.9)."""
        return bool(self.settings.timeIntegration.generalizedAlpha.lieGroupSimplifiedKinematicRelations) \
            and bool(self.lie_groups())

    def adjust_matrix(self, J):
        """lieGroupAddTangentOperator (Bruels-Cardona, dense matrices): in the columns of each
        Lie-group node's rotation coordinates the position-level parts (stiffness and position-level
        constraint rows) times T_exp of the accumulated rotation increment; the mass and damping
        parts act on the additive updates of the velocities and accelerations and stay."""
        ga = self.settings.timeIntegration.generalizedAlpha
        if not (self.lie_simplified() and ga.lieGroupAddTangentOperator):
            return J
        a_M, a_K, a_D, c_q, c_v, c_lam = self.jacobian_coefficients()
        P = self.eq.jacobian(0.0, a_K, 0.0, c_q, 0.0, 0.0, dense=True)
        J = J.toarray() if sp.issparse(J) else np.array(J)
        for _, rows in self.lie_groups():
            T = np.empty((len(rows), 3, 3))
            krot.rotvec_t_exp_batch(np.ascontiguousarray(self.lie_inc[rows]), T)
            Pr = P[:, rows]
            J[:, rows] += np.einsum("nmi,mij->nmj", Pr, T) - Pr
        return J

    def perturbed_group(self, q, cols, h):
        """q with the coordinates ``cols`` changed by ``h``, as the Newton update changes them (the
        rotation rows of a Lie-group node by composition, q o exp(h e_i); spec solvers.md 3.2)."""
        out = q.copy()
        dq = np.zeros_like(q)
        dq[cols] = -h
        if self.lie_groups():
            ki.lie_newton(self.lie_packed(), out, dq, self._lie_tmp)
            out -= dq
            ki.lie_store(self._lie_packed, self._lie_tmp, out)
        else:
            out -= dq
        return out

    # ---------------------------------------------------------------- Newton matrices
    def user_jacobian(self):
        f = self.mbs._user_functions["systemJacobian"]
        if not f:
            return None
        h = float(self.engine["h_step"])
        bh2 = self.coef[2]
        m = f(self.mbs, float(self.engine["t_new"]), -bh2, -self.gamma * h, -bh2)
        from ..model.matrix_container import as_matrix
        return -as_matrix(m, self.c.n_ode2 + self.c.n_ae)

    @property
    def gamma_p(self):
        return float(self.coef[0])

    # ---------------------------------------------------------------- per step
    def step_by_step(self):
        return bool(self.mbs.sys.get("constraintProjection", False))     # multibody extension, opt-in

    def accept_step(self):
        """Constraint projection after the step (multibody extension, opt-in)."""
        if self.step_by_step():
            from .consistency import project_constraints
            project_constraints(self)
