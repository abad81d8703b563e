"""ComputeSystemDegreeOfFreedom: Exudyn's dictionary (reference data from Exudyn 1.13.6 in
tests/reference/dof/, made by tools/make_dof_reference.py) and the named redundant equations."""
import json
import os
import sys
import time

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.errors import AssemblyError, NotImplementedFeatureError
from multibody.solvers import dof

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'models'))
import reference_models as rm  # noqa: E402

REF = os.path.join(os.path.dirname(__file__), '..', 'reference', 'dof')
EXUDYN_KEYS = ['degreeOfFreedom', 'redundantConstraints', 'nODE2', 'nODE1', 'nAE', 'nPureAE']


def build(name):
    builder, params = rm.DOF_CASES[name]
    try:
        return builder(exu, U, **params)[1]
    except (NotImplementedFeatureError, AssemblyError, AttributeError) as exc:
        pytest.skip(f"{name}: model not buildable in multibody yet ({type(exc).__name__}: {exc})")


def reference(name):
    with open(os.path.join(REF, name + '.json')) as f:
        return json.load(f)


def full_rank_after_removal(mbs, redundant):
    """Rank of C_all without the named equations equals their number of columns."""
    C_all, _ = dof.constraint_columns(mbs)
    C = C_all.toarray()
    drop = [r['aeIndex'] for r in redundant]
    keep = np.setdiff1d(np.arange(C.shape[1]), drop)
    return np.linalg.matrix_rank(C[:, keep]) == keep.size


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name", sorted(rm.DOF_CASES))
def test_dof_dictionary_equals_exudyn(name):
    mbs = build(name)
    ref = reference(name)
    for variant, kw in (('dof', {}), ('dofSVD', {'useSVD': True})):
        d = mbs.ComputeSystemDegreeOfFreedom(**kw)
        assert {k: d[k] for k in EXUDYN_KEYS} == ref[variant], variant
        assert list(d)[:6] == EXUDYN_KEYS
        assert len(d['redundantEquations']) == d['redundantConstraints']
        assert full_rank_after_removal(mbs, d['redundantEquations'])


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name, expected", [
    ('dof_example_a', [('fixXagain', 0)]),
    ('dof_point_fixed_twice', [('joint1', 0), ('joint1', 1), ('joint1', 2)]),
    ('dof_point_loop', [('dist5', 0)]),
    ('dof_revolute_twice', [('revolute1', j) for j in range(5)]),
])
def test_named_redundant_equations(name, expected):
    """The later of two equivalent constraints is named (the one added on top)."""
    mbs = build(name)
    red = mbs.ComputeSystemDegreeOfFreedom()['redundantEquations']
    assert [(r['name'], r['equation']) for r in red] == expected
    for r in red:
        assert r['objectType'] == mbs.GetObject(r['objectNumber'])['objectType'] or \
            r['objectType'].endswith(mbs.GetObject(r['objectNumber'])['objectType'])


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_fourbar_names_three_equations_of_one_loop():
    mbs = build('dof_fourbar')
    red = mbs.ComputeSystemDegreeOfFreedom()['redundantEquations']
    assert len(red) == 3 and all(r['name'].startswith('revolute') for r in red)
    assert full_rank_after_removal(mbs, red)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_example_a_verbose_output(capsys):
    """spec system.md 8.1: the printed lines, including the SVD variant."""
    mbs = build('dof_example_a')
    mbs.ComputeSystemDegreeOfFreedom(verbose=True)
    mbs.ComputeSystemDegreeOfFreedom(useSVD=True, verbose=True)
    block = ("ODE2 coordinates          = 3\ntotal constraints         = 4\nredundant constraints     = 1\n"
             "pure algebraic constraints= 1\ndegree of freedom         = 1\n")
    assert capsys.readouterr().out == (block + "singular values ODE2+AE=[1.41421356 1.         1.         0.        ]\n"
                                       "singular values pure AE=[1. 0. 0. 0.]\n" + block)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_threshold_only_with_svd():
    mbs = build('dof_example_a')
    assert mbs.ComputeSystemDegreeOfFreedom(threshold=1.2)['redundantConstraints'] == 1
    d = mbs.ComputeSystemDegreeOfFreedom(threshold=1.2, useSVD=True)
    assert (d['redundantConstraints'], d['nPureAE'], d['degreeOfFreedom']) == (3, 0, 2)   # Exudyn 1.13.6


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name", ['dof_example_a', 'dof_point_fixed_twice', 'dof_point_loop'])
def test_sparse_path_agrees_with_dense(name):
    mbs = build(name)
    dense = dof.analyze(mbs, sparse=False)
    sparse = dof.analyze(mbs, sparse=True)
    assert (sparse.n_red, sparse.n_pure) == (dense.n_red, dense.n_pure)
    assert full_rank_after_removal(mbs, sparse.redundant)


def chain(n, redundant=True):
    """n mass points on distance constraints (a chain hanging from ground in the xy-plane), z of
    every point fixed; optionally the last link doubled (one redundant constraint)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    oG = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oG))
    nG = mbs.AddNode(U.NodePointGround())
    mgz = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=2))
    for i in range(n):
        nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[i + 1., 0., 0.]))
        b = mbs.AddObject(U.MassPoint(nodeNumber=nd, mass=1.))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
        mbs.AddObject(U.DistanceConstraint(markerNumbers=[prev, m], distance=1.))
        mz = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=2))
        mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mgz, mz]))
        last = (prev, m)
        prev = m
    if redundant:
        mbs.AddObject(U.DistanceConstraint(markerNumbers=list(last), distance=1., name='doubledLink'))
    mbs.Assemble()
    return mbs


def test_large_chain_sparse_analysis():
    """1000 mass points, 2001 constraints, one redundant: the sparse path names the doubled link
    (benchmark figure printed with -s; not a timed test)."""
    mbs = chain(1000)
    t0 = time.perf_counter()
    d = mbs.ComputeSystemDegreeOfFreedom()
    seconds = time.perf_counter() - t0
    print(f"\n1000-body chain: ComputeSystemDegreeOfFreedom (sparse path) {seconds:.3f} s")
    assert d['nAE'] == 2001 and d['redundantConstraints'] == 1
    assert d['degreeOfFreedom'] == 3000 - 2001 + 1
    assert [r['name'] for r in d['redundantEquations']] == ['doubledLink']
