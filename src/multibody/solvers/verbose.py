"""verboseMode 2 and 3: the lines inside a step, as Exudyn 1.13.6 prints them.

Newton runs in compiled code (engine/newton.py). With verboseMode 2 or more the step loop runs one
step per compiled call, and a call back at each Newton iteration (the PreNewtonResidual slot,
called after the update of iteration k and before its residual) writes the lines of iteration
k - 1 (its residual, known then) and the start of iteration k (its Jacobian and, with 3, the
residual it starts from and its increment); the lines of the last iteration follow the step. Lines
of verbose level 3 show vectors with 6 significant digits, as Exudyn's ``[0,-9.81,0]``.
"""
from __future__ import annotations

import numpy as np


def vector_text(v):
    """Exudyn's console form of a vector: [1,-2.5,3e-07]."""
    return "[" + ",".join(f"{float(x):.6g}" for x in np.ravel(v)) + "]"


def matrix_text(m):
    """Exudyn's console form of a matrix: [[1,0],[0,1]]."""
    m = m.toarray() if hasattr(m, "toarray") else np.asarray(m)
    return "[" + ",".join(vector_text(row) for row in m) + "]"


class NewtonLines:
    """The per-step lines of verboseMode >= 2 (mixed into Reporting); ``say(level, text)`` writes."""
    _newton = None          # the state of the step's lines: see start_newton_lines

    def has_newton(self):
        return hasattr(self, "newton_settings")

    def start_newton_lines(self):
        """The lines before the steps; the iteration call back registered (Newton solvers)."""
        it = self.it
        self.say(3, f"number of steps = {it.numberOfSteps}")
        self.say(3, f"start time = {it.startTime:.6g}")
        self.say(3, f"end time = {it.endTime:.6g}")
        self.say(3, f"minStepSize = {it.minStepSize:.6g}")
        self.say(3, f"maxStepSize = {it.maxStepSize:.6g}")
        self.say(3, f"adaptiveStep = {int(bool(it.adaptiveStep))}")
        if self.is_static:
            self.say(2, "*********************")
            self.say(2, f"Static solver ({self.n_load} load steps):")
            self.say(2, "*********************")
        elif self.has_newton():
            self.initial_acceleration_lines()
        self.say(2, "")
        self.say(2, "Start steps solving loop")
        self.say(2, "")
        self._newton = {"step": -1, "it": 0, "jacobians": 0, "r": [], "pending": None, "jac_text": None}
        if self.has_newton():
            e = self.engine
            user = e["pre_newton_slot"] != 0
            e["pre_newton_slot"] = e.call_back(self._on_newton_iteration_user if user else self._on_newton_iteration)

    def initial_acceleration_lines(self):
        """The implicit solver's initial accelerations and its method's coefficients."""
        cur, c = self.current, self.c
        J = getattr(self, "_initial_jacobian", None)
        if J is not None:
            self.say(3, "    initial accelerations update Jacobian: Jac  =")
            self.say(3, matrix_text(J))
        self.say(3, f"initial accelerations     = {vector_text(cur.a)}")
        self.say(3, f"initial constraint forces = {vector_text(cur.lam)}")
        if not self.newmark:
            rho = float(self.settings.timeIntegration.generalizedAlpha.spectralRadius)
            am, af, beta, gamma = self.alpha_m, self.alpha_f, self.beta, self.gamma
            self.say(2, f"  Generalized-alpha: spectralRadius={rho:.6g}, alphaM={am:.6g}, alphaF={af:.6g}, "
                        f"beta={beta:.6g}, gamma={gamma:.6g}, factJacA={(1 - af) / (1 - am):.6g}")
        self.say(3, f"  has constant mass matrix={int(bool(c.equations.constant_mass))}")

    def report_initial_step(self):
        """After the output of the initial state."""
        if self._verbose < 2:
            return
        what = "factor" if self.is_static else "t"
        self.say(2, "Write initial step to solution file and visualize ...")
        self.say(2, f"STEP0, {what} = {self.it.startTime:.6g}{'' if self.is_static else 's'}, timeToGo = 0s")
        self.say(2, "+++++++++++++++ STEP FINISHED ++++++++++++++")
        self.say(2, "")

    def report_step_start(self):
        """The header of a step (before its compiled call; explicit solvers, whose steps have no
        Newton call back)."""
        if self._verbose < 2 or self.has_newton():
            return
        e = self.engine
        h = min(float(e["h"]), self.it.endTime - float(e["t"]))
        self._step_header(int(e["step"]) + 1, float(e["t"]) + h, h)
        cur = self.current
        self.say(2, "")
        self.say(2, "+++++++++++++++++++++++++++++")
        self.say(2, f"constant mass = {int(bool(self.c.equations.constant_mass))}")
        self.say(2, f"u0 = {vector_text(cur.q)}")
        self.say(2, f"v0 = {vector_text(cur.v)}")

    def _step_header(self, step, t, h):
        what = "factor" if self.is_static else "t"
        self.say(2, "+++++++++++++++ COMPUTE STEP +++++++++++++++")
        self.say(2, f"STEP{step}, {what} = {t:.6g}, step size = {h:.6g}")
        self.say(2, "  START discontinuous iteration 0:")

    # ---------------------------------------------------------------- Newton's call back
    def _on_newton_iteration_user(self, t, index2):
        self._on_pre_newton(t, index2)
        self._on_newton_iteration(t, index2)

    def _on_newton_iteration(self, t, index2):
        """At each Newton iteration k (k = 0: after the predictor): the lines of iteration k - 1
        and those of the start of iteration k."""
        e, nw = self.engine, self._newton
        k = int(e["it"])
        if k == 0:
            step = int(e["step"]) + 1
            if step != nw["step"]:
                self._step_header(step, float(e["t_new"]), float(e["h_step"]))
            else:
                self.say(2, f"  START discontinuous iteration {self.it.discontinuousIteration}:")
            nw.update(step=step, it=0, jacobians=self._jacobian_count(), r=[], pending=None)
            return
        if k <= nw["it"]:
            return                      # (the same iteration again: a restart of modified Newton)
        if k == 1:
            self._initial_residual_line()
        else:
            self._iteration_end_lines(float(e["error"]), converged=False)
        self._iteration_start_lines(k)
        nw["it"] = k

    def _initial_residual_line(self):
        e = self.engine
        self._newton["r"] = [float(e["r0"])]
        self.say(2, f"Newton: initial residual = {float(e['r0']):.6g}; goals: relTol="
                    f"{float(e['relative_tolerance']):.6g}, absTol={float(e['absolute_tolerance']):.6g}")

    def _jacobian_count(self):
        return self._jacobian_base + int(self.engine["jacobians"])

    def _iteration_start_lines(self, k):
        e, nw, cur = self.engine, self._newton, self.current
        self.say(3, f"  Newton: STEP {k}:")
        self.say(3, f"    systemResidual = {vector_text(self.rbar_buffer)}")
        jacobians = self._jacobian_count()
        full = int(e["full"]) != 0
        if jacobians != nw["jacobians"]:
            if not full:
                self.say(2, f"  Update Jacobian ... (flags: jacUpdateReq=1, fullNewtonReq={int(full)}, "
                            f"sigJacUpdate=0")
            if nw["jac_text"] is None:
                if not full:
                    self.say(2, "    update Jacobian")
            else:
                for ch in self._channels:       # (level 2: the short line, 3: with the matrix)
                    if ch.level == 2 and not full:
                        ch.say(2, "    update Jacobian")
                    ch.say(3, f"    update Jacobian: Jac    = {nw['jac_text']}")
            nw["jacobians"], nw["jac_text"] = jacobians, None
        self.say(3, f"    newtonIncrement = {vector_text(self.delta_buffer)}")
        self.say(3, "    ... compute new residual")
        nw["pending"] = (k, full, self._solution_lines("Newton sol", 20), None)

    def _solution_lines(self, prefix, width):
        cur = self.current
        parts = [("U", cur.q)] + ([] if self.is_static else [("V", cur.v), ("A", cur.a)]) + \
            [("Data", cur.x), ("Lambda", cur.lam)]
        return [f"    {(prefix + name).ljust(width)}= {vector_text(v)}" for name, v in parts]

    def _iteration_end_lines(self, r, converged):
        """The lines of the iteration whose residual ``r`` is now known."""
        nw = self._newton
        if nw["pending"] is None:
            return
        k, full, solution, _ = nw["pending"]
        r0, last = nw["r"][0], nw["r"][-1]
        self.say(2, f"    NEWTON STEP {k}: residual = {r:.6g}: relTol = {r / r0:.6g}: contr. = {r / last:.6g}")
        for line in solution:
            self.say(3, line)
        self.say(3, f"    Newton RESIDUAL     = {vector_text(self.rbar_buffer)}")
        if not converged and not full:
            self.say(3, f"    contractivity = {r / last:.6g}")
            self.say(3, f"    last residual = {last:.6g}")
        nw["r"].append(r)
        nw["pending"] = None

    def note_jacobian(self, J):
        """verboseMode 3: the Newton matrix just made (printed at the iteration's start lines)."""
        if self._newton is not None and self._verbose >= 3:
            self._newton["jac_text"] = matrix_text(J)

    def end_of_step_lines(self):
        """After a step done: its last Newton iteration and the discontinuous iteration."""
        nw = self._newton
        if nw is None:
            return
        if self.has_newton():
            e = self.engine
            r = float(e["error"])
            if nw["it"] == 0 and not nw["r"]:
                self._initial_residual_line()
            self._iteration_end_lines(r, converged=True)
            self.say(2, f"  Newton: converged after {int(e['newton_steps'])} steps; relative error = "
                        f"{r / nw['r'][0]:.6g}")
        else:
            self.say(2, "  Explicit step finished")
        ds = self.discontinuous_settings()
        self.say(2, "  PostNewton step: run with 1 threads")
        self.say(2, f"  discontinuous iteration error = {self.conv.discontinuousIterationError:.6g} "
                    f"(disc.it.={max(self.it.discontinuousIteration - 1, 0)}, error goal = "
                    f"{float(ds.iterationTolerance):.6g} ... REACHED)")
        if self.has_newton():
            for line in self._solution_lines("disc.it. sol", 19):
                self.say(3, line)

    def report_step_failed(self, status, h_new):
        """verboseMode >= 2: a step that failed and the step size it is tried again with."""
        if self._verbose < 2 or self._newton is None:
            return
        e = self.engine
        step, t = int(e["step"]) + 1, float(e["t_new"])
        r0 = self._newton["r"][0] if self._newton["r"] else float(e["r0"])
        what = "load factor" if self.is_static else "time"
        self.say(2, f"  Newton (time/load step #{step}): convergence failed after {int(e['it'])} iterations; "
                    f"relative error = {float(e['error']) / r0:.6g}, {what} = {t:.6g}")
        if h_new is not None:
            self.say(2, f"  Solve steps: adaptive reduction to step size = {h_new:.6g}, {what} = {t:.6g}")
        self._newton.update(step=-1, it=0, pending=None)
