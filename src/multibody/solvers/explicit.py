"""Explicit time integration (spec solvers.md 6): the Runge-Kutta family from tableaus,
error-controlled step sizes for the embedded pairs, velocity Verlet, constraint elimination
and Lie group integration of rotation-vector nodes.

State xi = [q; q_t] with xi_t = F(t, xi) = [q_t; M^-1 f(q, q_t, t)], lambda = 0 during the
stages. All Runge-Kutta methods run through one step, :func:`runge_kutta_step`, over the
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

from ..enums import ConfigurationType, DynamicSolverType, LinearSolverType
from ..errors import ModelError
from ..equations.python_kernels import PythonKernels
from ..kernels import assembly as _assembly
from ..kernels import fused as _kernels_fused
from ..output.manager import TIME_EPS as OUTPUT_TIME_EPS
from .implicit import COMPILED_STEPS_MAX, StepLoop, number_of_steps
from .linear import SINGULAR_PIVOT, LinearSolver, SingularJacobian

# the kernels this module calls from Python (the group-by-group steps): lean twins (python_kernels.py)
_kfp, _kap = PythonKernels(_kernels_fused), PythonKernels(_assembly)

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


def runge_kutta_step(F, t, y, h, tab, compose=None, rate=None):
    """One explicit Runge-Kutta step of y_t = F(t, y).

    Parameters
    ----------
    F : callable (t, y) -> ndarray
    t, h : float
    y : ndarray, shape (n,)
    tab : Tableau
    compose : callable (y, dy) -> y_stage, optional
        Stage value from y and the increment dy = h sum_j a_ij K_j (default y + dy); the Lie
        group path composes rotations here.
    rate : callable (dy, K) -> K, optional
        Correction of a stage derivative given the stage increment (Lie group tangent operator).

    Returns
    -------
    y_new, y_hat, K : ndarray (n,), ndarray (n,) or None, ndarray (s, n)
    """
    s = tab.stages
    K = np.empty((s, y.size))
    dy = np.empty(y.size)
    for i in range(s):
        # sums in a fixed order (rk_increment), as the compiled step loop (FusedResidual.rk_steps)
        _kfp.rk_increment(tab.A[i], K, i, h, dy)
        yi = y + dy if compose is None else compose(y, dy)
        K[i] = F(t + tab.c[i] * h, yi)
        if rate is not None:
            rate(dy, K[i])
    _kfp.rk_increment(tab.b, K, s, h, dy)
    y_new = y + dy if compose is None else compose(y, dy)
    y_hat = None
    if tab.b_hat is not None:
        _kfp.rk_increment(tab.b_hat, K, s, h, dy)
        y_hat = y + dy if compose is None else compose(y, dy)
    return y_new, y_hat, K


# ---------------------------------------------------------------------------------------------
# mass matrix solve
class MassSolver:
    """q_tt = M^-1 f: a constant diagonal mass matrix is inverted elementwise once; a
    block-diagonal one (every ODE2 coordinate in the mass blocks of exactly one body) is solved
    block by block (kernels.assembly.blocks_solve, per evaluation: the compiled Runge-Kutta steps
    do the same with the same kernel); any other mass matrix is factorized as a whole (dense LU
    when small, sparse LU when large; a constant one once), or, with ``per_body``, inverted block
    by block and the inverses summed (Exudyn's computeMassMatrixInversePerBody: wrong where
    bodies share coordinates)."""

    def __init__(self, eq, reuse_constant, per_body):
        self.eq = eq
        self.n = eq.n_ode2
        self.constant = bool(reuse_constant) and eq.constant_mass
        self.per_body = bool(per_body)
        self.dense = self.n <= DENSE_MASS_LIMIT
        self._ready = False
        self._inv_diag = None
        self._inv_blocks = None
        self.blocks = self._block_partition(eq)
        self.block_mode = False
        self.linear = LinearSolver(LinearSolverType.EXUdense if self.dense else LinearSolverType.EigenSparse)

    @staticmethod
    def _block_partition(eq):
        """[(k, j, ltg)] of the body groups with coordinates (k: index in c.body_groups, j: among
        those with coordinates) if their local-to-global maps cover every ODE2 coordinate exactly
        once (a block-diagonal mass matrix); else None."""
        n = eq.n_ode2
        parts = [(k, g) for k, g in enumerate(eq.c.body_groups) if g.width]
        if not parts or n == 0:
            return None
        idx = np.concatenate([np.asarray(g.ltg).reshape(-1) for _, g in parts])
        if idx.size != n or idx.min() < 0 or idx.max() >= n or np.unique(idx).size != n:
            return None
        return [(k, j, np.ascontiguousarray(g.ltg, dtype=np.int64)) for j, (k, g) in enumerate(parts)]

    def _factorize(self):
        eq = self.eq
        if self.constant:
            M = eq.mass_matrix(dense=self.dense)
            d = M.diagonal()
            off = M - (np.diag(d) if self.dense else sp.diags(d))
            if (np.count_nonzero(off) if self.dense else off.count_nonzero()) == 0:
                bad = np.nonzero(d == 0.0)[0]
                if bad.size:
                    raise SingularJacobian(int(bad[0]))
                self._inv_diag = 1.0 / d
                return
        if self.blocks is not None:
            self.block_mode = True
            return
        if self.per_body:
            blocks = []
            for g, M in zip(eq.c.body_groups, eq.mass_blocks()):
                if not g.width:
                    continue
                try:
                    inv = np.linalg.inv(M)
                except np.linalg.LinAlgError:
                    raise SingularJacobian(int(g.ltg[0, 0])) from None
                blocks.append((g.ltg, inv))
            self._inv_blocks = blocks
            return
        M = eq.mass_matrix(dense=self.dense)
        self.linear.factorize(M if self.dense else M.tocsc())

    def prepare(self):
        """Decide the solve (a constant mass matrix factorized); True if the compiled Runge-Kutta
        steps can do it: elementwise (``constant_inverse_diagonal``) or block by block
        (``block_mode``). SingularJacobian as ``solve``."""
        if not self._ready:
            self._factorize()
            self._ready = True
        return self._inv_diag is not None or self.block_mode

    def constant_inverse_diagonal(self):
        """The inverse diagonal of a constant diagonal mass matrix (factorized here if not yet, as
        ``solve`` would), or None for any other mass matrix; SingularJacobian as ``solve``."""
        if not self.constant:
            return None
        self.prepare()
        return self._inv_diag

    def solve(self, f, blocks=None):
        """M^-1 f at the present kinematics; ``blocks``: the mass blocks of the body groups with
        coordinates at this point if the caller has them (the fused residual's), else computed."""
        if not (self.constant and self._ready):
            self._factorize()
            self._ready = True
        if self._inv_diag is not None:
            return self._inv_diag * f
        if self.block_mode:
            if blocks is None:
                every = self.eq.mass_blocks()
                blocks = [every[k] for k, _, _ in self.blocks]
            else:
                blocks = [blocks[j] for _, j, _ in self.blocks]
            x = np.empty(self.n)
            f = np.ascontiguousarray(f, dtype=float)
            for (_, _, ltg), M in zip(self.blocks, blocks):
                bad = _kap.blocks_solve(ltg, M, f, x, SINGULAR_PIVOT)
                if bad >= 0:
                    raise SingularJacobian(int(bad))
            return x
        if self._inv_blocks is not None:
            a = np.zeros(self.n)
            f = np.ascontiguousarray(f, dtype=float)
            for ltg, inv in self._inv_blocks:
                _kap.blocks_times_vector_add(a, ltg, inv, f)
            return a
        return self.linear.solve(f)


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
        print("WARNING: SolverExplicit: number of algebraic equations (nAE) != 0: explicit INTEGRATOR "
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
class LieGroupRotations:
    """Rotation coordinates of NodeRigidBodyRotVecLG nodes (spec solvers.md 6.5): position
    slots psi (rotation vector, local angular velocity as velocity) of the state vector; the
    stage values and rates by the kernels lie_compose / lie_rate, which the compiled steps call
    with the same array ``packed`` = [rows (3 per node, as floats), their reference values]."""

    def __init__(self, c, n_ode2):
        rows = []
        for g in c.node_groups:
            if _group_type(c, g) == "RigidBodyRotVecLG":
                for i in g.items:
                    s = int(c.node_ode2_start[int(i)])
                    rows.append([s + 3, s + 4, s + 5])
        self.rot = np.array(rows, dtype=np.int64).reshape(-1, 3)
        self.n = n_ode2
        self.q_ref = c.q_ref[self.rot] if len(rows) else np.zeros((0, 3))
        self.packed = np.concatenate([self.rot.ravel().astype(float), self.q_ref.ravel()])

    def __bool__(self):
        return bool(self.rot.shape[0])

    def compose(self, y, dy):
        """Stage value: additive for all coordinates, psi = log(exp(psi_n) exp(Phi)) for rotations."""
        out = y + dy
        _kfp.lie_compose(self.packed, np.ascontiguousarray(y), np.ascontiguousarray(dy), out)
        return out

    def rate(self, dy, K):
        """Rotation-vector rate of the stage: T_exp^-1(Phi) omega (omega: local angular velocity)."""
        _kfp.lie_rate(self.packed, np.ascontiguousarray(dy), K)


def _group_type(c, g):
    if not len(g.items):
        return None
    return c.items["node"][int(g.items[0])].spec.type_name


# ---------------------------------------------------------------------------------------------
class ExplicitSolver(StepLoop):
    """MainSolverExplicit: explicit Runge-Kutta methods and velocity Verlet."""
    supports_dverk6 = True
    fused_kind = "explicit"

    def __init__(self, mbs, settings, solver_type):
        super().__init__(mbs, settings)
        self.solver_type = DST(int(solver_type))
        if self.solver_type not in TABLEAUS and self.solver_type != DST.VelocityVerlet:
            raise ModelError(f"ExplicitSolver: {self.solver_type} is not an explicit solver type")
        self.solver_name = f"explicit time integration ({self.solver_type.name})"
        self.tableau = TABLEAUS.get(self.solver_type)
        ti = settings.timeIntegration
        ex = ti.explicit
        self.automatic = bool(ti.automaticStepSize) and self.tableau is not None and \
            self.tableau.b_hat is not None
        # the compiled steps with the step-size control only where it is used (another module);
        # VelocityVerlet's steps in a module kind of their own
        self.fused_kind = ("explicit_vv" if self.solver_type == DST.VelocityVerlet
                           else "explicit_auto" if self.automatic else "explicit")
        self.end_of_step_accelerations = bool(ex.computeEndOfStepAccelerations)
        self.n = self.c.n_ode2
        self.mass = MassSolver(self.eq, bool(ti.reuseConstantMassMatrix), bool(ex.computeMassMatrixInversePerBody))
        self.lie = None
        self.h_next = 0.0
        self.rejected = False
        self.min_step_warned = False
        self.n_rhs = 0
        self._rk_buffers = None

    def discontinuous_settings(self):
        return self.settings.timeIntegration.discontinuous

    def time_settings(self):
        ti = self.settings.timeIntegration
        n = number_of_steps(float(ti.numberOfSteps))
        t0, t_end = float(ti.startTime), float(ti.endTime)
        adaptive = bool(ti.adaptiveStep) or self.automatic
        # explicit ReduceStepSize halves the step, IncreaseStepSize doubles it (spec solvers.md 2)
        return (t0, t_end, n, (t_end - t0) / n, float(ti.minimumStepSize), adaptive, 0.5, 2.0,
                int(ti.adaptiveStepRecoverySteps), int(ti.adaptiveStepRecoveryIterations))

    # ---------------------------------------------------------------- initialization
    def initialize(self):
        c, ti = self.c, self.settings.timeIntegration
        if c.n_ode1:
            raise ModelError("SolverExplicit: ODE1 coordinates are not supported by multibody's explicit solvers")
        if self.automatic and not float(ti.absoluteTolerance) > 0:
            raise ModelError("SolverExplicit: timeIntegration.absoluteTolerance must be > 0")
        self.elim = constraint_elimination(c, bool(ti.explicit.eliminateConstraints))
        lie = LieGroupRotations(c, self.n) if bool(ti.explicit.useLieGroupIntegration) else None
        self.lie = lie if lie else None
        self.it.automaticStepSize = self.automatic
        self.it.initialStepSize = float(ti.initialStepSize)
        cur = self.current
        cur.copy_from(c.states[CFG.Initial])
        cur.a[:] = 0.0
        cur.lam[:] = 0.0
        self._zero_a = np.zeros(self.n)
        self._zero_lam = np.zeros(c.n_ae)
        self._fused_blocks = None
        self.choose_fused()
        if self.solver_type == DST.VelocityVerlet:
            global _VERLET_WARNED
            if not _VERLET_WARNED:   # Exudyn prints it once per process
                _VERLET_WARNED = True
                print("WARNING: VelocityVerlet: still under development")
            cur.a[:] = self.accelerations(cur.t, cur.q, cur.v)
        cur.a_alg[:] = cur.a
        self.start_of_step.copy_from(cur)

    def expected_steps(self):
        ti = self.settings.timeIntegration
        if self.automatic:      # a rough count: the run's length at the initial or maximum step size
            h = float(ti.initialStepSize) or (float(ti.endTime) - float(ti.startTime)) / max(
                float(ti.numberOfSteps), 1.0)
            return int((float(ti.endTime) - float(ti.startTime)) / max(h, 1e-300))
        return super().expected_steps()

    def initial_step_size(self, h_max):
        h0 = float(self.settings.timeIntegration.initialStepSize)
        return h0 if self.automatic and h0 > 0 else h_max

    def reduced_step_size(self, h_try, h_min, dec):
        if self.rejected:
            return self.h_next
        rec = self.it.recommendedStepSize
        return max(h_min, min(0.75 * h_try, rec) if rec > 0 else 0.5 * h_try)

    def accepted_step_size(self, h, h_max, inc, grow):
        if self.automatic:
            return self.h_next
        return super().accepted_step_size(h, h_max, inc, grow)

    # ---------------------------------------------------------------- right-hand side
    def force(self, t, q, v):
        """f(q, q_t, t) with the current state set to the evaluation point (user functions read it)."""
        cur = self.current
        cur.q[:], cur.v[:], cur.t = q, v, t
        self.n_rhs += 1
        # the fused residual with q_tt = 0 and lambda = 0 is (0 - f) + 0 = -f, exactly
        fz = self.active_fused()
        if fz is not None:
            r = fz.residual(cur.q, cur.v, self._zero_a, self._zero_lam, t, False, np.empty(self.n + self.c.n_ae))
            self._fused_blocks = fz.mass_blocks      # the mass blocks at this point
            return 0.0 - r[:self.n]      # (not -r: a zero force +0, as the group-by-group path's)
        self._fused_blocks = None
        self.eq.update_kinematics(cur.q, cur.v, t)
        return self.eq.ode2_rhs()

    def accelerations(self, t, q, v):
        f = self.force(t, q, v)
        self.last_force = f
        try:
            return self.mass.solve(f, self._fused_blocks)
        except SingularJacobian as exc:
            self.conv.massMatrixNotInvertible = True
            self.output_manager.end(self, failed=True)
            self.fail(f"CSolverExplicit: System mass matrix seems to be singular / not invertible! "
                      f"(t={t:g}; causing equation: {self.describe_equation(exc.row)})")

    def derivative(self, t, y):
        n = self.n
        out = np.empty(2 * n)
        out[:n] = y[n:]
        out[n:] = self.accelerations(t, y[:n], y[n:])
        return out

    def _compose(self):
        if self.lie is None:
            return None, None
        n, lie = self.n, self.lie

        def compose(y, dy):
            out = lie.compose(y[:n], dy[:n])
            return np.concatenate([out, y[n:] + dy[n:]])

        def rate(dy, K):
            lie.rate(dy[:n], K[:n])
        return compose, rate

    def eliminate(self, y):
        """Zero the eliminated coordinates and velocities of a state vector y = [q; q_t]."""
        if self.elim.index.size:
            y[self.elim.index] = 0.0
            y[self.n + self.elim.index] = 0.0
        return y

    # ---------------------------------------------------------------- compiled steps
    @property
    def compiled_any_step_size(self):
        """The compiled steps do the step-size control (StepLoop.run calls them at any step size)."""
        return self.automatic

    def step_size_after_compiled(self, h):
        """The step size after compiled steps: that of their step-size control (automatic)."""
        return self.h_next if self.automatic else h

    def every_step_output(self):
        """A postStep function (finish_step), also a preStep function or data nodes of connectors:
        the compiled steps then make the end-of-step values of every step (at an output), which
        that function or the data nodes' update (compiled_step_done) sees."""
        uf = self.mbs._user_functions
        return bool(uf["postStep"] or uf["preStep"] or self.post_newton_groups())

    def compiled_step_done(self, t):
        """The data nodes of connectors from the state at the end of the step (as step_impl), with
        the frames of the loop's last residual call where that was the end-of-step accelerations'
        (at this state)."""
        post = self.post_newton_groups()
        if post:
            cur = self.current
            if not self.end_of_step_accelerations:
                self.eq.update_kinematics(cur.q, cur.v, t)
            for g in post:
                g.post_newton(self.eq.markers, t, cur.x)

    def compiled_steps(self, step, t, t0, h, t_end, t_lim, adaptive):
        """Runge-Kutta steps from size h on in one compiled call (FusedResidual.rk_steps), where
        nothing between two steps needs Python: the fused residual in use, a constant diagonal mass
        matrix (inverted elementwise at the first step) or a block-diagonal one (solved block by
        block at every stage, MassSolver.block_mode), Lie-group nodes (their stage values and rates
        by the kernels of LieGroupRotations), no postNewton function or console line per step
        (verboseMode 2; preStep and postStep functions and data nodes of connectors by call backs:
        ``pre_step_call_back``, ``output_call_back`` after every step). Fixed step sizes, or the automatic step size of an embedded pair, whose control
        (``control_step_size``) runs compiled too: the next step size comes back in ``h_next``.
        Same numbers as ``runge_kutta``. VelocityVerlet's steps likewise (its module's rk_steps,
        VERLET_STEPS: the numbers of ``velocity_verlet_step``), without data nodes of connectors
        (their update reads the end-of-step frames, which the steps' last residual, at the
        half-step velocities, does not leave).
        Returns as StepLoop.compiled_steps (then "compiled" or "python"), or None."""
        verlet = self.solver_type == DST.VelocityVerlet
        if (self.tableau is None and not verlet) or self._verbose > 1 or (verlet and self.post_newton_groups()):
            return None
        if self.mbs._user_functions["postNewton"] or (self.post_newton_groups() and not self.compiled_output):
            return None             # (data nodes: updated by the output call back after each step)
        fz = self.active_fused()
        if fz is None:
            return None
        try:
            if not self.mass.prepare():
                return None
        except SingularJacobian:
            return None                     # the first step reports it
        inv_m = self.mass._inv_diag
        if inv_m is None:
            # block by block, in the module (its blocks the same partition as MassSolver's); not
            # VelocityVerlet's eliminated multipliers (f - M a with f at the half-step velocities)
            if not fz.block_mass or (verlet and self.elim.index.size):
                return None
            inv_m = self._zero_lam[:0]
        bufs = self._rk_buffers
        if bufs is None:
            n, n_ae, tab, e = self.n, self.c.n_ae, self.tableau, self.elim
            s = tab.stages if tab is not None else 1
            b_hat = tab.b_hat if tab is not None and tab.b_hat is not None else np.zeros(s)
            coefficients = np.concatenate([tab.c, tab.b, tab.A.ravel(), b_hat]) if tab is not None else np.zeros(4)
            bufs = self._rk_buffers = (
                np.empty(n + n_ae), np.empty(n + n_ae),
                [np.empty(2 * n), np.empty(2 * n), np.empty(s * 2 * n), coefficients, None,
                 np.concatenate([e.index, e.ae, e.first, e.coefficient,
                                 self.lie.packed if self.lie is not None else []]).astype(float),
                 np.empty(n), np.empty(n)],
                np.zeros(35))
        r, delta, arrays, sc = bufs
        arrays[4] = inv_m
        output, t_out = self.compiled_output_time()
        sc[:14] = (h, self.tableau.stages if not verlet else 1, self.elim.index.size,
                   self.end_of_step_accelerations and not verlet, t0, t_lim, t_end,
                   t_out, OUTPUT_TIME_EPS, step, COMPILED_STEPS_MAX, t, output, adaptive)
        it = self.it
        if self.automatic:
            ti = self.settings.timeIntegration
            sc[18:27] = (1.0, it.maxStepSize, it.minStepSize, float(ti.stepSizeMaxIncrease),
                         float(ti.stepSizeSafety), float(ti.absoluteTolerance), float(ti.relativeTolerance),
                         self.tableau.p, self.min_step_warned)
            sc[29] = it.automaticStepSizeError
        else:
            sc[18] = 0.0
        sc[30] = self.output_call_back(fz, sc, (9, 14, 17, 7, 31)) if output else 0.0
        sc[31] = 0.0
        sc[32] = self.pre_step_call_back(fz, sc, (9, 14, 15, None, 17, 31, 33))
        sc[33] = 0.0
        cur = self.current
        status = fz.rk_steps(cur.q, cur.v, cur.a, cur.lam, r, delta, arrays, sc)
        done, t_done = int(sc[14]), float(sc[15])
        self.n_rhs += int(sc[16])
        if self.automatic:
            rejected = int(sc[27])
            self.h_next = float(sc[28])
            it.automaticStepSizeError = float(sc[29])
            if rejected:
                it.rejectedAutomaticStepSizeSteps += rejected
                it.recommendedStepSize = -1.0       # as after a rejection in StepLoop.run
        if done:
            cur.t = t_done
            self.rejected = self.nonfinite = False
        h_last = float(sc[17])
        if status == 3 and sc[32] != 0.0:
            # the step left to Python had its preStep call (at the time of that try)
            self._pre_step_done = (float(sc[34]), sc[31] == 0.0)
        if status in (3, 7) or not done:
            # (7: the preStep function asked for Python; it was called for the step, _pre_step_done)
            return done, t_done, False, "python", h_last
        if status == 6:
            return done, t_done, False, "stop", h_last
        return done, t_done, status == 5, "compiled", h_last

    # ---------------------------------------------------------------- one step
    def step_impl(self, t_new, h):
        s = self.start_of_step
        t = s.t
        self.rejected = False
        self.nonfinite = False
        if self.solver_type == DST.VelocityVerlet:
            ok = self.velocity_verlet_step(t, h)
        else:
            ok = self.runge_kutta(t, h)
        if ok is not True:
            return False, ok
        cur = self.current
        if not (np.all(np.isfinite(cur.q)) and np.all(np.isfinite(cur.v))):
            self.nonfinite = True
            return False, "NaN or Inf in the state"
        cur.t = t_new
        post = self.post_newton_groups()
        if post:
            # data nodes of connectors from the state at the end of the step, as Exudyn's explicit
            # solvers (the last stage was evaluated elsewhere)
            self.eq.update_kinematics(cur.q, cur.v, cur.t)
            for g in post:
                g.post_newton(self.eq.markers, cur.t, cur.x)
        return True, ""

    def runge_kutta(self, t, h):
        n, s, cur = self.n, self.start_of_step, self.current
        tab = self.tableau
        y0 = np.concatenate([s.q, s.v])
        compose, rate = self._compose()
        y1, y_hat, K = runge_kutta_step(self.derivative, t, y0, h, tab, compose, rate)
        self.eliminate(y1)
        if self.automatic:
            self.eliminate(y_hat)
            if not self.control_step_size(t, h, y0, y1, y_hat):
                self.rejected = True
                self.it.rejectedAutomaticStepSizeSteps += 1
                return "step rejected by the automatic step size control"
        t1 = t + h
        if self.end_of_step_accelerations:
            a = self.accelerations(t1, y1[:n], y1[n:])
        else:
            a = K[-1, n:].copy()
            cur.q[:], cur.v[:] = y1[:n], y1[n:]
            self.last_force = None
        cur.q[:], cur.v[:], cur.t = y1[:n], y1[n:], t1
        cur.a[:] = a
        self.finish_elimination(t1)
        return True

    def velocity_verlet_step(self, t, h):
        n, s, cur = self.n, self.start_of_step, self.current
        t1 = t + h
        v_half = s.v + 0.5 * h * s.a
        q1 = s.q + h * v_half
        y = self.eliminate(np.concatenate([q1, v_half]))
        a1 = self.accelerations(t1, y[:n], y[n:])
        if self.elim.index.size:
            a1[self.elim.index] = 0.0
        v1 = y[n:] + 0.5 * h * a1
        cur.q[:], cur.v[:], cur.a[:], cur.t = y[:n], v1, a1, t1
        self.finish_elimination(t1)
        return True

    def finish_elimination(self, t1):
        """Eliminated coordinates: q_tt = 0, and their multipliers from the eliminated rows."""
        e, cur = self.elim, self.current
        if not e.index.size:
            return
        cur.q[e.index] = 0.0
        cur.v[e.index] = 0.0
        cur.a[e.index] = 0.0
        f = self.last_force
        if f is None:
            f = self.force(t1, cur.q, cur.v)
        r = f - self.eq.mass_times(cur.a)
        with np.errstate(divide="ignore", invalid="ignore"):
            lam = np.where(e.first & (e.coefficient != 0), r[e.index] / e.coefficient, 0.0)
        cur.lam[e.ae] = lam

    def control_step_size(self, t, h, y0, y1, y_hat):
        """Error estimate and next step size (spec solvers.md 6.3); True if the step is accepted."""
        ti = self.settings.timeIntegration
        a_tol, r_tol = float(ti.absoluteTolerance), float(ti.relativeTolerance)
        # the max of the signed values, as Exudyn (spec 6.3); summed in order (rk_error: the
        # compiled steps give the same numbers)
        err = float(_kfp.rk_error(y0, y1, y_hat, a_tol, r_tol))
        if err == 0.0:
            err = 1e-12
        self.it.automaticStepSizeError = err
        it = self.it
        h_max, h_min = it.maxStepSize, it.minStepSize
        h_opt = h * (1.0 / err) ** (1.0 / self.tableau.p)
        h_new = min(min(h_max, float(ti.stepSizeMaxIncrease) * h),
                    max(h_min, float(ti.stepSizeSafety) * h_opt))
        self.h_next = h_new
        if h_new == h_min:
            if not self.min_step_warned:
                self.min_step_warned = True
                print(f"WARNING: ExplicitSolver: t={t + h:g}; automatic stepsize control reached minStepSize; "
                      "integration continued, but error will be larger than given tolerances")
            return True
        return not h_opt < h
