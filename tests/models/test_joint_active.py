"""activeConnector on every joint type: switched off, the multipliers are exactly zero and the
body falls freely; switched on again, the joint holds (its residual is back at the tolerance)."""
import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (GenericJoint, InertiaCuboid, MarkerBodyRigid, NodeRigidBody2D,
                                 ObjectGround, ObjectRigidBody2D, PrismaticJoint2D, PrismaticJointX,
                                 RevoluteJoint2D, RevoluteJointZ, SphericalJoint)

G = 9.81
T_OFF, T_ON, T_END, H = 0.05, 0.1, 0.2, 1e-3


def model_3d(joint_class):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [0.2, 0.1, 0.1]), referencePosition=[0, 0, 0],
                               gravity=[0, -G, 0], returnDict=True)
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body["bodyNumber"], localPosition=[0, 0, 0]))
    j = mbs.AddObject(joint_class(markerNumbers=[mG, mB]))
    return mbs, body["nodeNumber"], j


def model_2d(joint_class):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[0, 0, 0]))
    b = mbs.AddObject(ObjectRigidBody2D(nodeNumber=n, mass=2.0, inertia=0.1))
    from multibody.utilities import LoadMassProportional, MarkerBodyMass
    mbs.AddLoad(LoadMassProportional(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)),
                                     loadVector=[0, -G, 0]))
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    kw = {"axisMarker0": [1.0, 0, 0], "normalMarker1": [0, 1.0, 0]} if joint_class is PrismaticJoint2D else {}
    j = mbs.AddObject(joint_class(markerNumbers=[mG, mB], **kw))
    return mbs, n, j


# the joints with a vertical locked direction at the origin (gravity acts along -y)
CASES = [(SphericalJoint, model_3d), (RevoluteJointZ, model_3d), (PrismaticJointX, model_3d),
         (GenericJoint, model_3d), (RevoluteJoint2D, model_2d), (PrismaticJoint2D, model_2d)]


@pytest.mark.parametrize("joint_class, builder", CASES, ids=[c[0].__name__ for c in CASES])
def test_switch_off_and_on(joint_class, builder):
    mbs, node, j = builder(joint_class)
    mbs.Assemble()
    ae = mbs.systemData.GetObjectLTGAE(j)
    off_lambda, off_y, times, residual_after = [], [], [], []

    def pre_step(mbs_, t):
        mbs_.SetObjectParameter(j, "activeConnector", not (T_OFF - 1e-9 < t < T_ON - 1e-9))
        return True

    def post_step(mbs_, t):
        if T_OFF + 1e-9 < t < T_ON - 1e-9:
            off_lambda.append(mbs_.systemData.GetAECoordinates()[ae].copy())
            off_y.append(mbs_.GetNodeOutput(node, exu.OutputVariableType.Position)[1])
            times.append(t)
        if t > T_ON + 0.05:
            residual_after.append(mbs_.ComputeConstraintResiduals()["position"])
        return True

    mbs.SetPreStepUserFunction(pre_step)
    mbs.SetPostStepUserFunction(post_step)
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(T_END / H))
    s.timeIntegration.endTime = T_END
    s.timeIntegration.newton.relativeTolerance = 1e-10
    s.solution.file.write = False
    mbs.SolveDynamic(s)
    # off: multipliers exactly zero, free fall y'' = -g (quadratic fit after the start-up transient)
    assert np.all(np.array(off_lambda) == 0.0)
    t, y = np.array(times), np.array(off_y)
    half = len(t) // 2
    assert 2 * np.polyfit(t[half:], y[half:], 2)[0] == pytest.approx(-G, rel=1e-3)
    # on again: the joint holds
    assert max(residual_after) < 1e-8
