"""Compile a generated fused-residual module into Numba's disk cache (run as a separate process
by ``FusedResidual.compile_in_background``):

    python -m multibody.equations.fused_compile PATH

The module's SIGNATURES give each function's argument types: TYPE is ``a<ndim><dtype><C|A>`` for arrays, ``f`` float, ``i`` int, ``b`` bool. Writes
PATH with the suffix ``.ok`` when the functions are compiled and cached, ``.failed`` if that
failed, and removes the lock.
"""
import importlib.util
import os
import re
import sys


def sample(key):
    """A value of the Numba type the key describes."""
    import numpy as np
    if key == "f":
        return 0.0
    if key == "i":
        return 0
    if key == "b":
        return False
    m = re.fullmatch(r"a(\d+)(.+)([CA])", key)
    ndim, dtype, layout = int(m.group(1)), np.dtype(m.group(2)), m.group(3)
    if layout == "C":
        return np.zeros((1,) * ndim, dtype=dtype)
    # a strided view with two entries per axis (one entry per axis would count as contiguous)
    return np.zeros((3,) * ndim, dtype=dtype)[(slice(None, None, 2),) * ndim]


def main(path):
    import numba
    base = path[:-3]
    name = "multibody_fused_" + os.path.basename(base)[len("fused_"):]
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        for fname, types in module.SIGNATURES.items():
            getattr(module, fname).compile(tuple(numba.typeof(sample(k)) for k in types.split()))
        with open(base + ".ok", "w") as fh:
            fh.write("compiled\n")
    except BaseException:
        with open(base + ".failed", "w") as fh:     # not tried again (the .log has the traceback)
            fh.write("failed\n")
        raise
    finally:
        try:
            os.remove(base + ".lock")
        except OSError:
            pass


if __name__ == "__main__":
    main(sys.argv[1])
