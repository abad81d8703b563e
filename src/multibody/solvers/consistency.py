"""Constraint residuals (drift), projection onto the constraint manifold, and
consistent initial conditions.

None of this exists in Exudyn; it is opt-in and leaves results unchanged unless
called or switched on:

* ``mbs.ComputeConstraintResiduals(configuration)`` -> dict with the largest
  position-level and velocity-level residual (the velocity level is the
  index-2 form C_q q_t + g_t of position constraints, and the residual of
  velocity-level constraints);
* ``AddConstraintResidualSensor(mbs)`` -> a SensorUserFunction recording
  [position residual, velocity residual] at every sensor output;
* ``mbs.sys['constraintProjection'] = True``: after each accepted step of the
  implicit solver, positions and then velocities are projected back onto the
  constraints with the Newton matrix already factorized (metric of its
  top-left block), so that index-2 runs do not drift;
* ``ComputeConsistentInitialConditions(mbs)`` (and ``mbs.sys['consistentInitialConditions']
  = True`` before SolveDynamic): the smallest change of the initial coordinates
  and velocities (Euclidean norm) that satisfies the constraints.
"""
from __future__ import annotations

import numpy as np
import scipy.linalg as sla
import scipy.sparse.linalg as spla

from ..enums import ConfigurationType
from ..messages import warn
from .dof import ae_owners, static_jacobian

CFG = ConfigurationType


# ---------------------------------------------------------------------- row masks
def row_masks(c):
    """(position_rows, velocity_rows) boolean masks over the AE of the system (active rows only)."""
    pos = np.zeros(c.n_ae, dtype=bool)
    vel = np.zeros(c.n_ae, dtype=bool)
    for g in c.constraint_groups:
        ae = g.ae
        valid = ae >= 0
        act = np.broadcast_to(np.asarray(g.active, dtype=bool)[:, None], ae.shape)
        lvl = np.broadcast_to(np.asarray(g.velocity_level, dtype=bool)[:, None], ae.shape)
        pos[ae[valid & act & ~lvl]] = True
        vel[ae[valid & act & lvl]] = True
    return pos, vel


def _residuals(c, q, v, t, lam, index2):
    eq = c.equations
    old = eq.index2
    eq.index2 = index2
    try:
        eq.update_kinematics(q, v, t)
        return eq.constraints(lam, with_jacobian=False)
    finally:
        eq.index2 = old


def constraint_residual_vectors(mbs, configuration=CFG.Current):
    """(g_position (n_ae,), g_velocity (n_ae,)) with rows that do not apply set to 0."""
    c = mbs._require_assembled("ComputeConstraintResiduals")
    st = c.states[configuration]
    pos, vel = row_masks(c)
    gp = _residuals(c, st.q, st.v, st.t, st.lam, False)
    gv = _residuals(c, st.q, st.v, st.t, st.lam, True)
    return np.where(pos, gp, 0.0), np.where(pos | vel, gv, 0.0)


def compute_constraint_residuals(mbs, configuration=CFG.Current):
    """Largest constraint residuals of a configuration.

    Returns
    -------
    dict
        'position': max |g(q, t)| over position-level constraint rows [m or rad];
        'velocity': max |C_q q_t + g_t| over position-level rows and max |g| of
        velocity-level rows [m/s]; 'positionEquation', 'velocityEquation': the
        owner (dict with objectNumber, name, objectType, equation) of the largest.
    """
    gp, gv = constraint_residual_vectors(mbs, configuration)
    c = mbs._compiled
    out = {"position": 0.0, "velocity": 0.0, "positionEquation": None, "velocityEquation": None}
    if c.n_ae:
        owners = ae_owners(mbs)
        ip, iv = int(np.argmax(np.abs(gp))), int(np.argmax(np.abs(gv)))
        out.update(position=float(abs(gp[ip])), velocity=float(abs(gv[iv])),
                   positionEquation=owners[ip], velocityEquation=owners[iv])
    return out


