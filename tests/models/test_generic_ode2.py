"""ObjectGenericODE2: M q_tt + D q_t + K q = f + f_user, its user functions and several objects
of different sizes in one system."""
import numpy as np

import multibody as exu
import multibody.utilities as U

M = np.array([[2., 0.5, 0.], [0.5, 1., 0.], [0., 0., 1.5]])
K = np.array([[400., -100., 0.], [-100., 300., -50.], [0., -50., 200.]])
D = np.array([[1., 0., 0.], [0., 0.5, 0.], [0., 0., 0.2]])
F = np.array([0., 1., 0.])
K2 = np.array([[50., 10., 0.], [10., 20., 0.], [0., 0., 30.]])
D2 = np.diag([0.3, 0.2, 0.1])
F2 = np.array([0.5, 0., -1.])


def _solve(mbs, steps=200):
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = steps * 1e-3
    ss.timeIntegration.verboseMode = 0
    ss.timeIntegration.newton.relativeTolerance = 1e-12
    ss.timeIntegration.newton.absoluteTolerance = 1e-12
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)
    return mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t()


def _system(sizes=(3,), user=None):
    """One NodeGenericODE2 + ObjectGenericODE2 per size (the leading block of M, K, D, F; the
    object on size 3 optionally with user functions: 'force' adds -K2 q - D2 q_t + F2, 'mass'
    returns M)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    for k in sizes:
        n = mbs.AddNode(U.NodeGenericODE2(numberOfODE2Coordinates=k, referenceCoordinates=[0.] * k,
                                          initialCoordinates=[0.1, 0., -0.05][:k],
                                          initialCoordinates_t=[0., 0.2, 0.][:k]))
        kw = dict(nodeNumbers=[n], massMatrix=M[:k, :k], stiffnessMatrix=K[:k, :k], dampingMatrix=D[:k, :k],
                  forceVector=F[:k])
        if k == 3 and user == 'force':
            kw['forceUserFunction'] = lambda mbs, t, item, q, q_t: -K2 @ q - D2 @ q_t + F2
        elif k == 3 and user == 'mass':
            kw['massMatrixUserFunction'] = lambda mbs, t, item, q, q_t: M
        elif k == 3 and user == 'combined':
            kw.update(stiffnessMatrix=K + K2, dampingMatrix=D + D2, forceVector=F + F2)
        mbs.AddObject(U.ObjectGenericODE2(**kw))
    return _solve(mbs)


def test_force_user_function_adds_to_the_constant_terms():
    """The user forces (a call back from the compiled residual) and their forward-difference
    Jacobian (from the compiled Newton matrix's) give the constant-matrix results."""
    q, v = _system(user='force')
    q_ref, v_ref = _system(user='combined')
    assert np.abs(q_ref).max() > 1e-3
    np.testing.assert_allclose(q, q_ref, rtol=0, atol=1e-10)
    np.testing.assert_allclose(v, v_ref, rtol=0, atol=1e-8)


def test_mass_matrix_user_function_gives_the_constant_mass_results():
    q, v = _system(user='mass')
    q_ref, v_ref = _system()
    np.testing.assert_allclose(q, q_ref, rtol=0, atol=1e-12)
    np.testing.assert_allclose(v, v_ref, rtol=0, atol=1e-10)


def test_objects_of_different_sizes_in_one_system():
    """Objects on 3, 1 and 2 coordinates (padded to 3 in one group): each moves as alone."""
    q, v = _system(sizes=(3, 1, 2))
    start = 0
    for k in (3, 1, 2):
        q1, v1 = _system(sizes=(k,))
        np.testing.assert_allclose(q[start:start + k], q1, rtol=0, atol=1e-12)
        np.testing.assert_allclose(v[start:start + k], v1, rtol=0, atol=1e-10)
        start += k
