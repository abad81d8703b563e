"""Commands of tools/differential.py: run, store, show, probe, selfcheck."""
import argparse
import collections
import json
import math
import multiprocessing
import os
import re
import time

from .compare import classify, compare, flat, quantities, tolerances
from .generate import generate
from .runner import modules, prepare, run

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STORE_DIR = os.path.join(ROOT, 'tests', 'reference', 'differential')
MODELS_PER_FILE = 50
MAX_SENSOR_ROWS = 8


def check(seed, stage=lambda name: None):
    """Run one generated model on both codes: (record, spec, Exudyn results, tolerances)."""
    spec = prepare(generate(seed))
    t0 = time.perf_counter()
    stage('exudyn')
    stE, ex = run('exudyn', spec)
    t1 = time.perf_counter()
    stage('multibody')
    stM, mb = run('multibody', spec)
    t2 = time.perf_counter()
    rec = {'seed': seed, 'solver': spec['solve'].get('solver', 'static'), 'scenario': spec['scenario'],
           'nOps': len(spec['ops']), 'features': spec['features'], 'tExudyn': t1 - t0, 'tMultibody': t2 - t1}
    tol = None
    if stE == 'ok' and not all(math.isfinite(v) for v in flat(ex) if isinstance(v, float)):
        # Exudyn ends with NaN/Inf without raising; multibody raises there or diverges as well
        rec['outcome'] = 'exudyn diverges'
        rec['multibodyError'] = mb if stM == 'error' else None
        return rec, spec, None, tol
    if stE == 'error' or stM == 'error':
        rec['outcome'] = {('error', 'error'): 'both raise', ('error', 'ok'): 'exudyn raises',
                          ('ok', 'error'): 'multibody raises'}[(stE, stM)]
        rec['exudynError'] = ex if stE == 'error' else None
        rec['multibodyError'] = mb if stM == 'error' else None
        return rec, spec, (ex if stE == 'ok' else None), tol
    stage('exudyn variant')
    stV, variant = run('exudyn', spec, variant=1)
    if stV != 'ok' and spec['solve']['kind'] == 'dynamic':
        stV, variant = run('exudyn', spec, variant=2)
    tol = tolerances(spec, ex, variant if stV == 'ok' else None)
    bad = compare(spec, ex, mb, tol)
    rec['outcome'] = 'disagree' if bad else 'agree'
    rec['mismatches'] = [list(b) for b in sorted(bad, key=lambda b: -_ratio(b))[:40]]
    if primary(rec) == 'state':
        rec['stateOwner'] = state_owner(spec, ex, mb)
    return rec, spec, ex, tol


def state_owner(spec, ex, mb):
    """'NodeType[i]' of the ODE2 coordinate with the largest difference of q (or q_t)."""
    from .build import build
    from .runner import captured
    key = 'q' if len(ex['q']) == len(mb.get('q', [])) else None
    if key is None:
        return 'size'
    d = [abs(a - b) for a, b in zip(ex['q'], mb['q'])]
    if max(d, default=0.) == 0. and 'q_t' in ex:
        d = [abs(a - b) for a, b in zip(ex['q_t'], mb['q_t'])]
    i = max(range(len(d)), key=d.__getitem__) if d else 0
    exu, U = modules('exudyn')
    with captured():
        SC, mbs, reg = build(exu, U, spec)
        for ident, (kind, index) in reg.index.items():
            if kind != 'node' or mbs.GetNode(index)['nodeType'] == 'PointGround':
                continue
            start = mbs.GetNodeODE2Index(index)
            n = len(mbs.GetNodeOutput(index, exu.OutputVariableType.Coordinates))
            if start <= i < start + n:
                return '%s[%d]' % (mbs.GetNode(index)['nodeType'], i - start)
    return '?'


def _worker(conn):
    """Child process: check() the seeds received, report the stage before each run."""
    while True:
        seed = conn.recv()
        if seed is None:
            return
        try:
            out = check(seed, stage=lambda name: conn.send(('stage', name)))
        except Exception as e:  # a failure of the tool itself, reported per seed
            out = ({'seed': seed, 'outcome': 'tool error', 'toolError': repr(e)[:300], 'features': [],
                    'solver': '', 'nOps': 0, 'tExudyn': 0., 'tMultibody': 0.}, None, None, None)
        conn.send(('done', out))


