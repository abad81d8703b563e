"""The Python side of the engine: one solver run's workspace and control record, and the calls of
the compiled entry (engine/entry.py ``run``) with them.

The solver (solvers/) gives its state arrays (its ``current`` state's, so every step's state is
in place) and buffers, fills the control record by field name and calls ``steps()``; the compiled
steps return a Status, and the solver does what it says (a Newton matrix to make and factorize,
a solve, a postNewton decision, an output, a failure).
"""
from __future__ import annotations

import numpy as np

from ..kernels._jit import entry_point, load_cached, ready
from ..kernels.user import register, reraising
from . import entry
from .control import FactorKind, Refactor, Status, new_control
from .entry import Mode
from .workspace import checked, new_workspace, no_factors, no_least_squares, set_factors

__all__ = ["Engine", "Mode", "Status", "load"]

_ENTRY = []
_NO_OUT = np.zeros(0)


def _run():
    """The compiled entry, loaded once per process; the exception of a Python call back it made
    is raised as itself (kernels/user.py)."""
    if not _ENTRY:
        _ENTRY.append(reraising(entry_point(entry.run)))
    return _ENTRY[0]


# systems above this size are factorized sparse (solvers/linear.py SPARSE_AS_DENSE_MAX)
SPARSE_SIZE = 48
_SPARSE_LOADED = []


def load(n=0):
    """Load the engine's compiled code (once per process; Assemble() calls it, so that a solve
    only runs it): the entry and the workspace's constructors; for a system of n > SPARSE_SIZE
    equations also the sparse LU kernels that the first sparse factorization calls from Python
    (3-5 ms each)."""
    _run()
    ready(new_workspace)
    ready(set_factors)
    if n > SPARSE_SIZE and not _SPARSE_LOADED:
        from ..kernels import sparse_lu
        for kernel in (sparse_lu.ldl_factorize, sparse_lu.prepare_refactor, sparse_lu.lu_refactor,
                       sparse_lu.lu_solve):
            load_cached(kernel)
        _SPARSE_LOADED.append(True)


def _least_squares(arrays):
    """The arrays of a singular J (its full-pivot LU, J, index, work) after a check of their types:
    they are passed to compiled code without Numba's type resolution."""
    for a, (dtype, ndim) in zip(arrays, ((np.float64, 2), (np.float64, 2), (np.int64, 1), (np.float64, 1))):
        if a.dtype != dtype or a.ndim != ndim or not a.flags.c_contiguous:
            raise TypeError(f"least-squares arrays: expected C-contiguous {ndim}D {np.dtype(dtype)}, got "
                            f"{a.ndim}D {a.dtype}")
    return arrays


class Engine:
    """The compiled engine of one solver run over the system ``eq`` (SystemEquations)."""

    def __init__(self, eq, vectors, buffers, **control):
        self.eq = eq
        self.ctl = new_control(**control)
        self.ctl["marker_outputs"] = eq.marker_outputs
        self.vectors = vectors            # (kept: the workspace refers to these arrays)
        self.buffers = buffers
        self.ws = entry_point(new_workspace)(*checked(vectors, no_factors(), buffers))
        self._factors = None
        self._call_backs = []

    def __getitem__(self, name):
        return self.ctl[name][0]

    def __setitem__(self, name, value):
        self.ctl[name] = value

    def call(self, mode, out=None):
        """One call of the compiled entry with ``mode`` (entry.Mode)."""
        return int(_run()(int(mode), self.eq.record, self.ws, self.ctl, _NO_OUT if out is None else out))

    def steps(self):
        """The solver kind's steps (see engine/steps.py and explicit.py); a Status."""
        return Status(self.call(Mode.STEPS))

    def call_back(self, function):
        """A call-back slot running ``function(t, index2)`` (kept alive with the engine)."""
        self._call_backs.append(function)
        return register(function)

    # ---------------------------------------------------------------- factorizations
    def dense_factorize(self, factors):
        """The Newton matrix at the point of the last residual factorized by the compiled dense LU
        into ``factors`` (empty dense factors of its size); False where a pivot is singular or the
        matrix has NaN or Inf (Python's factorization then names the cause)."""
        entry_point(set_factors)(self.ws, checked(None, tuple(factors), None)[1], no_least_squares())
        self._factors = factors
        self.ctl["refactor"] = int(Refactor.DENSE)
        self.ctl["factor_kind"] = int(FactorKind.TRIANGULAR)
        return self.call(Mode.REFACTOR) == 1

    def newton_matrix(self, dense):
        """The Newton matrix at the point of the last residual with the workspace's coefficients:
        dense (n, n) or the data of the system's CSC pattern."""
        eq = self.eq
        n = eq.n
        if dense:
            out = np.empty(n * n)
            self.call(Mode.MATRIX_DENSE, out)
            return out.reshape(n, n)
        out = np.empty(eq.nnz)
        self.call(Mode.MATRIX_SPARSE, out)
        return out

    def use_factors(self, linear, n):
        """Solve with the current factorization of ``linear`` (solvers/linear.py LinearSolver):
        its triangular factors or its least-squares factorization in compiled code where it has them
        (else Python solves: FactorKind.PYTHON), refactorized in compiled code where it can be."""
        ctl = self.ctl
        refactor = linear.refactorizable
        ctl["refactor"] = int({"dense": Refactor.DENSE, "sparse": Refactor.SPARSE,
                               "least-squares": Refactor.LEAST_SQUARES}.get(refactor, Refactor.NONE))
        if linear.least_squares:
            arrays = linear.least_squares_arrays()
            if arrays is None:
                ctl["factor_kind"] = int(FactorKind.PYTHON)
                ctl["refactor"] = int(Refactor.NONE)
                return
            if arrays is not self._factors:
                entry_point(set_factors)(self.ws, no_factors(), _least_squares(arrays))
                self._factors = arrays
            ctl["factor_kind"] = int(FactorKind.LEAST_SQUARES)
            return
        factors = linear.compiled_factors()
        if factors is None:
            ctl["factor_kind"] = int(FactorKind.PYTHON)
            return
        if factors is not self._factors:
            entry_point(set_factors)(self.ws, checked(None, tuple(factors), None)[1], no_least_squares())
            self._factors = factors
        ctl["factor_kind"] = int(FactorKind.TRIANGULAR)
