"""Explicit Lie-group integration of NodeRigidBodyRotVecLG (spec solvers.md 6.5): a torque-free
asymmetric body keeps its global angular momentum with Lie-group stages, and does not without."""
import numpy as np

import multibody as exu
from multibody.utilities import RigidBodyInertia

J = np.diag([1.0, 2.0, 3.0])


def momentum_drift(lie_group, h=0.01, T=10.0):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    body = mbs.CreateRigidBody(inertia=RigidBodyInertia(mass=1.0, inertiaTensor=J),
                               nodeType=exu.NodeType.RotationRotationVector,
                               initialAngularVelocity=[1.0, 0.1, 2.0], returnDict=True)
    n = body["nodeNumber"]
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(T / h))
    s.timeIntegration.endTime = T
    s.timeIntegration.explicit.useLieGroupIntegration = lie_group
    s.solution.file.write = False
    L = []

    def post_step(mbs_, t):
        A = mbs_.GetNodeOutput(n, exu.OutputVariableType.RotationMatrix).reshape(3, 3)
        w = mbs_.GetNodeOutput(n, exu.OutputVariableType.AngularVelocityLocal)
        L.append(A @ J @ w)
        return True

    mbs.SetPostStepUserFunction(post_step)
    mbs.SolveDynamic(s, solverType=exu.DynamicSolverType.RK44)
    L = np.array(L)
    return np.abs(L - L[0]).max() / np.linalg.norm(L[0])


def test_lie_group_rk44_conserves_angular_momentum_better():
    with_lie = momentum_drift(True)
    without = momentum_drift(False)
    # measured: 2.8e-9 with Lie-group stages; 0.73 when the rotation vector is integrated
    # additively with the local angular velocity as its rate (no Lie-group update)
    assert with_lie < 1e-7
    assert without > 1e3 * with_lie


def rigid_pendulum_end_state(per_body, nodeType):
    """Rigid body (Rxyz or RotVecLG) hanging on a spring-damper to ground, RK44, 200 steps."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=RigidBodyInertia(mass=2.0, inertiaTensor=J, com=[0.1, 0.0, 0.0]),
                               referencePosition=[1.0, 0.0, 0.0], nodeType=nodeType,
                               initialAngularVelocity=[0.3, 0.5, 1.0], gravity=[0.0, -9.81, 0.0],
                               returnDict=True)
    mbs.CreateCartesianSpringDamper(itemNumbers=[ground, body["bodyNumber"]], localPosition1=[0.0, 0.0, 0.0],
                                    stiffness=[400.0, 400.0, 400.0], damping=[2.0, 2.0, 2.0])
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = 200
    s.timeIntegration.endTime = 0.2
    s.timeIntegration.explicit.computeMassMatrixInversePerBody = per_body
    s.solution.file.write = False
    mbs.SolveDynamic(s, solverType=exu.DynamicSolverType.RK44)
    return mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t()


def test_mass_matrix_inverse_per_body_equals_global_solve():
    """computeMassMatrixInversePerBody: per-body inverses of the configuration-dependent mass blocks
    give the motion of the global sparse solve."""
    for nodeType in (exu.NodeType.RotationRotationVector, exu.NodeType.RotationRxyz):
        q0, v0 = rigid_pendulum_end_state(False, nodeType)
        q1, v1 = rigid_pendulum_end_state(True, nodeType)
        assert np.abs(q0).max() > 1e-2
        np.testing.assert_allclose(q1, q0, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(v1, v0, rtol=1e-10, atol=1e-12)
