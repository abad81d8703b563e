"""The whole system's equations over a SystemRecord (kernels/records.py), one compiled code for
every model: each phase calls the group kernels of the groups that take part in it through
their function pointers; the generic parts (M a, C^T lambda, the rows lambda = 0, the Newton
matrix's blocks and their scatter into its fixed pattern) read the groups' role arrays.

Sign convention: M q_tt + C^T lambda = f, the residual r = [M a - f + C^T lambda; g] (the static
solver's [f + C^T lambda; g]); C = dg/dq on a group's local coordinates ltg.
"""
from ._jit import njit, typed
from .assembly import blocks_times_vector_add, transposed_times_multipliers_add
from .records import (AFTER_NEWTON, BODY_LIST, CONSTRAINTS, FORCES, FRAMES, JACOBIAN_LIST, MARKERS, MASS, NO, ODE1,
                      YES, ROLE_BODY, ROLE_CONNECTOR, STIFFNESS, SystemRecord, group_at, kernel_at)
from numba import types

# the Newton matrix's coefficients coef[A_M:C_LAM + 1] = (a_M, a_K, a_D, c_q, c_v, c_lam):
# [[a_M M + a_K K + a_D D, C^T], [c C, c_lam dg/dlam]], c = c_q for position-level rows, c_v for
# velocity-level ones
A_M, A_K, A_D, C_Q, C_V, C_LAM = 3, 4, 5, 6, 7, 8


@njit
def run_phase(system, phase):
    """The group kernels of ``phase``, in order; the first nonzero status, or 0."""
    s = system.state
    members = system.members
    for j in range(system.counts[phase]):
        k = members[phase, j]
        status = kernel_at(system, k)(phase, group_at(system, k), s)
        if status != 0:
            return status
    return 0


@njit
def kinematics(system, q, v, t, all_outputs):
    """Node, body and marker frames at (q, v, t); ``all_outputs``: every frame and marker output
    (Python reads them), else what the equations read."""
    s = system.state
    s.q = q
    s.v = v
    s.t = t
    s.all_outputs = all_outputs
    q_tot, q_ref = s.q_tot, s.q_ref
    for i in range(q_tot.shape[0]):
        q_tot[i] = q_ref[i] + q[i]
    status = run_phase(system, FRAMES)
    if status == 0:
        status = run_phase(system, MARKERS)
    return status


@njit
def forces(system):
    """f (state.f) at the current kinematics: the configuration-dependent mass blocks first (the
    rigid bodies' LHS terms come with them), then every group's forces."""
    f = system.state.f
    for i in range(f.shape[0]):
        f[i] = 0.0
    status = run_phase(system, MASS)
    if status == 0:
        status = run_phase(system, FORCES)
    return status


@njit
def constraint_rows(system, lam, g_out):
    """The constraint residual rows into g_out (n_ae) and the Jacobian blocks C of every group, at
    the current kinematics; rows lambda = 0 (inactive items, free axes): g = lambda, C = 0. A group
    with an AE block (K of shape (n, E, E): rows that depend on its own AE values) finds them in g."""
    for i in range(g_out.shape[0]):
        g_out[i] = 0.0
    members = system.members
    for j in range(system.counts[CONSTRAINTS]):
        grp = group_at(system, members[CONSTRAINTS, j])
        if grp.K.shape[0] > 0:
            _multipliers_into_rows(grp.ae, lam, grp.g)
    status = run_phase(system, CONSTRAINTS)
    for j in range(system.counts[CONSTRAINTS]):
        grp = group_at(system, members[CONSTRAINTS, j])
        ae, gg, C, rows = grp.ae, grp.g, grp.C, grp.lam_rows
        for i in range(ae.shape[0]):
            for e in range(ae.shape[1]):
                r = ae[i, e]
                if rows[i, e]:
                    gg[i, e] = lam[r] if r >= 0 else 0.0
                    for l in range(C.shape[2]):
                        C[i, e, l] = 0.0
                if r >= 0:
                    g_out[r] += gg[i, e]
    return status


@njit(inline="always")
def _multipliers_into_rows(ae, lam, g):
    """g[i, e] = lambda of row (i, e) (0 for padded rows): what the kernel of a constraint group
    whose rows depend on its own AE values (an AE block K) reads."""
    for i in range(ae.shape[0]):
        for e in range(ae.shape[1]):
            r = ae[i, e]
            g[i, e] = lam[r] if r >= 0 else 0.0


