"""The disk caches of the kernels: valid only for the present kernel sources, all of them."""
import os

from multibody.kernels import _jit
from multibody.kernels import fused as kfused
from multibody.kernels import sparse_lu


def test_kernel_caches_depend_on_all_kernel_sources(tmp_path):
    """A cached kernel holds the code of the kernels it calls from other files, which Numba does
    not check: each kernel's cache stamp includes a stamp of all kernel sources, also for the
    kernels with the lean cache (prepare_refactor), and that stamp changes with any kernel source."""
    import multibody.solvers.linear  # noqa: F401 - installs the lean cache of prepare_refactor
    for kernel in (kfused.solve_factored, sparse_lu.lu_solve, sparse_lu.prepare_refactor):
        stamp = kernel._cache._cache_file._source_stamp
        assert isinstance(stamp, tuple) and stamp[1] == _jit.STAMP, kernel
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 2\n")
    before = _jit._kernel_sources_stamp(str(tmp_path))
    (tmp_path / "b.py").write_text("y = 22\n")
    assert _jit._kernel_sources_stamp(str(tmp_path)) != before
    # and with the lean cache's source: the form of the entries of kernels and their twins
    lean = tmp_path / "lean" / "lean_cache.py"
    lean.parent.mkdir()
    lean.write_text("z = 3\n")
    before = _jit._kernel_sources_stamp(str(tmp_path), (str(lean),))
    lean.write_text("z = 33\n")
    assert _jit._kernel_sources_stamp(str(tmp_path), (str(lean),)) != before
    assert _jit._LEAN_CACHE.endswith(os.path.join("equations", "lean_cache.py")) and os.path.exists(_jit._LEAN_CACHE)
