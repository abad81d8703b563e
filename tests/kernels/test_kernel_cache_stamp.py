"""The disk caches of the compiled code: valid only for the present kernel and engine sources."""
import os

from multibody.engine import entry
from multibody.kernels import _jit
from multibody.kernels import linalg
from multibody.kernels import sparse_lu
from multibody.kernels.groups import points


def test_kernel_caches_depend_on_all_kernel_sources(tmp_path):
    """A cached function holds the code of the kernels it calls from other files, which Numba does
    not check: each one's cache stamp includes a stamp of all kernel, group-kernel and engine
    sources, and that stamp changes with any of those sources."""
    for kernel in (linalg.solve_factored, sparse_lu.lu_solve, points.point_nodes, entry.run):
        stamp = kernel._cache._cache_file._source_stamp
        assert isinstance(stamp, tuple) and stamp[1] == _jit.STAMP, kernel
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 2\n")
    before = _jit._kernel_sources_stamp(str(tmp_path), ())
    (tmp_path / "b.py").write_text("y = 22\n")
    assert _jit._kernel_sources_stamp(str(tmp_path), ()) != before
    # the folders beside: the group kernels and the engine
    other = tmp_path / "engine"
    other.mkdir()
    (other / "c.py").write_text("z = 3\n")
    before = _jit._kernel_sources_stamp(str(tmp_path), (str(other),))
    (other / "c.py").write_text("z = 33\n")
    assert _jit._kernel_sources_stamp(str(tmp_path), (str(other),)) != before
    assert os.path.isdir(_jit._ENGINE) and os.path.exists(os.path.join(_jit._ENGINE, "entry.py"))
