"""Newton's method with Exudyn's modified-Newton logic (spec solvers.md 3.1).

The solver supplies ``predictor()``, ``residual() -> (error, rbar)``,
``factorize()`` (Jacobian + factorization) and ``update(delta)``. Increments
are subtracted: J delta = rbar, xi <- xi - delta.
"""
from __future__ import annotations

import math


class NewtonResult:
    __slots__ = ("converged", "iterations", "error", "stop", "diverged", "message", "nonfinite")

    def __init__(self):
        self.converged = False
        self.iterations = 0
        self.error = math.inf
        self.stop = False
        self.diverged = False
        self.message = ""
        self.nonfinite = False


def iterate(solver, rbar, it):
    """One iteration: solve, update, residual -> (delta, error, rbar); the solver's own
    ``iterate`` (one compiled call) where it has one and can use it now."""
    fast = getattr(solver, "iterate", None)
    if fast is not None:
        out = fast(rbar, it)
        if out is not None:
            return out
    delta = solver.solve(rbar)
    solver.update(delta)
    solver.pre_newton_residual(it)
    r, rbar = solver.residual()
    return delta, r, rbar


def newton(solver, ns, it_data, resume=None):
    """One Newton solve. ``ns`` = NewtonSettings, ``it_data`` counts iterations/Jacobians.

    ``solver`` provides predictor, residual, factorize, solve, update, reset_to_start_of_step,
    diverged, jacobian_requested (bool attribute), pre_newton_residual(it).
    ``resume``: a solve begun in compiled code (the solver's compiled steps), as ``newton_fast``
    returns it: (status, it, error, r0, r_last, extra_step, delta, rbar, whether the step was
    restarted there); the loop goes on from there with the logic of that iteration (status 9:
    right after that restart, at its Jacobian; 10 and 11: as 9 and 1, after the compiled static
    load steps switched to full Newton).
    """
    res = NewtonResult()
    if resume is None:
        solver.predictor()
        solver.pre_newton_residual(0)
        r0, rbar = solver.residual()
        if not math.isfinite(r0):
            res.stop, res.diverged, res.nonfinite = True, True, True
            res.message = "NaN or Inf in the residual"
            return res
        if ns.residualMode == 1:
            r0 = 2 * ns.relativeTolerance
        if r0 <= ns.absoluteTolerance:
            r0 = 2 * ns.absoluteTolerance
        r_last = r0
        extra_step = restarted = False
        it = 0
        r = r0
    else:
        _, it, r, r0, r_last, extra_step, _, rbar, restarted = resume
    # (status 10 and 11: the compiled static load steps had switched to full Newton)
    full = not ns.useModifiedNewton or (resume is not None and resume[0] in (10, 11))
    converged = stop = False
    fast = getattr(solver, "newton_fast", None) if ns.residualMode == 0 else None
    while resume is not None or (not converged and not stop and it < ns.maxIterations):
        out = None
        if resume is not None:
            out, resume = resume, None
            if out[0] == 9 or out[0] == 10:
                # restarted by the compiled step loop, which left the Jacobian to this loop
                solver.jacobian_requested = True
                continue
        elif fast is not None and not full and not solver.jacobian_requested:
            # iterations with the current Jacobian in one compiled call, up to the first one that
            # converges or needs the logic below (status 1: iteration `it` done, its logic follows)
            out = fast(rbar, it, r0, r_last, extra_step)
        if out is not None:
            # (the restarted flag of a resume was taken above; newton_fast's is always False)
            status, it, r, r0, r_last, extra_step, delta, rbar, _ = out
            if status == 0:
                converged = True
                break
            if status == 2:
                break
        else:
            it += 1
            if solver.jacobian_requested or full or solver.signal_jacobian_update():
                solver.factorize()
                solver.jacobian_requested = False
                it_data.newtonJacobiCount += 1
            delta, r, rbar = iterate(solver, rbar, it)
        if not math.isfinite(r):
            res.stop, res.diverged, res.nonfinite = True, True, True
            res.message = "NaN or Inf in the residual"
            stop = True
            break
        if ns.residualMode == 1:
            r = solver.increment_norm(delta)
        if ns.adaptInitialResidual and it <= 1 and r > r0:
            r0 = r_last = r
        converged = (r / r0 <= ns.relativeTolerance) or (not ns.active) or (r <= ns.absoluteTolerance)
        if extra_step and converged:
            extra_step = False
            converged = False
        elif not converged:
            extra_step = False
            diverged = solver.diverged(ns.maximumSolutionNorm) or not math.isfinite(r)
            if diverged and full:
                stop = True
                res.diverged = True
            if not full and it > ns.maxModifiedNewtonIterations:
                solver.jacobian_requested = True
            restart_limit = ns.maxModifiedNewtonIterations + ns.maxModifiedNewtonRestartIterations * (
                0 if ns.modifiedNewtonJacUpdatePerStep else 1)
            if not full and it > restart_limit:
                full = True
                it_data.rejectedModifiedNewtonSteps += 1
            contractivity = r / r_last if r_last > 0 else math.inf
            r_last = r
            if not full and ns.useModifiedNewton and (diverged or (contractivity > ns.modifiedNewtonContractivity
                                                                   and it > 2)):
                solver.jacobian_requested = True
                if restarted:
                    full = True
                    it_data.rejectedModifiedNewtonSteps += 1
                if not stop and (diverged or contractivity > 2 or full):
                    restarted = True
                    solver.reset_to_start_of_step()
                    solver.predictor()
                    solver.pre_newton_residual(it)
                    r, rbar = solver.residual()
                    r_last = r0 = max(r, 2 * ns.absoluteTolerance) if ns.residualMode == 0 else r0
                    extra_step = True
    it_data.newtonStepsCount += it
    it_data.newtonSteps = it
    res.converged = converged and not stop
    res.iterations, res.error, res.stop = it, r, stop
    if not res.converged and not res.message:
        res.message = (f"Newton did not converge ({it} iterations, residual {r:.3e}, "
                       f"relative {r / r0:.3e})")
    return res
