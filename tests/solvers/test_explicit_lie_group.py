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
