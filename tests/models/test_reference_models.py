"""Compare multibody with the Exudyn 1.13.6 reference data of tests/reference/models/*.json.

Each JSON file was produced by tools/make_reference.py from a builder in reference_models.py
(run with exudyn).  Here the same builder runs with ``import multibody as exu`` and
``import multibody.utilities as U`` and every stored number is compared.
"""
import glob
import importlib.util
import json
import math
import os
import re

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REFDIR = os.path.join(HERE, '..', 'reference', 'models')
REF_FILES = sorted(glob.glob(os.path.join(REFDIR, '*.json')))

# Relative tolerance.  Both implementations solve the same discrete equations with full Newton and
# tolerance 1e-12 (reference_models.NEWTON_RTOL); the remaining differences are round-off and
# different (converged) Newton iterates accumulated over up to 300 steps, far below 1e-8.  Sensor and
# solution files are printed with 10 significant digits, which 1e-8 also covers.
RTOL = 1e-8
# Absolute floor relative to the largest |value| of the same quantity (one result entry, one sensor
# history, one file): entries that are zero up to round-off (coordinates of nodes held by constraints,
# ~1e-23 in static_truss; satisfied constraint residuals) cannot be compared relatively.
ATOL_FACTOR = 1e-10
# Absolute floor for quantities that are entirely round-off (e.g. a constraint residual of 3e-18,
# where ATOL_FACTOR * max|ref| would itself be round-off).
ATOL_MIN = 1e-13
# Residual-like outputs (position-level constraint residuals): zero up to the Newton tolerance, or a
# small drift (index 2) that is a difference of coordinates; compared absolutely with RTOL times the
# coordinate scale max|q| (the accuracy of the coordinates it is computed from), at least
# RESIDUAL_ATOL_MIN (Newton stops at residuals ~1e-12 relative to force-sized residuals).
RESIDUAL_KEYS = ('constraintEquation',)
RESIDUAL_ATOL_MIN = 1e-11
# Accelerations: every Newton update changes q_tt by beta' * dq with beta' = (1-alpha_m) /
# (h^2 beta (1-alpha_f)) ~ 3e6 at h = 1e-3, so coordinates that agree to round-off (1e-16 relative)
# give accelerations that agree only to ~1e-9 absolute (spec solvers.md 4.7: accelerations agree
# "to the Newton tolerance"); compared with this absolute floor relative to their scale.
# Multipliers are acceleration-level quantities (lambda = C^-T (f - M q_tt)): same amplification.
ACCELERATION_KEYS = ('q_tt', 'lambda')
ACCELERATION_ATOL_FACTOR = 1e-7
# Solution-file footer fields that depend on the Newton/Jacobian strategy rather than the result
# (solvers.md 3.2: iteration counts may differ); their values are masked before comparison.
MASKED_FOOTER_FIELDS = ('total Newton iterations', 'total Newton jacobians')