class Checker:
    """check() in a child process with a time limit per model (a hanging solver is a finding)."""

    def __init__(self, timeout):
        self.timeout = timeout
        self._start()

    def _start(self):
        ctx = multiprocessing.get_context('fork')
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker, args=(child,), daemon=True)
        self.process.start()

    def __call__(self, seed):
        self.conn.send(seed)
        stage, start = '', time.perf_counter()
        while self.conn.poll(max(0., self.timeout - (time.perf_counter() - start))):
            kind, value = self.conn.recv()
            if kind == 'done':
                return value
            stage = value
        self.process.kill()
        self.process.join()
        self._start()
        spec = generate(seed)
        rec = {'seed': seed, 'outcome': 'timeout', 'stage': stage, 'features': spec['features'],
               'solver': spec['solve'].get('solver', 'static'), 'scenario': spec['scenario'],
               'nOps': len(spec['ops']), 'tExudyn': 0., 'tMultibody': 0.,
               'exudynError': 'timeout %g s' % self.timeout if stage.startswith('exudyn') else None,
               'multibodyError': 'timeout %g s' % self.timeout if stage == 'multibody' else None}
        return rec, spec, None, None

    def close(self):
        self.conn.send(None)
        self.process.join(5)


def _ratio(b):
    err, atol = b[3], b[4]
    return math.inf if not math.isfinite(err) else err / max(atol, 1e-300)


def _normalize(msg):
    msg = re.sub(r'[-+]?\d+(\.\d+)?(e[-+]?\d+)?', '#', msg or '')
    return msg.split(' | output:')[0][:160]


def primary(rec):
    """'state' if final coordinates or velocities differ, 'lambda' if only multipliers or
    accelerations of the system vectors, else 'outputs'."""
    paths = {m[0] for m in rec.get('mismatches', [])}
    if paths & {'q', 'q_t', 'steps', 'rejectedSteps'}:
        return 'state'
    if paths & {'lambda', 'q_tt'}:
        return 'lambda'
    return 'outputs'


def summarize(records, out=print):
    """Print counts, disagreement classes and raising models."""
    outcomes = collections.Counter(r['outcome'] for r in records)
    out('models run: %d  (%s)' % (len(records), ', '.join('%s %d' % kv for kv in sorted(outcomes.items()))))
    out('time: exudyn %.1f s, multibody %.1f s' % (sum(r['tExudyn'] for r in records),
                                                   sum(r['tMultibody'] for r in records)))
    classes = {}
    for r in records:
        kind = primary(r)
        for path, cls, level, err, atol, note in r.get('mismatches', []):
            if kind != 'outputs' and not path.startswith(('q', 'lambda', 'steps')):
                continue  # consequences of a state disagreement
            if kind == 'state' and path == 'q':
                cls = 'q at %s' % r.get('stateOwner', '?')
            key = (kind, cls, r['solver'])
            c = classes.setdefault(key, {'models': set(), 'maxErr': 0., 'minimal': None, 'note': ''})
            c['models'].add(r['seed'])
            if err >= c['maxErr']:
                c['maxErr'], c['note'], c['atol'] = err, note, atol
            if c['minimal'] is None or r['nOps'] < c['minimal'][1]:
                c['minimal'] = (r['seed'], r['nOps'], path)
    if classes:
        out('\ndisagreements (kind: state = q/q_t differ, lambda = only multipliers/accelerations, '
            'outputs = only outputs;\n  quantity class | solver: models, max |error| (allowed), minimal seed)')
        for (kind, cls, solver), c in sorted(classes.items(), key=lambda kv: (kv[0][0], -len(kv[1]['models']))):
            out('  %-8s %-58s %-17s %4d  %9.3g (%.2g)  seed %d (%d ops, %s)  %s' % (
                kind, cls, solver, len(c['models']), c['maxErr'], c['atol'], c['minimal'][0], c['minimal'][1],
                c['minimal'][2], c['note'][:50]))
    for kind in ('multibody raises', 'exudyn raises', 'both raise', 'exudyn diverges', 'timeout', 'tool error'):
        rs = [r for r in records if r['outcome'] == kind]
        if not rs:
            continue
        out('\n%s: %d models' % (kind, len(rs)))
        groups = collections.defaultdict(list)
        for r in rs:
            groups[(_normalize(r.get('multibodyError')), _normalize(r.get('exudynError')))].append(r)
        for (mbMsg, exMsg), g in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            seeds = sorted(g, key=lambda r: r['nOps'])
            out('  %3d  seeds %s' % (len(g), ' '.join(str(r['seed']) for r in seeds[:8])))
            if mbMsg:
                out('       multibody: %s' % mbMsg)
            if exMsg:
                out('       exudyn:    %s' % exMsg)
    return classes


