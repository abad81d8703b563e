"""Reference models of ObjectJointSliding (a mass point sliding along ObjectANCFCable elements),
written against the public Exudyn 1.13 API only: ``builder(exu, U, **params) -> dict`` as in
reference_models.py, which adds ``CASES`` of this module to its own (``fixed_step_settings`` is
given by it).

``sliding_3d``: a spatial cable of ``nElements`` elements along x (2 m, made by
beams.GenerateStraightLineANCFCable; both ends clamped, or a cantilever) under gravity, and a mass
point that slides along it from ``x0`` with an initial velocity [v0, 0, 0.1]: it crosses element
ends in both directions. The data node, the joint (constrainRotations [0,0,0], the
constrainTranslations flags, axialForce), optionally a preStep function that switches
activeConnector off and on again; the preStep function records the joint's markerNumbers[1] at
each step. ``discontinuousTolerance``: the discontinuous iteration's tolerance (small: each element
switch asks for one more iteration). Results: q, q_t, lambda and the data coordinates at the end,
the number of discontinuous iterations, the joint's markerNumbers after the solve, its outputs at
the end and sensors of its four outputs and of the data node's coordinates.
"""
import importlib
import importlib.util
import os
import warnings

_spec = importlib.util.spec_from_file_location(
    'sliding_common', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'sliding_common.py'))
common = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(common)

OUTPUTS = ('Position', 'Velocity', 'SlidingCoordinate', 'Force')


def spatial_cable(exu, U, mbs, nElements=4, cantilever=False):
    """The ObjectANCFCable elements of a 2 m cable along x under gravity (-y), clamped at node 0
    and, unless ``cantilever``, at its last node (beams.GenerateStraightLineANCFCable)."""
    beams = importlib.import_module(exu.__name__ + '.beams')
    cable = U.ObjectANCFCable(massPerLength=1., bendingStiffness=10., axialStiffness=1e3,
                              bendingDamping=0.01, axialDamping=0.1)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        return beams.GenerateStraightLineANCFCable(
            mbs, [0., 0., 0.], [2., 0., 0.], nElements, cable, massProportionalLoad=[0., -9.81, 0.],
            fixedConstraintsNode0=[1] * 6, fixedConstraintsNode1=[0 if cantilever else 1] * 6)[1]


def _slider(U, mbs, x0, v0):
    node = mbs.AddNode(U.NodePoint(referenceCoordinates=[x0, 0., 0.], initialVelocities=[v0, 0., 0.1]))
    mbs.AddObject(U.MassPoint(mass=0.5, nodeNumber=node))
    marker = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(U.LoadForceVector(markerNumber=marker, loadVector=[0., -0.5 * 9.81, 0.]))
    return marker


def _switching(mbs, joint, switchActive, elements):
    """The preStep function: markerNumbers[1] into ``elements``; activeConnector False for
    0.3 <= t < 0.31 where ``switchActive``."""
    def preStep(mbs, t):
        if switchActive:
            mbs.SetObjectParameter(joint, 'activeConnector', not 0.3 - 1e-9 <= t < 0.31 - 1e-9)
        elements.append(int(mbs.GetObject(joint)['markerNumbers'][1]))
        return True
    mbs.SetPreStepUserFunction(preStep)


def sliding_3d(exu, U, nElements=4, cantilever=False, x0=0.6, v0=-0.6, constrainTranslations=(1, 1, 1),
               axialForce=0., switchActive=False, discontinuousTolerance=None, chainElements=None, second=False,
               nSteps=100, h=0.01):
    """See the module docstring; ``chainElements``: the chain is the first elements only (the
    point runs beyond its end: Exudyn's warning, the data coordinate x1 held at the chain's length
    and, with a small discontinuousTolerance, the discontinuous iterations repeated at each step);
    ``second``: a second joint (a mass point at x = 1.4 moving right) along the cable's second half
    only (two items of one group with chains of different lengths)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L = 2.
    objects = spatial_cable(exu, U, mbs, nElements, cantilever)
    sliding = [mbs.AddMarker(U.MarkerBodyBeamShape(bodyNumber=o)) for o in objects][:chainElements]
    offsets = [i * L / nElements for i in range(len(sliding))]
    m0 = _slider(U, mbs, x0, v0)
    k0 = int(x0 * nElements / L)
    data = mbs.AddNode(U.NodeGenericData(initialCoordinates=[k0, x0], numberOfDataCoordinates=2))
    joint = mbs.AddObject(U.ObjectJointSliding(
        markerNumbers=[m0, sliding[k0]], slidingMarkerNumbers=sliding, slidingMarkerOffsets=offsets, nodeNumber=data,
        constrainRotations=[0, 0, 0], constrainTranslations=list(constrainTranslations), axialForce=axialForce))
    sensors = common.joint_sensors(exu, U, mbs, joint, data, OUTPUTS)
    if second:
        common.second_joint(exu, U, mbs, sensors, sliding, offsets, nElements, _slider(U, mbs, 1.4, 0.3),
                            'ObjectJointSliding', constrainRotations=[0, 0, 0], constrainTranslations=[1, 0, 1])
    elements = []
    _switching(mbs, joint, switchActive, elements)
    mbs.Assemble()
    ss = fixed_step_settings(exu, nSteps, nSteps * h, sensorEvery=5)      # noqa: F821 (given by reference_models)
    ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    if discontinuousTolerance is not None:
        ss.timeIntegration.discontinuous.iterationTolerance = discontinuousTolerance
    mbs.SolveDynamic(ss, solverType=exu.DynamicSolverType.GeneralizedAlpha)
    return common.run_results(exu, mbs, joint, sensors, elements, OUTPUTS, discontinuousIterations=int(
        mbs.sys['dynamicSolver'].it.discontinuousIterationsCount))


CASES = {
    'sliding3d_clamped': (sliding_3d, dict()),
    'sliding3d_switch_iterations': (sliding_3d, dict(discontinuousTolerance=1e-8)),
    'sliding3d_cantilever_axial_force': (sliding_3d, dict(nElements=8, cantilever=True, x0=1.2, v0=0.5,
                                                          axialForce=0.3, nSteps=100, h=0.005)),
    'sliding3d_active_switch': (sliding_3d, dict(switchActive=True)),
    'sliding3d_free_z': (sliding_3d, dict(constrainTranslations=(1, 1, 0), axialForce=-0.2)),
    'sliding3d_chain_end': (sliding_3d, dict(v0=1.5, chainElements=2, discontinuousTolerance=1e-8, nSteps=30)),
    'sliding3d_two_joints': (sliding_3d, dict(nElements=8, second=True, discontinuousTolerance=1e-8)),
}
