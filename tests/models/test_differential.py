"""Replay the stored differential models on multibody and compare with Exudyn 1.13.6's results.

tests/reference/differential/models_*.json hold randomly generated models (plain-data specs) on
which multibody agreed with Exudyn when `python tools/differential.py store` ran, with Exudyn's
results (sensor histories subsampled by a stored stride) and a tolerance per quantity: relative
1e-8 plus an absolute floor per quantity, raised where Exudyn disagrees with itself between two
equivalent settings (tools/differential/compare.py).  The builder and the comparison are the
tool's own modules (tools/differential/build.py, compare.py), loaded here by path; neither
imports exudyn.
"""
import functools
import glob
import importlib.util
import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, 'tools', 'differential')
REFDIR = os.path.join(ROOT, 'tests', 'reference', 'differential')


@functools.lru_cache(maxsize=None)
def _tool(name):
    spec = importlib.util.spec_from_file_location('differential_' + name, os.path.join(TOOLS, name + '.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _stored_models():
    models = []
    for path in sorted(glob.glob(os.path.join(REFDIR, 'models_*.json'))):
        with open(path) as f:
            models += json.load(f)['models']
    return models


MODELS = _stored_models()


def test_stored_subset_matches_its_index():
    with open(os.path.join(REFDIR, 'index.json')) as f:
        index = json.load(f)
    assert [m['seed'] for m in MODELS] == index['stored']
    assert len(MODELS) >= 100, 'run tools/differential.py store with exudyn to regenerate'


@pytest.mark.parametrize('model', MODELS, ids=lambda m: 'seed%d' % m['seed'])
def test_differential_model(model):
    import multibody as exu
    import multibody.utilities as U

    got = _tool('build').build_and_run(exu, U, model['spec'])
    errors = []
    for sensor, (stride, rows) in model['sensorStrides'].items():
        history = got['sensors'].get(sensor)
        if history is None or len(history) != rows:
            errors.append('sensors.%s: %s rows instead of %d' % (sensor, None if history is None else len(history),
                                                                  rows))
            continue
        got['sensors'][sensor] = history[::stride]
    bad = _tool('compare').compare(model['spec'], model['results'], got, model['tolerances'])
    errors += ['%s (%s): |error| %.3g > allowed %.3g + 1e-8 relative; %s' % (b[0], b[1], b[3], b[4], b[5])
               for b in bad]
    assert not errors, 'seed %d (%s): %d mismatches (first 10):\n%s' % (
        model['seed'], ' '.join(model['features']), len(errors), '\n'.join(errors[:10]))


def test_the_comparison_finds_a_change_of_one_part_in_a_million():
    """The check can fail: the first stored model's results with one coordinate changed by 1e-6
    relative are reported, with the quantity named."""
    import copy
    model = MODELS[0]
    changed = copy.deepcopy(model['results'])
    changed['q'][0] = changed['q'][0] * (1 + 1e-6) + 1e-9
    bad = _tool('compare').compare(model['spec'], model['results'], changed, model['tolerances'])
    assert [b[0] for b in bad] == ['q']