def suspects(records, out=print):
    """Features over-represented among disagreeing / multibody-raising models."""
    total, bad = collections.Counter(), collections.Counter()
    nBad = 0
    for r in records:
        total.update(r['features'])
        if r['outcome'] in ('disagree', 'multibody raises'):
            bad.update(r['features'])
            nBad += 1
    if not nBad:
        return
    out('\nfeatures of disagreeing or multibody-raising models (count of %d, rate among models with it):' % nBad)
    rows = sorted(total, key=lambda f: -bad[f] / total[f])
    for f in rows[:25]:
        out('  %-30s %4d / %4d  %.2f' % (f, bad[f], total[f], bad[f] / total[f]))


def cmd_run(args):
    records = []
    log = open(args.log, 'w') if args.log else None
    checker = Checker(args.timeout)
    seeds = [int(x) for x in args.seeds.replace(',', ' ').split()] if args.seeds else \
        range(args.seed0, args.seed0 + args.n)
    for seed in seeds:
        rec = checker(seed)[0]
        records.append(rec)
        if log:
            log.write(json.dumps(rec) + '\n')
            log.flush()
        if args.verbose:
            print(seed, rec['outcome'], rec.get('multibodyError') or rec.get('exudynError') or '')
    checker.close()
    summarize(records)
    suspects(records)


def _subsample(results):
    """Sensor histories reduced to at most MAX_SENSOR_ROWS rows (stride), with the stride."""
    out = dict(results)
    out['sensors'], strides = {}, {}
    for s, hist in results['sensors'].items():
        stride = max(1, math.ceil(len(hist) / MAX_SENSOR_ROWS))
        out['sensors'][s] = hist[::stride]
        strides[s] = [stride, len(hist)]
    return out, strides


