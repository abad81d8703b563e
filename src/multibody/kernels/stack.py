"""Scratch arrays on the stack for the kernels: ``stack_empty((3, 3))`` is ``np.empty((3, 3))``
(float64, C order, uninitialized) for a shape of constant integers, allocated in the calling
function's stack frame instead of the heap (an NRT allocation and release cost ~0.1 us; the
rigid-body kernels made 20-30 of them per residual). Such an array lives until its function
returns: it must not be returned or stored (the kernels use them as local scratch only)."""
import numpy as np
import numba

from ._jit import njit

__all__ = ["stack_empty", "scratch_2d"]

if numba.config.DISABLE_JIT:
    def stack_empty(shape):
        return np.empty(shape)
else:
    from numba.core import cgutils, types
    from numba.extending import intrinsic
    from numba.np.arrayobj import populate_array

    def _literal_shape(shape):
        if isinstance(shape, types.IntegerLiteral):
            return (shape.literal_value,)
        if isinstance(shape, types.BaseTuple) and all(isinstance(x, types.IntegerLiteral) for x in shape.types):
            return tuple(x.literal_value for x in shape.types)
        return None

    @intrinsic(prefer_literal=True)
    def stack_empty(typingctx, shape):
        dims = _literal_shape(shape)
        if dims is None or any(d <= 0 for d in dims):
            return None
        rtype = types.Array(types.float64, len(dims), "C")

        def codegen(context, builder, sig, args):
            size = int(np.prod(dims))
            data = cgutils.alloca_once(builder, context.get_data_type(types.float64), size=size)
            ary = context.make_array(rtype)(context, builder)
            intp = context.get_value_type(types.intp)
            strides, acc = [], 8
            for d in reversed(dims):
                strides.insert(0, acc)
                acc *= d
            populate_array(ary, data=data,
                           shape=[intp(d) for d in dims], strides=[intp(s) for s in strides],
                           itemsize=intp(8), meminfo=None)
            return ary._getvalue()
        return rtype(shape), codegen


@njit
def scratch_2d(buf, d, L):
    """A (d, L) scratch array: a view of ``buf`` (a 1-d ``stack_empty`` of the caller, whose frame
    it lives in) where it holds d * L values, else a heap array (e.g. flexible bodies' many
    coordinates)."""
    if d * L <= buf.shape[0]:
        return buf[:d * L].reshape((d, L))
    return np.empty((d, L))
