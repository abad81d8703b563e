"""Record Exudyn 1.13.6's beams.CreateReevingCurve return values on the inputs of
tests/test_beams_reeving.py (CASES) into tests/reference/reeving_curves.json."""
import contextlib
import importlib.util
import io
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEST = os.path.join(ROOT, 'tests', 'test_beams_reeving.py')
OUT = os.path.join(ROOT, 'tests', 'reference', 'reeving_curves.json')


def plain(x):
    """Numbers, arrays and containers as JSON values (type names of the numbers kept where they
    are ints, so that the test can check Exudyn's int zeros)."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, np.ndarray)):
        return [plain(v) for v in x]
    if isinstance(x, str):
        return x
    return int(x) if isinstance(x, (int, np.integer)) and not isinstance(x, bool) else float(x)


def main():
    import exudyn
    import exudyn.beams as beams
    spec = importlib.util.spec_from_file_location('test_beams_reeving', TEST)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    data = {'exudynVersion': exudyn.__version__, 'cases': {}}
    for name, (circles, kwargs) in mod.CASES.items():
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            result = beams.CreateReevingCurve(circles, **kwargs)
        data['cases'][name] = {'result': plain(result), 'stdout': out.getvalue()}
        print(name, 'total length', result['totalLength'])
    with open(OUT, 'w') as f:
        json.dump(data, f, indent=None, separators=(',', ':'))
        f.write('\n')


if __name__ == '__main__':
    sys.exit(main())
