"""GetNodeOutput and GetObjectOutputBody outside a sensor write compute the frames they need
alone (item_outputs._node_frames, _body_frames: the node groups' or the body's group's kernels into
frames of their own) instead of every node, body and marker frame: the numbers of the whole
kinematics (as inside an output batch), bit for bit, for every node and body kind and frame
output, at every configuration."""
import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.output.item_outputs import output_batch

OV = exu.OutputVariableType
CFG = exu.ConfigurationType
FRAME_OUTPUTS = (OV.Position, OV.Displacement, OV.Velocity, OV.VelocityLocal, OV.Acceleration, OV.RotationMatrix,
                 OV.Rotation, OV.AngularVelocity, OV.AngularVelocityLocal)


def _model():
    """Rigid bodies on EP, Rxyz and rotation-vector nodes on spherical joints, a planar rigid
    body, a mass point on a spring, a ground node; a few steps solved."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    prev = mg
    for i, nt in enumerate([exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz,
                            exu.NodeType.RotationRotationVector]):
        b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000, [0.4, 0.05, 0.05]), referencePosition=[0.4 * i + 0.2, 0, 0],
                                initialAngularVelocity=[0.3, -0.2 * i, 1.0], gravity=[0, -9.81, 0], nodeType=nt)
        m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.2, 0, 0]))
        mbs.AddObject(U.SphericalJoint(markerNumbers=[prev, m0]))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.2, 0, 0]))
    n2 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0, -1, 0.3], initialVelocities=[0.1, 0, 2.]))
    b2 = mbs.AddObject(U.ObjectRigidBody2D(nodeNumber=n2, mass=1.5, inertia=0.04))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b2))],
                                 stiffness=100., damping=0.5, referenceLength=1.))
    npt = mbs.AddNode(U.NodePoint(referenceCoordinates=[0, 1, 0], initialVelocities=[0.2, 0, 0.1]))
    mp = mbs.AddObject(U.MassPoint(nodeNumber=npt, mass=2.))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mp))],
                                 stiffness=80., damping=0.5, referenceLength=0.9))
    mbs.AddNode(U.NodePointGround(referenceCoordinates=[1, 2, 3]))
    mbs.AddObject(U.ObjectGround(referencePosition=[0.5, 0, 0.2]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 20
    ss.timeIntegration.endTime = 0.02
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)
    return mbs


def _as_whole_kinematics(c, get):
    """get() outside an output batch and inside one (the whole kinematics, computed after other
    frames were): the same numbers bit for bit, or the same exception (an output the item does not
    provide). Returns 1 where numbers were compared."""
    try:
        alone = get()
    except Exception as exc:
        with pytest.raises(type(exc)), output_batch(c):
            get()
        return 0
    c.equations.update_kinematics(np.zeros(c.n_ode2), np.zeros(c.n_ode2), 0.)
    with output_batch(c):
        whole = get()
    np.testing.assert_array_equal(alone, whole)
    return 1


def _frames_untouched(c, frames, get):
    """get() leaves the frames of the equations layer as they were."""
    c.equations.update_kinematics(np.zeros(c.n_ode2), np.zeros(c.n_ode2), 0.)
    before = frames.pos.copy()
    get()
    np.testing.assert_array_equal(frames.pos, before)


@pytest.mark.parametrize('configuration', [CFG.Current, CFG.Initial, CFG.Reference, CFG.StartOfStep])
def test_node_frame_outputs_outside_a_batch_are_those_of_the_whole_kinematics(configuration):
    mbs = _model()
    c = mbs._compiled
    checked = sum(_as_whole_kinematics(c, lambda: mbs.GetNodeOutput(n, var, configuration))
                  for n in range(mbs.systemData.NumberOfNodes()) for var in FRAME_OUTPUTS)
    # (the reference configuration answers positions and rotations only, as Exudyn's)
    assert checked >= (20 if configuration == CFG.Reference else 40)
    _frames_untouched(c, c.equations.node_frames, lambda: mbs.GetNodeOutput(0, OV.Position, configuration))


BODY_OUTPUTS = FRAME_OUTPUTS + (OV.AccelerationLocal, OV.AngularAcceleration, OV.KineticEnergy, OV.Coordinates)


@pytest.mark.parametrize('configuration', [CFG.Current, CFG.Initial, CFG.Reference, CFG.StartOfStep])
def test_body_outputs_outside_a_batch_are_those_of_the_whole_kinematics(configuration):
    """(Displacement at the reference configuration: zero; it raised an IndexError before.)"""
    mbs = _model()
    c = mbs._compiled
    bodies = [b for b in range(mbs.systemData.NumberOfObjects())
              if c.items['object'][b].spec.type_name in ('RigidBody', 'RigidBody2D', 'MassPoint', 'Ground')]
    checked = sum(_as_whole_kinematics(c, lambda: mbs.GetObjectOutputBody(b, var, loc, configuration))
                  for b in bodies for var in BODY_OUTPUTS for loc in ([0., 0., 0.], [0.1, -0.02, 0.03]))
    assert checked >= (40 if configuration == CFG.Reference else 80)
    rigid = bodies[1]               # (bodies[0]: the ground)
    _frames_untouched(c, c.equations.body_frames,
                      lambda: mbs.GetObjectOutputBody(rigid, OV.Position, [0.1, 0., 0.], configuration))
    if configuration == CFG.Reference:
        np.testing.assert_array_equal(mbs.GetObjectOutputBody(rigid, OV.Displacement, [0.1, 0., 0.], configuration),
                                      [0., 0., 0.])
