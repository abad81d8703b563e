"""The fused residual: r = [M a - f + C^T lambda; g] of the whole system in one compiled call
(the static solver's kind: [f + C^T lambda; g]).

A Newton iteration of the implicit solvers evaluates the residual once. Done group by group
(``SystemEquations``), that is some 15-30 kernel calls, each with its Python glue, which costs
50-150 microseconds per iteration on a small model whatever its size. Here every group that
supports it describes its part of the residual as a list of kernel calls on arrays it owns
(``Call``), with symbolic arguments for the system vectors (``Q_TOT``, ``V``, ``LAM``, ...). The
calls of all groups are written out as the source of one Numba function, compiled once per
model *structure* (the sequence of kernels and the types of their arguments, not the sizes or
values) and cached on disk, so that the next process, or another model of the same structure,
loads it in milliseconds.

The groups keep their arrays; the fused function writes into the same frame and buffer arrays
as the group-by-group path, so sensors and outputs see the same data. A model with an item
type, user function or option the fused path does not cover simply keeps the group-by-group
path (``FusedResidual.build`` returns None and says why in ``reason``).

Contract of a group (all optional; a group without it disables the fused path):
- node and body groups: ``fused_frame(eq) -> list[Call]`` (writes its frames);
- body groups: ``fused_forces(eq) -> list[Call]`` adding its LHS forces with sign -1 into ``F``
  (the right-hand side), and, where the mass is not constant, ``fused_mass(eq) -> (calls,
  blocks)``: calls that write the (n, w, w) ``blocks`` at the current kinematics;
- marker groups: ``fused_evaluate(eq) -> list[Call]``;
- connector groups and load groups: ``fused_forces(eq) -> list[Call]`` adding into ``F``;
- constraint groups: ``fused_equations(eq) -> (calls, g, C)``: calls that write the residual
  rows ``g`` (n, E) and the Jacobian ``C`` (n, E, L) at the current kinematics (``INDEX2``
  chooses the form of position-level rows).
"""
from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from . import lean_cache as _lean
from . import native_code as _native
from .source_inline import inline_calls
from ..kernels import assembly as ka
from ..kernels import fused as kf
from ..kernels import sparse_lu
from ..kernels import user as _ku


class Sym:
    """A system vector or value, filled in by the fused function itself."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


Q = Sym("q")            # ODE2 coordinates (without reference values)
Q_TOT = Sym("q_tot")    # q_ref + q
V = Sym("v")            # ODE2 velocities
A = Sym("a")            # ODE2 accelerations
LAM = Sym("lam")        # Lagrange multipliers
T = Sym("t")            # time
INDEX2 = Sym("index2")  # position-level constraints in the velocity form (bool)
F = Sym("f")            # right-hand side accumulator (loads - LHS forces)
G = Sym("g")            # algebraic residual (the AE part of r)
RQ = Sym("rq")          # ODE2 part of r


class Call:
    """One kernel call of the fused function: ``kernel(*args)``; args are arrays, scalars or Sym."""
    __slots__ = ("kernel", "args")

    def __init__(self, kernel, *args):
        self.kernel = kernel
        self.args = args


class PythonCall(Call):
    """A call back into Python from the fused code (kernels/user.py: a group's user functions):
    ``user_call(slot, t, index2)`` runs ``callback(t, index2)``, which the FusedResidual keeps
    alive; ``reads``: the arrays its Python code reads (marker outputs of the fused kinematics,
    which are then computed as for a kernel reading them)."""
    __slots__ = ("reads", "callback")

    def __init__(self, callback, reads=()):
        super().__init__(_ku.user_call, _ku.register(callback), T, INDEX2)
        self.callback = callback
        self.reads = tuple(reads)


def _call_arrays(cl):
    """The arrays a call reads or writes, those of a PythonCall's Python code included."""
    return [x for x in cl.args + getattr(cl, "reads", ()) if isinstance(x, np.ndarray)]


class _Memory:
    """Which arrays may share memory with any of ``arrays`` (the calls pass whole arrays; a view,
    rare, is compared by its memory): their identities in a set, and where the array asked about
    owns its memory only the views among them compared by memory (the answers of comparing with
    each, which made describing a module spend a quarter of its time on 1300 comparisons)."""

    def __init__(self, arrays):
        self.ids = {id(x) for x in arrays}
        self.sized = [x for x in arrays if x.size]
        self.views = [x for x in self.sized if x.base is not None]

    def shares(self, a):
        """True if one of the arrays is ``a`` or may share memory with it."""
        if id(a) in self.ids:
            return True
        others = self.sized if a.base is not None else self.views
        return any(np.may_share_memory(x, a) for x in others)


# marker outputs that only some connectors read: orientation, angular velocity, rotation Jacobian,
# coordinate indices (the residual's scatters use copies made at setup)
_OPTIONAL_MARKER_OUTPUTS = ("A", "omega", "Jrot", "ltg")


_MARKER_KERNELS = ("multibody.kernels.markers.copy_frames", "multibody.kernels.markers.body_points")


def _kernel_name(kernel):
    """Module and name of a kernel (its Python twin has the original's, python_kernels.py)."""
    return f"{kernel.py_func.__module__}.{kernel.__name__}"


def _unread_marker_outputs_dropped(markers, calls, read):
    """``calls`` with each marker output that none of ``read`` (the arrays of the calls other than
    the marker kernels) is, or shares memory with, replaced by an empty array: the marker kernels
    then skip it (chain of 1024 rigid bodies with spherical joints: orientations and rotation
    Jacobians were half of what they wrote). Python reads marker frames only after
    SystemEquations.update_kinematics, which computes them all."""
    empty = {}
    memory = _Memory(read)
    for name in _OPTIONAL_MARKER_OUTPUTS:
        a = getattr(markers, name)
        if a.size and not memory.shares(a):
            empty[id(a)] = np.empty((0,) + a.shape[1:], dtype=a.dtype)
    if not empty:
        return calls
    out = []
    for cl in calls:
        if _kernel_name(cl.kernel) in _MARKER_KERNELS:
            cl = Call(cl.kernel, *(empty.get(id(x), x) if isinstance(x, np.ndarray) else x for x in cl.args))
        out.append(cl)
    return out


def _frames_read(frames, arrays):
    """True if any of ``arrays`` may share memory with one of the Frames' arrays."""
    memory = _Memory(arrays)
    return any(memory.shares(a) for a in vars(frames).values() if isinstance(a, np.ndarray) and a.size)


def _kernel_sources_digest():
    """Digest of the package's kernel sources, the versions and the CPU: a cached fused function
    embeds its callees, so it must be recompiled when any of them changes (Numba checks only the
    caller's file). It is kept in the cache directory under a stamp of the sources' sizes and
    modification times, the versions and the CPU (reading and hashing the sources took 0.8 ms of
    every first solve)."""
    global _DIGEST
    if _DIGEST is None:
        import numba
        from llvmlite import binding as llvm
        kdir = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "kernels")
        here = os.path.dirname(os.path.abspath(__file__))
        kernels = [os.path.join(kdir, n) for n in sorted(os.listdir(kdir)) if n.endswith(".py")]
        # the format of the entry point's cache files, and how the written-out source is made
        own = [os.path.join(here, n) for n in ("lean_cache.py", "source_inline.py")]
        versions = (numba.__version__ + np.__version__ + sys.version).encode()
        # Numba's cache is valid for one CPU model: a cache directory shared by different machines
        # (a network home) must not offer a module compiled for another CPU as ready (the stamp
        # takes the CPU from Numba's code generator, set up at import, as the linked kernels'
        # file names do; querying LLVM itself took 0.5 ms)
        stamp = hashlib.sha256(versions + _native.cpu_key().encode())
        for path in kernels + own:
            st = os.stat(path)
            stamp.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
        kept = os.path.join(cache_dir(), f"digest-{stamp.hexdigest()[:24]}")
        try:
            with open(kept) as fh:
                digest = fh.read()
        except OSError:
            digest = ""
        if len(digest) != 16:
            h = hashlib.sha256()
            for path in kernels:
                with open(path, "rb") as fh:
                    h.update(os.path.basename(path).encode() + fh.read())
            for path in own:
                with open(path, "rb") as fh:
                    h.update(fh.read())
            h.update(versions)
            h.update((llvm.get_host_cpu_name() + llvm.get_host_cpu_features().flatten()).encode())
            digest = h.hexdigest()[:16]
            try:
                tmp = f"{kept}.{os.getpid()}.tmp"
                with open(tmp, "w") as fh:
                    fh.write(digest)
                os.replace(tmp, kept)
            except OSError:
                pass
        _DIGEST = digest
    return _DIGEST


# the factorization arguments of ``iterate`` (LinearSolver.compiled_factors) and their types
FACTOR_ARGS = "L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, scale"
FACTOR_TYPES = ["a1<i8C", "a1<i8C", "a1<f8C", "a1<i8C", "a1<i8C", "a1<f8C", "a1<i8C", "a1<i8C", "a1<i8C", "a1<f8C"]
NO_FACTORS = (np.zeros(0, dtype=np.int64),) * 2 + (np.zeros(0),) + (np.zeros(0, dtype=np.int64),) * 2 + (
    np.zeros(0),) + (np.zeros(0, dtype=np.int64),) * 3 + (np.zeros(0),)
