"""newton.numericalDifferentiation.doSystemWideDifferentiation (spec solvers.md 3.2): the Newton
matrix's ODE2 part by forward differences of the whole right-hand side. The Newton counts and
results against Exudyn 1.13.6 are reference cases (system_wide_differentiation_*,
tests/models/reference_models.py); here the parts of the method."""
import numpy as np

import multibody as exu
from multibody.solvers.implicit import ImplicitSecondOrderSolver
from multibody.utilities import (LoadForceVector, MarkerNodePosition, MassPoint, NodePoint, NodeRigidBodyRotVecLG,
                                 ObjectRigidBody, RotationVector2RotationMatrix)


def test_lie_group_rotations_are_perturbed_by_composition():
    """A rotation coordinate of a Lie-group node is changed as the Newton update changes it:
    R(q + perturbation) = R(q) exp(h e_k~), not the rotation vector plus h e_k."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    rv = np.array([0.3, -0.5, 0.8])
    n = mbs.AddNode(NodeRigidBodyRotVecLG(referenceCoordinates=[0., 0., 0.] + list(rv)))
    mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=1., inertia=[1., 2., 3., 0., 0., 0.]))
    mbs.Assemble()
    solver = ImplicitSecondOrderSolver(mbs, exu.SimulationSettings())
    h = 1e-3
    for i in range(6):
        qp = solver.perturbed_coordinates(np.zeros(6), i, h)
        if i < 3:
            np.testing.assert_allclose(qp, h * np.eye(6)[i], rtol=0, atol=1e-15)
            continue
        e = np.zeros(3)
        e[i - 3] = h
        R = RotationVector2RotationMatrix(rv + qp[3:])
        np.testing.assert_allclose(R, RotationVector2RotationMatrix(rv) @ RotationVector2RotationMatrix(e),
                                   rtol=0, atol=1e-15)
        assert np.abs(qp[3:] - e).max() > 1e-4          # not the additive change


def _position_spring(system_wide):
    """A mass point pulled back to the origin by a load user function of its position, F = -k p
    (read through GetNodeOutput): only system-wide differentiation puts k into the Newton matrix."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialCoordinates=[0.1, -0.05, 0.02]))
    mbs.AddObject(MassPoint(mass=0.5, nodeNumber=n))
    m = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))

    def force(mbs, t, load):
        return list(-2000. * np.array(mbs.GetNodeOutput(n, exu.OutputVariableType.Position)))
    mbs.AddLoad(LoadForceVector(markerNumber=m, loadVector=[0., 0., 0.], loadVectorUserFunction=force))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 50
    ss.timeIntegration.endTime = 0.05
    ss.timeIntegration.newton.numericalDifferentiation.doSystemWideDifferentiation = system_wide
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)
    it = mbs.sys['dynamicSolver'].it
    return np.array(mbs.systemData.GetODE2Coordinates()), it.newtonStepsCount, it.newtonJacobiCount


def test_loads_enter_the_newton_matrix():
    """The load's stiffness k reaches the Newton matrix with system-wide differentiation only (the
    user function reads the perturbed current state): one iteration per step (a linear problem
    with its exact matrix, kept by modified Newton) instead of three with the mass matrix alone,
    as in Exudyn 1.13.6 (150 and 50 iterations, one Jacobian each, the same coordinates to 1e-16);
    the same motion either way (Newton tolerance)."""
    q0, its0, jac0 = _position_spring(False)
    q1, its1, jac1 = _position_spring(True)
    assert (its0, jac0, its1, jac1) == (150, 1, 50, 1)
    np.testing.assert_allclose(q1, [-0.09998075065497884, 0.04999037532749169, -0.01999615013099534], rtol=1e-12)
    np.testing.assert_allclose(q1, q0, rtol=0, atol=1e-9)