def AddConstraintResidualSensor(mbs, storeInternal=True, writeToFile=False, fileName="", name=""):
    """Add a SensorUserFunction giving [largest position residual, largest velocity residual]."""
    from ..itemInterface import SensorUserFunction

    def residual_sensor(mbs_, t, sensorNumbers, factors, configuration):
        r = compute_constraint_residuals(mbs_, configuration)
        return [r["position"], r["velocity"]]

    return mbs.AddSensor(SensorUserFunction(sensorUserFunction=residual_sensor, storeInternal=storeInternal,
                                            writeToFile=writeToFile, fileName=fileName, name=name))


# ---------------------------------------------------------------------- projection in the solver
def project_constraints(solver, tolerance=None, max_iterations=5):
    """Project the solver's current q onto g(q)=0, then q_t onto the velocity constraints.

    Uses the factorized Newton matrix J = [[A, C^T], [diag(coef) C, .]]: the solve
    J x = [0; coef * g] gives C x_q = g with x_q of least A-norm, and q -= x_q.
    """
    c, eq, cur = solver.c, solver.eq, solver.current
    if not c.n_ae or not solver.linear.factorized:
        return
    n2 = c.n_ode2
    pos, vel = row_masks(c)
    if tolerance is None:
        ns = solver.newton_settings
        tolerance = max(float(ns.absoluteTolerance), 1e-14)
    index2 = eq.index2
    coef_q = solver.gamma_p if solver.index2 else 1.0
    coef_v = solver.gamma_p
    try:
        for _ in range(max_iterations):
            g = np.where(pos, _residuals(c, cur.q, cur.v, cur.t, cur.lam, False), 0.0)
            if np.max(np.abs(g), initial=0.0) <= tolerance:
                break
            x = solver.linear.solve(np.concatenate([np.zeros(n2), coef_q * g]))
            cur.q -= x[:n2]
        for _ in range(2):
            gv = np.where(pos | vel, _residuals(c, cur.q, cur.v, cur.t, cur.lam, True), 0.0)
            if np.max(np.abs(gv), initial=0.0) <= tolerance:
                break
            coef = np.where(vel, coef_v, coef_q)      # the row coefficients of J
            x = solver.linear.solve(np.concatenate([np.zeros(n2), coef * gv]))
            cur.v -= x[:n2]
    finally:
        eq.index2 = index2
        eq.update_kinematics(cur.q, cur.v, cur.t)


# ---------------------------------------------------------------------- consistent initial conditions
def _constraint_jacobian(mbs, q, v, t, lam):
    """C (n_ae, n_ode2) sparse: d g/d q for position rows, d g/d q_t for velocity-level rows."""
    c = mbs._compiled
    J = static_jacobian(mbs, q=q, v=v, t=t, lam=lam).tocsr()
    return J[c.n_ode2:, :c.n_ode2]


def _min_norm_solve(C, b):
    """Minimum-norm solution x of C x = b (least squares if inconsistent)."""
    if C.shape[0] * C.shape[1] <= 4e6:
        return sla.lstsq(C.toarray(), b, lapack_driver="gelsd")[0]
    return spla.lsqr(C, b, atol=1e-15, btol=1e-15, iter_lim=20 * C.shape[1])[0]


