"""The entry point of a fused module linked into the process directly (equations/native_code.py):
the same numbers as the function Numba loads, bit for bit; exceptions raised by compiled code;
files that cannot be linked are refused and the module is loaded by Numba as before."""
import os
import pickle
import sys
import textwrap

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.equations import fused as fu
from multibody.equations import native_code as nc

from .step_models import quiet_settings

# elsewhere (not x86-64 Linux) nothing is linked and Numba loads every function, which the rest
# of the suite covers
pytestmark = pytest.mark.skipif(not nc.SUPPORTED, reason='native code is linked on x86-64 Linux only')


def _chain(n=3, steps=100, fail_after=None):
    """Mass points on distance constraints under gravity (generalized-alpha, index 3); the last
    one's load by a user function (called back from the compiled code), which raises after
    ``fail_after`` seconds."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g))
    p0 = np.zeros(3)
    for i in range(n):
        p = np.array([0.5 * (i + 1), 0.1 * (i % 2), 0.])
        nd = mbs.AddNode(U.NodePoint(referenceCoordinates=list(p)))
        b = mbs.AddObject(U.MassPoint(mass=1. + i, nodeNumber=nd))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
        mbs.AddObject(U.DistanceConstraint(markerNumbers=[prev, m], distance=float(np.linalg.norm(p - p0))))
        p0 = p
        load = [0., -9.81 * (1. + i), 0.]
        if i < n - 1:
            mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=load))
        else:
            def user_load(mbs, t, loadVector):
                if fail_after is not None and t > fail_after:
                    raise RuntimeError(f'user load failed at t = {t:g}')
                return [loadVector[0], loadVector[1] * (1. + 2. * t), loadVector[2]]
            mbs.AddLoad(U.LoadForceVector(markerNumber=m, loadVector=load, loadVectorUserFunction=user_load))
        prev = m
    mbs.Assemble()
    return mbs, quiet_settings(steps)


def _solve(monkeypatch, **chain):
    """Solve the chain as in a new process (nothing loaded yet); the state at the end, and the
    entry point the fused residual called."""
    monkeypatch.setattr(fu, '_COMPILED', {})
    mbs, ss = _chain(**chain)
    mbs.SolveDynamic(ss)
    (fn,) = fu._COMPILED.values()
    sd = mbs.systemData
    return [np.array(sd.GetODE2Coordinates()), np.array(sd.GetODE2Coordinates_t()),
            np.array(sd.GetAECoordinates())], fn


def test_linked_entry_point_gives_the_numbers_of_numba_s(tmp_path, monkeypatch):
    monkeypatch.setenv('MULTIBODY_CACHE_DIR', str(tmp_path))
    monkeypatch.setenv('MULTIBODY_FUSED', '1')
    monkeypatch.setattr(fu, '_RUNNING', {})
    monkeypatch.setattr(fu, '_COMPILED', {})        # (as in a new process: compiled here)
    mbs, _ = _chain()
    fz = fu.FusedResidual.build(mbs._compiled.equations)
    assert fz.compile(timeout=fu.COMPILE_TIMEOUT_S), open(fz.path('.log')).read()
    native = fz.path('.native')
    assert os.path.exists(native)                   # written by the compiling process

    linked, fn = _solve(monkeypatch)
    assert not hasattr(fn, 'py_func') and 'native code' in fn.__doc__

    os.remove(native)
    loaded, fn = _solve(monkeypatch)                # Numba's cache entry
    assert hasattr(fn, 'py_func')
    assert os.path.exists(native)                   # and written again from it
    for a, b in zip(linked, loaded):
        np.testing.assert_array_equal(a, b)

    with open(native, 'wb') as fh:                  # a damaged file: Numba loads it
        fh.write(b'not a pickle')
    damaged, fn = _solve(monkeypatch)
    assert hasattr(fn, 'py_func')
    for a, b in zip(damaged, loaded):
        np.testing.assert_array_equal(a, b)
    assert nc.load(native) is not None              # written again

    # the user function's exception, raised inside a call back from linked code, reaches the caller
    monkeypatch.setattr(fu, '_COMPILED', {})
    mbs, ss = _chain(fail_after=0.05)
    with pytest.raises(RuntimeError, match='user load failed at t = 0.05'):
        mbs.SolveDynamic(ss)
    (fn,) = fu._COMPILED.values()
    assert not hasattr(fn, 'py_func')

    # code recorded as not linkable: Numba loads it, and it is not prepared and written again
    refusal = nc._REFUSED + nc._header().encode()
    with open(native, 'wb') as fh:
        fh.write(refusal)
    refused, fn = _solve(monkeypatch)
    assert hasattr(fn, 'py_func') and open(native, 'rb').read() == refusal
    for a, b in zip(refused, loaded):
        np.testing.assert_array_equal(a, b)


SOURCE = '''
import numpy as np
import numba

@numba.njit(cache=True)
def work(x, out):
    if x[0] < 0.0:
        raise ValueError("x[0] is negative")
    tmp = np.empty(x.shape[0])        # allocated by Numba's runtime
    for i in range(x.shape[0]):
        tmp[i] = np.sin(x[i]) * 2.0
    out[:] = tmp[::-1]
    return tmp.sum() + x.shape[0]
'''


def _small_function(tmp_path, monkeypatch):
    (tmp_path / 'native_sample.py').write_text(textwrap.dedent(SOURCE))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, 'native_sample', raising=False)
    import native_sample
    x = np.linspace(0.1, 1., 7)
    native_sample.work(x, np.empty(7))                  # compiled into Numba's disk cache
    return native_sample.work, x


def test_small_function_linked_directly(tmp_path, monkeypatch):
    work, x = _small_function(tmp_path, monkeypatch)
    path = str(tmp_path / 'work.native')
    assert nc.save(work, path)
    fn = nc.load(path)
    out, ref = np.empty(7), np.empty(7)
    assert fn(x, out) == work(x, ref)
    np.testing.assert_array_equal(out, ref)
    with pytest.raises(ValueError, match='x\\[0\\] is negative'):
        fn(-x, out)
    with pytest.raises(TypeError):
        fn(x)                                           # the number of arguments is checked


def test_files_that_cannot_be_linked_are_refused(tmp_path, monkeypatch):
    work, x = _small_function(tmp_path, monkeypatch)
    path = str(tmp_path / 'work.native')
    assert nc.load(path) is None                        # no file
    assert nc.save(work, path)
    blob = open(path, 'rb').read()
    n = int.from_bytes(blob[8:16], 'little')
    entry = pickle.loads(blob[24:24 + n])
    code = blob[entry['code_at']:entry['code_at'] + entry['code_size']]

    def written(data=None, **change):
        p = str(tmp_path / 'changed.native')
        if data is None:
            e = dict(entry, images=[code, entry['data']], **change)
            e.pop('code_at')
            data = nc._pack(e)
        with open(p, 'wb') as fh:
            fh.write(data)
        return p

    assert nc.load(written()) is not None               # as written: linked
    assert nc.load(written(header='multibody native code 0')) is None        # other versions
    assert nc.load(written(external=entry['external'] + ['no_such_symbol_anywhere'])) is None
    damaged = bytearray(blob)
    damaged[30] ^= 0x10
    assert nc.load(written(bytes(damaged))) is None     # the description's checksum
    assert nc.load(written(blob[:entry['code_at'] + 100])) is None          # cut short
    assert nc.load(written(b'MBNATIVE')) is None
    monkeypatch.setenv('MULTIBODY_NATIVE_CODE', '0')
    assert nc.load(path) is None                        # switched off
    assert not nc.save(work, str(tmp_path / 'off.native')) and not os.path.exists(tmp_path / 'off.native')
    monkeypatch.delenv('MULTIBODY_NATIVE_CODE')
    monkeypatch.setattr(nc, 'SUPPORTED', False)         # (another system: nothing read or written)
    assert nc.load(path) is None and not nc.save(work, str(tmp_path / 'off.native'))
    monkeypatch.setattr(nc, 'SUPPORTED', True)
    with pytest.raises(nc.NotLinkable):
        nc.prepare(b'\x7fELF' + bytes(100), 'f', 'env')      # not a 64-bit x86-64 object
    with pytest.raises(nc.NotLinkable):
        nc.prepare(b'not an object at all' * 4, 'f', 'env')


def test_unknown_relocation_types_are_refused(tmp_path, monkeypatch):
    """An object with a relocation this linker does not do (here one made a GOT-relative one) is
    not prepared; nor one whose entry point is missing, nor one writing outside its section."""
    work, x = _small_function(tmp_path, monkeypatch)
    (cres,) = work.overloads.values()
    cache_file = work._cache._cache_file
    (name,) = cache_file._load_index().values()
    payload = cache_file._load_data(name)
    obj = bytearray(payload[0][2][0])
    wrapper, env = cres.fndesc.llvm_cpython_wrapper_name, cres.fndesc.env_name
    nc.prepare(bytes(obj), wrapper, env)                # as it is: linkable
    with pytest.raises(nc.NotLinkable):
        nc.prepare(bytes(obj), wrapper + 'x', env)
    sh = np.frombuffer(bytes(obj), nc._SHDR, int(np.frombuffer(bytes(obj), '<u2', 1, 0x3C)[0]),
                       int(np.frombuffer(bytes(obj), '<u8', 1, 0x28)[0]))
    k = int(np.flatnonzero(sh['type'] == 4)[0])         # the first relocation section
    at = int(sh[k]['offset']) + 8                       # its first entry's r_info
    kind = bytes(obj[at:at + 4])
    obj[at:at + 4] = (9).to_bytes(4, 'little')          # R_X86_64_GOTPCREL
    with pytest.raises(nc.NotLinkable, match='relocation types'):
        nc.prepare(bytes(obj), wrapper, env)
    obj[at:at + 4] = kind
    obj[at - 8:at] = (1 << 40).to_bytes(8, 'little')    # its position far past its section
    with pytest.raises(nc.NotLinkable, match='outside the blocks'):
        nc.prepare(bytes(obj), wrapper, env)


KERNEL = '''
import numpy as np
import numba

@numba.njit(cache=True)
def accumulate(out, x, factor):
    for i in range(x.shape[0]):
        out[i] += factor * x[i]
    return out.shape[0]
'''


def _kernel(tmp_path, monkeypatch):
    (tmp_path / 'native_kernel.py').write_text(textwrap.dedent(KERNEL))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, 'native_kernel', raising=False)
    import native_kernel
    return native_kernel.accumulate


def test_kernels_called_from_python_are_linked_per_argument_types(tmp_path, monkeypatch):
    """``linked``: the first call goes through Numba and writes the file, a new process (a new
    wrapper) links it; each call runs the kernel once (it adds into ``out``); other argument types,
    once Numba has an overload in the process, go to Numba (which may convert to one it has), as
    do keyword arguments."""
    kernel = _kernel(tmp_path, monkeypatch)
    x = np.arange(5.)
    out = np.zeros(5)
    first = nc.linked(kernel)
    assert first(out, x, 2.) == 5
    np.testing.assert_array_equal(out, 2. * x)              # run once
    assert first.py_func is kernel.py_func and first.__name__ == 'accumulate'
    files = list((tmp_path / '__pycache__').glob('accumulate-*.native'))
    assert len(files) == 1
    stale = files[0].with_name(files[0].name.rsplit('-', 1)[0] + '-0123456789ab.native')
    stale.write_bytes(b'of another source stamp')

    again = nc.linked(kernel)                               # as in the next process
    assert again(out, x, 1.) == 5
    np.testing.assert_array_equal(out, 3. * x)
    (fn,) = again._table.values()
    assert not hasattr(fn, 'py_func') and 'native code' in fn.__doc__

    assert stale.exists()                                   # (only a new file's writing removes it)
    os.remove(files[0])
    third = nc.linked(kernel)
    third(out, x, 0.)                                       # the file written again...
    assert files[0].exists() and not stale.exists()         # ...and the stale one gone
    out32, x32 = np.zeros(5, dtype=np.float32), np.arange(5, dtype=np.float32)
    assert again(out32, x32, 1.) == 5                       # other types: through Numba
    np.testing.assert_array_equal(out32, x32)
    with pytest.raises(Exception):
        again(out, 'not an array', 1.)                      # Numba's own error
    assert again(out, x, factor=1.) == 5                    # keywords: the dispatcher
    np.testing.assert_array_equal(out, 4. * x)


def test_kernel_files_are_kept_per_cpu(tmp_path, monkeypatch):
    """A kernel's file names the CPU that Numba compiled it for (its code generator's magic tuple,
    as Numba's cache index tells its entries apart): a file of another CPU (a cache directory
    shared by machines) is neither linked nor removed, this CPU's is written beside it; a file
    named as before, without a CPU, is removed when this CPU's is written."""
    kernel = _kernel(tmp_path, monkeypatch)
    out, x = np.zeros(3), np.ones(3)
    folder = tmp_path / '__pycache__'
    monkeypatch.setattr(nc, '_CPU', ["('x86_64-unknown-linux-gnu', 'another-cpu', '+avx512f')"])
    nc.linked(kernel)(out, x, 1.)
    (other,) = folder.glob('accumulate-*.native')
    assert other.name.count('-') == 3
    before = other.read_bytes()
    monkeypatch.setattr(nc, '_CPU', [])                         # this CPU, as a new process asks
    assert nc.cpu_key() != "('x86_64-unknown-linux-gnu', 'another-cpu', '+avx512f')"
    w = nc.linked(kernel)
    w(out, x, 1.)
    assert list(w._table.values()) == [kernel]                  # not linked from the other's file
    np.testing.assert_array_equal(out, 2. * x)
    (mine,) = set(folder.glob('accumulate-*.native')) - {other}
    assert other.read_bytes() == before
    types = mine.name.split('-')[1]
    unnamed = folder / f'accumulate-{types}-0123456789ab.native'
    unnamed.write_bytes(b'named without a CPU')
    os.remove(mine)
    nc.linked(kernel)(out, x, 1.)                               # this CPU's file written again
    assert mine.exists() and other.exists() and not unnamed.exists()
    w = nc.linked(kernel)
    w(out, x, 1.)
    (fn,) = w._table.values()
    assert 'native code' in fn.__doc__                          # linked from this CPU's file
    np.testing.assert_array_equal(out, 4. * x)


