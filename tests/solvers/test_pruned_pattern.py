"""Newton matrices whose fixed pattern holds many entries that stay zero: their sparse LU without
them (LinearSolver._factorize_pruned), refactorized in the compiled steps, where entries left out
become nonzero as the system starts moving."""
import numpy as np

import multibody as exu
import multibody.utilities as U
from multibody.solvers import linear


def _pendulum(n, solver_type):
    """The shared bench's pendulum2d (n links of RigidBody2D on RevoluteJoint2D, horizontal at
    rest under gravity) with a spring-damper between two links switched on at t = 0.05."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L, m = 0.4, 4.
    previous = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.ObjectGround()), localPosition=[0, 0, 0]))
    for i in range(n):
        nd = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[(i + 0.5) * L, 0, 0]))
        b = mbs.AddObject(U.ObjectRigidBody2D(mass=m, inertia=m * L ** 2 / 12, nodeNumber=nd))
        left = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[-0.5 * L, 0, 0]))
        mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[previous, left]))
        previous = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0.5 * L, 0, 0]))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b)),
                                           loadVector=[0, -9.81, 0]))
    # a spring between the tips of links 4 and 13, switched on at t = 0.05 by a preStep function:
    # its entries of the Newton matrix (the only ones coupling these links) are zero before
    tips = [mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=1 + 2 * k, localPosition=[0.5 * L, 0, 0])) for k in (3, 12)]
    spring = mbs.AddObject(U.SpringDamper(markerNumbers=tips, referenceLength=8 * L, stiffness=2000., damping=5.,
                                          activeConnector=False))

    def pre_step(mbs, t):
        if t > 0.05 and not mbs.GetObjectParameter(spring, 'activeConnector'):
            mbs.SetObjectParameter(spring, 'activeConnector', True)
        return True
    mbs.SetPreStepUserFunction(pre_step)
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = 300, 0.3, 0
    ti.newton.useModifiedNewton = True
    ti.newton.relativeTolerance, ti.newton.absoluteTolerance = 1e-8, 1e-10
    ti.generalizedAlpha.spectralRadius = 0.9
    ss.solution.file.write = False
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    return mbs, ss, solver_type


def _solve(monkeypatch, n, solver_type, prune=True):
    # (this model's pattern stores about 50 % zeros, below PRUNE_MIN_ZEROS, where the pruned LU
    # does not pay off in time; the threshold lowered to test it)
    monkeypatch.setattr(linear, 'PRUNE_MIN_ZEROS', 0.3 if prune else 2.0)
    calls, nnz = [], []
    factorize_pruned = linear.LinearSolver._factorize_pruned

    def spy(solver, J):
        before = solver._prune
        done = factorize_pruned(solver, J)
        nnz.append(J.nnz)
        calls.append((before if before is None or before is False else int(before.sum()),
                      done, None if solver._prune is False else int(solver._prune.sum())))
        return done
    monkeypatch.setattr(linear.LinearSolver, '_factorize_pruned', spy)
    mbs, ss, st = _pendulum(n, solver_type)
    mbs.SolveDynamic(ss, solverType=st)
    monkeypatch.undo()
    sd = mbs.systemData
    it = mbs.sys['dynamicSolver'].it
    return dict(q=np.array(sd.GetODE2Coordinates()), v=np.array(sd.GetODE2Coordinates_t()),
                lam=np.array(sd.GetAECoordinates()), counts=(it.newtonStepsCount, it.newtonJacobiCount),
                calls=calls, nnz=nnz, refactorizations=int(mbs.sys['dynamicSolver'].engine['refactorizations']))


def test_pruned_newton_matrix_refactorized_in_the_compiled_steps(monkeypatch):
    """A 20-link planar pendulum (n = 100 > SPARSE_AS_DENSE_MAX, TrapezoidalIndex2: an
    unsymmetric Newton matrix): about half of the stored entries of its first Newton matrix are
    zero, and its LU leaves them out; those of a spring switched on later become nonzero, which
    the compiled refactorization (lu_refactor) reports, and the full factorization that follows
    keeps them. The numbers are those of the LU of the whole pattern up to round-off."""
    n, solver_type = 20, exu.DynamicSolverType.TrapezoidalIndex2
    pruned = _solve(monkeypatch, n, solver_type)
    whole = _solve(monkeypatch, n, solver_type, prune=False)
    first, widened = pruned['calls'][0], pruned['calls'][1:]
    assert first[0] is None and first[1] and 0.3 < first[2] / pruned['nnz'][0] < 0.7    # about half kept
    assert len(widened) == 1 and widened[0][1] and widened[0][2] == first[2] + 30   # the spring's 30
    assert pruned['refactorizations'] > 20
    for k in ('q', 'v', 'lam'):
        # (with the LU of the whole pattern: 1e-15 without the spring, 2e-12 with it)
        np.testing.assert_allclose(whole[k], pruned[k], rtol=1e-9, atol=1e-9 * np.abs(pruned[k]).max(), err_msg=k)
    assert whole['calls'] == [(None, False, None)]
