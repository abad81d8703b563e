"""Explicit time integration (spec solvers.md 6): the Runge-Kutta family from tableaus,
error-controlled step sizes for the embedded pairs, velocity Verlet, constraint elimination
and Lie group integration of rotation-vector nodes.

State xi = [q; q_t] with xi_t = F(t, xi) = [q_t; M^-1 f(q, q_t, t)], lambda = 0 during the
stages. All Runge-Kutta methods run through the same compiled steps (engine/explicit.py) over the
tableaus of ``TABLEAUS``.

Constraints (spec 6.4): explicit solvers do not solve algebraic equations.
``timeIntegration.explicit.eliminateConstraints = True`` (default) accepts only
CoordinateConstraints between a MarkerNodeCoordinate on a NodePointGround and an ODE2 node
coordinate; these coordinates are set to zero (q, q_t, q_tt) after each completed step, as
Exudyn does, whatever the constraint's offset. Their multipliers, which Exudyn leaves at zero,
are computed here from the eliminated rows, lambda = (f_j - (M q_tt)_j) / C_j, with the sign of
the implicit solvers (M q_tt + C^T lambda = f), so that ``GetObjectOutput(c, Force)`` gives the
reaction force. Any other constraint, and any node with algebraic variables, refuses to start
with a ModelError. ``eliminateConstraints = False``: warning, and every constraint is ignored
(lambda = 0), as in Exudyn.

DVERK6: Exudyn 1.13.6 refuses this solver type (NotImplementedFeatureError). multibody
implements it (``supports_dverk6``) with Verner's 6(5) pair as used in the DVERK code
(Hull, Enright, Jackson 1976), propagating the 6th-order solution, with the step-size control
of ODE23/DOPRI5 (exponent 6).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from ..engine.control import Kind, MassMode, Status
from ..engine.driver import Engine
from ..engine.entry import Mode
from ..enums import ConfigurationType, DynamicSolverType, LinearSolverType
from ..errors import ModelError
from ..messages import warn
from .implicit import backward_error_controlled, newton_buffers, number_of_steps, ode1_vectors, time_interval, workspace_buffers
from .linear import SINGULAR_PIVOT, LinearSolver, SingularJacobian
from .steploop import StepLoop

CFG = ConfigurationType
DST = DynamicSolverType

# Mass matrices up to this size are factorized dense, larger ones sparse (splu).
DENSE_MASS_LIMIT = 300
_VERLET_WARNED = False


# ---------------------------------------------------------------------------------------------
# tableaus
@dataclass(frozen=True)
class Tableau:
    """Butcher tableau; ``b_hat`` is the embedded (error-estimate) solution, ``p`` the
    exponent of the step-size control (the order of the propagated solution)."""
    c: np.ndarray
    A: np.ndarray
    b: np.ndarray
    order: int
    b_hat: np.ndarray | None = None
    p: int = 0

    @property
    def stages(self):
        return len(self.b)


def _tableau(c, rows, b, order, b_hat=None, p=0):
    s = len(b)
    A = np.zeros((s, s))
    for i, row in enumerate(rows, start=1):
        A[i, :len(row)] = row
    return Tableau(np.array(c, float), A, np.array(b, float), order,
                   None if b_hat is None else np.array(b_hat, float), p)


_S5 = math.sqrt(5.0)

TABLEAUS = {
    DST.ExplicitEuler: _tableau([0.0], [], [1.0], 1),
    DST.ExplicitMidpoint: _tableau([0.0, 0.5], [[0.5]], [0.0, 1.0], 2),
    # Heun's third-order method
    DST.RK33: _tableau([0.0, 1 / 3, 2 / 3], [[1 / 3], [0.0, 2 / 3]], [1 / 4, 0.0, 3 / 4], 3),
    DST.RK44: _tableau([0.0, 0.5, 0.5, 1.0], [[0.5], [0.0, 0.5], [0.0, 0.0, 1.0]],
                       [1 / 6, 1 / 3, 1 / 3, 1 / 6], 4),
    # Butcher (1964), 7 stages, order 6
    DST.RK67: _tableau(
        [0.0, 0.5 - _S5 / 10, 0.5 + _S5 / 10, 0.5 - _S5 / 10, 0.5 + _S5 / 10, 0.5 - _S5 / 10, 1.0],
        [[0.5 - _S5 / 10],
         [-_S5 / 10, 0.5 + _S5 / 5],
         [7 * _S5 / 20 - 0.75, _S5 / 4 - 0.25, 1.5 - 7 * _S5 / 10],
         [1 / 12 - _S5 / 60, 0.0, 1 / 6, 7 * _S5 / 60 + 0.25],
         [_S5 / 60 + 1 / 12, 0.0, 0.75 - 5 * _S5 / 12, 1 / 6, -0.5 + 3 * _S5 / 10],
         [1 / 6, 0.0, -55 / 12 + 25 * _S5 / 12, -7 * _S5 / 12 - 25 / 12, 5 - 2 * _S5, 2.5 + _S5 / 2]],
        [1 / 12, 0.0, 0.0, 0.0, 5 / 12, 5 / 12, 1 / 12], 6),
    # Bogacki-Shampine 3(2)
    DST.ODE23: _tableau([0.0, 0.5, 0.75, 1.0], [[0.5], [0.0, 0.75], [2 / 9, 1 / 3, 4 / 9]],
                        [2 / 9, 1 / 3, 4 / 9, 0.0], 3, b_hat=[7 / 24, 1 / 4, 1 / 3, 1 / 8], p=3),
    # Dormand-Prince 5(4), no FSAL reuse (7 evaluations per step, as Exudyn)
    DST.DOPRI5: _tableau(
        [0.0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0],
        [[1 / 5],
         [3 / 40, 9 / 40],
         [44 / 45, -56 / 15, 32 / 9],
         [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
         [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
         [35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84]],
        [35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0.0], 5,
        b_hat=[5179 / 57600, 0.0, 7571 / 16695, 393 / 640, -92097 / 339200, 187 / 2100, 1 / 40], p=5),
    # Verner 6(5) as in DVERK; the 6th-order solution is propagated
    DST.DVERK6: _tableau(
        [0.0, 1 / 6, 4 / 15, 2 / 3, 5 / 6, 1.0, 1 / 15, 1.0],
        [[1 / 6],
         [4 / 75, 16 / 75],
         [5 / 6, -8 / 3, 5 / 2],
         [-165 / 64, 55 / 6, -425 / 64, 85 / 96],
         [12 / 5, -8.0, 4015 / 612, -11 / 36, 88 / 255],
         [-8263 / 15000, 124 / 75, -643 / 680, -81 / 250, 2484 / 10625, 0.0],
         [3501 / 1720, -300 / 43, 297275 / 52632, -319 / 2322, 24068 / 84065, 0.0, 3850 / 26703]],
        [3 / 40, 0.0, 875 / 2244, 23 / 72, 264 / 1955, 0.0, 125 / 11592, 43 / 616], 6,
        b_hat=[13 / 160, 0.0, 2375 / 5984, 5 / 16, 12 / 85, 3 / 44, 0.0, 0.0], p=6),
}

ORDERS = {**{k: t.order for k, t in TABLEAUS.items()}, DST.VelocityVerlet: 2}


# ---------------------------------------------------------------------------------------------
# constraints under explicit solvers
@dataclass
class Elimination:
    """Coordinates fixed to ground: global ODE2 index, AE index and C_j of each constraint."""
    index: np.ndarray        # (k,) int, global ODE2 index
    ae: np.ndarray           # (k,) int, AE index of the constraint
    coefficient: np.ndarray  # (k,) C_j = dg/dq_j (factor1 or -1)
    first: np.ndarray        # (k,) bool, first constraint acting on this coordinate


def constraint_elimination(c, eliminate):
    """Check the system's algebraic equations for an explicit solve (spec solvers.md 6.4).

    Returns the Elimination of the ground CoordinateConstraints (empty if there are none or
    ``eliminate`` is False).

    Raises
    ------
    ModelError
        if a node has algebraic variables, or an object with algebraic equations is not a
        CoordinateConstraint between a ground node coordinate and an ODE2 node coordinate.
    """
    empty = Elimination(np.zeros(0, int), np.zeros(0, int), np.zeros(0), np.zeros(0, bool))
    if c.n_ae == 0:
        return empty
    if not eliminate:
        warn("SolverExplicit: number of algebraic equations (nAE) != 0: explicit INTEGRATOR "
              "WILL IGNORE CONSTRAINTS")
        return empty
    hint = "; use an implicit solver (GeneralizedAlpha) or remove the constraint"
    nodes, objects, markers = c.items["node"], c.items["object"], c.items["marker"]
    for i in range(len(nodes)):
        if int(c.node_n_ae[i]):
            raise ModelError(f"SolverExplicit: explicit integrator detected node {i} which contains "
                             f"algebraic variables; aborting solver ({c.describe('node', i)}; use an "
                             "implicit solver or a node without algebraic equations)")
    index, ae, coef = [], [], []
    for k, rec in enumerate(objects):
        if not c.object_ltg_ae[k]:
            continue
        what = c.describe("object", k)
        if rec.spec.type_name != "ConnectorCoordinate":
            raise ModelError(f"SolverExplicit: explicit integrator detected object {k} which contains "
                             f"constraints that cannot be solved; aborting solver ({what}){hint}")
        mk = [int(m) for m in rec.values["markerNumbers"]]
        if any(markers[m].spec.type_name != "NodeCoordinate" for m in mk):
            raise ModelError(f"SolverExplicit: explicit integrator detected CoordinateConstraint object {k} "
                             f"which contains markers other than MarkerNodeCoordinate; aborting solver "
                             f"({what}){hint}")
        node = [int(markers[m].values["nodeNumber"]) for m in mk]
        ground = [nodes[n].spec.type_name == "PointGround" for n in node]
        if sum(ground) != 1:
            raise ModelError(f"SolverExplicit: explicit integrator detected CoordinateConstraint object {k} "
                             f" that does not have one ground node; aborting solver ({what}){hint}")
        side = 0 if ground[1] else 1           # the marker on the ODE2 node
        n, coordinate = node[side], int(markers[mk[side]].values["coordinate"])
        if not 0 <= coordinate < int(c.node_n_ode2[n]):
            raise ModelError(f"SolverExplicit: explicit integrator detected CoordinateConstraint object {k} "
                             f"which contains marker to node other than ODE2; aborting solver ({what}){hint}")
        index.append(int(c.node_ode2_start[n]) + coordinate)
        ae.append(c.object_ltg_ae[k][0])
        coef.append(float(rec.values["factor1"]) if side == 1 else -1.0)
    index = np.array(index, dtype=np.int64)
    _, first_pos = np.unique(index, return_index=True)
    first = np.zeros(index.size, dtype=bool)
    first[first_pos] = True
    return Elimination(index, np.array(ae, dtype=np.int64), np.array(coef), first)


# ---------------------------------------------------------------------------------------------
# Lie group nodes
def lie_rotation_rows(c):
    """The ``lie`` array of the Lie-group kernels for NodeRigidBodyRotVecLG nodes (spec solvers.md
    6.5): their rotation rows (3 per node, as floats) and reference values."""
    rows = []
    for g in c.node_groups:
        if len(g.items) and c.items["node"][int(g.items[0])].spec.type_name == "RigidBodyRotVecLG":
            for i in g.items:
                s = int(c.node_ode2_start[int(i)])
                rows.append([s + 3, s + 4, s + 5])
    rot = np.array(rows, dtype=np.int64).reshape(-1, 3)
    ref = c.q_ref[rot] if len(rows) else np.zeros((0, 3))
    return np.ascontiguousarray(np.concatenate([rot.ravel().astype(float), ref.ravel()]))


def block_partition(eq):
    """True if the body groups' local-to-global maps cover every ODE2 coordinate exactly once (a
    block-diagonal mass matrix, solved block by block)."""
    n = eq.n_ode2
    parts = [g for g in eq.c.body_groups if g.width]
    if not parts or n == 0:
        return False
    idx = np.concatenate([np.asarray(g.ltg).reshape(-1) for g in parts])
    return bool(idx.size == n and idx.min() >= 0 and idx.max() < n and np.unique(idx).size == n)


# ---------------------------------------------------------------------------------------------
class ExplicitSolver(StepLoop):
    """MainSolverExplicit: explicit Runge-Kutta methods and velocity Verlet (their steps in
    engine/explicit.py)."""
    supports_dverk6 = True

    def __init__(self, mbs, settings, solver_type):
        super().__init__(mbs, settings)
        self.solver_type = DST(int(solver_type))
        if self.solver_type not in TABLEAUS and self.solver_type != DST.VelocityVerlet:
            raise ModelError(f"ExplicitSolver: {self.solver_type} is not an explicit solver type")
        self.solver_name = f"explicit time integration ({self.solver_type.name})"
        self.tableau = TABLEAUS.get(self.solver_type)
        ti = settings.timeIntegration
        embedded = self.tableau is not None and self.tableau.b_hat is not None
        # an embedded pair controls its step size with automaticStepSize or adaptiveStep (the same
        # steps in Exudyn 1.13.6, measured); with neither, a step beyond the tolerance fails
        self.automatic = embedded and (bool(ti.automaticStepSize) or bool(ti.adaptiveStep))
        self.checked = embedded and not self.automatic
        self.reported_automatic_step_size = embedded and bool(ti.automaticStepSize)
        self.end_of_step_accelerations = bool(ti.explicit.computeEndOfStepAccelerations)
        self.n = self.c.n_ode2

    def discontinuous_settings(self):
        return self.settings.timeIntegration.discontinuous

    def time_settings(self):
        ti = self.settings.timeIntegration
        n = number_of_steps(float(ti.numberOfSteps))
        t0, t_end = time_interval(ti)
        if t_end < t0 and self.tableau is not None and self.tableau.b_hat is not None:
            backward_error_controlled(self.solver_type.name, self.automatic, t0, t_end)
        adaptive = bool(ti.adaptiveStep) or self.automatic
        # explicit ReduceStepSize halves the step, IncreaseStepSize doubles it (spec solvers.md 2)
        return (t0, t_end, n, (t_end - t0) / n, float(ti.minimumStepSize), adaptive, 0.5, 2.0,
                int(ti.adaptiveStepRecoverySteps), int(ti.adaptiveStepRecoveryIterations))

    @property
    def compiled_step_size_control(self):
        """The automatic step size: the engine's steps choose it (at any step size)."""
        return self.automatic

    def initial_step_size(self, h_max):
        h0 = float(self.settings.timeIntegration.initialStepSize)
        return h0 if self.automatic and h0 > 0 else h_max

    # ---------------------------------------------------------------- initialization
    def initialize(self):
        c, ti = self.c, self.settings.timeIntegration
        if self.automatic and not float(ti.absoluteTolerance) > 0:
            raise ModelError("SolverExplicit: timeIntegration.absoluteTolerance must be > 0")
        self.elim = constraint_elimination(c, bool(ti.explicit.eliminateConstraints))
        self.it.automaticStepSize = self.reported_automatic_step_size
        self.it.initialStepSize = float(ti.initialStepSize)
        cur = self.current
        cur.copy_from(c.states[CFG.Initial])
        cur.a[:] = 0.0
        cur.lam[:] = 0.0
        self.make_engine()
        if self.solver_type == DST.VelocityVerlet:
            global _VERLET_WARNED
            if not _VERLET_WARNED:   # Exudyn prints it once per process
                _VERLET_WARNED = True
                warn("VelocityVerlet: still under development")
            self.engine["t"] = cur.t
            self.eq.bind(cur.q, cur.v, cur.t)
            self.engine.call(Mode.ACCELERATIONS)
            if self.engine["bad"] >= 0:
                self.mass_singular(int(self.engine["bad"]), cur.t)
            cur.a[:] = self.acc
        cur.a_alg[:] = cur.a
        self.start_of_step.copy_from(cur)

    def make_engine(self):
        """The engine of the run: the workspace (state, stages, tableau, the eliminated
        coordinates, the mass solve) and the control record."""
        c, cur, s, ti = self.c, self.current, self.start_of_step, self.settings.timeIntegration
        n, n_ae = self.n, c.n_ae
        mode, inv_m = self.mass_mode()
        tab = self.tableau
        stages = tab.stages if tab is not None else 1
        b_hat = tab.b_hat if tab is not None and tab.b_hat is not None else np.zeros(stages)
        tableau = (np.concatenate([tab.c, tab.b, tab.A.ravel(), b_hat]) if tab is not None else np.zeros(4))
        e = self.elim
        elim = np.ascontiguousarray(np.concatenate([e.index, e.ae, e.first, e.coefficient]), dtype=float)
        lie = lie_rotation_rows(c) if bool(ti.explicit.useLieGroupIntegration) else np.zeros(0)
        dense = n if mode == MassMode.DENSE else 0
        self.r_buffer, self.rbar_buffer, self.delta_buffer, work, self.coef = newton_buffers(c)
        self.acc = np.zeros(n)
        m = 2 * n + c.n_ode1           # the first-order state [q; q_t; y1]
        explicit = (np.zeros(m), np.zeros(m), np.zeros(m), np.zeros(m), np.zeros((stages, m)),
                    tableau, inv_m, elim, np.zeros(n), self.acc, np.zeros(dense * dense),
                    np.zeros(dense, dtype=np.int64), np.zeros(n), np.zeros(n_ae))
        vectors = (cur.q, cur.v, cur.a, cur.lam, cur.x, np.zeros(n), np.zeros(n), cur.a_alg,
                   s.q, s.v, s.a, s.lam, s.x, self.r_buffer, self.rbar_buffer, self.delta_buffer, work,
                   self.coef) + ode1_vectors(cur, s)
        verlet = self.solver_type == DST.VelocityVerlet
        data_nodes = any("AFTER_NEWTON" in g.record_phases() for g in self.eq.groups)
        self.engine = Engine(self.eq, vectors, workspace_buffers(self, lie, None, explicit),
                             kind=int(Kind.VERLET if verlet else Kind.EXPLICIT), n2=n, nae=n_ae, n1=c.n_ode1,
                             stages=stages,
                             n_elim=e.index.size, end_of_step_acc=int(self.end_of_step_accelerations and not verlet),
                             auto=2 if self.checked else int(self.automatic),
                             increase=float(ti.stepSizeMaxIncrease),
                             safety=float(ti.stepSizeSafety), a_tol=float(ti.absoluteTolerance),
                             r_tol=float(ti.relativeTolerance), order_p=float(tab.p) if tab is not None else 0.0,
                             mass_mode=int(mode), data_nodes=int(data_nodes), singular_pivot=SINGULAR_PIVOT,
                             warn_time=np.nan, disc_tol=float(ti.discontinuous.iterationTolerance),
                             disc_max=int(ti.discontinuous.maxIterations))
        if mode == MassMode.FACTORS:
            self.engine.use_factors(self.mass_linear, n)

    def mass_mode(self):
        """(MassMode, inverse diagonal): a constant diagonal mass matrix inverted once, a
        block-diagonal one solved block by block, the sum of the bodies' inverse blocks
        (computeMassMatrixInversePerBody), a constant one factorized once, else assembled and
        factorized at every evaluation."""
        eq, ti = self.eq, self.settings.timeIntegration
        n = self.n
        constant = bool(ti.reuseConstantMassMatrix) and eq.constant_mass
        if constant:
            eq.update_kinematics(self.current.q, self.current.v, self.current.t)
            M = eq.mass_matrix(dense=n <= DENSE_MASS_LIMIT)
            d = M.diagonal()
            off = M - (np.diag(d) if isinstance(M, np.ndarray) else sp.diags(d))
            if (np.count_nonzero(off) if isinstance(off, np.ndarray) else off.count_nonzero()) == 0:
                bad = np.nonzero(d == 0.0)[0]
                if bad.size:
                    self.mass_singular(int(bad[0]), self.current.t)
                return MassMode.DIAGONAL, np.ascontiguousarray(1.0 / d)
        if block_partition(eq):
            return MassMode.BLOCKS, np.zeros(0)
        if bool(ti.explicit.computeMassMatrixInversePerBody):
            return MassMode.PER_BODY, np.zeros(0)
        if constant:
            self.mass_linear = LinearSolver(LinearSolverType.EXUdense if n <= DENSE_MASS_LIMIT
                                            else LinearSolverType.EigenSparse)
            try:
                self.mass_linear.factorize(M if isinstance(M, np.ndarray) else M.tocsc())
            except SingularJacobian as exc:
                self.mass_singular(exc.row, self.current.t)
            if self.mass_linear.compiled_factors() is not None:
                return MassMode.FACTORS, np.zeros(0)
        return MassMode.DENSE, np.zeros(0)

    def mass_singular(self, row, t):
        self.conv.massMatrixNotInvertible = True
        if self.output_manager is not None:
            self.output_manager.end(self, failed=True)
        self.fail(f"CSolverExplicit: System mass matrix seems to be singular / not invertible! "
                  f"(t={t:g}; causing equation: {self.describe_equation(row)})")

    # ---------------------------------------------------------------- the steps
    def every_step_output(self):
        """A postStep function (finish_step) runs after every step."""
        return bool(self.mbs._user_functions["postStep"])

    def before_steps(self):
        super().before_steps()
        self.engine["fresh"] = 1

    def after_steps(self, status):
        e, it = self.engine, self.it
        if self.automatic:
            rejected = int(e["rejected"])
            e["rejected"] = 0
            it.automaticStepSizeError = float(e["rk_error"])
            if rejected:
                it.rejectedAutomaticStepSizeSteps += rejected
                it.recommendedStepSize = -1.0       # (as after a rejection in the step loop)
        warn_time = float(e["warn_time"])
        if not np.isnan(warn_time):
            e["warn_time"] = np.nan
            warn(f"ExplicitSolver: t={warn_time:g}; automatic stepsize control reached minStepSize; "
                  "integration continued, but error will be larger than given tolerances")
        self.n_rhs = int(e["n_rhs"])
        it.discontinuousIterationsCount = int(e["disc_count"])
        super().after_steps(status)

    def sync_statistics(self):
        pass

    def step_failed(self, status):
        e = self.engine
        if status == Status.SINGULAR_MASS:
            self.mass_singular(int(e["bad"]), float(e["t"]))
        super().step_failed(status)

    def failure_message(self, status):
        if status == Status.MIN_STEP:
            return "step rejected by the automatic step size control"
        if status == Status.NONFINITE:
            self.engine["nonfinite"] = 1
            return "NaN or Inf in the state"
        return super().failure_message(status)
