"""Generate the reference data of tests/models/reference_models.py with Exudyn (numerical oracle).

Usage (Exudyn 1.13.6 interpreter):
    /tmp/exu/exuenv/bin/python tools/make_reference.py [case ...]

Writes tests/reference/models/<case>.json with keys
    case, builder, params, exudynVersion, results
(results = the plain dict returned by the builder).  Sensor histories are kept small by the
builders themselves (solution.sensors.writePeriod = 10 steps for long runs), so the comparison on
the multibody side exercises the same sampling rule.
"""
import importlib.util
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = os.path.join(ROOT, 'tests', 'models', 'reference_models.py')
OUTDIR = os.path.join(ROOT, 'tests', 'reference', 'models')


def load_models():
    spec = importlib.util.spec_from_file_location('reference_models', MODELS)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(argv):
    import exudyn as exu
    import exudyn.utilities as U
    rm = load_models()
    names = argv[1:] or list(rm.CASES)
    os.makedirs(OUTDIR, exist_ok=True)
    for name in names:
        builder, params = rm.CASES[name]
        results = builder(exu, U, **params)
        data = {'case': name, 'builder': builder.__name__, 'params': rm._plain(params),
                'exudynVersion': exu.__version__,
                'results': results}
        path = os.path.join(OUTDIR, name + '.json')
        with open(path, 'w') as f:
            json.dump(data, f, indent=None, separators=(',', ':'))
            f.write('\n')
        print('%-40s %7d bytes' % (name, os.path.getsize(path)))


if __name__ == '__main__':
    main(sys.argv)