def test_kernels_that_cannot_be_linked_are_not_tried_again(tmp_path, monkeypatch):
    kernel = _kernel(tmp_path, monkeypatch)

    def refuse(*a, **k):
        raise nc.NotLinkable('test')
    monkeypatch.setattr(nc, 'prepare', refuse)
    out, x = np.zeros(3), np.ones(3)
    nc.linked(kernel)(out, x, 1.)
    (path,) = (tmp_path / '__pycache__').glob('accumulate-*.native')
    assert nc.refused(str(path)) and nc.load(str(path)) is None
    calls = []
    monkeypatch.setattr(nc, 'save', lambda *a, **k: calls.append(a))
    w = nc.linked(kernel)
    w(out, x, 1.)
    assert calls == [] and list(w._table.values()) == [kernel]      # the dispatcher, no new try
    np.testing.assert_array_equal(out, 2. * x)


def test_parallel_code_is_left_to_numba(tmp_path, monkeypatch):
    """Code of parallel=True needs Numba's threading layer, which Numba's load starts: refused."""
    (tmp_path / 'native_parallel.py').write_text(textwrap.dedent('''
        import numba
        import numpy as np

        @numba.njit(cache=True, parallel=True)
        def total(x):
            s = 0.0
            for i in numba.prange(x.shape[0]):
                s += x[i]
            return s
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, 'native_parallel', raising=False)
    import native_parallel
    w = nc.linked(native_parallel.total)
    assert w(np.ones(1000)) == 1000.
    (path,) = (tmp_path / '__pycache__').glob('total-*.native')
    assert nc.refused(str(path))
    assert nc.linked(native_parallel.total)(np.ones(10)) == 10.
