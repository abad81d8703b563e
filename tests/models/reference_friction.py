"""Reference models of ObjectConnectorCoordinateSpringDamperExt (friction and limit stops on
coordinates), written against the public Exudyn 1.13 API only: ``builder(exu, U, **params) ->
dict`` as in reference_models.py, which adds ``CASES`` of this module to its own.

- ``sliding_block``: a block (Node1D, Mass1D) on the ground with a spring, pushed by a harmonic
  load; friction regularized (no data node) or by the bristle model (stick-slip switched in the
  discontinuous iterations), optionally with limit stops.
- ``coupled_blocks``: two blocks, one connector to the ground and one between them with the
  factors f0, f1, offsets, a limit stop and friction (optionally a springForceUserFunction).
- ``static_friction``: the static solver with sticking and limit stops.

Results: q, v, the data coordinates (friction mode, last sticking position, limit stop state),
the number of discontinuous iterations, sensors of Force, Displacement and Velocity. Exudyn agrees
with itself to 1.4e-10 on these cases (Newton tolerance 1e-12 against 1e-13), multibody with
Exudyn to 4e-10 (the largest relative difference of any stored number, round-off amplified by the
stick-slip switches). Explicit solvers with automatic step size are left out: there Exudyn's own
results move by 1e-3 for a change of 1e-15 of an initial velocity (the switches move the steps).
"""
import numpy as np

NEWTON_TOL = 1e-12

BRISTLE = dict(dynamicFrictionForce=2., staticFrictionOffsetForce=1., stickingStiffness=1000., stickingDamping=10.,
               exponentialDecayStatic=0.05, viscousFrictionFactor=0.5)
REGULARIZED = dict(dynamicFrictionForce=2., staticFrictionOffsetForce=1., viscousFrictionFactor=0.5,
                   frictionProportionalZone=0.05, exponentialDecayStatic=0.05)
LIMITS = dict(useLimitStops=True, limitStopsUpper=0.05, limitStopsLower=-0.02, limitStopsStiffness=2000.,
              limitStopsDamping=5.)


def _sensors(exu, U, mbs, objects):
    OV = exu.OutputVariableType
    return {f'{name}{k}': mbs.AddSensor(U.SensorObject(objectNumber=o, outputVariableType=var, storeInternal=True))
            for k, o in enumerate(objects)
            for name, var in (('force', OV.Force), ('displacement', OV.Displacement), ('velocity', OV.Velocity))}


def _results(mbs, sensors, solver_key):
    """q, v, the data coordinates, the sensors; with data coordinates the number of discontinuous
    iterations (without them Exudyn counts one per step, multibody none: not compared)."""
    sd = mbs.systemData
    res = {'q': [float(x) for x in sd.GetODE2Coordinates()],
           'v': [float(x) for x in sd.GetODE2Coordinates_t()],
           'data': [float(x) for x in sd.GetDataCoordinates()],
           'sensors': {k: np.asarray(mbs.GetSensorStoredData(s)).tolist() for k, s in sensors.items()}}
    if res['data']:
        res['discontinuousIterations'] = int(mbs.sys[solver_key].it.discontinuousIterationsCount)
    return res


def _block(exu, U, mbs, ground, x0=0., v0=0., mass=1.):
    n = mbs.AddNode(U.Node1D(referenceCoordinates=[x0], initialVelocities=[v0]))
    mbs.AddObject(U.Mass1D(mass=mass, nodeNumber=n))
    return mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))


