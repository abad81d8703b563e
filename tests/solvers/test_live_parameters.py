"""Parameters that a preStep function changes at every step (a time-dependent load, a prescribed
motion by a CoordinateConstraint's offset, an actuator's force) and that the fused residual reads from the groups'
arrays (Group.fused_live_parameters): no new FusedResidual per change (it cost 0.6 ms a step), the
numbers of the group-by-group path, bit for bit; any other parameter change builds it again."""
import math

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.equations import fused as fu

from .step_models import rigid_chain

_BUILD = fu.FusedResidual.build.__func__


def _model(fused, monkeypatch, prestep=True, other_change=False):
    """A chain of 3 rigid bodies on spherical joints with a tip force and a torsional, a linear and
    a rigid-body spring-damper from the ground to the tip body, and a mass point whose x
    coordinate is prescribed by a CoordinateConstraint (offset), whose y coordinate carries a
    LoadCoordinate, hanging on a SpringDamper (an actuator force) and a CartesianSpringDamper; the
    preStep function sets the force vector, the offset, the coordinate load, the actuator's force
    and reference length, the Cartesian spring's offset and the rigid connectors' offsets, torque,
    force and stiffness at every step (``other_change``: also the constraint's factor1, once)."""
    monkeypatch.setenv('MULTIBODY_FUSED', '1' if fused else '0')
    builds = []

    def build(cls, *a, **k):
        builds.append(1)
        return _BUILD(cls, *a, **k)
    monkeypatch.setattr(fu.FusedResidual, 'build', classmethod(build))
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g, tip_body, prev = rigid_chain(mbs)
    force = mbs.AddLoad(U.LoadForceVector(markerNumber=prev, loadVector=[0., 0., 0.]))
    mgr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[1.25, 0., 0.]))
    mbr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=tip_body, localPosition=[0., 0., 0.]))
    torsional = mbs.AddObject(U.TorsionalSpringDamper(markerNumbers=[mgr, mbr], stiffness=5., damping=0.1))
    linear = mbs.AddObject(U.LinearSpringDamper(markerNumbers=[mgr, mbr], stiffness=30., damping=0.5,
                                                axisMarker0=[0., 1., 0.]))
    rigid = mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[mgr, mbr], stiffness=np.diag([0., 0., 10., 1., 1., 0.]),
                                                  damping=np.diag([0., 0., 0.2, 0.01, 0.01, 0.]), offset=[0.] * 6))
    nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 1., 0.]))
    mbs.AddObject(U.MassPoint(mass=2., nodeNumber=nd))
    ground = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(U.NodePointGround()), coordinate=0))
    mx = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=0))
    con = mbs.AddObject(U.CoordinateConstraint(markerNumbers=[ground, mx], offset=0.))
    load = mbs.AddLoad(U.LoadCoordinate(markerNumber=mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=1)),
                                        load=0.))
    mp = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=nd))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[0., 2., 0.]))
    actuator = mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mp], referenceLength=1., stiffness=50., damping=1.))
    cartesian = mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, mp], stiffness=[0., 0., 20.],
                                                      damping=[0., 0., 0.5]))
    mbs.Assemble()

    def pre_step(mbs, t):
        mbs.SetLoadParameter(force, 'loadVector', [0., 5. * math.cos(7. * t), 10. * math.sin(10. * t)])
        mbs.SetObjectParameter(con, 'offset', 0.1 * math.sin(5. * t))
        mbs.SetLoadParameter(load, 'load', -3. * t)
        mbs.SetObjectParameter(actuator, 'force', 4. * math.sin(3. * t))
        mbs.SetObjectParameter(actuator, 'referenceLength', 1. + 0.05 * t)
        mbs.SetObjectParameter(cartesian, 'offset', [0., 0., 0.2 * t])
        mbs.SetObjectParameter(torsional, 'offset', 0.3 * math.sin(4. * t))
        mbs.SetObjectParameter(torsional, 'torque', 0.5 * t)
        mbs.SetObjectParameter(linear, 'force', 2. * math.cos(6. * t))
        mbs.SetObjectParameter(rigid, 'offset', [0., 0., 0.01 * t, 0., 0., 0.1 * t])
        mbs.SetObjectParameter(rigid, 'stiffness', np.diag([0., 0., 10. + 20. * t, 1., 1., 0.]))
        if other_change and abs(t - 0.1) < 1e-9:
            mbs.SetObjectParameter(con, 'factor1', 1.5)
        return True
    if prestep:
        mbs.SetPreStepUserFunction(pre_step)
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 200
    ss.timeIntegration.endTime = 0.2
    ss.solution.file.write = False
    ss.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    mbs.SolveDynamic(ss)
    sd = mbs.systemData
    return [np.array(sd.GetODE2Coordinates()), np.array(sd.GetODE2Coordinates_t()),
            np.array(sd.GetAECoordinates())], len(builds)


