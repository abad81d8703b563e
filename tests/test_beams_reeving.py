"""beams.CreateReevingCurve against Exudyn 1.13.6's return values (tests/reference/reeving_curves.json,
written by tools/make_reeving_reference.py from CASES)."""
import contextlib
import io
import json
import os

import numpy as np
import pytest

import multibody.beams as beams

HERE = os.path.dirname(os.path.abspath(__file__))
# the same construction by other floating-point steps: round-off of the lengths and angles
ATOL = 1e-12

CASES = {
    'two_left_one_right': ([[[0, 0], 0.2, 'L'], [[0, 1], 0.2, 'L'], [[1, 1], 0.3, 'R']],
                           dict(numberOfANCFnodes=5, graphicsElementsPerCircle=8)),
    'docstring_example': ([[[0, 0], 0.2, 'L'], [[0, 1], 0.2, 'L'], [[0.8, 0.8], 0.4, 'L'], [[1, 0], 0.2, 'L'],
                           [[0, 0], 0.2, 'L'], [[0, 1], 0.2, 'L']],
                          dict(removeLastLine=True, numberOfANCFnodes=50)),
    'right_offset_first_removed': ([[[0, 0], 0.2, 'R'], [[0, 1], 0.2, 'R'], [[1, 1], 0.3, 'L']],
                                   dict(numberOfANCFnodes=6, drawingLinesPerCircle=6, radialOffset=0.05,
                                        removeFirstLine=True)),
    'closed_with_nodes': ([[[0, 0], 0.2, 'L'], [[0, 1], 0.2, 'L'], [[1, 1], 0.3, 'L'], [[1, 0], 0.3, 'L']],
                          dict(closedCurve=True, numberOfANCFnodes=8, graphicsNodeSize=0.01,
                               graphicsElementsPerCircle=10, colorLines=[0.1, 0.2, 0.3, 1.])),
    'crossing_sides': ([[[0, 0], 0.1, 'R'], [[1.5, 0.5], 0.25, 'L'], [[0.5, 1.2], 0.15, 'R'], [[2., 2.], 0.2, 'L']],
                       dict(numberOfANCFnodes=12, graphicsElementsPerCircle=24, colorCircles=[1., 0., 0., 1.])),
}


@pytest.fixture(scope='module')
def reference():
    with open(os.path.join(HERE, 'reference', 'reeving_curves.json')) as f:
        return json.load(f)['cases']


def _compare(ref, got, path):
    if isinstance(ref, dict):
        assert list(got) == list(ref), path
        for k in ref:
            _compare(ref[k], got[k], f'{path}/{k}')
    elif isinstance(ref, list):
        assert len(got) == len(ref), path
        for k, (r, g) in enumerate(zip(ref, got)):
            _compare(r, g, f'{path}[{k}]')
    elif isinstance(ref, str) or ref is None:
        assert got == ref, path
    else:
        assert abs(float(got) - ref) <= ATOL, (path, got, ref)
        if isinstance(ref, int):            # (Exudyn's z of the polylines: an int 0)
            assert isinstance(got, int), path


# arcs of exactly 90 degrees: the drawing's int(64 |arcAngle| / 2 pi) + 1 points fall on either side
# of 16 by the last bit of arcAngle (Exudyn 1.13.6: 16 points on the first arc, 17 on the others);
# the polylines of these cases are left out (the curve, nodes and arcs are compared)
POLYLINE_TIES = ('docstring_example',)


@pytest.mark.parametrize('name', sorted(CASES))
def test_reeving_curve_as_exudyn(name, reference):
    circles, kwargs = CASES[name]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = beams.CreateReevingCurve(circles, **kwargs)
    ref = dict(reference[name]['result'])
    if name in POLYLINE_TIES:
        for key in ('lineData', 'graphicsDataLines'):
            ref[key] = result[key] = None
    _compare(ref, result, name)
    assert out.getvalue().split()[:4] == reference[name]['stdout'].split()[:4]


def test_reeving_curve_without_nodes_refused():
    """Exudyn 1.13.6 does not return with the default numberOfANCFnodes=-1; multibody refuses it."""
    with pytest.raises(ValueError, match='numberOfANCFnodes'):
        beams.CreateReevingCurve([[[0, 0], 0.2, 'L'], [[0, 1], 0.2, 'L']])