def sliding_block(exu, U, friction='bristle', limits=False, solver='GeneralizedAlpha', nSteps=400, endTime=2.0,
                  data=(0., 0., 0.), v0=0., amplitude=5.):
    """A block on a spring (k = 10) with friction, pushed by 5 sin(4 pi t): sticking and sliding
    phases in both directions; with limit stops at q = 0.05 and -0.02."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddNode(U.NodePointGround())
    mg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    m1 = _block(exu, U, mbs, ground, v0=v0)
    kw = dict(BRISTLE if friction == 'bristle' else REGULARIZED, stiffness=10., damping=0.1)
    if limits:
        # (limit stops need the data node, which switches the friction too: stickingStiffness > 0)
        kw.update(LIMITS, stickingStiffness=kw.get('stickingStiffness', 500.))
    if friction == 'bristle' or limits:
        kw['nodeNumber'] = mbs.AddNode(U.NodeGenericData(numberOfDataCoordinates=3, initialCoordinates=list(data)))
    o = mbs.AddObject(U.CoordinateSpringDamperExt(markerNumbers=[mg, m1], **kw))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=m1, load=0.,
                                 loadUserFunction=lambda mbs, t, load: amplitude * np.sin(4 * np.pi * t)))
    sensors = _sensors(exu, U, mbs, [o])
    mbs.Assemble()
    ss = fixed_step_settings(exu, nSteps, endTime)
    mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver), storeSolver=True)
    return _results(mbs, sensors, 'dynamicSolver')


def coupled_blocks(exu, U, solver='GeneralizedAlpha', nSteps=300, endTime=1.5, userFunction=False):
    """Two blocks: block 1 on the ground (bristle friction, spring, damper), block 2 coupled to it
    with factor0 = 2, factor1 = 0.5, offset, velocityOffset, friction and limit stops; with
    ``userFunction`` the first connector's force by a springForceUserFunction (its data node
    still switched)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddNode(U.NodePointGround())
    mg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    m1 = _block(exu, U, mbs, ground, v0=1.5)
    m2 = _block(exu, U, mbs, ground, x0=1., v0=-0.5, mass=2.)
    d1, d2 = (mbs.AddNode(U.NodeGenericData(numberOfDataCoordinates=3, initialCoordinates=[0., 0., 0.]))
              for _ in range(2))
    kw = {}
    if userFunction:
        kw['springForceUserFunction'] = (lambda mbs, t, i, u, v, k, d, off, v_off, fd, fso, v_exp, fv, v_reg:
                                         k * (u - off) + d * (v - v_off) + fd * np.tanh(v / 0.01))
    o1 = mbs.AddObject(U.CoordinateSpringDamperExt(
        markerNumbers=[mg, m1], nodeNumber=d1, stiffness=10., damping=0.1, dynamicFrictionForce=1.,
        staticFrictionOffsetForce=0.5, stickingStiffness=1000., stickingDamping=5., exponentialDecayStatic=0.05,
        viscousFrictionFactor=0.2, **kw))
    o2 = mbs.AddObject(U.CoordinateSpringDamperExt(
        markerNumbers=[m1, m2], nodeNumber=d2, factor0=2., factor1=0.5, stiffness=20., offset=0.1,
        velocityOffset=0.05, damping=0.3, dynamicFrictionForce=0.8, staticFrictionOffsetForce=0.4,
        stickingStiffness=800., stickingDamping=3., exponentialDecayStatic=0.05, useLimitStops=True,
        limitStopsUpper=0.3, limitStopsLower=-0.6, limitStopsStiffness=2e3, limitStopsDamping=5.))
    sensors = _sensors(exu, U, mbs, [o1, o2])
    mbs.Assemble()
    ss = fixed_step_settings(exu, nSteps, endTime)
    mbs.SolveDynamic(ss, solverType=getattr(exu.DynamicSolverType, solver), storeSolver=True)
    return _results(mbs, sensors, 'dynamicSolver')


def static_friction(exu, U, load=2.5, limits=False):
    """A block on a spring and the bristle friction under a constant load: it sticks (the bristle
    deflects), or the static friction is exceeded (at zero velocity the sliding force is zero,
    the discontinuous iterations end at maxIterations); with limit stops the load pushes it
    against the upper one."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddNode(U.NodePointGround())
    mg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    m1 = _block(exu, U, mbs, ground)
    nd = mbs.AddNode(U.NodeGenericData(numberOfDataCoordinates=3, initialCoordinates=[0., 0., 0.]))
    kw = dict(BRISTLE, stiffness=10.)
    if limits:
        kw.update(LIMITS)
    o = mbs.AddObject(U.CoordinateSpringDamperExt(markerNumbers=[mg, m1], nodeNumber=nd, **kw))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=m1, load=load))
    sensors = _sensors(exu, U, mbs, [o])
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.solution.file.write = False
    sv = ss.staticSolver
    sv.verboseMode = 0
    sv.newton.relativeTolerance = sv.newton.absoluteTolerance = NEWTON_TOL
    mbs.SolveStatic(ss, storeSolver=True)
    return _results(mbs, sensors, 'staticSolver')


CASES = {
    'friction_regularized': (sliding_block, dict(friction='regularized')),
    'friction_regularized_rk44': (sliding_block, dict(friction='regularized', solver='RK44', nSteps=2000)),
    'friction_bristle': (sliding_block, dict()),
    'friction_bristle_trapezoidal': (sliding_block, dict(solver='TrapezoidalIndex2')),
    'friction_bristle_rk44': (sliding_block, dict(solver='RK44', nSteps=4000)),
    'friction_bristle_sliding_start': (sliding_block, dict(data=(2.5, 0., 0.), v0=0.5)),
    'friction_limit_stops': (sliding_block, dict(limits=True)),
    'friction_limit_stops_rk44': (sliding_block, dict(limits=True, solver='RK44', nSteps=4000)),
    'friction_limit_stops_regularized': (sliding_block, dict(friction='regularized', limits=True)),
    'friction_coupled': (coupled_blocks, dict()),
    'friction_coupled_trapezoidal': (coupled_blocks, dict(solver='TrapezoidalIndex2')),
    'friction_coupled_rk44': (coupled_blocks, dict(solver='RK44', nSteps=3000)),
    'friction_coupled_user_function': (coupled_blocks, dict(userFunction=True)),
    'friction_static_sticking': (static_friction, dict()),
    'friction_static_exceeded': (static_friction, dict(load=20.)),
    'friction_static_limit_stop': (static_friction, dict(load=500., limits=True)),
}