def test_loads_and_offsets_set_at_every_step_keep_the_fused_residual(monkeypatch):
    plain, builds_plain = _model(False, monkeypatch)
    fused, builds = _model(True, monkeypatch)
    assert builds_plain == 0 and builds == 1, builds
    for a, b in zip(plain, fused):
        np.testing.assert_array_equal(a, b)
    unchanged, _ = _model(True, monkeypatch, prestep=False)
    assert np.abs(unchanged[0] - fused[0]).max() > 1e-3         # the changes took effect


def test_a_parameter_the_fused_residual_holds_a_copy_of_builds_it_again(monkeypatch):
    plain, _ = _model(False, monkeypatch, other_change=True)
    fused, builds = _model(True, monkeypatch, other_change=True)
    assert builds == 2, builds
    for a, b in zip(plain, fused):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize('name, live', [('loadVector', True), ('bodyFixed', False)])
def test_which_parameter_changes_count_for_the_fused_residual(name, live):
    """CompiledSystem.fused_parameter_version counts the changes of parameters that are not a
    group's fused_live_parameters; parameter_version (sensor plans) counts every change."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    b = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=mbs.AddNode(U.NodePoint())))
    ld = mbs.AddLoad(U.LoadForceVector(markerNumber=mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b)),
                                       loadVector=[1., 0., 0.]))
    mbs.Assemble()
    c = mbs._compiled
    v0, f0 = c.parameter_version, c.fused_parameter_version
    mbs.SetLoadParameter(ld, name, [0., 2., 0.] if name == 'loadVector' else True)
    assert c.parameter_version == v0 + 1
    assert c.fused_parameter_version == f0 + (0 if live else 1)


@pytest.mark.parametrize('family, name, value', [
    ('load', 'loadVector', [1., 0., 0.]), ('load', 'bodyFixed', False), ('object', 'activeConnector', True),
    ('object', 'offset', 0.), ('object', 'factor1', 1.)])
def test_a_parameter_set_to_its_value_changes_nothing(family, name, value):
    """Setting a parameter to the value it has (a preStep function setting a flag at every step)
    counts as no change: neither version moves, no FusedResidual is built again. A different
    value, or a zero of the other sign, does count."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint())
    b = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))
    ld = mbs.AddLoad(U.LoadForceVector(markerNumber=mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b)),
                                       loadVector=[1., 0., 0.]))
    mg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(U.NodePointGround()), coordinate=0))
    con = mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mg, mbs.AddMarker(
        U.MarkerNodeCoordinate(nodeNumber=n, coordinate=1))]))
    mbs.Assemble()
    c = mbs._compiled
    item = ld if family == 'load' else con
    setter = mbs.SetLoadParameter if family == 'load' else mbs.SetObjectParameter
    v0, f0 = c.parameter_version, c.fused_parameter_version
    setter(item, name, value)
    assert (c.parameter_version, c.fused_parameter_version) == (v0, f0)
    other = (not value if isinstance(value, bool) else -0. if value == 0. and not isinstance(value, list)
             else [2., 0., 0.] if isinstance(value, list) else 2.)
    setter(item, name, other)
    assert c.parameter_version == v0 + 1
    getter = mbs.GetLoadParameter if family == 'load' else mbs.GetObjectParameter
    assert getter(item, name) == other
