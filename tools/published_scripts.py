"""Run Exudyn's published test scripts with exudyn and with multibody and compare the results.

Usage::

    python tools/published_scripts.py DIR [--timeout 120] [--rtol 1e-8] [--atol 0] [--json out.json]

Every ``*.py`` in DIR runs twice, each time in a fresh subprocess whose working directory is a
new temporary directory (with an empty ``solution/`` folder, as in Exudyn's TestModels folder):
once with the real ``exudyn`` and once with ``multibody`` behind the name ``exudyn``. The script
file is never edited: a small runner installs an import hook that maps ``exudyn`` to
``multibody`` and ``exudyn.X`` to ``multibody.X`` (where that module exists), provides a stub
``modelUnitTests`` module with ``exudynTestGlobals`` (``useGraphics=False``) and sets
``exudyn.sys['testIsActive'] = True``, both as Exudyn's test suite does, runs the script as
``__main__`` and prints ``exudynTestGlobals.testResult`` (or ``exudyn.sys['testResult']``, used by
newer scripts) and ``testError`` as JSON on a marked last line.

Per script the outcome is one of: ``same`` (|rM-rE| <= rtol*max(|rE|,1e-12), or <= atol),
``differs``, ``multibody fails``, ``exudyn fails``, ``timeout``, ``no result`` (neither run set a
result). Failures of multibody are grouped by exception type and message (numbers replaced).
This tool imports neither exudyn nor multibody; only the subprocesses do.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MARK = '@@PUBLISHED_SCRIPT_RESULT@@'

RUNNER = r'''
import importlib, importlib.abc, importlib.util, json, runpy, sys, traceback, types
mode, script = sys.argv[1], sys.argv[2]

class _Globals:
    useGraphics = False
    performTests = True
    isPerformanceTest = False
    performanceTestResult = None
    testResult = None
    testError = None

stub = types.ModuleType('modelUnitTests')
stub.exudynTestGlobals = _Globals()
stub.ExudynTestStructure = type('ExudynTestStructure', (), {})
sys.modules['modelUnitTests'] = stub

class _AliasLoader(importlib.abc.Loader):
    def __init__(self, module):
        self.module = module
    def create_module(self, spec):
        return self.module
    def exec_module(self, module):
        pass

class _AliasFinder(importlib.abc.MetaPathFinder):
    """Resolve exudyn.X to multibody.X; unknown X raise ModuleNotFoundError as usual."""
    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith('exudyn.'):
            return None
        targetName = 'multibody.' + fullname[len('exudyn.'):]
        if importlib.util.find_spec(targetName) is None:
            return None
        module = importlib.import_module(targetName)
        return importlib.util.spec_from_loader(fullname, _AliasLoader(module))

if mode == 'multibody':
    import multibody
    sys.modules['exudyn'] = multibody
    sys.meta_path.insert(0, _AliasFinder())
importlib.import_module('exudyn').sys['testIsActive'] = True  #as Exudyn's test suite: no graphics

def _plain(value):
    if value is None:
        return None
    try:
        import numpy as np
        arr = np.asarray(value, dtype=float).ravel()
        return float(arr[0]) if arr.size == 1 else [float(v) for v in arr]
    except Exception:
        return repr(value)

out = {'error': None}
try:
    runpy.run_path(script, run_name='__main__')
except BaseException as exc:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == script]
    msg = str(exc).strip().splitlines()
    out['error'] = {'type': type(exc).__name__, 'message': msg[0] if msg else '',
                    'line': frames[-1].lineno if frames else None,
                    'code': frames[-1].line if frames else None}
g = stub.exudynTestGlobals
if g.testResult is None:  #newer mini examples store their result in exu.sys['testResult']
    g.testResult = getattr(sys.modules.get('exudyn'), 'sys', {}).get('testResult')
out['testResult'] = _plain(g.testResult)
out['testError'] = _plain(g.testError)
sys.stdout.flush()
print('\n__MARK__ ' + json.dumps(out), flush=True)
'''.replace('__MARK__', MARK)


def run_once(python, runner, script, mode, timeout):
    """Run one script in a fresh subprocess and temporary cwd; return a result dict."""
    with tempfile.TemporaryDirectory(prefix='pubscript_') as cwd:
        os.mkdir(os.path.join(cwd, 'solution'))
        env = dict(os.environ, MPLBACKEND='Agg', PYTHONHASHSEED='0')
        start = time.perf_counter()
        proc = subprocess.Popen([python, runner, mode, str(script)], cwd=cwd, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True, text=True,
                                errors='replace')
        try:
            stdout, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the whole group started above, by its id
            proc.communicate()
            return {'status': 'timeout', 'seconds': timeout}
    seconds = round(time.perf_counter() - start, 2)
    for line in reversed(stdout.splitlines()):
        if line.startswith(MARK):
            res = json.loads(line[len(MARK):])
            res['seconds'] = seconds
            res['status'] = 'failed' if res['error'] else 'finished'
            res['hint'] = error_hint(stdout)
            return res
    tail = stdout.strip().splitlines()[-1:] or ['']
    return {'status': 'failed', 'seconds': seconds, 'testResult': None, 'testError': None,
            'error': {'type': 'Crash', 'message': f'exit code {proc.returncode}: {tail[0]}',
                      'line': None, 'code': None}, 'hint': None}


def error_hint(stdout):
    """First printed line reporting a caught error (mini examples swallow exceptions)."""
    for line in stdout.splitlines():
        if re.search(r'error occured|Traceback|Exception', line, re.IGNORECASE):
            return line.strip()[:200]
    return None


def rel_diff(rM, rE):
    """Max relative difference |rM-rE| / max(|rE|, 1e-12) over all components."""
    a = rM if isinstance(rM, list) else [rM]
    b = rE if isinstance(rE, list) else [rE]
    if len(a) != len(b) or any(not isinstance(v, (int, float)) for v in a + b):
        return float('inf')
    return max((abs(x - y) / max(abs(y), 1e-12) if x == x and y == y else float('inf'))
               for x, y in zip(a, b))


def abs_diff(rM, rE):
    """Max absolute difference over all components (inf if the shapes differ)."""
    a = rM if isinstance(rM, list) else [rM]
    b = rE if isinstance(rE, list) else [rE]
    if len(a) != len(b) or any(not isinstance(v, (int, float)) for v in a + b):
        return float('inf')
    return max(abs(x - y) for x, y in zip(a, b))


def classify(mb, ex, rtol, atol):
    """Outcome of one script from the multibody and exudyn runs."""
    if 'timeout' in (mb['status'], ex['status']):
        who = [n for n, r in (('multibody', mb), ('exudyn', ex)) if r['status'] == 'timeout']
        return {'outcome': 'timeout', 'detail': 'timeout in ' + ' and '.join(who)}
    if ex['status'] == 'failed':
        return {'outcome': 'exudyn fails', 'detail': describe(ex['error'])}
    if mb['status'] == 'failed':
        return {'outcome': 'multibody fails', 'detail': describe(mb['error'])}
    rM, rE = mb['testResult'], ex['testResult']
    if rM is None and rE is None:
        return {'outcome': 'no result', 'detail': 'testResult never set'}
    if rM is None or rE is None:
        hint = mb.get('hint') if rM is None else ex.get('hint')
        return {'outcome': 'differs', 'detail': f'multibody={rM} exudyn={rE}; {hint}'}
    d, a = rel_diff(rM, rE), abs_diff(rM, rE)
    if d <= rtol or a <= atol:
        return {'outcome': 'same', 'detail': f'rel.diff={d:.1e}', 'relDiff': d}
    return {'outcome': 'differs', 'relDiff': d,
            'detail': f'multibody={rM!r} exudyn={rE!r} rel.diff={d:.2e} abs.diff={a:.2e}'}


def describe(err):
    where = f' (line {err["line"]}: {err["code"].strip()})' if err.get('code') else ''
    return f'{err["type"]}: {err["message"]}{where}'


def failure_key(err):
    """Group key: exception type + message with numbers replaced by '#'."""
    msg = re.sub(r'\d+(\.\d+)?(e[-+]?\d+)?', '#', err['message'])
    return f'{err["type"]}: {" ".join(msg.split())[:140]}'


def print_report(records):
    width = max(len(r['script']) for r in records)
    print(f'\n{"script":<{width}}  {"outcome":<16} detail')
    for r in records:
        print(f'{r["script"]:<{width}}  {r["outcome"]:<16} {r["detail"][:160]}')
    counts = {}
    for r in records:
        counts[r['outcome']] = counts.get(r['outcome'], 0) + 1
    print('\nsummary: ' + ', '.join(f'{k}={v}' for k, v in sorted(counts.items())))
    groups = {}
    for r in records:
        if r['outcome'] == 'multibody fails':
            groups.setdefault(failure_key(r['multibody']['error']), []).append(r['script'])
    if groups:
        print('\nmultibody failure classes:')
        for key, scripts in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f'  [{len(scripts)}] {key}\n        ' + ', '.join(scripts))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('directory', type=Path)
    parser.add_argument('--timeout', type=float, default=120.0, help='seconds per run')
    parser.add_argument('--rtol', type=float, default=1e-8, help="relative tolerance for 'same'")
    parser.add_argument('--atol', type=float, default=0.0,
                        help="absolute tolerance for 'same' (for results that are errors, near 0)")
    parser.add_argument('--json', type=Path, help='write per-script records to this file')
    parser.add_argument('--python', default=sys.executable, help='interpreter for both runs')
    args = parser.parse_args(argv)
    scripts = sorted(p.resolve() for p in args.directory.glob('*.py'))
    if not scripts:
        parser.error(f'no *.py files in {args.directory}')
    records = []
    with tempfile.TemporaryDirectory(prefix='pubrunner_') as tmp:
        runner = os.path.join(tmp, 'runner.py')
        Path(runner).write_text(RUNNER)
        for i, script in enumerate(scripts, 1):
            ex = run_once(args.python, runner, script, 'exudyn', args.timeout)
            mb = run_once(args.python, runner, script, 'multibody', args.timeout)
            rec = {'script': script.name, 'exudyn': ex, 'multibody': mb}
            rec.update(classify(mb, ex, args.rtol, args.atol))
            records.append(rec)
            print(f'[{i}/{len(scripts)}] {script.name}: {rec["outcome"]} '
                  f'(exudyn {ex["seconds"]}s, multibody {mb["seconds"]}s)', flush=True)
    print_report(records)
    if args.json:
        args.json.write_text(json.dumps(records, indent=1))
    return 0


if __name__ == '__main__':
    sys.exit(main())
