"""The workspace of a solver run: the arrays the compiled solvers read and write, by name.

A Workspace (a Numba structref, passed by reference) holds the solver's state vectors (the
arrays of its ``current`` state, so Python sees every step's state in place), the start of the
step, Newton's vectors, the current factorization and the buffers of the explicit methods. Python
makes it once per run (``new_workspace``) and replaces the factorization after each one it makes
(``set_factors``).
"""
from __future__ import annotations

import numpy as np
from numba import types
from numba.experimental import structref

from ..kernels._jit import typed
from ..kernels.records import F1, F2, I1, _Record, register_record

__all__ = ["Workspace", "new_workspace", "set_factors", "checked", "no_least_squares", "FACTOR_FIELDS"]


@register_record
class WorkspaceType(_Record):
    pass


VECTOR_FIELDS = ("q", "v", "a", "lam", "x", "a_alg", "a_alg_start", "state_a_alg",  # the state
                 "sq", "sv", "sa", "slam", "sx",                                   # the start of the step
                 "r", "rbar", "delta", "work", "coef",                             # Newton
                 "y1", "y1_t", "sy1", "sy1_t", "r1", "d1", "r1_work")              # ODE1 (engine/ode1.py)
# the current factorization (solvers/linear.py LinearSolver.compiled_factors)
FACTOR_FIELDS = ("L_ptr", "L_ind", "L_val", "U_ptr", "U_ind", "U_val", "U_diag", "perm_r", "perm_c", "scale")
_FACTOR_TYPES = (I1, I1, F1, I1, I1, F1, I1, I1, I1, F1)
BUFFER_FIELDS = (("lsq", F2), ("lsq_J", F2),                 # singular J: its full-pivot LU, J
                 ("dense_work", F1), ("dense_perm", I1), ("csc_data", F1),  # compiled refactorization
                 ("lie", F1), ("lie_tmp", F1), ("lie_inc", F1),        # Lie-group rotation rows
                 ("y", F1), ("y0", F1), ("yh", F1), ("dy", F1), ("stages", F2), ("tableau", F1),
                 ("inv_m", F1), ("elim", F1), ("f", F1), ("acc", F1),  # explicit solvers
                 ("mass_work", F1), ("mass_perm", I1), ("za", F1), ("zl", F1),
                 ("lsq_index", I1), ("lsq_work", F1),  # full-pivot LU (kernels/linalg.py)
                 ("J1", F2), ("p1", I1))                                # ODE1 Newton block, its LU
FIELDS = tuple((name, F1) for name in VECTOR_FIELDS) + tuple(zip(FACTOR_FIELDS, _FACTOR_TYPES)) + BUFFER_FIELDS
Workspace = WorkspaceType(list(FIELDS))


class WorkspaceProxy(structref.StructRefProxy):
    """A Workspace on the Python side (opaque: its arrays are the solver's own)."""


structref.define_boxing(WorkspaceType, WorkspaceProxy)


@typed(Workspace(types.UniTuple(F1, len(VECTOR_FIELDS)), types.Tuple(_FACTOR_TYPES),
                 types.Tuple(tuple(t for _, t in BUFFER_FIELDS))))
def new_workspace(vectors, factors, buffers):
    """A Workspace of the arrays given (VECTOR_FIELDS, FACTOR_FIELDS, BUFFER_FIELDS in order)."""
    w = structref.new(Workspace)
    w.q, w.v, w.a, w.lam, w.x, w.a_alg, w.a_alg_start, w.state_a_alg = vectors[:8]
    w.sq, w.sv, w.sa, w.slam, w.sx = vectors[8:13]
    w.r, w.rbar, w.delta, w.work, w.coef = vectors[13:18]
    w.y1, w.y1_t, w.sy1, w.sy1_t, w.r1, w.d1, w.r1_work = vectors[18:]
    w.L_ptr, w.L_ind, w.L_val, w.U_ptr, w.U_ind, w.U_val, w.U_diag, w.perm_r, w.perm_c, w.scale = factors
    w.lsq, w.lsq_J, w.dense_work, w.dense_perm, w.csc_data = buffers[:5]
    w.lie, w.lie_tmp, w.lie_inc = buffers[5:8]
    w.y, w.y0, w.yh, w.dy, w.stages, w.tableau, w.inv_m, w.elim, w.f, w.acc = buffers[8:18]
    w.mass_work, w.mass_perm, w.za, w.zl = buffers[18:22]
    w.lsq_index, w.lsq_work = buffers[22:24]
    w.J1, w.p1 = buffers[24:]
    return w


@typed(types.void(Workspace, types.Tuple(_FACTOR_TYPES), types.Tuple((F2, F2, I1, F1))))
def set_factors(w, factors, lsq):
    """The factorization Newton solves with: triangular factors (FACTOR_FIELDS), or the least-squares
    arrays of a singular J (its full-pivot LU, J, index, work: kernels/linalg.py full_pivot_lu)."""
    w.L_ptr, w.L_ind, w.L_val, w.U_ptr, w.U_ind, w.U_val, w.U_diag, w.perm_r, w.perm_c, w.scale = factors
    w.lsq, w.lsq_J, w.lsq_index, w.lsq_work = lsq


def _as_numpy(t):
    return np.dtype(str(t.dtype)), t.ndim


_VECTOR_NP = (_as_numpy(F1),) * len(VECTOR_FIELDS)
_FACTOR_NP = tuple(_as_numpy(t) for t in _FACTOR_TYPES)
_BUFFER_NP = tuple(_as_numpy(t) for _, t in BUFFER_FIELDS)


def checked(vectors, factors, buffers):
    """The arguments of ``new_workspace`` (and the factors of ``set_factors``, with buffers None)
    after a check of their dtypes, dimensions and contiguity: they are passed to the compiled
    functions without Numba's type resolution (kernels/_jit.py entry_point)."""
    groups = ((vectors, _VECTOR_NP, VECTOR_FIELDS), (factors, _FACTOR_NP, FACTOR_FIELDS),
              (buffers, _BUFFER_NP, tuple(n for n, _ in BUFFER_FIELDS)))
    for arrays, kinds, names in groups:
        if arrays is None:
            continue
        for a, (dtype, ndim), name in zip(arrays, kinds, names):
            if a.dtype != dtype or a.ndim != ndim or not a.flags.c_contiguous:
                raise TypeError(f"workspace field {name}: expected a C-contiguous {ndim}D {dtype} array, "
                                f"got {a.ndim}D {a.dtype}")
    return vectors, factors, buffers


def no_least_squares():
    """Empty least-squares arrays (set_factors)."""
    f2 = np.zeros((0, 0))
    return (f2, f2, np.zeros(0, dtype=np.int64), np.zeros(0))


def no_factors():
    """Empty factor arrays (FACTOR_FIELDS)."""
    i, f = np.zeros(0, dtype=np.int64), np.zeros(0)
    return (i, i, f, i, i, f, i, i, i, f)