# Newton iterations of solvers/newton.py as long as they need nothing of Python: the loop body
# of ``newton`` for modified-Newton iterations that converge or go on with the same Jacobian.
# ns = [maxIterations, relativeTolerance, absoluteTolerance, active, adaptInitialResidual,
#       maxModifiedNewtonIterations, restart limit, modifiedNewtonContractivity,
#       maximumSolutionNorm, weightTolerancePerCoordinate]; st = [it, r0, r_last, extra_step, error,
#       Jacobian updates here (refactor), Jacobians made, restart here, restarted] (in and out).
# Returns 0 converged, 1 iteration it done, its remaining logic (Jacobian update, restart,
# divergence, NaN) left to Python, 2 maxIterations reached, 8 (where st[7] allows it) iteration
# it done and modified Newton restarts the step, which the caller does (STEPS_LOOP).
# the start of a Newton iteration in NEWTON_LOOP and NEWTON_FULL: solve, update and the new
# residual (iterate), its error, the adapted initial residual
_ITERATION = """\
        it += 1
        iterate(q, v, a, lam, t, index2, q_ref, r, rbar, delta, work, coef, {factors}{params})
        err = _kfused.residual_norm(r, rbar, n2, coef[2], ns[9] != 0.0)
        st[4] = err
        if not np.isfinite(err):
            status = 1
            break
        if ns[4] != 0.0 and it <= 1 and err > r0:
            r0 = r_last = err
"""
IMPLICIT_LOOPS = """

@_inner
def newton_loop(q, v, a, lam, t, index2, q_ref, r, rbar, delta, work, coef, ns, st, {factors}{jparams}{params}):
    it = int(st[0])
    r0, r_last, extra = st[1], st[2], st[3] != 0.0
    n2 = q.shape[0]
    status = 2
    while it < ns[0]:
""" + _ITERATION + """\
        converged = (err / r0 <= ns[1]) or ns[3] == 0.0 or err <= ns[2]
        if extra and converged:
            extra = False
            continue
        if converged:
            status = 0
            break
        diverged = not (_kfused.dot(q, q) < ns[8] and _kfused.dot(v, v) < ns[8]
                        and np.isfinite(_kfused.dot(lam, lam)))
        contractivity = err / r_last if r_last > 0 else np.inf
        slow = contractivity > ns[7] and it > 2
        jac = it > ns[5] or slow
        if slow and contractivity > 2.0 and st[7] != 0.0 and st[5] != 0.0 and not diverged and it <= ns[6]:
            # newton.newton's first restart of the step: the step loop does it
            status = 8
            r_last = err
            break
        # a Jacobian update alone (no restart, no switch to full Newton) is done here where st[5]
        # allows it (compiled refactorization), at the point where Python's next iteration would
        # (after a restart, a slow iteration is a second one: full Newton in Python)
        if (diverged or it > ns[6] or (slow and (contractivity > 2.0 or st[8] != 0.0))
                or (jac and (st[5] == 0.0 or it >= ns[0]))):
            status = 1
            break
        if jac:
            if not refactor(q, v, t, q_ref, coef, {factors}{jparams}{params}):
                status = 1      # singular or not finite: Python does it again and reports it
                break
            st[6] += 1.0
        extra = False
        r_last = err
    st[0], st[1], st[2], st[3] = it, r0, r_last, 1.0 if extra else 0.0
    return status
"""
# full Newton (useModifiedNewton False; the static solver's default): as NEWTON_LOOP, with a new
# Jacobian (refactor) before every iteration, that of the first one made by the caller; made after
# the convergence test of an iteration that does not converge, where Python's next iteration would
# make it. st[3] (in): an extra iteration after the first that converges (newton.newton's
# extra_step after a restart: STATIC_STEPS_LOOP's switch to full Newton). A possible divergence
# (or a failed Jacobian) returns status 1 with st[2] and st[3] as before that iteration's logic:
# Python's logic decides (newton.newton, resumed).
NEWTON_FULL = """

@_inner
def newton_full(q, v, a, lam, t, index2, q_ref, r, rbar, delta, work, coef, ns, st, {factors}{jparams}{params}):
    it = int(st[0])
    r0, r_last, extra = st[1], st[2], st[3] != 0.0
    n2 = q.shape[0]
    status = 2
    while it < ns[0]:
""" + _ITERATION + """\
        converged = (err / r0 <= ns[1]) or ns[3] == 0.0 or err <= ns[2]
        if converged and not extra:
            status = 0
            break
        if not converged and not (_kfused.dot(q, q) < ns[8] and _kfused.dot(v, v) < ns[8]
                                  and np.isfinite(_kfused.dot(lam, lam))):
            status = 1
            break
        if it >= ns[0]:
            break
        if not refactor(q, v, t, q_ref, coef, {factors}{jparams}{params}):
            status = 1
            break
        st[6] += 1.0
        if not converged:
            r_last = err        # (not after the extra iteration's convergence, as in newton.newton)
        extra = False
    st[0], st[1], st[2], st[3] = it, r0, r_last, 1.0 if extra else 0.0
    return status
"""
# the time steps of the dynamic solver (STEPS), compiled after IMPLICIT_LOOPS
# The step loops (STEPS_LOOP, STEPS_LOOP_FULL, STATIC_STEPS_LOOP) from one text: @DOC@, @HEAD@ (the settings of
# sc), @PREDICTOR@ (the state at the new time), @AFTER_NEWTON@ (the solver's after_newton)
_STEPS_TEXT = """

@_inner
def steps(q, v, a, lam, index2, q_ref, r, rbar, delta, work, coef, ns, st, sq, sv, sa, slam, saa, aa, aas, caa,
          sc, {factors}{jparams}{params}):
    # @DOC@
@HEAD@    t0, t_lim, t_end, tw, eps = sc[6], sc[7], sc[8], sc[9], sc[10]
    step, max_steps, tc, output = sc[11], sc[12], sc[13], sc[14] != 0.0
    adaptive = sc[20] != 0.0
    n2, nae = q.shape[0], lam.shape[0]
@COEFFICIENTS@    done, its, last, status = 0, 0, 0, 0
    out_slot, post_slot = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.int64)
    pre_slot = np.empty(1, dtype=np.int64)
    t_eval = tc
    restart = False
    while done < max_steps and tc < t_lim:
        if restart:
            # newton.newton's restart of modified Newton (NEWTON_LOOP's status 8): the state at the
            # start of the step (reset_to_start_of_step), the predictor and the residual again
            _kfused.copy_vectors((sq, sv, sa, aas), (q, v, a, aa))
        else:
            _kfused.copy_vectors((q, v, a, caa, aa, lam), (sq, sv, sa, saa, aas, slam))
            if adaptive:
                if tc + h > t_end:
                    break               # a shorter last step: Python
                t_new = tc + h
            else:
                t_new = t0 + (step + 1.0) * h
@PRE_STEP@@PREDICTOR@        for i in range(nae):
            lam[i] = 0.0
        fused(q, v, a, lam, t_new, index2, q_ref, r{params})
        t_eval = t_new
        err = _kfused.residual_norm(r, rbar, n2, coef[2], ns[9] != 0.0)
        st[4] = err
        if not np.isfinite(err):
            status = 3
            break
        r0 = err if err > ns[2] else 2 * ns[2]
        if restart:
            # the iterations go on (it kept) with an extra step and the Jacobian of this state,
            # which newton.newton makes at its next iteration, if there is one; r0 as there,
            # max(r, 2 absoluteTolerance)
            restart = False
            r0 = 2.0 * ns[2] if 2.0 * ns[2] > err else err
            st[1], st[2], st[3] = r0, r0, 1.0
            if st[0] >= ns[0]:
                status = 2
                break
            if not refactor(q, v, t_new, q_ref, coef, {factors}{jparams}{params}):
                status = 9          # Python makes it (a full factorization, or the error) and goes on
                break
            st[6] += 1.0
        else:
            st[0], st[1], st[2], st[3], st[5], st[7], st[8] = 0.0, r0, r0, 0.0, sc[21], @RESTART@, 0.0
@NEWTON@        if status == 8:
            restart = True
            st[7], st[8] = 0.0, 1.0
            continue
        if status != 0:
            break
@AFTER_NEWTON@        if sc[24] != 0.0:
            # the data nodes of connectors after the Newton solve (the solver's after_newton:
            # post_newton, e.g. a TorsionalSpringDamper's continuous angle) by the solver's call
            # back, with the frames of the last residual call (those of the new state)
            post_slot[0] = int(sc[24])
            _kuser.user_call(post_slot, t_new, False)
        if not _kfused.all_finite(q, v, lam):
            status = 4
            break
        done += 1
        step += 1.0
        tc = t_new
        last = int(st[0])
        its += last
        if output and (abs(tc - t_end) <= eps or tc - tw >= -eps):
            if sc[22] == 0.0:
                status = 5
                break
            # the solver writes the output of this step (a call back into Python, the state as
            # Python would see it after the call) and gives the next output time; the steps go on
            sc[15], sc[16], sc[17], sc[18], sc[19] = done, tc, its, last, t_eval
            out_slot[0] = int(sc[22])
            _kuser.user_call(out_slot, tc, False)
            tw = sc[9]
        if sc[23] != 0.0:
            status = 6              # stop requested by the output step or the preStep function
            break
    if status == 3 or status == 4 or status == 7:
        # back to the start of the step: Python does it again and reports what went wrong (7: goes on)
        _kfused.copy_vectors((sq, sv, sa, saa, aas, slam), (q, v, a, caa, aa, lam))
    sc[15], sc[16], sc[17], sc[18], sc[19] = done, tc, its, last, t_eval
    return status


"""
# the solver's preStep call back at the start of a step (sc[25] its slot, 0: none), the state at the
# start of the step and t_new as the step loop gives them; sc[26] set by it: Python goes on from
# there (status 7: a parameter the module reads as a constant changed, a Jacobian update asked for)
_PRE_STEP_CALL = """\
        if sc[25] != 0.0 and not restart:
            sc[15], sc[16], sc[17], sc[18], sc[19] = done, tc, its, last, t_eval
            pre_slot[0] = int(sc[25])
            _kuser.user_call(pre_slot, t_new, False)
            if sc[26] != 0.0:
                status = 7
                break
"""
_NEWTON_LOOP_CALL = ("        status = newton_loop(q, v, a, lam, t_new, index2, q_ref, r, rbar, delta, work, coef, ns, st, "
                     "{factors}{jparams}{params})\n")
_NEWTON_FULL_CALL = """\
        # the Jacobian of the first iteration (full Newton); singular or not finite: Python
        # does the step again (status 3) and reports it
        if not refactor(q, v, t_new, q_ref, coef, {factors}{jparams}{params}):
            status = 3
            break
        st[6] += 1.0
        status = newton_full(q, v, a, lam, t_new, index2, q_ref, r, rbar, delta, work, coef, ns, st, {factors}{jparams}{params})
"""
def _dynamic_steps(newton, doc):
    """The dynamic solver's step loop (_STEPS_TEXT) with ``newton`` the Newton of each step."""
    return (_STEPS_TEXT.replace("@NEWTON@", newton)
            .replace("@RESTART@", "1.0")
            .replace("@DOC@", doc)
            .replace("@PRE_STEP@", _PRE_STEP_CALL)
            .replace("@HEAD@", "    h, am, af, b, g = sc[0], sc[1], sc[2], sc[3], sc[4]\n    newmark = sc[5] != 0.0\n")
            .replace("@COEFFICIENTS@", """\
    # the predictor and after_newton of the solver, term by term in the same order
    c_q = h * h * (0.5 - b)
    c_v = h * (1 - g)
    c_qa = h * h * b
    c_va = h * g
    c_a = (1 - af) / (1 - am)
""")
            .replace("@PREDICTOR@", """\
        if newmark:
            for i in range(n2):
                q[i] = sq[i] + h * sv[i] + c_q * sa[i]
                v[i] = sv[i] + c_v * sa[i]
        else:
            for i in range(n2):
                at = (af * sa[i] - am * aas[i]) / (1 - am)
                aa[i] = at
                q[i] = sq[i] + h * sv[i] + c_q * aas[i] + c_qa * at
                v[i] = sv[i] + c_v * aas[i] + c_va * at
        for i in range(n2):
            a[i] = 0.0
""")
            .replace("@AFTER_NEWTON@", """\
        if newmark:
            for i in range(n2):
                aa[i] = a[i]
        else:
            for i in range(n2):
                aa[i] = aa[i] + c_a * a[i]
        for i in range(n2):
            caa[i] = aa[i]
"""))


_LAM_ZERO_THEN_RESIDUAL = """\
        for i in range(nae):
            lam[i] = 0.0
        fused(q, v, a, lam, t_new, index2, q_ref, r"""


def _lie_predictor(steps, lie_names):
    """The step loop ``steps`` with the predictor's Lie-group rotations (lie_predict, after the
    additive predictor, as ImplicitSecondOrderSolver.predictor) where ``lie_names`` are given."""
    if not lie_names:
        return steps
    assert steps.count(_LAM_ZERO_THEN_RESIDUAL) == 1
    head, _, residual = _LAM_ZERO_THEN_RESIDUAL.rpartition("        fused(")
    return steps.replace(_LAM_ZERO_THEN_RESIDUAL, head + f"        _kfused.lie_predict({lie_names[0]}, sq, q, v, "
                         "-(h * b / (2 * g)))\n        fused(" + residual)


STEPS_LOOP = _dynamic_steps(_NEWTON_LOOP_CALL,
                            "whole time steps of ImplicitSecondOrderSolver with the current Jacobian (see STEPS)")
# the dynamic solver's time steps with full Newton (useModifiedNewton False; module kind
# "implicit_full", so that the modules of the default, modified Newton, neither grow nor change):
# STEPS_LOOP with NEWTON_FULL for the Newton of each step
STEPS_LOOP_FULL = _dynamic_steps(_NEWTON_FULL_CALL,
                                 "whole time steps of ImplicitSecondOrderSolver with full Newton (see STEPS_LOOP_FULL)")
