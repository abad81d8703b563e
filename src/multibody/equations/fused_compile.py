"""Compile a generated fused-residual module into Numba's disk cache (run as a separate process
by ``FusedResidual.compile_in_background``):

    python -m multibody.equations.fused_compile PATH [SLOTS]

The module's SIGNATURES give each function's argument types: TYPE is ``a<ndim><dtype><C|A>`` for arrays, ``f`` float, ``i`` int, ``b`` bool. Writes
PATH with the suffix ``.ok`` when the functions are compiled and cached, ``.failed`` if that
failed, and removes the lock. With SLOTS > 0 it first waits for one of that many compile slots of
the directory (see fused.COMPILE_SLOTS), unless or until PATH with the suffix ``.urgent`` exists.
"""
import importlib.util
import os
import re
import sys
import time

SLOT_POLL_S = 0.05
LOCK_TOUCH_S = 10.0       # well below fused.COMPILE_TIMEOUT_S, after which a lock counts as stale


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


def wait_for_slot(base, slots):
    """Hold one of ``slots`` compile slots of the directory of ``base``: an exclusive flock on the
    file compile-slot-K there, released by the system when this process ends however it ends.
    Returns the open file (None without flock, or once ``base``.urgent exists). While waiting it
    keeps the module's lock fresh, so that no other process takes the compile over as stale."""
    try:
        import fcntl
    except ImportError:                          # pragma: no cover - not a POSIX system
        return None
    folder = os.path.dirname(os.path.abspath(base))
    touched = time.monotonic()
    while not os.path.exists(base + ".urgent"):
        for k in range(slots):
            fh = open(os.path.join(folder, f"compile-slot-{k}"), "a")
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fh
            except OSError:
                fh.close()
        if time.monotonic() - touched > LOCK_TOUCH_S:
            try:
                os.utime(base + ".lock")
            except OSError:
                pass
            touched = time.monotonic()
        time.sleep(SLOT_POLL_S)
    return None


def run_code_only(inner):
    """Numba emits machine code for every function it compiles; in this process only ``run``'s
    is kept (its cache entry), the functions of the module it calls (``inner``: their names) are
    linked into it as LLVM IR. Their own machine code (each made by the JIT engine, with the
    kernels it links) is skipped: their code libraries are finalized without being added to the
    engine, so they have no addresses (they are never called from Python here) and no
    environment to set; and their linked modules are not optimized on their own, run's
    optimization covers them (the same numbers and speed). A module's compile: pendulum2d N = 1
    18.8 -> 11.8 s, the largest module of the tests 76 -> 41 s. Numba internals: where this Numba
    lacks one of them, everything is compiled as before."""
    from numba.core import codegen

    lib, gen = codegen.CPUCodeLibrary, getattr(codegen, "JITCPUCodegen", None)
    if gen is None or not all(hasattr(lib, a) for a in ("_finalize_final_module", "_optimize_final_module",
                                                         "_finalize_dynamic_globals",
                                                         "_verify_declare_only_symbols")) \
            or not hasattr(gen, "set_env"):
        return
    finalize, set_env = lib._finalize_final_module, gen.set_env

    def _finalize_final_module(self):
        if self.name not in inner:
            return finalize(self)
        self._finalize_dynamic_globals()
        self._verify_declare_only_symbols()
        self._finalized = True

    def _set_env(self, env_name, env):
        if self._engine.get_global_value_address(env_name):
            set_env(self, env_name, env)
    optimize = lib._optimize_final_module

    def _optimize_final_module(self):
        if self.name not in inner:      # (run's optimizes them with everything linked into it)
            optimize(self)
    lib._optimize_final_module = _optimize_final_module
    lib._finalize_final_module = _finalize_final_module
    gen.set_env = _set_env


def main(path, slots=0):
    base = path[:-3]
    name = "multibody_fused_" + os.path.basename(base)[len("fused_"):]
    slot = wait_for_slot(base, slots) if slots > 0 else None
    import numba
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        run_code_only({f for f, x in vars(module).items() if f not in module.SIGNATURES and hasattr(x, "py_func")
                       and getattr(x.py_func, "__module__", None) == name})
        for fname, types in module.SIGNATURES.items():
            getattr(module, fname).compile(tuple(numba.typeof(sample(k)) for k in types.split()))
        if "run" in module.SIGNATURES:      # its machine code for direct linking (native_code.py)
            from multibody.equations import native_code
            native_code.save(module.run, base + ".native")
        with open(base + ".ok", "w") as fh:
            fh.write("compiled\n")
    except BaseException:
        with open(base + ".failed", "w") as fh:     # not tried again (the .log has the traceback)
            fh.write("failed\n")
        raise
    finally:
        for suffix in (".lock", ".urgent"):
            try:
                os.remove(base + suffix)
            except OSError:
                pass
        if slot is not None:
            slot.close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