def compute_consistent_initial_conditions(mbs, tolerance=1e-10, warningTolerance=1e-8, maxIterations=50,
                                          updateInitialValues=True, verbose=False):
    """Move the initial coordinates and velocities the least onto the constraints.

    Positions: the nearest point q of g(q, t0) = 0 to the given q0 (Euclidean
    norm of the coordinates), by sequential linearization: q_{k+1} = q0 -
    C_k^+ (g(q_k) + C_k (q0 - q_k)), whose fixed point satisfies g = 0 and
    q - q0 in range(C^T) (the optimality condition). Velocities: the
    minimum-norm change that gives C q_t + g_t = 0 (one linear least-squares
    solve). Redundant constraints are handled by the minimum-norm
    pseudo-inverse.

    Parameters
    ----------
    tolerance : float
        Largest remaining residual of the corrected state.
    warningTolerance : float
        A warning is printed if the given initial state violates the constraints by more.
    updateInitialValues : bool
        Write the result into the Initial configuration (what SolveDynamic starts from).

    Returns
    -------
    dict with 'q', 'q_t' (corrected, without reference values), 'deltaQ', 'deltaQ_t',
    'initialResiduals', 'finalResiduals' (compute_constraint_residuals dicts), 'iterations'.
    """
    c = mbs._require_assembled("ComputeConsistentInitialConditions")
    st = c.states[CFG.Initial]
    t = st.t
    lam = st.lam.copy()
    pos, vel = row_masks(c)
    q0, v0 = st.q.copy(), st.v.copy()
    before = compute_constraint_residuals(mbs, CFG.Initial)
    worst = max(before["position"], before["velocity"])
    if worst > warningTolerance:
        which = before["positionEquation"] if before["position"] >= before["velocity"] else \
            before["velocityEquation"]
        warn(f"ComputeConsistentInitialConditions: the initial state violates the constraints "
              f"(largest position residual {before['position']:.3e}, velocity residual "
              f"{before['velocity']:.3e}, at {which['objectType']} {which['objectNumber']} "
              f"('{which['name']}') equation {which['equation']}); moving it onto the constraints")
    q = q0.copy()
    it = 0
    rows = np.nonzero(pos)[0]
    for it in range(1, maxIterations + 1):
        g = _residuals(c, q, v0, t, lam, False)[rows]
        C = _constraint_jacobian(mbs, q, v0, t, lam)[rows]
        q_new = q0 - _min_norm_solve(C, g + C @ (q0 - q))
        step = np.max(np.abs(q_new - q), initial=0.0)
        q = q_new
        if step <= tolerance and np.max(np.abs(g), initial=0.0) <= tolerance:
            break
    g = _residuals(c, q, v0, t, lam, False)[rows]
    if np.max(np.abs(g), initial=0.0) > max(tolerance, 1e3 * np.finfo(float).eps * (1 + np.abs(q).max(initial=0))):
        warn(f"ComputeConsistentInitialConditions: position constraints not satisfied after "
              f"{it} iterations (residual {np.max(np.abs(g)):.3e}); inconsistent or redundant constraints?")
    # velocities: C v + g_t = 0 with C at the corrected positions
    vrows = np.nonzero(pos | vel)[0]
    gv = _residuals(c, q, v0, t, lam, True)[vrows]
    Cv = _constraint_jacobian(mbs, q, v0, t, lam)[vrows]
    v = v0 - _min_norm_solve(Cv, gv)
    if updateInitialValues:
        st.q[:], st.v[:] = q, v
    result = {"q": q, "q_t": v, "deltaQ": q - q0, "deltaQ_t": v - v0, "iterations": it,
              "initialResiduals": before}
    if updateInitialValues:
        result["finalResiduals"] = compute_constraint_residuals(mbs, CFG.Initial)
    c.equations.update_kinematics(st.q, st.v, t)
    if verbose:
        print(f"ComputeConsistentInitialConditions: |dq|={np.linalg.norm(q - q0):.3e}, "
              f"|dq_t|={np.linalg.norm(v - v0):.3e}, {it} iterations")
    return result


# ---------------------------------------------------------------------- MainSystem methods
def _ComputeConstraintResiduals(self, configuration=CFG.Current):
    """Largest position and velocity constraint residuals (multibody extension, see consistency.py)."""
    return compute_constraint_residuals(self, configuration)


def _ComputeConsistentInitialConditions(self, tolerance=1e-10, warningTolerance=1e-8, maxIterations=50,
                                        updateInitialValues=True, verbose=False):
    """Least change of the initial q, q_t onto the constraints (multibody extension)."""
    return compute_consistent_initial_conditions(self, tolerance, warningTolerance, maxIterations,
                                                 updateInitialValues, verbose)


def _attach():
    from ..model.main_system import MainSystem
    MainSystem.ComputeConstraintResiduals = _ComputeConstraintResiduals
    MainSystem.ComputeConsistentInitialConditions = _ComputeConsistentInitialConditions


_attach()