# newton.newton's switch to full Newton in the static load steps, for the iteration that NEWTON_LOOP
# left to Python (status 1) where the compiled refactorization may make the Jacobians (st[5]): a
# second slow iteration after a restart (full Newton, a rejected modified-Newton step, another
# restart with its extra iteration) or more iterations than the restart limit ns[6] (full Newton
# from here, rejected). st[9] counts the rejected steps. Then NEWTON_FULL; where Python must go on
# (the Jacobian declined, a divergence, a residual not finite) the step resumes there in full
# Newton (status 10: its Jacobian, as 9; 11: as 1).
_STATIC_FULL_SWITCH = """\
            if status == 1 and st[5] != 0.0 and np.isfinite(st[4]):
                err = st[4]
                contractivity = err / st[2] if st[2] > 0 else np.inf
                again = st[8] != 0.0 and contractivity > ns[7] and st[0] > 2 and st[0] <= ns[6]
                if (again or st[0] > ns[6]) and _kfused.dot(q, q) < ns[8] and _kfused.dot(v, v) < ns[8] \\
                        and np.isfinite(_kfused.dot(lam, lam)):
                    st[9] += 1.0
                    if again:
                        _kfused.copy_vectors((sq, sv, sa), (q, v, a))
                        for i in range(nae):
                            lam[i] = 0.0
                        fused(q, v, a, lam, t_new, index2, q_ref, r{params})
                        t_eval = t_new
                        err = _kfused.residual_norm(r, rbar, n2, coef[2], ns[9] != 0.0)
                        st[4] = err
                        r0 = 2.0 * ns[2] if 2.0 * ns[2] > err else err
                        st[1], st[2], st[3], st[8] = r0, r0, 1.0, 1.0
                    else:
                        st[2], st[3] = err, 0.0
                    if st[0] >= ns[0]:
                        status = 2
                    elif not refactor(q, v, t_new, q_ref, coef, {factors}{jparams}{params}):
                        status = 10
                    else:
                        st[6] += 1.0
                        status = newton_full(q, v, a, lam, t_new, index2, q_ref, r, rbar, delta, work, coef, ns, st, {factors}{jparams}{params})
                        if status == 1:
                            status = 11
"""
# the load steps of the static solver (mode 3 of the static kind): StaticSolver's step loop, as
# STEPS_LOOP for the dynamic one (its a_alg arrays empty). sc[0:4] = h, the load step duration T,
# useLoadFactor, full Newton (not useModifiedNewton: a new Jacobian at every iteration,
# NEWTON_FULL); the rest as STEPS. The predictor: the load factor of the adjusted time
# (StaticSolver.adjust_time, load_factor) and the loads scaled by it (the products of
# FusedResidual.set_load_factor, {scale_loads}); q stays, lambda = 0; after_newton only the finite
# check. {unsupported}: a module whose loads cannot be scaled in place returns -1.
STATIC_STEPS_LOOP = (_STEPS_TEXT.replace("@NEWTON@", "        if full:\n"
                                         + "".join("    " + x + "\n" for x in _NEWTON_FULL_CALL.splitlines())
                                         + "        else:\n    " + _NEWTON_LOOP_CALL + _STATIC_FULL_SWITCH)
                     .replace("@RESTART@", "1.0")
                     .replace("@DOC@", "whole load steps of StaticSolver (see STATIC_STEPS_LOOP)")
                     .replace("@HEAD@", "{unsupported}    h, T, use_lf, full = sc[0], sc[1], sc[2] != 0.0, sc[3] != 0.0\n")
                     .replace("@COEFFICIENTS@", "")
                     .replace("@PREDICTOR@", \
"""        if not restart:
            tau = t_new - t0        # StaticSolver.adjust_time
            if tau + 1e-10 * T >= T:
                tau = T
            t_new = t0 + tau
""" + _PRE_STEP_CALL + """\
        if not restart:
            lf = (t_new - t0) / T if use_lf else 1.0
{scale_loads}""")
                     .replace("@PRE_STEP@", "")
                     .replace("@AFTER_NEWTON@", ""))
# the end of a Runge-Kutta step where Python sees it (RK_STEPS), written out twice into EXPLICIT_LOOPS:
# at the last step of a call (time t1), and for the state an overflowing step returns to
_RK_END_OF_STEP = """\
if eos:
    bad = accelerations(q, v, za, zl, @T@, q_ref, r, inv_m, f, x{params})
    nrhs += 1
    for j in range(n2):
        a[j] = x[j]
if k > 0:
    # eliminated coordinates: zero, and their multipliers (f - M q_tt)_j / C_j from
    # the residual at q_tt, lambda = 0 (-(M q_tt - f) is f - M q_tt to the last bit);
    # after the end-of-step accelerations r is that residual at these rows already
    # where the mass matrix is diagonal (a_e = 0), not where it has blocks
    for j in range(k):
        e = int(elim[j])
        q[e] = 0.0
        v[e] = 0.0
        a[e] = 0.0
    if not eos or inv_m.shape[0] != n2:
        fused(q, v, a, zl, @T@, False, q_ref, r{params})
        nrhs += 1
    for j in range(k):
        e, cj = int(elim[j]), elim[3 * k + j]
        lam[int(elim[k + j])] = (0.0 - r[e]) / cj if elim[2 * k + j] != 0.0 and cj != 0.0 else 0.0
"""


# the step-size control of rk_steps (modules of kind "explicit_auto": the embedded pairs with the
# automatic step size); without it each step is one try
RK_AUTO_CONTROL = """\
            if not finite or not auto:
                break
            # ExplicitSolver.control_step_size; what Python must do itself (the first warning at
            # the minimum step size, a rejection at it, a state or error not finite) goes back
{combine_yh}            for j in range(m):
                if not np.isfinite(yh[j]):
                    finite = False
            if not finite:
                break
            e_try = _kfused.rk_error(y0, y, yh, a_tol, r_tol)
            if not np.isfinite(e_try):
                finite = False
                break
            err = e_try if e_try != 0.0 else 1e-12
            h_opt = hs * (1.0 / err) ** (1.0 / p)
            h_new = min(min(h_max, inc * hs), max(h_min, safety * h_opt))
            if h_new == h_min and not warned:
                finite = False
                break
            if h_new == h_min or not h_opt < hs:
                h = h_new                   # accepted
                break
            if hs <= h_min * (1.0 + 1e-12):
                finite = False
                break
            nrej += 1                       # rejected: again with the smaller step
            h = h_new
"""
RK_NO_CONTROL = """\
            break
"""


def _rk_combine_source(coef, out, lie, indent):
    """The lines of rk_steps that make the new state ``out`` of a step (``coef``: its weights):
    rk_combine, the Lie-group rotations composed (modules of systems with such nodes), the
    eliminated coordinates zero (the order of ExplicitSolver.runge_kutta)."""
    lines = [f"_kfused.rk_combine({coef}, K, s, hs, y0, dy, {out})"]
    if lie:
        lines += ["if nl > 0:", f"    _kfused.lie_compose(lie, y0, dy, {out})"]
    lines += [f"_kfused.zero_eliminated(elim, k, {out})"]
    return "".join(" " * indent + line + "\n" for line in lines)


EXPLICIT_ACCELERATIONS = """

@_inner
def accelerations(q, v, za, zl, t, q_ref, r, inv_m, f, x{params}):
    # ExplicitSolver.accelerations: f = -(fused residual at q_tt = 0, lambda = 0), x = M^-1 f,
    # elementwise (inv_m: the inverse of a constant diagonal mass matrix) or, inv_m empty, block by
    # block (MassSolver.block_mode; the blocks of the residual call). Returns -1, or the coordinate
    # of a zero pivot (x NaN)
    fused(q, v, za, zl, t, False, q_ref, r{params})
    n2 = q.shape[0]
    bad = -1
    for j in range(n2):
        f[j] = 0.0 - r[j]       # (not -r: a zero force +0, as the group-by-group path's and Exudyn's)
    if inv_m.shape[0] == n2:
        for j in range(n2):
            x[j] = inv_m[j] * f[j]
{block_solve}    return bad
"""
EXPLICIT_LOOPS = EXPLICIT_ACCELERATIONS + """

@_inner
def rk_steps(q, v, a, lam, q_ref, r, delta, y, y0, Kf, tab, inv_m, elim, f, x, sc{params}):
    # explicit Runge-Kutta steps of ExplicitSolver (see RK_STEPS)
    h, s, k, eos = sc[0], int(sc[1]), int(sc[2]), sc[3] != 0.0
    t0, t_lim, t_end, tw, eps = sc[4], sc[5], sc[6], sc[7], sc[8]
    step, max_steps, tc, output, adaptive = sc[9], sc[10], sc[11], sc[12] != 0.0, sc[13] != 0.0
    auto, h_max, h_min, inc, safety = sc[18] != 0.0, sc[19], sc[20], sc[21], sc[22]
    a_tol, r_tol, p, warned, err = sc[23], sc[24], sc[25], sc[26] != 0.0, sc[29]
    n2, nae = q.shape[0], lam.shape[0]
    m = 2 * n2
    K = Kf.reshape((s, m))
    c = tab[:s]
    b = tab[s:2 * s]
    A = tab[2 * s:2 * s + s * s].reshape((s, s))
    bh = tab[2 * s + s * s:3 * s + s * s]
    lie = elim[4 * k:]             # Lie-group rotation rows (LieGroupRotations.packed)
    nl = lie.shape[0]
    za, zl, dy, yh = np.zeros(n2), np.zeros(nae), np.empty(m), np.empty(m)
    done, nrhs, status, nrej = 0, 0, 0, 0
    out_slot, pre_slot = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.int64)
    hs = h
    fresh, t_prev = True, tc      # the state given holds its end-of-step values
    ended = False
    while done < max_steps and tc < t_lim:
        for j in range(n2):
            y0[j] = q[j]
            y0[n2 + j] = v[j]
            delta[j] = a[j]
        for j in range(nae):
            delta[n2 + j] = lam[j]
        while True:
            # one try of the step (auto: the step-size control may reject it and try again)
            if adaptive:
                hs = min(h, t_end - tc) if tc + h > t_end else h      # the step loop's last step
                t_new = tc + hs
            else:
                t_new = t0 + (step + 1.0) * h
            if sc[32] != 0.0:
                # the solver's preStep call back (each try), the state at the start of the step;
                # sc[33] set by it: back to that state, Python goes on from there (status 7)
@START_STATE(16)@
                sc[14], sc[15], sc[16], sc[17], sc[34] = done, tc, nrhs, hs, t_new
                pre_slot[0] = int(sc[32])
                _kuser.user_call(pre_slot, t_new, False)
                if sc[33] != 0.0:
                    ended = True
                    finite = False
                    break
            bad = -1
            for i in range(s):
                _kfused.rk_increment(A[i], K, i, hs, dy)
                for j in range(n2):
                    q[j] = y0[j] + dy[j]
                    v[j] = y0[n2 + j] + dy[n2 + j]
{lie_stage}                bad = accelerations(q, v, za, zl, tc + c[i] * hs, q_ref, r, inv_m, f, x{params})
                nrhs += 1
                if bad >= 0:
                    break
                for j in range(n2):
                    K[i, j] = v[j]
                    K[i, n2 + j] = x[j]
{lie_rate}            finite = bad < 0
            if finite:
{combine_y}                for j in range(n2):
                    q[j] = y[j]
                    v[j] = y[n2 + j]
                for j in range(n2):
                    if not (np.isfinite(q[j]) and np.isfinite(v[j])):
                        finite = False
{auto_control}        t1 = tc + hs
        due, last = False, False
        if finite:
            if not eos:
                for j in range(n2):
                    a[j] = K[s - 1, n2 + j]
            # the end-of-step accelerations and the multipliers of the eliminated coordinates only
            # where Python sees them: at the last step of this call (steps or time bound, output
            # due); the steps in between do not read them (2 of 6 residuals per RK4 step)
            due = output and (abs(t_new - t_end) <= eps or t_new - tw >= -eps)
            last = due or done + 1 >= max_steps or not t_new < t_lim
            if last:
@END_OF_STEP(t1, 16)@
                finite = bad < 0
        if not finite:
            # NaN or Inf in the new state, a zero pivot of the mass matrix, or what the step-size
            # control leaves to Python: the state back at the start of the step, which Python
            # then does itself (and reports)
@START_STATE(12)@
            if not fresh:
                # the start of this step ended a step whose end-of-step values were not needed then
@END_OF_STEP(t_prev, 16)@
            status = 7 if ended else 3
            break
        fresh = last
        t_prev = t1
        done += 1
        step += 1.0
        tc = t_new
        if due:
            if sc[30] == 0.0:
                status = 5
                break
            # the output of this step by the solver's call back (as STEPS); the steps go on
            sc[14], sc[15], sc[16], sc[17] = done, tc, nrhs, hs
            out_slot[0] = int(sc[30])
            _kuser.user_call(out_slot, tc, False)
            tw = sc[7]
        if sc[31] != 0.0:
            status = 6              # stop requested by the output step or the preStep function
            break
    sc[14], sc[15], sc[16], sc[17] = done, tc, nrhs, hs
    sc[27], sc[28], sc[29] = nrej, h, err
    return status


"""
for _t, _indent in (("t_prev", 16), ("t1", 16)):
    EXPLICIT_LOOPS = EXPLICIT_LOOPS.replace(
        f"@END_OF_STEP({_t}, {_indent})@\n",
        "".join(" " * _indent + line + "\n" if line else "\n"
                for line in _RK_END_OF_STEP.replace("@T@", _t).splitlines()))