def _load_reference_models():
    spec = importlib.util.spec_from_file_location('reference_models', os.path.join(HERE, 'reference_models.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _numbers(x):
    if isinstance(x, dict):
        for v in x.values():
            yield from _numbers(v)
    elif isinstance(x, list):
        for v in x:
            yield from _numbers(v)
    elif isinstance(x, (int, float)) and not isinstance(x, bool):
        yield float(x)


def _scale(x):
    return max((abs(v) for v in _numbers(x)), default=0.)


def _compare(ref, got, path, atol, errors):
    if isinstance(ref, dict):
        if not isinstance(got, dict):
            errors.append('%s: expected dict, got %r' % (path, type(got)))
            return
        if set(ref) != set(got):
            errors.append('%s: keys differ: expected %s, got %s' % (path, sorted(ref), sorted(got)))
        for k in ref:
            if k in got:
                _compare(ref[k], got[k], path + '.' + k, atol, errors)
    elif isinstance(ref, list):
        if not isinstance(got, (list, tuple)) or len(got) != len(ref):
            errors.append('%s: expected list of length %d, got %r' % (path, len(ref), got if not isinstance(got, (list, tuple)) else 'length %d' % len(got)))
            return
        for i, (r, g) in enumerate(zip(ref, got)):
            _compare(r, g, '%s[%d]' % (path, i), atol, errors)
    elif isinstance(ref, bool) or isinstance(ref, str):
        if ref != got:
            errors.append('%s: expected %r, got %r' % (path, ref, got))
    else:
        try:
            g = float(got)
        except (TypeError, ValueError):
            errors.append('%s: expected number %r, got %r' % (path, ref, got))
            return
        if not (abs(g - ref) <= RTOL * abs(ref) + atol) or math.isnan(g):
            errors.append('%s: expected %.17g, got %.17g (diff %.3g)' % (path, ref, g, g - ref))


def _compare_quantity(key, ref, got, errors, qScale=0., atol_of=None):
    if atol_of and key in atol_of:        # a case's own floor (its builder states why)
        atol = atol_of[key]
    elif key in RESIDUAL_KEYS:
        atol = max(RTOL * qScale, RESIDUAL_ATOL_MIN)
    elif key in ACCELERATION_KEYS:
        atol = max(ACCELERATION_ATOL_FACTOR * _scale(ref), ATOL_MIN)
    else:
        atol = max(ATOL_FACTOR * _scale(ref), ATOL_MIN)
    _compare(ref, got, key, atol, errors)


def _mask_footer(line):
    for f in MASKED_FOOTER_FIELDS:
        line = re.sub(r'(%s\s*=\s*)[0-9]+' % re.escape(f), r'\g<1><N>', line)
    return line


def _compare_file(name, refLines, gotLines, errors):
    """Header/footer ('#') lines must match exactly (after masking); data lines are compared
    field by field numerically, and every field must be printed like C++ streams with
    precision 10 (= Python format '.10g')."""
    if len(refLines) != len(gotLines):
        errors.append('file %s: expected %d lines, got %d:\n%s' % (name, len(refLines), len(gotLines),
                                                                    '\n'.join(gotLines)))
        return
    refData = [[float(v) for v in l.split(',')] for l in refLines if not l.startswith('#')]
    atol = max(ATOL_FACTOR * _scale(refData), ATOL_MIN)
    for i, (r, g) in enumerate(zip(refLines, gotLines)):
        where = 'file %s line %d' % (name, i + 1)
        if r.startswith('#'):
            if _mask_footer(r) != _mask_footer(g):
                errors.append('%s: expected %r, got %r' % (where, r, g))
            continue
        rf, gf = r.split(','), g.split(',')
        if len(rf) != len(gf):
            errors.append('%s: expected %d fields, got %r' % (where, len(rf), g))
            continue
        for j, (a, b) in enumerate(zip(rf, gf)):
            try:
                bv = float(b)
            except ValueError:
                errors.append('%s field %d: not a number: %r' % (where, j, b))
                continue
            if b != a and b != format(bv, '.10g'):
                errors.append('%s field %d: %r is not printed with 10 significant digits (%r)'
                              % (where, j, b, format(bv, '.10g')))
            _compare(float(a), bv, '%s field %d' % (where, j), atol, errors)


def test_every_case_has_reference_data():
    rm = _load_reference_models()
    stored = {os.path.splitext(os.path.basename(p))[0] for p in REF_FILES}
    assert stored == set(rm.CASES), 'run tools/make_reference.py with exudyn to regenerate'


@pytest.mark.parametrize('refFile', REF_FILES, ids=lambda p: os.path.splitext(os.path.basename(p))[0])
def test_reference_model(refFile):
    with open(refFile) as f:
        data = json.load(f)
    rm = _load_reference_models()
    import multibody as exu
    import multibody.utilities as U

    builder = getattr(rm, data['builder'])
    got = rm._plain(builder(exu, U, **data['params']))
    ref = data['results']

    errors = []
    if set(ref) != set(got):
        errors.append('result keys differ: expected %s, got %s' % (sorted(ref), sorted(got)))
    for key, refValue in ref.items():
        if key not in got:
            continue
        if key == 'sensors':  # one quantity per sensor history
            if set(refValue) != set(got[key]):
                errors.append('sensor names differ: expected %s, got %s' % (sorted(refValue), sorted(got[key])))
            for s, hist in refValue.items():
                if s in got[key]:
                    _compare_quantity('sensors.' + s, hist, got[key][s], errors, atol_of=ref.get('atol'))
        elif key == 'files':
            for fname, lines in refValue.items():
                if fname not in got[key]:
                    errors.append('missing file %s' % fname)
                else:
                    _compare_file(fname, lines, got[key][fname], errors)
        elif key != 'atol':
            _compare_quantity(key, refValue, got[key], errors, qScale=_scale(ref.get('q', [])),
                              atol_of=ref.get('atol'))
    assert not errors, '%s: %d mismatches (first 20):\n' % (data['case'], len(errors)) + '\n'.join(errors[:20])
