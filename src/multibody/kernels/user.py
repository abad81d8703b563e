"""Python user functions called from compiled code.

A group whose items have Python user functions (a load's ``loadVectorUserFunction``, a
spring-damper's ``springForceUserFunction``, ...) and the solvers' own call backs (the preStep
function) take part in the engine's compiled steps through ``user_call``: where a group kernel
needs the user functions' values, the compiled code calls back into Python with a slot number,
the time and the index-2 flag of the call, and the callable registered under the slot (made by the
group with its own arrays) computes the values in Python into an array that the kernel then
reads. The slot is a value of the group's record, not a constant, so one compiled engine serves
every system.

The call back is a C function pointer (a ctypes callback, registered with LLVM under the symbol
``multibody_user_callback`` when this module is imported, before any compiled code that calls it
is loaded): 0.17 us a call; Numba's object-mode blocks cost 1 us a call and an object-mode
compile of 45 ms at the first call in every process. A ctypes callback cannot pass an exception
on, so ``_dispatch`` keeps it and returns 1, the compiled code raises UserCallFailed, and
``reraising`` (around the compiled entry point) raises the kept exception itself: the solver sees
the user function's exception itself.
"""
import ctypes
import itertools
import weakref

import numba

from ._jit import njit

__all__ = ["UserCallFailed", "register", "reraising", "user_call"]

_TARGETS = {}                 # slot -> weak reference to the callable(t, index2) it runs
_NEXT = itertools.count(1)
_FAILED = []                  # the exception of the last failed call back (one at most)


class UserCallFailed(Exception):
    """Raised by compiled code when a call back into Python failed (the exception is kept)."""


def register(callback):
    """A new slot (a positive int) for ``callback(t, index2)``, which the compiled code passes
    back; the slot is freed with the callback (held by whoever holds the slot: the group or the
    solver that registered it)."""
    k = next(_NEXT)
    _TARGETS[k] = weakref.ref(callback, lambda _ref, k=k: _TARGETS.pop(k, None))
    return k


def _call(k, t, index2):
    callback = _TARGETS[k]()
    if callback is None:               # pragma: no cover - the system owning the slot is gone
        raise RuntimeError(f"multibody: user function slot {k} called after its system was deleted")
    callback(t, bool(index2))


def _dispatch(k, t, index2):
    try:
        _call(k, t, index2)
        return 0
    except BaseException as exc:       # noqa: BLE001 - kept and raised again by reraising()
        _FAILED[:] = [exc]
        return 1


def reraising(function):
    """``function`` (a compiled entry point whose code calls back) raising the exception of a
    failed call back itself instead of UserCallFailed."""
    def call(*args):
        try:
            return function(*args)
        except UserCallFailed:
            exc = _FAILED.pop() if _FAILED else None
            if exc is None:            # pragma: no cover - raised without a kept exception
                raise
        # raised outside the except block: the kept exception's own cause (the user function's
        # exception, with its traceback) stays, and UserCallFailed is not its context
        raise exc
    call.compiled = function
    return call


_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64, ctypes.c_double, ctypes.c_int64)(_dispatch)

if numba.config.DISABLE_JIT:
    def user_call(slot, t, index2):
        """Run the callable registered under ``slot`` with (t, index2)."""
        _call(int(slot), float(t), index2)
else:
    from llvmlite import binding as _ll
    _ll.add_symbol("multibody_user_callback", ctypes.cast(_CALLBACK, ctypes.c_void_p).value)
    _callback = numba.types.ExternalFunction("multibody_user_callback",
                                             numba.types.int64(numba.types.int64, numba.types.float64,
                                                               numba.types.int64))

    @njit
    def user_call(slot, t, index2):
        """Run the callable registered under ``slot`` with (t, index2)."""
        if _callback(slot, t, 1 if index2 else 0) != 0:
            raise UserCallFailed("a Python user function called from compiled code failed")