# the state at the start of a Runge-Kutta step (y0 and delta) back in (q, v, a, lam)
_RK_START_STATE = """\
for j in range(n2):
    q[j] = y0[j]
    v[j] = y0[n2 + j]
    a[j] = delta[j]
for j in range(nae):
    lam[j] = delta[n2 + j]
"""
for _indent in (12, 16):
    EXPLICIT_LOOPS = EXPLICIT_LOOPS.replace(f"@START_STATE({_indent})@\n",
                                            "".join(" " * _indent + line + "\n" for line in _RK_START_STATE.splitlines()))
assert "@END_OF_STEP" not in EXPLICIT_LOOPS and "@START_STATE" not in EXPLICIT_LOOPS
# the step loop's head of rk_steps: the state at the start of the step into y0 and delta
_RK_SAVE_STATE = EXPLICIT_LOOPS[EXPLICIT_LOOPS.index("    while done < max_steps and tc < t_lim:\n"):
                                EXPLICIT_LOOPS.index("        while True:\n            # one try")]
# ExplicitSolver.velocity_verlet_step in the compiled steps (modules of kind "explicit_vv"; the
# entry's mode 4 and the arguments of rk_steps, sc as there): v_h = v + h/2 a, q = q + h v_h, the
# eliminated coordinates zero, a = M^-1 f(q, v_h) (zero at the eliminated ones), v = v_h + h/2 a;
# the eliminated coordinates' multipliers f_j / C_j at each step (finish_elimination, with f of
# that residual: only with a diagonal mass matrix, ExplicitSolver.compiled_steps)
VERLET_STEPS = """

@_inner
def rk_steps(q, v, a, lam, q_ref, r, delta, y, y0, Kf, tab, inv_m, elim, f, x, sc{params}):
    h, k = sc[0], int(sc[2])
    t0, t_lim, t_end, tw, eps = sc[4], sc[5], sc[6], sc[7], sc[8]
    step, max_steps, tc, output, adaptive = sc[9], sc[10], sc[11], sc[12] != 0.0, sc[13] != 0.0
    n2, nae = q.shape[0], lam.shape[0]
    za, zl = np.zeros(n2), np.zeros(nae)
    done, nrhs, status, nrej, err = 0, 0, 0, 0, 0.0
    out_slot, pre_slot = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.int64)
    hs = h
""" + _RK_SAVE_STATE + """        if adaptive:
            hs = min(h, t_end - tc) if tc + h > t_end else h      # the step loop's last step
            t_new = tc + hs
        else:
            t_new = t0 + (step + 1.0) * h
        ended = False
        if sc[32] != 0.0:
            # the solver's preStep call back, the state at the start of the step; sc[33] set by
            # it: Python goes on from there (status 7)
            sc[14], sc[15], sc[16], sc[17], sc[34] = done, tc, nrhs, hs, t_new
            pre_slot[0] = int(sc[32])
            _kuser.user_call(pre_slot, t_new, False)
            ended = sc[33] != 0.0
        finite = not ended
        if finite:
            for j in range(n2):
                vh = v[j] + 0.5 * hs * a[j]
                q[j] = q[j] + hs * vh
                v[j] = vh
            for j in range(k):
                e = int(elim[j])
                q[e] = 0.0
                v[e] = 0.0
            finite = accelerations(q, v, za, zl, tc + hs, q_ref, r, inv_m, f, x{params}) < 0
            nrhs += 1
        if finite:
            for j in range(k):
                x[int(elim[j])] = 0.0
            for j in range(n2):
                v[j] = v[j] + 0.5 * hs * x[j]
                a[j] = x[j]
                if not (np.isfinite(q[j]) and np.isfinite(v[j])):
                    finite = False
            for j in range(k):
                e, cj = int(elim[j]), elim[3 * k + j]
                lam[int(elim[k + j])] = f[e] / cj if elim[2 * k + j] != 0.0 and cj != 0.0 else 0.0
        if not finite:
            # NaN or Inf in the new state, a zero pivot of the mass matrix, or what the preStep
            # function leaves to Python: the state back at the start of the step
""" + "".join(" " * 12 + line + "\n" for line in _RK_START_STATE.splitlines()) + """            status = 7 if ended else 3
            break
        done += 1
        step += 1.0
        tc = t_new
        due = output and (abs(t_new - t_end) <= eps or t_new - tw >= -eps)
""" + EXPLICIT_LOOPS[EXPLICIT_LOOPS.index("        if due:\n            if sc[30] == 0.0:"):]
RUN = """

@numba.njit(cache=True)
def run(mode, q, v, a, lam, t, index2, q_ref, r, rbar, delta, work, coef, ns, st, sq, sv, sa, slam, saa, aa, aas,
        caa, sc, {factors}{jparams}{params}):
    # mode 0: the residual into r (with rbar: also its Newton error); {modes}
{borrow}
    if mode == 0:
        fused(q, v, a, lam, t, index2, q_ref, r{params})
        if rbar.shape[0] > 0:       # and the Newton error (st[4]) and rbar, as in newton_loop
            st[4] = _kfused.residual_norm(r, rbar, q.shape[0], coef[2], ns[9] != 0.0)
        return 0
{branches}    return -1


_lean.install(run)      # its disk cache without the bitcode (equations/lean_cache.py)
"""
RUN_BRANCHES = {
    "implicit": ("1: one Newton iteration (iterate); 2: newton_loop; 3: steps; 5: refactor at (q, v) with coef\n    # into the factors; 6: delta = J^-1 rbar with the factors; 7: the Newton matrix's CSC data into rbar", """
    if mode == 1:
        iterate(q, v, a, lam, t, index2, q_ref, r, rbar, delta, work, coef, {factors}{params})
        if st.shape[0] > 0:         # rbar (solved for) replaced by that of the new residual
            st[4] = _kfused.residual_norm(r, rbar, q.shape[0], coef[2], ns[9] != 0.0)
        return 0
    if mode == 2:
        return newton_loop(q, v, a, lam, t, index2, q_ref, r, rbar, delta, work, coef, ns, st, {factors}{jparams}{params})
    if mode == 3:
        return steps(q, v, a, lam, index2, q_ref, r, rbar, delta, work, coef, ns, st, sq, sv, sa, slam, saa, aa,
                     aas, caa, sc, {factors}{jparams}{params})
    if mode == 5:
        return 1 if refactor(q, v, t, q_ref, coef, {factors}{jparams}{params}) else 0
    if mode == 6:
        _kfused.solve_factored({factors}, rbar, delta, work)
        return 0
    if mode == 7:
        sparse_values(q, v, q_ref, coef, rbar{jparams}{params})
        return 0
"""),
    "explicit": ("4: rk_steps", """
    if mode == 4:
        return rk_steps(q, v, a, lam, q_ref, r, delta, sq, sv, sa, slam, saa, aa, aas, caa, sc{params})
""")}
# the explicit kind with the step-size control of the embedded pairs in rk_steps
RUN_BRANCHES["explicit_auto"] = RUN_BRANCHES["explicit"]
# VelocityVerlet: its steps under the name and mode of the Runge-Kutta steps
RUN_BRANCHES["explicit_vv"] = RUN_BRANCHES["explicit"]
# the static solver: the implicit modes without the time steps (3)
_STEPS_BRANCH = """
    if mode == 3:
        return steps(q, v, a, lam, index2, q_ref, r, rbar, delta, work, coef, ns, st, sq, sv, sa, slam, saa, aa,
                     aas, caa, sc, {factors}{jparams}{params})"""
# mode 8 (modules with a sparse refactorization): sparse_lu.ldl_symbolic of a symbolic array
# (sparse_lu.ldl_layout) passed as U_ind
LDL_SYMBOLIC_BRANCH = """    if mode == 8:
        {sparse_lu}.ldl_symbolic(U_ind)
        return 0
"""
assert _STEPS_BRANCH in RUN_BRANCHES["implicit"][1]
RUN_BRANCHES["implicit_full"] = RUN_BRANCHES["implicit"]
# the static module's mode 3: its load steps (STATIC_STEPS_LOOP), called as the dynamic steps
RUN_BRANCHES["static"] = (RUN_BRANCHES["implicit"][0].replace("3: steps; ", "3: load steps; "),
                          RUN_BRANCHES["implicit"][1])
