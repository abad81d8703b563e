"""The 2D cable helpers of exudyn.beams (PointsAndSlopes2ANCFCable2D, GenerateCircularArcANCFCable2D,
GenerateBeamElementsAlongLine with an ObjectANCFCable2D template) against Exudyn 1.13.6: the created
items (types, parameters, numbering), the helpers' return values and a short dynamic run of each
cable (reference data: the ``beams_*`` cases of tests/models/reference_cables.py, made with
tools/make_reference.py); the errors and the verbose output of the helpers."""
import contextlib
import importlib.util
import io
import json
import os

import numpy as np
import pytest

import multibody as exu
import multibody.beams as beams
import multibody.utilities as U

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.join(HERE, '..', 'models')
REFDIR = os.path.join(HERE, '..', 'reference', 'models')
CASES = ['beams_points_slopes_ring', 'beams_points_slopes_open', 'beams_circular_arc', 'beams_circular_arc_straight',
         'beams_elements_along_line']
# item parameters and returned positions are computed by the same formulas (sin/cos of the same
# angles): round-off only
ITEM_RTOL = 1e-14


def _module(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(MODELS, name + '.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


cables = _module('reference_models')     # (its CASES include reference_cables.py's)
compare = _module('test_reference_models')


def _close(ref, got, path, errors):
    """Exact for strings, bools and structure; numbers to ITEM_RTOL (absolute 1e-15)."""
    if isinstance(ref, dict):
        if set(ref) != set(got):
            errors.append(f"{path}: keys {sorted(ref)} expected, got {sorted(got)}")
        for k in ref:
            if k in got:
                _close(ref[k], got[k], f"{path}.{k}", errors)
    elif isinstance(ref, list):
        if not isinstance(got, list) or len(got) != len(ref):
            errors.append(f"{path}: {ref!r} expected, got {got!r}")
            return
        for i, (r, g) in enumerate(zip(ref, got)):
            _close(r, g, f"{path}[{i}]", errors)
    elif isinstance(ref, (str, bool)) or isinstance(got, (str, bool)):
        if ref != got or type(ref) is not type(got):
            errors.append(f"{path}: {ref!r} expected, got {got!r}")
    elif abs(got - ref) > ITEM_RTOL * abs(ref) + 1e-15:
        errors.append(f"{path}: {ref!r} expected, got {got!r}")


@pytest.fixture(scope='module')
def runs():
    out = {}
    for case in CASES:
        with open(os.path.join(REFDIR, case + '.json')) as f:
            data = json.load(f)
        builder, params = cables.CASES[case]
        out[case] = (data['results'], builder(exu, U, **params))
    return out


@pytest.mark.parametrize('case', CASES)
def test_items_and_return_values(runs, case):
    """Same items (types, parameters, node/marker/object numbers, constraint draw size) and the same
    return value [nodes, objects, loads, positions, constraints] as Exudyn."""
    ref, got = runs[case]
    errors = []
    _close(ref['items'], got['items'], 'items', errors)
    _close(ref['returned'], got['returned'], 'returned', errors)
    assert not errors, '\n'.join(errors[:20])


@pytest.mark.parametrize('case', CASES)
def test_dynamics(runs, case):
    """q, q_t, multipliers and the middle node's position history after 40 steps, at the tolerance of
    the reference models (1e-8)."""
    ref, got = runs[case]
    errors = []
    qScale = compare._scale(ref['q'])
    for key in ('q', 'q_t', 'lambda', 'sensors'):
        compare._compare_quantity(key, ref[key], got[key], errors, qScale=qScale)
    assert not errors, '\n'.join(errors[:20])


def test_points_and_slopes_closed_curve_counts():
    """A closed curve: the last point is no node, the last element ends at the first node; the
    positions are the flat list [x, y, 0] of all points; no ground node without constraints."""
    mbs = exu.SystemContainer().AddSystem()
    pts = [[0., 0., 1., 0.], [1., 0., 0.8, 0.6], [1.5, 1., 0., 1.]]
    nodes, objects, loads, positions, constraints = beams.PointsAndSlopes2ANCFCable2D(
        mbs, pts, [1.1, 1.2], U.ObjectANCFCable2D(referenceCurvature=0.7))
    assert [[int(i) for i in x] for x in (nodes, objects, loads, constraints)] == [[0, 1, 0], [0, 1], [], []]
    assert positions == [0., 0., 0, 1., 0., 0, 1.5, 1., 0]
    assert mbs.systemData.NumberOfNodes() == 2
    assert [mbs.GetObject(i)['referenceCurvature'] for i in objects] == [0.7, 0.7]
    assert [int(i) for i in mbs.GetObject(1)['nodeNumbers']] == [1, 0]
    # Exudyn returns its index types (NodeIndex, ObjectIndex)
    assert {type(i).__name__ for i in nodes} == {'NodeIndex'} and {type(i).__name__ for i in objects} == {'ObjectIndex'}


def test_points_and_slopes_errors():
    """Exudyn raises ValueError for constraints at the end of a closed curve; bad sizes name the argument."""
    pts = [[0., 0., 1., 0.], [1., 0., 1., 0.]]
    cable = U.ObjectANCFCable2D()
    with pytest.raises(ValueError, match='fixedConstraintsNode1'):
        beams.PointsAndSlopes2ANCFCable2D(exu.SystemContainer().AddSystem(), pts, [1.], cable,
                                          fixedConstraintsNode1=[1, 0, 0, 0])
    with pytest.raises(ValueError, match='elementLengths'):
        beams.PointsAndSlopes2ANCFCable2D(exu.SystemContainer().AddSystem(), pts, [], cable)
    with pytest.raises(ValueError, match='elementCurvatures'):
        beams.PointsAndSlopes2ANCFCable2D(exu.SystemContainer().AddSystem(), pts + pts, [1.] * 3, cable,
                                          elementCurvatures=[0.])
    with pytest.raises(ValueError, match='radius'):
        beams.GenerateCircularArcANCFCable2D(exu.SystemContainer().AddSystem(), [0, 0, 0], 0., 0., 1., 2, cable)


def test_circular_arc_verbose_and_end_nodes():
    """verboseMode prints the nodes as Exudyn does (text measured with Exudyn 1.13.6); nodeNumber0/1
    reuse existing nodes (here the same node: a closed ring)."""
    mbs = exu.SystemContainer().AddSystem()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        beams.GenerateCircularArcANCFCable2D(mbs, [0., 0., 0.], 0.8, -0.5, -1.5, 2, U.ObjectANCFCable2D(),
                                             verboseMode=True)
    expected = ('  node 0: pos= 0.0 , 0.0 , slope= 0.8775825618903728 , -0.479425538604203\n'
                '  node 1: pos= 0.3756472646011065 , -0.44980815959608333 , slope= 0.3153223623952688 , '
                '-0.9489846193555862\n'
                '  node 2: pos= 0.343897510577183 , -1.034983518750012 , slope= -0.4161468365471424 , '
                '-0.9092974268256817\n')
    got = [[float(v) for v in line.replace('pos=', ',').replace('slope=', '').split(':')[1].split(',') if v.strip()]
           for line in out.getvalue().splitlines()]
    ref = [[float(v) for v in line.replace('pos=', ',').replace('slope=', '').split(':')[1].split(',') if v.strip()]
           for line in expected.splitlines()]
    assert [line.split(':')[0] for line in out.getvalue().splitlines()] == ['  node 0', '  node 1', '  node 2']
    assert np.allclose(got, ref, rtol=1e-14, atol=1e-15)
    n0 = mbs.AddNode(U.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    nodes = beams.GenerateCircularArcANCFCable2D(mbs, [0., 0., 0.], 0.8, -0.5, -1.5, 2, U.ObjectANCFCable2D(),
                                                 nodeNumber0=n0, nodeNumber1=n0)[0]
    assert [int(i) for i in nodes] == [3, 4, 3] and mbs.systemData.NumberOfNodes() == 5


def test_elements_along_line_templates_and_ends():
    """Only ObjectANCFCable2D templates (Exudyn's other beams are out of scope): ValueError naming
    the template; existing end nodes are used; a ground node per end whose flags are not None, also
    when no flag is set (as Exudyn: 2 ground nodes, 1 constraint here)."""
    with pytest.raises(ValueError, match='beamTemplate'):
        beams.GenerateBeamElementsAlongLine(exu.SystemContainer().AddSystem(), [0, 0, 0], [1, 0, 0], 2)
    with pytest.raises(ValueError, match='numberOfElements'):
        beams.GenerateBeamElementsAlongLine(exu.SystemContainer().AddSystem(), [0, 0, 0], [1, 0, 0], 0,
                                            U.ObjectANCFCable2D())
    mbs = exu.SystemContainer().AddSystem()
    r = beams.GenerateBeamElementsAlongLine(mbs, [0, 0, 0], [1, 0, 0], 2, U.ObjectANCFCable2D(),
                                            groundConstraintsStart=[0, 0, 0, 0], groundConstraintsEnd=[0, 0, 1, 0])
    assert [int(i) for i in r['constraintObjects']] == [2] and mbs.systemData.NumberOfNodes() == 5
    assert mbs.systemData.NumberOfMarkers() == 3
    assert r['nodePositions'] == [[0, 0, 0], [0.5, 0., 0.], [1., 0., 0.]]
    mbs = exu.SystemContainer().AddSystem()
    n0 = mbs.AddNode(U.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(U.NodePoint2DSlope1(referenceCoordinates=[3, 0, 1, 0]))
    r = beams.GenerateBeamElementsAlongLine(mbs, [0.1, 0.2, 0], [1.1, 0.7, 0], 2, U.ObjectANCFCable2D(),
                                            nodeNumberStart=n0, nodeNumberEnd=n1)
    assert [int(i) for i in r['nodes']] == [0, 2, 1] and mbs.systemData.NumberOfNodes() == 3