@njit
def mass_times(system, a, out):
    """out = M a (n2), from the mass blocks of the last MASS phase (or the constant ones)."""
    for i in range(out.shape[0]):
        out[i] = 0.0
    members = system.members
    for j in range(system.counts[BODY_LIST]):
        grp = group_at(system, members[BODY_LIST, j])
        blocks_times_vector_add(out, grp.ltg, grp.M, a)


@njit
def reactions(system, lam, out):
    """out += C^T lambda with the Jacobian blocks of the last CONSTRAINTS phase."""
    members = system.members
    for j in range(system.counts[CONSTRAINTS]):
        grp = group_at(system, members[CONSTRAINTS, j])
        transposed_times_multipliers_add(out, grp.ltg, grp.ae, grp.C, lam)


@njit
def residual(system, q, v, a, lam, t, index2, static, r):
    """r = [M a - f + C^T lambda; g] at (q, v, a, lambda, t) (``static``: [f + C^T lambda; g]);
    index2: position-level constraints in their velocity form. Returns 0 or a group's status."""
    s = system.state
    status = kinematics(system, q, v, t, NO)
    s.index2 = index2
    if status == 0:
        status = forces(system)
    n2 = system.n2
    if status == 0:
        status = constraint_rows(system, lam, r[n2:])
    f = s.f
    if static:
        for i in range(n2):
            r[i] = f[i]
    else:
        ma = system.ma
        mass_times(system, a, ma)
        for i in range(n2):
            r[i] = ma[i] - f[i]
    react = system.react
    for i in range(n2):
        react[i] = 0.0
    reactions(system, lam, react)
    for i in range(n2):
        r[i] += react[i]
    return status


@njit
def ode1_rhs(system, y, t, out):
    """out = f(t, y) of the first-order equations y_t = f (n1): y copied into state.y1 (the
    coordinates the ODE1 groups and their user functions read), the ODE1 phase into state.f1.
    Returns 0 or a group's status."""
    s = system.state
    y1, f1 = s.y1, s.f1
    for i in range(y1.shape[0]):
        y1[i] = y[i]
        f1[i] = 0.0
    s.t = t
    status = run_phase(system, ODE1)
    for i in range(f1.shape[0]):
        out[i] = f1[i]
    return status


@njit
def newton_values(system, coef):
    """The Newton matrix's block values into system.vals at the point of the last residual (its
    frames, mass and constraint blocks): the groups' K and D (STIFFNESS), then block by block
    [[a_M M + a_K K + a_D D, C^T], [c C, c_lam on the rows lambda = 0]]; a constraint group's
    K (n, E, E), where it has one, is its dg/dz block (times c_lam)."""
    status = run_phase(system, STIFFNESS)
    vals = system.vals
    members = system.members
    for j in range(system.counts[JACOBIAN_LIST]):
        grp = group_at(system, members[JACOBIAN_LIST, j])
        at = grp.jac_at
        if at[0] >= 0 and grp.role == ROLE_BODY:
            _body_block(vals, at[0], grp.M, grp.K, grp.D, coef, grp.stiffness != 0)
        elif at[0] >= 0 and grp.role == ROLE_CONNECTOR:
            _connector_block(vals, at[0], grp.K, grp.D, coef)
        elif at[0] >= 0:
            _ae_block(vals, at[0], grp.K, grp.lam_rows, coef[C_LAM])
        if at[1] >= 0:
            _constraint_blocks(vals, at[1], at[2], at[3], grp.C, grp.velocity_level, grp.lam_rows, coef)
    for k in range(system.diag_at, system.diag_at + system.diag_size):
        vals[k] = 0.0
    return status


@njit(inline="always")
def _body_block(vals, k, M, K, D, coef, stiff):
    for i in range(M.shape[0]):
        for a in range(M.shape[1]):
            for b in range(M.shape[2]):
                x = coef[A_M] * M[i, a, b]
                if stiff:
                    x = x + coef[A_K] * K[i, a, b]
                    x = x + coef[A_D] * D[i, a, b]
                vals[k] = x
                k += 1


@njit(inline="always")
def _connector_block(vals, k, K, D, coef):
    for i in range(K.shape[0]):
        for a in range(K.shape[1]):
            for b in range(K.shape[2]):
                vals[k] = coef[A_K] * K[i, a, b] + coef[A_D] * D[i, a, b]
                k += 1


@njit(inline="always")
def _ae_block(vals, k, K, lam_rows, c_lam):
    """c_lam dg/dz (n, E, E) of a constraint group whose rows depend on its AE values; zero on
    the rows lambda = 0 (their coefficient is the lambda block's)."""
    for i in range(K.shape[0]):
        for a in range(K.shape[1]):
            for b in range(K.shape[2]):
                vals[k] = 0.0 if lam_rows[i, a] else c_lam * K[i, a, b]
                k += 1