# RK_STEPS (mode 4): explicit Runge-Kutta steps of ExplicitSolver (a constant diagonal mass matrix,
# inv_m its inverse, or, inv_m empty, a block-diagonal one: the module's block_mass) from (q, v, a,
# lam) after step sc[9] at time sc[11], as STEPS stops: fixed step sizes, or (auto) the
# step-size control of an embedded pair (ExplicitSolver.control_step_size: rejected tries are
# done again with the smaller step). Arrays: y, y0 (2 n2) the new and the start state, Kf
# (s * 2 n2) the stage derivatives, tab = [c (s), b (s), A (s * s), b_hat (s; zeros without)],
# elim = [index, AE index, first, C_j] (k each) of the eliminated coordinates and the Lie-group
# rotation rows (LieGroupRotations.packed: stage values and rates by lie_compose, lie_rate), f, x (n2), delta
# (n2 + n_ae) the start a and lambda. sc = [h, s, k, end-of-step accelerations, t0, loop bound,
# t_end, next output time, output epsilon, step, max steps, t, output on, adaptive | out: steps
# done, t, number of right-hand sides, size of the last step (adaptive: the last one up to t_end
# may be shorter) | in: auto, h_max, h_min, maximum increase, safety, absolute and relative
# tolerance, exponent p, minimum-step warning given | out: tries rejected, the next step size |
# in/out: the last error estimate | in: the slot of the solver's output call back (0: none),
# out: stop requested by it or by the preStep call back (after the step) | in: the slot of the
# solver's preStep call back (0: none; called at each try of a step, the state at its start),
# out: Python goes on from the start of that step, the time of the last preStep call]. The end-of-step accelerations (eos) and the
# multipliers of the eliminated coordinates are made at the call's last step only (the state
# Python sees; the steps in between do not read them). Returns 0, 5 (output due, without a call
# back), 6 (stop requested by a call back), 7 (asked for by the preStep call back: the state back
# at the start of the step, preStep called for it) or 3 (state back at the start of
# the step, which Python then does: NaN/Inf, a zero pivot of the mass matrix, the first step at
# the minimum step size (its warning), a rejection at the minimum step size (its failure)).
# STEPS (mode 3): time steps of ImplicitSecondOrderSolver (fixed step size, modified Newton with the
# current factorization) from the state (q, v, a, lam; aa = the solver's a_alg, caa = the state's)
# after the step sc[11] at time sc[13], until sc[12] steps are done, the time reaches sc[7] or an
# output is due. sc = [h, alpha_m, alpha_f, beta, gamma, newmark, t0, loop bound, t_end, next output
# time, output time epsilon, step, max steps, t, output on | out: steps done, t, Newton iterations,
# those of the last step, time of the last residual | in: adaptive (t_new = t + h as in the step
# loop), the compiled refactorization allowed, the slot of the solver's output call back (0: none;
# it writes the output of a step where one is due, sc[15:20] as after the call, and the next output
# time into sc[9]) | out: stop requested by it or by the preStep call back (after the step) | in:
# the slot of the solver's post-Newton call back (0: none; the data nodes of connectors after each
# Newton solve), the slot of the solver's preStep call back (0: none) | out: Python goes on from
# the start of the step (set by the preStep call back)]. Each step: start-of-step copy (sq, sv, sa,
# slam, saa; aas = a_alg start), preStep call back, predictor, residual, newton_loop, after_newton.
# Returns 0 (steps or time bound reached), 5 (step done, output due, without a call back), 6 (stop
# requested by a call back), 7 (asked for by the preStep call back, called for the step: the
# state back at its start), 1/2 (newton_loop's status: the step is in progress, Python's
# Newton goes on from st, r, rbar, delta), 3/4 (NaN or Inf in the first residual or the new state: the state is
# back at the start of the step, which Python then does itself).
# source_inline: the functions written out where the loops call them, and those loops
INLINED = ("fused", "iterate", "newton_loop", "newton_full", "accelerations")
INLINING = ("iterate", "newton_loop", "newton_full", "steps", "accelerations", "rk_steps")
_DIGEST = None
_COMPILED = {}     # source hash -> compiled function (this process)
_RUNNING = {}      # source hash -> compiling process started by this process
COMPILE_TIMEOUT_S = 120.0
# Background compiles of one cache directory run at most this many at a time (the others wait in
# their processes for a slot, a flock on a file "compile-slot-K" of the directory): a compile keeps
# a core busy for 10-60 s, and a test suite or a parameter study that meets many new structures
# started 13 at once on 2 cores, which slowed the solves that started them several times over. A
# compile that a solve waits for (``compile()``, fusedResidual = True) does not wait for a slot.
COMPILE_SLOTS = max(1, (os.cpu_count() or 2) // 2)
# The cache directory keeps at most this many compiled modules ($MULTIBODY_CACHE_MAX_MODULES
# overrides it; 0: no limit): before a new compile starts, the least recently loaded ones beyond
# it are removed (each 1-3 MB of machine code; every change of the kernel sources makes all
# modules of the old version unused, and a machine had gathered 3 GB of them).
CACHE_MAX_MODULES = 300
_PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


_CACHE_DIR = {}    # ($MULTIBODY_CACHE_DIR, home) -> the directory chosen (creating and checking it: 0.13 ms)


def _touch(path):
    try:
        os.utime(path)
    except OSError:
        pass


def prune_cache(limit=None, keep=None, folder=None):
    """Remove the compiled modules of the cache directory beyond ``limit`` (default
    $MULTIBODY_CACHE_MAX_MODULES or CACHE_MAX_MODULES; 0 or less: none), least recently loaded
    first (the time of their ``.ok`` file, set at each load); a module being compiled (fresh
    ``.lock``) and the module ``keep`` stay. Returns the keys removed."""
    if limit is None:
        try:
            limit = int(os.environ.get("MULTIBODY_CACHE_MAX_MODULES", CACHE_MAX_MODULES))
        except ValueError:
            limit = CACHE_MAX_MODULES
    if limit <= 0:
        return []
    folder = folder or cache_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    done = []
    for name in names:
        if name.startswith("fused_") and name.endswith(".ok"):
            try:
                done.append((os.path.getmtime(os.path.join(folder, name)), name[len("fused_"):-len(".ok")]))
            except OSError:
                pass
    if len(done) <= limit:
        return []
    done.sort()
    now = time.time()
    removed = []
    for _, key in done[:len(done) - limit]:
        lock = os.path.join(folder, f"fused_{key}.lock")
        try:
            if key == keep or now - os.path.getmtime(lock) < COMPILE_TIMEOUT_S:
                continue
        except OSError:
            pass                                  # no lock: not being compiled
        # the .ok first: from then on no process takes the module for compiled
        for sub, prefixes in ((folder, (f"fused_{key}.",)),
                              (os.path.join(folder, "__pycache__"), (f"fused_{key}.", f"lean-fused_{key}."))):
            try:
                files = sorted(os.listdir(sub), key=lambda f: not f.endswith(".ok"))
            except OSError:
                continue
            for f in files:
                if f.startswith(prefixes):
                    try:
                        os.remove(os.path.join(sub, f))
                    except OSError:
                        pass
        removed.append(key)
    return removed


def cache_dir():
    """Directory of the generated sources (Numba keeps its cache in __pycache__ beside them):
    $MULTIBODY_CACHE_DIR, else ~/.cache/multibody/fused, else a temporary directory."""
    env = (os.environ.get("MULTIBODY_CACHE_DIR"), os.environ.get("HOME"))
    d = _CACHE_DIR.get(env)
    if d is None or not os.path.isdir(d):
        d = _CACHE_DIR[env] = _choose_cache_dir()
    return d


def _choose_cache_dir():
    for d in (os.environ.get("MULTIBODY_CACHE_DIR"), os.path.join(os.path.expanduser("~"), ".cache",
                                                                 "multibody", "fused")):
        if not d:
            continue
        try:
            os.makedirs(d, exist_ok=True)
            if os.access(d, os.W_OK):
                return d
        except OSError:
            pass
    d = os.path.join(tempfile.gettempdir(), "multibody-fused")
    os.makedirs(d, exist_ok=True)
    return d


def _type_key(x):
    if isinstance(x, np.ndarray):
        return f"a{x.ndim}{x.dtype.str}{'C' if x.flags.c_contiguous else 'A'}"
    if isinstance(x, (bool, np.bool_)):
        return "b"
    if isinstance(x, (int, np.integer)):
        return "i"
    return "f"


_NUMBA_TYPES = {}


def _numba_type(key):
    """The Numba type of an argument with ``_type_key`` ``key`` (as fused_compile.sample's value)."""
    t = _NUMBA_TYPES.get(key)
    if t is None:
        import numba
        scalars = {"f": numba.float64, "i": numba.int64, "b": numba.boolean}
        if key in scalars:
            t = scalars[key]
        else:       # a<ndim><dtype><C|A>, ndim one digit (made by _type_key)
            t = numba.types.Array(numba.from_dtype(np.dtype(key[2:-1])), int(key[1]), key[-1])
        _NUMBA_TYPES[key] = t
    return t


def _bound_value(x):
    if isinstance(x, np.ndarray):
        # Numba types read-only arrays apart (the only read-only inputs are constant tables)
        return x if x.flags.writeable else x.copy()
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    return float(x)


def numba_errors():
    from numba.core import errors
    return errors


class _Unsupported(Exception):
    pass


def _spec(group, method, eq, **kw):
    """The fused contribution of a group (module docstring); _Unsupported if it has none."""
    f = getattr(group, method, None)
    out = f(eq, **kw) if f is not None else None
    if out is None:
        raise _Unsupported(f"{type(group).__name__} has no {method} (or an option it does not cover)")
    return out


class FusedResidual:
    """The compiled residual of one assembled system (see the module docstring)."""
    partial_kinematics = True       # build() sets it: False if the calls compute every frame and marker output

    def __init__(self, eq, calls_kin, calls_rhs, calls_con, mass_terms, con_terms, jac_calls=None, kind="implicit",
                 load_vectors=()):
        self.eq = eq
        self.reason = ""
        # calls back into Python (user functions): their callables live as long as this residual,
        # and the entry point raises their exceptions (_set_function)
        self._callbacks = [cl.callback for cl in list(calls_kin) + list(calls_rhs) + list(calls_con)
                           if isinstance(cl, PythonCall)]
        self.calls_back = bool(self._callbacks)
        bound, lines, modules, names = [], [], {}, {}

        def arg(x):
            if isinstance(x, Sym):
                return x.name
            x = _bound_value(x)
            if not isinstance(x, np.ndarray):
                return repr(x)                  # scalars are constants of the source
            name = names.get(id(x))
            if name is None:                    # every array once (frame arrays serve many calls)
                bound.append(x)
                name = names[id(x)] = f"b{len(bound) - 1}"
            return name

        def call_text(cl):
            mod = cl.kernel.py_func.__module__
            alias = modules.setdefault(mod, f"_k{len(modules)}")
            return f"{alias}.{cl.kernel.__name__}({', '.join(arg(x) for x in cl.args)})"

        def call(cl):
            lines.append("    " + call_text(cl))

        # the order of the sums is that of SystemEquations (r = (M a - f) + C^T lambda), so that
        # both paths give the same numbers to the last bit
        for cl in calls_kin:
            call(cl)
        for cl in calls_rhs:
            call(cl)
        for cl in calls_con:
            call(cl)
        for ltg, ae, mask, g, C in con_terms:
            if mask.any():
                call(Call(kf.lambda_rows, mask, ae, LAM, g, C))
            call(Call(ka.scatter_add, G, ae, g, 1.0))
        if kind == "static":
            # StaticSolver.residual: f + C^T lambda, no mass terms (the loads are scaled by the
            # load factor: set_load_factor)
            lines.append("    for i in range(n2):")
            lines.append("        rq[i] = f[i]")
        else:
            for ltg, blocks in mass_terms:
                call(Call(ka.blocks_times_vector_add, Sym("ma"), ltg, blocks, A))
            lines.append("    for i in range(n2):")
            lines.append("        rq[i] = ma[i] - f[i]")
        for ltg, ae, mask, g, C in con_terms:
            call(Call(ka.transposed_times_multipliers_add, Sym("react"), ltg, ae, C, LAM))
        # the explicit kind's block-by-block mass solve (its ``accelerations``): where the body
        # groups' coordinates cover every ODE2 coordinate once (MassSolver._block_partition)
        # (not where the mass is constant: a constant diagonal one is inverted elementwise, and any
        # other constant one is rare; a module links every kernel it may call, and each adds to
        # its load at the first solve of a process: 1-2 ms of a 4-mass-point grid's 8 ms)
        block_solve = ""
        self.block_mass = False
        if kind.startswith("explicit") and mass_terms and not eq.constant_mass:
            n2 = eq.c.n_ode2
            idx = np.concatenate([np.asarray(ltg).reshape(-1) for ltg, _ in mass_terms])
            if idx.size == n2 and idx.min() >= 0 and idx.max() < n2 and np.unique(idx).size == n2:
                self.block_mass = True
                from ..solvers.linear import SINGULAR_PIVOT
                solves = [call_text(Call(ka.blocks_solve, ltg, blocks, Sym("f"), Sym("x"), SINGULAR_PIVOT))
                          for ltg, blocks in mass_terms]
                block_solve = "    else:\n        bad = " + solves[0] + "\n" + "".join(
                    f"        if bad < 0:\n            bad = {text}\n" for text in solves[1:])
        # the implicit solvers' Lie-group update of rotation-vector nodes (ImplicitSecondOrderSolver
        # update and predictor: kernels lie_newton / lie_store / lie_predict), only in the modules
        # of systems with such nodes (the others keep their source)
        lie_names = None
        self.lie_update = False
        if kind in ("implicit", "implicit_full"):
            from .rigid import lie_group_packed
            lie_arr = lie_group_packed(eq.c)
            if lie_arr.shape[0]:
                self.lie_update = True
                lie_names = (arg(lie_arr), arg(np.empty(lie_arr.shape[0] // 2)))
        lines.append("    for i in range(n2):")
        lines.append("        rq[i] += react[i]")
        # the residual's work vectors (q_tot, f, M a, C^T lambda): bound arrays, not allocated per call
        n2 = eq.c.n_ode2
        scratch = ", ".join(arg(np.zeros(n2)) for _ in range(4))
        # the compiled refactorization (implicit solvers): its own arrays (j0, j1, ...) are passed
        # to the loops only, not to every residual call
        jbound, jnames, jlines, jdense, jsparse, kind_refactor = [], {}, [], None, None, None
        if kind in ("implicit", "implicit_full", "static") and jac_calls is not None:
            def jarg(x):
                if isinstance(x, Sym):
                    return x.name
                x = _bound_value(x)
                if not isinstance(x, np.ndarray):
                    return repr(x)
                name = names.get(id(x)) or jnames.get(id(x))
                if name is None:
                    jbound.append(x)
                    name = jnames[id(x)] = f"j{len(jbound) - 1}"
                return name
            pos, value_calls, dense_call, sparse_call = jac_calls
            jarg(pos)                           # j0: the block offsets the calls index

            def jline(cl):
                mod = cl.kernel.py_func.__module__
                alias = modules.setdefault(mod, f"_k{len(modules)}")
                return f"    {alias}.{cl.kernel.__name__}({', '.join(jarg(x) for x in cl.args)})"
            jlines = [jline(cl) for cl in value_calls]
            if isinstance(dense_call, list):    # the sparse refactorization: the CSC values, their LU
                scatter, lu = dense_call
                jdense = [jline(scatter), "    return " + jline(lu).strip() + " == 1"]
                kind_refactor = "sparse"
            elif dense_call is not None:
                jdense = ["    return " + jline(dense_call).strip()]
                kind_refactor = "dense"
            jsparse = jline(sparse_call)
        # the static kind's load steps scale the loads in place (set_load_factor): through flat views
        # of the scaled copies, so these must be contiguous (else the load steps stay in Python)
        scale_loads = []
        self.static_steps = kind == "static" and all(out.flags.c_contiguous and out.flags.writeable
                                                      for _, out in load_vectors)
        if self.static_steps:
            for vec, out in load_vectors:
                vn, on = arg(np.ascontiguousarray(vec, dtype=float).reshape(-1)), arg(out.reshape(-1))
                scale_loads += [f"            for i in range({on}.shape[0]):", f"                {on}[i] = {vn}[i] * lf"]
        # 'dense' / 'sparse': the factors ``refactor`` writes (LinearSolver.refactorizable)
        self.refactorizable = kind_refactor if jlines and jdense is not None else None
        self.compiled_jacobian = bool(jlines)
        self.jbound = tuple(jbound)
        self.bound = tuple(bound)
        self.constraint_jacobians = [C for _, _, _, _, C in con_terms]
        self.mass_blocks = [blocks for _, blocks in mass_terms]
        bound_types = [_type_key(x) for x in bound]
        jbound_types = [_type_key(x) for x in jbound]
        self.types = ["a1<f8C"] * 4 + ["f", "b"] + ["a1<f8C"] * 2 + bound_types
        params = ", ".join(f"b{i}" for i in range(len(bound)))
        comma = ", " if params else ""
        jparams = "".join(f", j{i}" for i in range(len(jbound)))
        head = [f"# multibody fused residual; kernels {_kernel_sources_digest()}",
                "import numpy as np", "import numba",
                "import multibody.kernels.fused as _kfused",
                "import multibody.kernels.user as _kuser",
                "import multibody.equations.lean_cache as _lean",
                "_inner = _lean.inner_jit()   # what run calls: numba.njit, see lean_cache"]
        head += [f"import {m} as {a}" for m, a in modules.items()]
        # one entry point (run): each compiled function loaded from the cache carries its own copy
        # of every kernel it calls (fused, iterate, newton_loop: 24 + 30 + 26 ms at the first call
        # in a process, chain_spherical), so Python calls only run, which loads once
        run_types = self.types[:8] + ["a1<f8C"] * 15 + FACTOR_TYPES + jbound_types + bound_types
        head.append(f"SIGNATURES = {{'run': 'i ' + {' '.join(run_types)!r}}}")
        self.run_types = ["i"] + run_types
        body = ["", "", "@_inner",
                f"def fused(q, v, a, lam, t, index2, q_ref, r{', ' if params else ''}{params}):",
                "    n2 = q.shape[0]",
                f"    q_tot, f, ma, react = {scratch}",
                "    for i in range(n2):",
                "        q_tot[i] = q_ref[i] + q[i]",
                "        f[i] = 0.0",
                "        ma[i] = 0.0",
                "        react[i] = 0.0",
                "    rq = r[:n2]",
                "    g = r[n2:]",
                "    r[:] = 0.0"]
        body += lines
        fmt = dict(factors=FACTOR_ARGS, params=comma + params, jparams=jparams)
        if kind == "explicit_vv":
            body += (EXPLICIT_ACCELERATIONS + VERLET_STEPS).format(block_solve=block_solve, **fmt).splitlines()
        elif kind.startswith("explicit"):
            # the Lie-group lines only for systems with such nodes, the step-size control only in
            # the modules of the automatic step size (what a module may call, it links and loads)
            lie = any(getattr(g, "lie_group_rows", None) is not None and g.n for g in eq.c.node_groups)
            control = (RK_AUTO_CONTROL.format(combine_yh=_rk_combine_source("bh", "yh", lie, 12))
                       if kind == "explicit_auto" else RK_NO_CONTROL)
            body += EXPLICIT_LOOPS.format(
                block_solve=block_solve, auto_control=control, combine_y=_rk_combine_source("b", "y", lie, 16),
                lie_stage="                if nl > 0:\n                    _kfused.lie_compose(lie, y0, dy, q)\n"
                if lie else "",
                lie_rate="                if nl > 0:\n                    _kfused.lie_rate(lie, dy, K[i])\n" if lie else "",
                **fmt).splitlines()
        else:
            body += self._iterate_source(comma, params, lie_names)
            jv = f"q, v, q_ref, coef{jparams}{comma}{params}"
            body += ["", "", "@_inner",
                     f"def jac_values({jv}):",
                     "    # the values of SystemEquations.jacobian at (q, v) block by block (from the",
                     "    # buffers of the last residual call there)",
                     "    q_tot = q_ref + q"] + (jlines or ["    pass"])
            body += ["", "", "@_inner",
                     f"def refactor(q, v, t, q_ref, coef, {FACTOR_ARGS}{jparams}{comma}{params}):",
                     "    # the Newton matrix at (q, v) and its LU into the factors (dense, or sparse with their",
                     "    # pivot order: kernels/sparse_lu.py lu_refactor); False: not done"]
            if jdense is not None:
                body += [f"    jac_values({jv})"] + jdense
            else:
                body += ["    return False"]
            body += ["", "", "@_inner",
                     f"def sparse_values(q, v, q_ref, coef, data{jparams}{comma}{params}):",
                     "    # the Newton matrix at (q, v) as the data of SystemEquations' CSC pattern"]
            if jsparse is not None:
                body += [f"    jac_values({jv})", jsparse]
            else:
                body += ["    pass"]
            body += IMPLICIT_LOOPS.format(**fmt).splitlines()
            if kind == "implicit":
                body += _lie_predictor(STEPS_LOOP.format(**fmt), lie_names).splitlines()
            elif kind == "implicit_full":
                body += NEWTON_FULL.format(**fmt).splitlines()
                body += _lie_predictor(STEPS_LOOP_FULL.format(**fmt), lie_names).splitlines()
            else:
                unsupported = "" if self.static_steps else "    return -1      # loads not scaled in place: Python's loop\n"
                body += NEWTON_FULL.format(**fmt).splitlines()
                body += STATIC_STEPS_LOOP.format(scale_loads="".join(x + "\n" for x in scale_loads),
                                                 unsupported=unsupported, **fmt).splitlines()
        modes, branches = RUN_BRANCHES[kind]
        self.ldl_symbolic_mode = self.refactorizable == "sparse"
        if self.ldl_symbolic_mode:
            # the symbolic part of a first L D L^T (LinearSolver._factorize_ldl; its numbers are then
            # those of ``refactor``): that factorization needs no kernel of its own to load (static
            # truss n = 136: 2.0-2.4 ms of a first solve)
            modes += "; 8: the L D L^T analysis of the symbolic data U_ind"
            branches += LDL_SYMBOLIC_BRANCH.format(sparse_lu=modules[sparse_lu.__name__])
        # every array argument borrowed (kernels/fused.py ``borrowed``): the calls below pass them
        # on without reference counting (chain_spherical N=1: 4.2 -> 3.8 us per residual)
        arrays = ("q v a lam q_ref r rbar delta work coef ns st sq sv sa slam saa aa aas caa sc " + FACTOR_ARGS.replace(",", "")
                  + jparams.replace(",", "") + " " + params.replace(",", "")).split()
        borrow = "\n".join(f"    {', '.join(arrays[i:i + 8])} = " + ", ".join(f"_kfused.borrowed({x})" for x in arrays[i:i + 8])
                            for i in range(0, len(arrays), 8))
        body += RUN.format(modes=modes, branches=branches.lstrip("\n").format(**fmt), borrow=borrow,
                           **fmt).splitlines()
        self.kind = kind
        # the per-iteration chain newton_loop -> iterate -> fused (and the explicit loop's) written
        # out in its callers: each of these calls copied every array descriptor (source_inline).
        # The key is that of the source before: the written-out one is made only for a new module
        # (``source``), else read back with the module (10-20 ms per solve saved)
        self._plain_source = "\n".join(head + body) + "\n"
        self._source = None
        self.key = hashlib.sha256(self._plain_source.encode()).hexdigest()[:20]
        self.function = None
        self._factors = None
        self._empty = np.zeros(0)
        self._no_steps = (self._empty,) * 9

    @property
    def source(self):
        """The module's source: the generated one with the loops' calls written out (INLINED)."""
        if self._source is None:
            self._source = inline_calls(self._plain_source, INLINED, INLINING)
        return self._source

    @source.setter
    def source(self, text):
        self._source = text

    @staticmethod
    def _iterate_source(comma, params, lie_names=None):
        """``iterate``; ``lie_names``: the bound arrays (lie, scratch) of the Lie-group update."""
        lie_before = [f"    _kfused.lie_newton({lie_names[0]}, q, delta, {lie_names[1]})"] if lie_names else []
        lie_after = [f"    _kfused.lie_store({lie_names[0]}, {lie_names[1]}, q)"] if lie_names else []
        return (["", "", "@_inner",
                 f"def iterate(q, v, a, lam, t, index2, q_ref, r, rbar, delta, work, coef, {FACTOR_ARGS}{comma}{params}):",
                 "    # one Newton iteration: J delta = rbar (empty factors: delta given), the update of",
                 "    # ImplicitSecondOrderSolver.update (coef = gamma', beta', beta h^2), the new residual",
                 "    if L_ptr.shape[0] > 0:",
                 f"        _kfused.solve_factored({FACTOR_ARGS}, rbar, delta, work)",
                 "    n2 = q.shape[0]"] + lie_before
                + ["    for i in range(n2):",
                   "        q[i] -= delta[i]",
                   "        v[i] -= coef[0] * delta[i]",
                   "        a[i] -= coef[1] * delta[i]"] + lie_after
                + ["    for i in range(lam.shape[0]):",
                   "        lam[i] -= delta[n2 + i] / coef[2]",
                   f"    fused(q, v, a, lam, t, index2, q_ref, r{comma}{params})"])

    @classmethod
    def build(cls, eq, kind="implicit"):
        """The fused residual of ``eq``'s system, or None with the reason in ``eq.fused_reason``.
        ``kind``: the solver's loops compiled with it, "implicit" (iterate, newton_loop, steps),
        "implicit_full" (the same, its steps with full Newton: newton_full),
        "static" (the residual f + C^T lambda of StaticSolver, iterate, newton_loop), "explicit" or
        "explicit_auto" (with the step-size control of the embedded pairs)
        (rk_steps), "explicit_vv" (VelocityVerlet's steps); a module with all would take longer
        to load.

        The residual of a kind is kept on ``eq`` for the next solves of the same assembled system
        until a parameter it depends on changes (CompiledSystem.fused_parameter_version): its
        description took 0.7-1.3 ms of every solve (a parameter study's repeated solves)."""
        version = eq.c.fused_parameter_version
        kept = eq.__dict__.setdefault("_fused_built", {})
        if kind in kept and kept[kind][0] == version:
            fz, eq.fused_reason = kept[kind][1:]
            return fz
        fz = cls._build(eq, kind)
        kept[kind] = (version, fz, eq.fused_reason)
        return fz

    @classmethod
    def _build(cls, eq, kind):
        scaled = [] if kind == "static" else None
        try:
            parts, partial = cls._collect(eq, scaled)
        except _Unsupported as exc:
            eq.fused_reason = str(exc)
            return None
        eq.fused_reason = ""
        fz = cls(eq, *parts, kind=kind, load_vectors=scaled or ())
        fz.partial_kinematics = partial
        fz.load_vectors = scaled or []
        return fz

    def set_load_factor(self, factor):
        """The static kind's loads: each load group's vector times ``factor`` (as LoadGroup.values)."""
        for vec, out in self.load_vectors:
            np.multiply(vec, factor, out=out)

    @staticmethod
    def _collect(eq, scaled=None):
        """The calls and terms of the fused residual; ``scaled``: a list, for the static kind, that
        receives the (loadVector, scaled copy) pairs of the load groups, whose calls then use the
        copy (FusedResidual.set_load_factor)."""
        c = eq.c
        calls_kin, calls_rhs, calls_con, mass_terms, con_terms = [], [], [], [], []
        node_kin, body_kin = [], []
        for g in c.node_groups:
            node_kin += _spec(g, "fused_frame", eq)
        for k, g in enumerate(c.body_groups):
            if g.has_frame:
                body_kin += _spec(g, "fused_frame", eq)
            if not g.width:
                continue
            if g.constant_mass:
                mass_terms.append((g.ltg, eq.constant_mass_block(k)))
            else:
                calls, blocks = _spec(g, "fused_mass", eq)
                calls_rhs += calls
                mass_terms.append((g.ltg, blocks))
            calls_rhs += _spec(g, "fused_forces", eq)
        for g in c.marker_groups:
            calls_kin += _spec(g, "fused_evaluate", eq)
        for g in c.connector_groups:
            calls_rhs += _spec(g, "fused_forces", eq)
        for g in c.load_groups:
            if scaled is None:
                calls_rhs += _spec(g, "fused_forces", eq)
            else:
                out = np.zeros_like(g.vec)
                calls_rhs += _spec(g, "fused_forces", eq, vec=out)
                scaled.append((g.vec, out))
        for g in c.constraint_groups:
            calls, gbuf, Cbuf = _spec(g, "fused_equations", eq)
            calls_con += calls
            # lambda = 0 rows: inactive items and free axes (as ConstraintGroup/JointGroup.evaluate)
            mask = np.ascontiguousarray(np.broadcast_to(~g.active[:, None] | getattr(g, "free_rows", False),
                                                        g.ae.shape))
            con_terms.append((np.ascontiguousarray(g.ltg_cache), g.ae, mask, gbuf, Cbuf))
        mass_of = {id(g): blocks for g, (_, blocks) in zip([g for g in c.body_groups if g.width], mass_terms)}
        con_of = {id(g): (mask, C) for g, (_, _, mask, _, C) in zip(c.constraint_groups, con_terms)}
        try:
            jac_calls = FusedResidual._collect_jacobian(eq, mass_of, con_of)
        except _Unsupported:
            jac_calls = None
        # node or body frames that no call reads are not computed: a rigid body's frame is its
        # node's, and markers on bodies read the body frames only (chain of 1024 rigid bodies: the
        # node frames were 55 of the 450 us of a residual). Python code reads frames only after
        # SystemEquations.update_kinematics, which computes them all.
        readers = calls_kin + calls_rhs + calls_con
        if jac_calls is not None:
            readers = readers + list(jac_calls[1]) + list(jac_calls[2] if isinstance(jac_calls[2], list)
                                                         else [jac_calls[2]]) + [jac_calls[3]]
        read = [x for cl in readers for x in _call_arrays(cl)]
        frame_calls = len(body_kin) + len(node_kin)
        body_kin = body_kin if _frames_read(eq.body_frames, read) else []
        node_kin = node_kin if _frames_read(eq.node_frames, read + [x for cl in body_kin for x in cl.args
                                                                   if isinstance(x, np.ndarray)]) else []
        read_by_others = [x for cl in readers if _kernel_name(cl.kernel) not in _MARKER_KERNELS
                          for x in _call_arrays(cl)]
        marker_calls = _unread_marker_outputs_dropped(eq.markers, calls_kin, read_by_others)
        # partial: the fused calls leave frames or marker outputs out (export_caches completes them)
        partial = len(body_kin) + len(node_kin) < frame_calls or marker_calls is not calls_kin
        calls_kin = node_kin + body_kin + marker_calls
        return (calls_kin, calls_rhs, calls_con, mass_terms, con_terms, jac_calls), partial

    @staticmethod
    def _collect_jacobian(eq, mass_of, con_of):
        """The calls of the compiled refactorization (``refactor``): the K/D blocks, the values of
        SystemEquations.jacobian block by block (kernels/fused.py jac_*), then up to
        DENSE_COMPILED_MAX equations the dense matrix and its LU, above the CSC values and their
        sparse refactorization (a list of two calls). None for an empty system; _Unsupported where
        a group has no fused form of its blocks."""
        from ..solvers.linear import DENSE_COMPILED_MAX, REFACTOR_PIVOT_TOL, SINGULAR_PIVOT
        n = eq.n
        if n == 0:
            return None
        vals = np.zeros(eq._values.shape[0])
        pos = np.zeros(len(eq._blocks) + 1, dtype=np.int64)
        pos[1:] = np.cumsum([size for _, _, size in eq._blocks])
        stiff_calls, calls = [], []
        P = Sym("j0")           # pos, the first array of the refactorization
        coef = Sym("coef")
        for k, (kind, g, size) in enumerate(eq._blocks):
            at = Sym(f"{P.name}[{k}]")
            if kind in ("body", "connector"):
                spec = g.fused_stiffness(eq) if hasattr(g, "fused_stiffness") else None
                if spec is None or (kind == "body" and getattr(g, "numeric_user_jacobian", lambda: False)()):
                    raise _Unsupported(f"{type(g).__name__} has no fused stiffness")
                if kind == "body":
                    M = mass_of[id(g)]
                    if spec is False:
                        calls.append(Call(kf.jac_body, vals, at, M, M, M, coef, False))
                    else:
                        stiff_calls += spec[0]
                        calls.append(Call(kf.jac_body, vals, at, M, spec[1], spec[2], coef, True))
                else:
                    stiff_calls += spec[0]
                    calls.append(Call(kf.jac_connector, vals, at, spec[1], spec[2], coef))
            elif kind == "C":
                vel = np.ascontiguousarray(np.broadcast_to(g.velocity_level, (g.n,)), dtype=bool)
                calls.append(Call(kf.jac_constraint, vals, at, con_of[id(g)][1], vel, coef))
            elif kind == "CT":
                pass            # written by jac_constraint after the C block
            elif kind == "lam":
                calls.append(Call(kf.jac_lambda_rows, vals, at, con_of[id(g)][0], coef))
            else:
                calls.append(Call(kf.jac_zero, vals, at, Sym(f"{P.name}[{k + 1}] - {P.name}[{k}]")))
        slots = np.ascontiguousarray(eq._slots, dtype=np.int64)
        if n <= DENSE_COMPILED_MAX:
            refactor = Call(kf.refactor_dense, vals, np.ascontiguousarray(eq._dense_slots, dtype=np.int64),
                            np.zeros(n * n), Sym("L_val"), Sym("U_val"), Sym("perm_r"), np.zeros(n, dtype=np.int64),
                            SINGULAR_PIVOT)
        else:
            # the CSC values and lu_refactor into the sparse factors, as LinearSolver._refactorize
            data = np.zeros(eq.nnz)
            refactor = [Call(kf.scatter_values, vals, slots, data),
                        Call(sparse_lu.lu_refactor, eq.csc_indptr, eq.csc_indices, data,
                             *[Sym(a.strip()) for a in FACTOR_ARGS.split(",")], REFACTOR_PIVOT_TOL, SINGULAR_PIVOT)]
        sparse = Call(kf.scatter_values, vals, slots, Sym("data"))
        return pos, stiff_calls + calls, refactor, sparse     # pos is named j0 (FusedResidual.__init__)

    # ------------------------------------------------------------ compile
    def path(self, suffix=".py"):
        return os.path.join(cache_dir(), f"fused_{self.key}{suffix}")

    def _write_source(self):
        path = self.path()
        if not os.path.exists(path):
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w") as fh:
                fh.write(self.source)
            os.replace(tmp, path)
        return path

    def ready(self):
        """True if the compiled function is at hand: in this process, or compiled to Numba's disk
        cache by an earlier process (the compiling process leaves a ``.ok`` file when done)."""
        return self.key in _COMPILED or os.path.exists(self.path(".ok"))

    def load(self):
        """The compiled function: from this process, else imported (Numba loads it from its
        disk cache if ``ready()``, else compiles it in this process)."""
        fn = _COMPILED.get(self.key)
        if fn is None:
            path = self._write_source()
            if self.ready():
                _touch(self.path(".ok"))          # recently used (prune_cache keeps it)
                # its machine code linked in directly (equations/native_code.py), else only run
                # loaded by Numba (from its cache entry), its callees left plain functions
                fn = _native.load(self.path(".native"))
                if fn is None:
                    fn = self._first_call(self._import(path, lazy=True).run, path)
            else:
                fn = self._import(path, lazy=False).run
            _COMPILED[self.key] = fn
        self._set_function(fn)
        return fn

    def _set_function(self, fn):
        """The entry point this residual calls: ``fn``, raising the exceptions of what it calls
        back (kernels/user.reraising): the user functions of its groups, the solver's output
        steps in the step loops."""
        self.function = _ku.reraising(fn)

    def _import(self, path, lazy):
        name = f"multibody_fused_{self.key}"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module        # Numba's disk cache finds the function's module by name
        with _lean.lazy_inner(lazy):
            exec(self._code(path), module.__dict__)
        return module

    def _first_call(self, run, path):
        """``run`` of a module imported with its callees left plain (lean_cache.lazy_inner: creating
        their Numba dispatchers took 10 ms): its first call loads it from the cache. Should that
        entry be missing after all, Numba cannot compile it so (a typing error): the module is
        then imported again with its callees compiled."""
        def first(*args):
            try:
                # loaded by its signature: typing the 100+ arguments of the call in Python took 0.9 ms
                run.compile(tuple(_numba_type(k) for k in self.run_types))
                fn = run
                _native.save(run, self.path(".native"))     # the next process links it directly
            except numba_errors().TypingError:
                fn = self._import(path, lazy=False).run      # compiled at its first call
            _COMPILED[self.key] = fn
            self._set_function(fn)
            return self.function(*args)
        return first

    def _code(self, path):
        """The module's code object, kept beside the source (``fused_<key>.<tag>.code``): Python
        compiles the generated source in 12-15 ms and keeps no .pyc of it where bytecode writing
        is off (PYTHONDONTWRITEBYTECODE), which would cost that at every first solve."""
        cpath = self.path(f".{sys.implementation.cache_tag}.code")
        head = importlib.util.MAGIC_NUMBER + self.key.encode()
        try:
            with open(cpath, "rb") as fh:
                data = fh.read()
            if data.startswith(head):
                return marshal.loads(data[len(head):])
        except (OSError, ValueError, EOFError, TypeError):
            pass
        code = compile(self.source, path, "exec")
        try:
            tmp = f"{cpath}.{os.getpid()}.tmp"
            with open(tmp, "wb") as fh:
                fh.write(head + marshal.dumps(code))
            os.replace(tmp, cpath)
        except OSError:
            pass
        return code

    def compile_in_background(self, urgent=False):
        """Start a process that compiles the function into Numba's disk cache (``ready()`` turns
        True when it is done). Returns the process, or None if it is ready or another process
        is compiling it. The process waits for one of COMPILE_SLOTS unless ``urgent`` (a solve
        waits for it); an urgent call for a compile already waiting lets that one go at once."""
        if self.ready() or os.path.exists(self.path(".failed")):
            return None
        if urgent:
            self._mark_urgent()
        proc = _RUNNING.get(self.key)
        if proc is not None:
            return proc
        lock = self.path(".lock")
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            try:
                # (a compile waiting for its slot keeps its lock's time fresh)
                if time.time() - os.path.getmtime(lock) < COMPILE_TIMEOUT_S:
                    return None               # another process is compiling it
                os.utime(lock)                # stale lock (a compile that died): take it over
            except OSError:
                return None
        except OSError:
            return None
        prune_cache(keep=self.key)
        self._write_source()
        env = dict(os.environ)
        # (NUMBA_OPT=0 would compile 2-3x faster, but the callees are linked into the module and
        # compiled again at that level: distance chain N=256 1.7 ms per step against 1.05 ms)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_PARENT, env.get("PYTHONPATH")) if p)
        try:
            with open(self.path(".log"), "w") as log:
                proc = subprocess.Popen([sys.executable, "-m", "multibody.equations.fused_compile", self.path(),
                                         str(0 if urgent else COMPILE_SLOTS)],
                                        env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
        except OSError:
            os.remove(lock)
            return None
        _RUNNING[self.key] = proc
        return proc

    def _mark_urgent(self):
        """Tell a compile of this module that waits for a slot to start now (fused_compile.py)."""
        if os.path.exists(self.path(".lock")):
            try:
                with open(self.path(".urgent"), "w") as fh:
                    fh.write("a solve waits for it\n")
            except OSError:
                pass

    def compile(self, timeout=None):
        """Compile now (in the compiling process, waiting for it) and load; False if that failed."""
        proc = self.compile_in_background(urgent=True)
        if os.path.exists(self.path(".failed")):
            return False
        deadline = time.time() + (COMPILE_TIMEOUT_S if timeout is None else timeout)
        while not self.ready() and time.time() < deadline:
            if proc is not None and proc.poll() is not None and not self.ready():
                return False
            if proc is None and not os.path.exists(self.path(".lock")) and not self.ready():
                proc = self.compile_in_background(urgent=True)      # the other process gave up
                if proc is None:
                    return False
            time.sleep(0.02)
        if not self.ready():
            return False
        self.load()
        return True

    # ------------------------------------------------------------ evaluate
    def _args(self, factors):
        if factors is not self._factors:
            self._factors, self._run_args = factors, factors + self.jbound + self.bound
        return self._run_args

    def iterate(self, q, v, a, lam, t, index2, r, rbar, delta, work, coef, factors, norm=None):
        """Solve with ``factors`` (LinearSolver.compiled_factors; NO_FACTORS: ``delta`` holds the
        solution already), update (q, v, a, lam) in place and write the new residual into r
        (see the generated ``iterate``); ``norm`` = (ns, st): also its Newton error into st[4]
        and the new rbar into ``rbar``."""
        e = self._empty
        ns, st = norm if norm is not None else (e, e)
        self.function(1, q, v, a, lam, t, index2, self.eq.c.q_ref, r, rbar, delta, work, coef, ns, st,
                      *self._no_steps, *self._args(factors))
        self._after_call(q, v, t)
        return r

    def newton_loop(self, q, v, a, lam, t, index2, r, rbar, delta, work, coef, ns, st, factors):
        """Newton iterations in one compiled call (NEWTON_LOOP); returns its status."""
        status = self.function(2, q, v, a, lam, t, index2, self.eq.c.q_ref, r, rbar, delta, work, coef, ns, st,
                               *self._no_steps, *self._args(factors))
        self._after_call(q, v, t)
        return status

    def steps(self, q, v, a, lam, index2, r, rbar, delta, work, coef, ns, st, start, a_alg, sc, factors):
        """Time steps in one compiled call (STEPS): ``start`` = (sq, sv, sa, slam, saa) the
        start-of-step state, ``a_alg`` = (solver a_alg, its start-of-step value, state a_alg).
        Returns the status; sc[15:20] = steps done, time, Newton iterations, those of the last step,
        time of the last residual."""
        status = self.function(3, q, v, a, lam, sc[13], index2, self.eq.c.q_ref, r, rbar, delta, work, coef, ns,
                               st, *start, *a_alg, sc, *self._args(factors))
        self._after_call(q, v, float(sc[19]))
        return status

    def rk_steps(self, q, v, a, lam, r, delta, arrays, sc):
        """Explicit Runge-Kutta steps in one compiled call (RK_STEPS); ``arrays`` = (y, y0, Kf, tab,
        inv_m, elim, f, x). Returns the status; sc[14:18] = steps done, time, right-hand sides, size
        of the last step."""
        e = self._empty
        status = self.function(4, q, v, a, lam, sc[11], False, self.eq.c.q_ref, r, e, delta, e, e, e, e, *arrays,
                               sc, *self._args(NO_FACTORS))
        self._after_call(q, v, float(sc[15]))
        return status

    def refactor(self, q, v, t, coef, factors):
        """The Newton matrix at (q, v) with coef[3:9] = (a_M, a_K, a_D, c_q, c_v, c_lam) and its LU into
        ``factors``: dense (LinearSolver.dense_factors; False: factors unchanged, singular or not
        finite) or sparse with their pivot order (``refactorizable`` 'sparse': the current factors of
        the LinearSolver, refactorized in place; False: their values undefined, a full
        factorization follows); the buffers of the last residual call must be those of (q, v)."""
        e = self._empty
        ok = self.function(5, q, v, e, e, t, False, self.eq.c.q_ref, e, e, e, e, coef, e, e, *self._no_steps,
                           *self._args(factors))
        return bool(ok)

    def sparse_jacobian(self, q, v, coef, nnz):
        """The data (nnz,) of the Newton matrix at (q, v) (coef[3:9] as ``refactor``) in the CSC
        pattern of SystemEquations; the buffers of the last residual call must be those of (q, v)."""
        e = self._empty
        data = np.empty(nnz)
        self.function(7, q, v, e, e, 0.0, False, self.eq.c.q_ref, e, data, e, e, coef, e, e, *self._no_steps,
                      *self._args(NO_FACTORS))
        return data

    def ldl_factorize(self, q, v, t, coef, sym, pos):
        """``sparse_lu.ldl_factorize`` of the Newton matrix at (q, v) (coef[3:9] as ``refactor``)
        in compiled calls of this module (``ldl_symbolic_mode``): the elimination tree and column
        counts of ``sym``, L's column pointers, then ``refactor`` into the new factors; the same
        operations and numbers. Returns (status, L_ptr, L_ind, L_val, D); the buffers of the last
        residual call must be those of (q, v)."""
        e = self._empty
        ei = NO_FACTORS[0]
        self.function(8, e, e, e, e, 0.0, False, self.eq.c.q_ref, e, e, e, e, e, e, e, *self._no_steps,
                      *self._args(NO_FACTORS[:4] + (sym,) + NO_FACTORS[5:]))
        from ..solvers.linear import ldl_views
        count = ldl_views(sym)[7]
        n = count.shape[0]
        L_ptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(count, out=L_ptr[1:])
        L_ind, L_val, D = np.empty(L_ptr[n], dtype=np.int64), np.empty(L_ptr[n]), np.empty(n)
        ok = self.refactor(q, v, t, coef, (L_ptr, L_ind, L_val, ei, sym, D, ei, pos, pos, e))
        return (1 if ok else 0), L_ptr, L_ind, L_val, D

    def solve(self, rhs, factors):
        """J^-1 rhs with ``factors`` in one compiled call."""
        e = self._empty
        rhs = np.ascontiguousarray(rhs, dtype=float)
        x, work = np.empty(rhs.shape[0]), np.empty(rhs.shape[0])
        self.function(6, e, e, e, e, 0.0, False, e, e, rhs, x, work, e, e, e, *self._no_steps, *self._args(factors))
        return x

    def residual(self, q, v, a, lam, t, index2, out, norm=None):
        """out = [M a - f + C^T lam; g] at (q, v, a, lam, t); frames as after update_kinematics.
        ``norm`` = (rbar, coef, ns, st): also the Newton error into st[4] and rbar (NEWTON_LOOP)."""
        e = self._empty
        rbar, coef, ns, st = norm if norm is not None else (e, e, e, e)
        self.function(0, q, v, a, lam, t, index2, self.eq.c.q_ref, out, rbar, e, e, coef, ns, st, *self._no_steps,
                      *self._args(NO_FACTORS))
        self._after_call(q, v, t)
        return out

    def export_caches(self):
        """Hand the constraint Jacobians and mass blocks of the last call to SystemEquations, as if
        it had evaluated them itself at this point (for the Newton matrix)."""
        eq = self.eq
        if self.partial_kinematics:
            # the frames and marker outputs that the fused calls leave out, for the group-by-group
            # Newton matrix that follows (the same numbers as the fused calls' kinematics)
            eq.update_kinematics(eq.q, eq.v, eq.t)
        eq._C = list(self.constraint_jacobians)
        blocks = iter(self.mass_blocks)
        eq._mass_cache = [next(blocks) if g.width else np.zeros((g.n, 0, 0)) for g in eq.c.body_groups]
        eq._lhs_cache = {id(g): g._fused_Q for g in eq.c.body_groups
                         if hasattr(g, "mass_and_lhs") and not g.constant_mass}
        eq._mass_version = eq._kin_version

    def _after_call(self, q, v, t):
        eq = self.eq
        c = eq.c
        # the group-by-group state now describes this point (kinematics only: the cached
        # constraint Jacobians and mass blocks are not those of this call)
        c.current_q, c.current_v, c.current_t = q, v, t
        c.current_q_tot = c.q_ref + q
        eq.q, eq.q_tot, eq.v, eq.t = q, c.current_q_tot, v, t
        eq._kin_version += 1