def cmd_store(args):
    os.makedirs(STORE_DIR, exist_ok=True)
    for name in os.listdir(STORE_DIR):
        if name.endswith('.json'):
            os.remove(os.path.join(STORE_DIR, name))
    exu, _ = modules('exudyn')
    stored, records = [], []
    checker = Checker(args.timeout)
    for seed in range(args.seed0, args.seed0 + args.n):
        rec, spec, ex, tol = checker(seed)
        records.append(rec)
        if rec['outcome'] == 'agree':
            results, strides = _subsample(ex)
            spec = {k: v for k, v in spec.items() if k != 'features'}
            stored.append({'seed': seed, 'features': rec['features'], 'spec': spec, 'results': results,
                           'sensorStrides': strides, 'tolerances': tol})
    for k in range(0, len(stored), MODELS_PER_FILE):
        path = os.path.join(STORE_DIR, 'models_%03d.json' % (k // MODELS_PER_FILE))
        with open(path, 'w') as f:
            json.dump({'exudynVersion': exu.__version__, 'models': stored[k:k + MODELS_PER_FILE]}, f,
                      separators=(',', ':'))
            f.write('\n')
    index = {'exudynVersion': exu.__version__, 'seed0': args.seed0, 'n': args.n,
             'stored': [m['seed'] for m in stored],
             'notStored': [{'seed': r['seed'], 'outcome': r['outcome'],
                            'classes': sorted({m[1] for m in r.get('mismatches', [])}),
                            'error': r.get('multibodyError') or r.get('exudynError')}
                           for r in records if r['outcome'] != 'agree']}
    with open(os.path.join(STORE_DIR, 'index.json'), 'w') as f:
        json.dump(index, f, indent=1)
        f.write('\n')
    summarize(records)
    size = sum(os.path.getsize(os.path.join(STORE_DIR, p)) for p in os.listdir(STORE_DIR))
    print('\nstored %d agreeing models of %d in %s (%.1f MB)' % (len(stored), args.n, STORE_DIR, size / 1e6))


def cmd_show(args):
    rec, spec, ex, tol = check(args.seed)
    if args.spec:
        print(json.dumps(spec, indent=1))
    print(json.dumps({k: v for k, v in rec.items() if k != 'mismatches'}, indent=1))
    for b in rec.get('mismatches', []):
        print('  %-28s %-50s %-12s err %.3g (allowed %.3g) %s' % tuple(b))


def cmd_selfcheck(args):
    """Exudyn against itself (build.settings variant 1): largest difference relative to the
    quantity's scale, per quantity level and class."""
    levels, classes = collections.defaultdict(list), collections.defaultdict(float)
    for seed in range(args.seed0, args.seed0 + args.n):
        spec = prepare(generate(seed))
        stA, a = run('exudyn', spec)
        stB, b = run('exudyn', spec, variant=1)
        if stA != 'ok' or stB != 'ok':
            continue
        qa, qb = quantities(a), quantities(b)
        qScale = max(max((abs(v) for v in flat(a.get('q', []))), default=0.),
                     max((abs(v) for v in flat(a.get('q_t', []))), default=0.))
        for path, value in qa.items():
            x, y = flat(value), flat(qb.get(path, []))
            if len(x) != len(y):
                continue
            scale = max((abs(v) for v in x if isinstance(v, float)), default=0.)
            if classify(spec, path)[1] == 'residual':
                scale = qScale
            diff = max((abs(u - v) for u, v in zip(x, y) if isinstance(u, float) and isinstance(v, float)),
                       default=0.)
            rel = diff / scale if scale > 0 else 0.
            cls, level = classify(spec, path)
            solver = spec['solve'].get('solver', 'static')
            levels[(level, solver)].append(rel)
            classes[(cls, solver)] = max(classes[(cls, solver)], rel)
    print('level / solver: max and 99th percentile of |a-b| / max|a| (models with both runs ok)')
    for key, v in sorted(levels.items()):
        v.sort()
        print('  %-14s %-18s n=%5d  max %.2e  p99 %.2e' % (key[0], key[1], len(v), v[-1], v[int(0.99 * (len(v) - 1))]))
    print('largest classes:')
    for (cls, solver), v in sorted(classes.items(), key=lambda kv: -kv[1])[:25]:
        print('  %-60s %-18s %.2e' % (cls, solver, v))


def main(argv=None):
    p = argparse.ArgumentParser(prog='tools/differential.py', description=__doc__)
    sub = p.add_subparsers(dest='command', required=True)
    for name in ('run', 'store', 'selfcheck'):
        s = sub.add_parser(name)
        s.add_argument('--n', type=int, default=100)
        s.add_argument('--seed0', type=int, default=0)
        s.add_argument('--timeout', type=float, default=60., help='seconds per model')
        if name == 'run':
            s.add_argument('--log', default='')
            s.add_argument('--verbose', action='store_true')
            s.add_argument('--seeds', default='', help='these seeds (comma or space separated) instead of --n/--seed0')
    s = sub.add_parser('show')
    s.add_argument('--seed', type=int, required=True)
    s.add_argument('--spec', action='store_true')
    s = sub.add_parser('probe')
    s.add_argument('--n', type=int, default=400)
    args = p.parse_args(argv)
    if args.command == 'probe':
        from .probe import main as probeMain
        probeMain(args.n)
        return
    {'run': cmd_run, 'store': cmd_store, 'show': cmd_show, 'selfcheck': cmd_selfcheck}[args.command](args)
