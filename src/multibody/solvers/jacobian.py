"""What the engine's Newton leaves to Python (engine/newton.py: NEED_JACOBIAN, NEED_SOLVE): the
Newton matrix made and factorized by solvers/linear.py (a first sparse factorization, a
least-squares operator, a singular matrix to report), a matrix Python makes itself (a
systemJacobian user function, system-wide numerical differentiation: spec solvers.md 3.2), and
the solves the compiled code cannot do. Shared by the implicit and the static solver."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .linear import SingularJacobian


class NewtonMatrices:
    """Mixin of the implicit solvers: ``engine`` (engine/driver.py), ``linear`` (LinearSolver),
    ``newton_settings``; the solver gives ``user_jacobian()`` and may adjust the matrix
    (``adjust_matrix``)."""

    def system_wide_differentiation(self):
        """newton.numericalDifferentiation.doSystemWideDifferentiation of the solver's settings."""
        return bool(self.newton_settings.numericalDifferentiation.doSystemWideDifferentiation)

    def python_jacobian(self):
        """True where only Python makes the Newton matrix: a systemJacobian user function adds to
        it, or system-wide differentiation or ``colored_stiffness`` makes its ODE2 block
        (python_newton_matrix)."""
        return (bool(self.mbs._user_functions["systemJacobian"]) or self.system_wide_differentiation()
                or self.colored_stiffness() is not None)

    def colored_stiffness(self):
        """A ColoredStiffness (solvers/colored_fd.py) where the solver differentiates the forces
        numerically instead of using the items' Jacobians: with numericalDifferentiation.forODE2
        (or forODE2Connectors), or where ``numeric_forces_by_default``; else None."""
        nd = self.newton_settings.numericalDifferentiation
        if not (nd.forODE2 or nd.forODE2Connectors or self.numeric_forces_by_default()):
            return None
        c = self.c
        if getattr(c, "colored_stiffness", None) is None and c.n_ode2:
            from .colored_fd import ColoredStiffness
            c.colored_stiffness = ColoredStiffness(self.eq.csc_indptr, self.eq.csc_indices, c.n_ode2,
                                                   c.n_ode2 + c.n_ae)
        return getattr(c, "colored_stiffness", None)

    def numeric_forces_by_default(self):
        """Whether the solver differentiates forces numerically without being asked (default no)."""
        return False

    def jacobian_coefficients(self):
        """(a_M, a_K, a_D, c_q, c_v, c_lam) of the step's Newton matrix (the workspace's)."""
        return tuple(float(x) for x in self.coef[3:9])

    def update_coefficients(self):
        """(gamma', beta', beta h^2) of the Newton update (the workspace's)."""
        return tuple(float(x) for x in self.coef[:3])

    def factorize(self):
        """NEED_JACOBIAN: the Newton matrix at the point of the last residual, factorized by the
        linear solver; the engine then solves (and refactorizes) with its factors."""
        e, eq, cur = self.engine, self.eq, self.current
        n = self.c.n_ode2 + self.c.n_ae
        eq.bind(cur.q, cur.v, e["t_new"])
        if self._verbose >= 3:
            self.note_jacobian(e.newton_matrix(True))
        factors = None if self.python_jacobian() else self.linear.new_dense_factors(n)
        if factors is not None and e.dense_factorize(factors):
            self.linear.accept_dense_factors(factors)
            self.use_factors(n)
            return
        if self.python_jacobian():
            J = self.python_newton_matrix()
        else:
            dense = self.linear.wants_dense(n)
            J = e.newton_matrix(dense)
            if not dense:
                J = sp.csc_matrix((J, eq.csc_indices, eq.csc_indptr), shape=(n, n))
        J = self.adjust_matrix(J)
        try:
            self.linear.factorize(J)
        except SingularJacobian as exc:
            self.conv.linearSolverFailed = True
            self.conv.linearSolverCausingRow = exc.row
            self.singular_jacobian(exc)
        self.use_factors(n)

    def use_factors(self, n):
        """The engine solves with the factors just made; with verboseMode 3 every Newton matrix
        comes to Python (factorize), which prints it."""
        e = self.engine
        e.use_factors(self.linear, n)
        if self._verbose >= 3:
            e["refactor"] = 0
        e["jacobians"] += 1
        e["h_jac"] = e["h_step"]

    def adjust_matrix(self, J):
        """The Newton matrix as the solver factorizes it (the implicit solver's Lie-group tangent
        operator); default unchanged."""
        return J

    def python_solve(self):
        """NEED_SOLVE: delta = J^-1 rbar by the linear solver (factors the compiled code does not
        use, or a least-squares solution it found inconsistent, which is reported here)."""
        try:
            self.delta_buffer[:] = self.linear.solve(self.rbar_buffer)
        except SingularJacobian as exc:      # inconsistent redundancy found by the least-squares path
            self.conv.linearSolverFailed = True
            self.singular_jacobian(exc)

    def singular_jacobian(self, exc):
        from .diagnostics import singular_message
        self.output_manager.end(self, failed=True)
        self.fail(singular_message(self, exc, self.current.t))

    def python_newton_matrix(self):
        """The Newton matrix of SystemEquations.jacobian with the step's coefficients and the
        systemJacobian user function at the current kinematics. With system-wide differentiation
        (spec solvers.md 3.2) its stiffness and damping parts are forward differences of the whole
        ODE2 right-hand side by every coordinate instead of the items' own Jacobians; mass matrix
        and constraint rows stay."""
        a_M, a_K, a_D, c_q, c_v, c_lam = self.jacobian_coefficients()
        extra = self.user_jacobian()
        n = self.c.n_ode2 + self.c.n_ae
        if self.system_wide_differentiation():
            nd = self.newton_settings.numericalDifferentiation
            num = self.eq.numeric_ode2_jacobian(a_K, a_D, self.rhs, float(nd.relativeEpsilon),
                                                float(nd.minimumCoordinateSize),
                                                bool(nd.addReferenceCoordinatesToEpsilon), self.perturbed_coordinates)
            extra = num if extra is None else num + (extra.toarray() if sp.issparse(extra) else np.asarray(extra))
            a_K = a_D = 0.0
        elif self.colored_stiffness() is not None and a_K != 0.0:
            nd = self.newton_settings.numericalDifferentiation
            num = self.colored_stiffness().matrix(self.eq, self.rhs, self.perturbed_group,
                                                  float(nd.relativeEpsilon), float(nd.minimumCoordinateSize),
                                                  bool(nd.addReferenceCoordinatesToEpsilon)) * a_K
            extra = num if extra is None else num + sp.csc_matrix(extra)
            a_K = 0.0
        return self.eq.jacobian(a_M, a_K, a_D, c_q, c_v, c_lam, dense=self.linear.wants_dense(n), extra=extra)

    def rhs(self):
        """The ODE2 right-hand side at the current kinematics (numerical differentiation)."""
        return self.eq.ode2_rhs()

    def perturbed_coordinates(self, q, i, h):
        """q with coordinate i changed by h, as the Newton update changes it."""
        return self.perturbed_group(q, np.array([i]), np.array([h]))

    def perturbed_group(self, q, cols, h):
        """q with the coordinates ``cols`` changed by ``h`` (arrays), as the Newton update changes
        them."""
        out = q.copy()
        out[cols] += h
        return out
