"""Parameters that a preStep function changes at every step (a time-dependent load, a prescribed
motion by a CoordinateConstraint's offset, an actuator's force): the groups' arrays change in place
and the compiled steps read them through the group records (SystemEquations.refresh), with no new
system record per change; a load or offset set so gives the numbers of the same function given as
a user function; any other parameter change takes effect at the next step too."""
import math

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody.equations import system as eqs

from .step_models import rigid_chain

def _model(monkeypatch, prestep=True, other_change=False, user_functions=False):
    """A chain of 3 rigid bodies on spherical joints with a tip force and a torsional, a linear and
    a rigid-body spring-damper from the ground to the tip body, and a mass point whose x
    coordinate is prescribed by a CoordinateConstraint (offset), whose y coordinate carries a
    LoadCoordinate, hanging on a SpringDamper (an actuator force) and a CartesianSpringDamper; the
    preStep function sets the force vector, the offset, the coordinate load, the actuator's force
    and reference length, the Cartesian spring's offset and the rigid connectors' offsets, torque,
    force and stiffness at every step (``other_change``: also the constraint's factor1, once;
    ``user_functions``: the force vector and the offset by user functions instead). Returns the
    final state and the number of system records made."""
    builds = []
    init = eqs.SystemEquations.__init__

    def counted(self, *a, **k):
        builds.append(1)
        init(self, *a, **k)
    monkeypatch.setattr(eqs.SystemEquations, '__init__', counted)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g, tip_body, prev = rigid_chain(mbs)
    force = mbs.AddLoad(U.LoadForceVector(markerNumber=prev, loadVector=_force(0.)))
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
    con = mbs.AddObject(U.CoordinateConstraint(markerNumbers=[ground, mx], offset=_offset(0.)))
    load = mbs.AddLoad(U.LoadCoordinate(markerNumber=mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=1)),
                                        load=0.))
    mp = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=nd))
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=g, localPosition=[0., 2., 0.]))
    actuator = mbs.AddObject(U.SpringDamper(markerNumbers=[mg, mp], referenceLength=1., stiffness=50., damping=1.))
    cartesian = mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, mp], stiffness=[0., 0., 20.],
                                                      damping=[0., 0., 0.5]))
    if user_functions:
        mbs.SetLoadParameter(force, 'loadVectorUserFunction', lambda mbs, t, v: _force(t))
        mbs.SetObjectParameter(con, 'offsetUserFunction', lambda mbs, t, i, offset: _offset(t))
    mbs.Assemble()

    def pre_step(mbs, t):
        if not user_functions:
            mbs.SetLoadParameter(force, 'loadVector', _force(t))
            mbs.SetObjectParameter(con, 'offset', _offset(t))
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


def _force(t):
    return [0., 5. * math.cos(7. * t), 10. * math.sin(10. * t)]


def _offset(t):
    return 0.1 * math.sin(5. * t)


def test_loads_and_offsets_set_at_every_step_take_effect_without_a_new_system_record(monkeypatch):
    """The changes of every step take effect (the state differs from the run without them), the
    system record is made once, and the force vector and offset set by the preStep function give
    the numbers of the same functions as loadVectorUserFunction and offsetUserFunction (the item
    starting with the values at t = 0, which the initial accelerations use, as in Exudyn 1.13.6)."""
    live, builds = _model(monkeypatch)
    assert builds == 1, builds
    unchanged, _ = _model(monkeypatch, prestep=False)
    assert np.abs(unchanged[0] - live[0]).max() > 1e-3
    user, _ = _model(monkeypatch, user_functions=True)
    for a, b in zip(live, user):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


def test_a_constraint_factor_set_in_a_step_takes_effect_from_that_step(monkeypatch):
    """The CoordinateConstraint's factor1 set to 1.5 at t = 0.1 (a parameter no preStep function of
    the other test sets): the motion changes from there, with the one system record."""
    changed, builds = _model(monkeypatch, other_change=True)
    same, _ = _model(monkeypatch)
    assert builds == 1
    assert np.abs(changed[0] - same[0]).max() > 1e-4


@pytest.mark.parametrize('family, name, value', [
    ('load', 'loadVector', [1., 0., 0.]), ('load', 'bodyFixed', False), ('object', 'activeConnector', True),
    ('object', 'offset', 0.), ('object', 'factor1', 1.)])
def test_a_parameter_set_to_its_value_changes_nothing(family, name, value):
    """Setting a parameter to the value it has (a preStep function setting a flag at every step)
    counts as no change: the parameter version (sensor plans) does not move. A different value, or
    a zero of the other sign, does count."""
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
    v0 = c.parameter_version
    setter(item, name, value)
    assert c.parameter_version == v0
    other = (not value if isinstance(value, bool) else -0. if value == 0. and not isinstance(value, list)
             else [2., 0., 0.] if isinstance(value, list) else 2.)
    setter(item, name, other)
    assert c.parameter_version == v0 + 1
    getter = mbs.GetLoadParameter if family == 'load' else mbs.GetObjectParameter
    assert getter(item, name) == other
