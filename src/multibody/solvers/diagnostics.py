"""Messages for singular Jacobians: which equation, which items, what to do."""
from __future__ import annotations


def singular_message(solver, exc, t):
    """Explain a singular Newton matrix, naming the causing equation and items."""
    from .linear import InconsistentSystem
    if isinstance(exc, InconsistentSystem):
        parts = [f"{type(solver).__name__}: inconsistent redundant constraints at t={t:g}: the "
                 f"least-squares solve (ignoreSingularJacobian) leaves a residual {exc.residual:.3e} "
                 f"(right-hand side {exc.rhs_norm:.3e}), the redundant equations demand different motions"]
    else:
        parts = [f"{type(solver).__name__}: linear solver failed (Jacobian singular) at t={t:g}"]
    if exc.row >= 0:
        parts.append(f"the causing system equation {exc.row} is {solver.describe_equation(exc.row)}")
    try:
        from .dof import redundant_equations
        red = redundant_equations(solver.mbs)
        if red:
            parts.append("redundant constraint equations (removing these leaves independent constraints): "
                         + "; ".join(
                f"{r['objectType']} {r['objectNumber']} ('{r['name']}') equation {r['equation']}"
                for r in red[:8]))
    except Exception:  # the analysis is a help for the message, never a second failure
        pass
    if isinstance(exc, InconsistentSystem):
        parts.append("fix: make the redundant constraints agree (offsets, positions, axes) or deactivate or "
                     "remove one of the named constraints; check with mbs.ComputeSystemDegreeOfFreedom()")
    else:
        parts.append("fix: check the model with mbs.ComputeSystemDegreeOfFreedom(), deactivate or remove one of "
                     "the redundant constraints, or use linearSolver.ignoreSingularJacobian=True with "
                     "linearSolver.solverType=exu.LinearSolverType.EigenDense")
    return "; ".join(parts)