@njit(inline="always")
def _constraint_blocks(vals, k_c, k_ct, k_lam, C, velocity_level, lam_rows, coef):
    n, E, L = C.shape[0], C.shape[1], C.shape[2]
    for i in range(n):
        c = coef[C_V] if velocity_level[i] else coef[C_Q]
        for e in range(E):
            for l in range(L):
                vals[k_c] = C[i, e, l] * c
                k_c += 1
    for i in range(n):
        for l in range(L):
            for e in range(E):
                vals[k_ct] = C[i, e, l]
                k_ct += 1
    for i in range(n):
        for e in range(E):
            vals[k_lam] = coef[C_LAM] if lam_rows[i, e] else 0.0
            k_lam += 1


@njit
def scatter_values(vals, slots, out):
    """out = the sums of vals over slots (slot >= out.size: none), in the order of np.bincount:
    the CSC data (SystemRecord.slots) or the flattened dense matrix (dense_slots)."""
    m = out.shape[0]
    for i in range(m):
        out[i] = 0.0
    for i in range(vals.shape[0]):
        k = slots[i]
        if k < m:
            out[k] += vals[i]


# ---------------------------------------------------------------- the entry point of Python code
KINEMATICS, RESIDUAL, STATIC_RESIDUAL, RHS, MASSES, CONSTRAINT_ROWS, REACTIONS, MASS_TIMES, \
    JACOBIAN_DENSE, JACOBIAN_SPARSE, CONVERGED_STATE, ODE1_RHS = range(12)


@typed(types.int64(types.int64, SystemRecord, types.float64[::1], types.float64[::1], types.float64[::1],
                   types.float64[::1], types.float64, types.boolean, types.float64[::1], types.float64[::1],
                   types.float64, types.int64))
def evaluate(mode, system, q, v, a, lam, t, index2, out, coef, load_factor, marker_outputs):
    """What SystemEquations asks of the compiled system in one call (one compiled function to load
    for all of it): KINEMATICS (every output), RESIDUAL and STATIC_RESIDUAL into out, RHS (f into
    out, n2), MASSES (the MASS phase), CONSTRAINT_ROWS (g into out, n_ae; index2 the form),
    REACTIONS (out += C^T lambda), MASS_TIMES (out = M a), JACOBIAN_DENSE / JACOBIAN_SPARSE (the
    Newton matrix at the last residual's point with coef, into out: n n row by row, or the CSC
    data), CONVERGED_STATE (the data coordinates of a converged state: AFTER_NEWTON), ODE1_RHS (the
    first-order right-hand side f(t, y = q) into out, n1).
    load_factor >= 0: the loads scaled by it (the static solver), else as given; marker_outputs:
    the optional marker outputs the equations read (records.MARKER_*). Returns 0 or a group
    kernel's status."""
    s = system.state
    s.static_loads = load_factor >= 0.0
    s.load_factor = load_factor if load_factor >= 0.0 else 1.0
    s.marker_outputs = marker_outputs
    if mode == KINEMATICS:
        return kinematics(system, q, v, t, YES)
    if mode == RESIDUAL or mode == STATIC_RESIDUAL:
        status = residual(system, q, v, a, lam, t, index2, mode == STATIC_RESIDUAL, out)
        s.all_outputs = True
        return status
    if mode == RHS:
        status = kinematics(system, q, v, t, YES)
        if status == 0:
            status = forces(system)
        out[:] = s.f
        return status
    if mode == MASSES:
        return run_phase(system, MASS)
    if mode == CONSTRAINT_ROWS:
        status = kinematics(system, q, v, t, YES)
        s.index2 = index2
        if status == 0:
            status = constraint_rows(system, lam, out)
        return status
    if mode == REACTIONS:
        reactions(system, lam, out)
        return 0
    if mode == MASS_TIMES:
        mass_times(system, a, out)
        return 0
    if mode == JACOBIAN_DENSE or mode == JACOBIAN_SPARSE:
        status = newton_values(system, coef)
        scatter_values(system.vals, system.dense_slots if mode == JACOBIAN_DENSE else system.slots, out)
        return status
    if mode == CONVERGED_STATE:
        return run_phase(system, AFTER_NEWTON)
    if mode == ODE1_RHS:
        return ode1_rhs(system, q, t, out)
    return -1


__all__ = ["run_phase", "kinematics", "forces", "constraint_rows", "mass_times", "reactions", "residual",
           "ode1_rhs", "newton_values", "scatter_values", "evaluate"]
