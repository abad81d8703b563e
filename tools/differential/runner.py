"""Running one spec on Exudyn or multibody in this process, output silenced, errors caught."""
import contextlib
import os
import sys
import tempfile
import warnings

from .build import build_and_run

_MODULES = {}


def modules(which):
    """(exu, U) of 'exudyn' or 'multibody', imported once."""
    if which not in _MODULES:
        if which == 'exudyn':
            import exudyn as exu
            import exudyn.utilities as U
        elif which == 'multibody':
            import multibody as exu
            import multibody.utilities as U
        else:
            raise ValueError('modules: which must be exudyn or multibody, not %r' % which)
        _MODULES[which] = (exu, U)
    return _MODULES[which]


@contextlib.contextmanager
def captured():
    """Redirect file descriptors 1 and 2 (C++ and Python output) into a temporary file; yields a
    list that receives the captured text on exit."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    tmp = tempfile.TemporaryFile(mode='w+b')
    os.dup2(tmp.fileno(), 1)
    os.dup2(tmp.fileno(), 2)
    text = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            yield text
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(saved[0])
        os.close(saved[1])
        tmp.seek(0)
        text.append(tmp.read().decode('utf-8', 'replace'))
        tmp.close()


def _short(text, n=400):
    text = ' '.join(text.split())
    return text if len(text) <= n else text[:n] + ' ...'


def run(which, spec, variant=0):
    """('ok', results) or ('error', message) of one spec on one code."""
    exu, U = modules(which)
    with captured() as out:
        try:
            results = build_and_run(exu, U, spec, variant)
            status = 'ok'
        except Exception as e:  # every failure of either code is a finding, not a crash
            results = '%s: %s' % (type(e).__name__, _short(str(e)))
            status = 'error'
    if status == 'error' and out and out[0].strip():
        results += ' | output: ' + _short(out[0][-600:])
    return status, results


def prepare(spec):
    """Mark closed-loop models whose constraints Exudyn finds redundant (at the initial
    configuration, ComputeSystemDegreeOfFreedom) as intentionally redundant: they are then
    solved with the rank-revealing linear solver (build.settings)."""
    if 'loop' not in spec['features'] or spec['solve'].get('redundant'):
        return spec
    from .build import build
    exu, U = modules('exudyn')
    with captured():
        try:
            SC, mbs, reg = build(exu, U, spec)
            nRedundant = int(exu.ComputeSystemDegreeOfFreedom(mbs)['redundantConstraints'])
        except Exception:
            nRedundant = 0
    if nRedundant:
        spec['solve']['redundant'] = True
        spec['features'] = sorted(set(spec['features']) | {'redundant'})
    return spec
