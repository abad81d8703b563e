"""Reference models for comparing ``multibody`` with Exudyn 1.13.6.

Every builder is written ONLY against the public Exudyn 1.13 Python API and takes
the imported modules as arguments, so the very same code runs on both
implementations:

    import exudyn as exu, exudyn.utilities as U        # oracle (tools/make_reference.py)
    import multibody as exu, multibody.utilities as U  # implementation under test

Signature: ``builder(exu, U, **params) -> dict`` of plain Python data (floats, lists,
strings).  Each builder sets every simulation setting it relies on explicitly:
full Newton (``useModifiedNewton=False``) with relative/absolute tolerance 1e-12 so that
both implementations converge to the same answer, no adaptive step reduction (a Newton
failure must raise instead of silently changing the step sequence), no solution file
(except ``sensors_file``), no console output.

``CASES`` maps a case name (= JSON file name in tests/reference/models/) to
``(builder, params)``.  No module-level import of exudyn or multibody here.
"""
import math
import os
import re
import shutil
import tempfile

import numpy as np

# Newton tolerances used by all builders (see module docstring).
NEWTON_RTOL = 1e-12
NEWTON_ATOL = 1e-12


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
def _plain(x):
    """Convert numpy arrays / scalars (nested) into plain Python lists / floats."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return _plain(x.tolist())
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return float(x)
    if isinstance(x, str):
        return x
    # e.g. a 0-d array-like returned by an output function
    return float(x)


def _newton(newton):
    newton.useModifiedNewton = False
    newton.relativeTolerance = NEWTON_RTOL
    newton.absoluteTolerance = NEWTON_ATOL
    newton.maxIterations = 25
    newton.weightTolerancePerCoordinate = False
    newton.residualMode = 0
    newton.adaptInitialResidual = True
    newton.numericalDifferentiation.forAE = False
    newton.numericalDifferentiation.doSystemWideDifferentiation = False


def _common_settings(exu, ss, sensorPeriod):
    ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    ss.parallel.numberOfThreads = 1
    ss.solution.file.write = False
    ss.solution.file.writeInitialValues = True
    ss.solution.sensors.active = True
    ss.solution.sensors.append = False
    ss.solution.sensors.writePeriod = sensorPeriod


# Reaction forces of index-3 constraints are determined by the Newton residual only up to
# tolerance / (beta h^2) (the multipliers are unknowns scaled by beta h^2); models that compare
# reaction forces at 1e-8 therefore use a larger step and a purely absolute tolerance near round-off.
MULTIPLIER_NEWTON_ATOL = 1e-13


def dynamic_settings(exu, h, nSteps, solver='GA', rho=0.9, computeInitialAccelerations=True,
                     sensorPeriod=None, multiplierTolerance=False):
    """SimulationSettings for the implicit solver.

    solver: 'GA' (generalized-alpha, index 3), 'Newmark' (useNewmark, index 3),
    'NewmarkIndex2' (GeneralizedAlpha type with useNewmark+useIndex2Constraints),
    'TrapezoidalIndex2' (DynamicSolverType.TrapezoidalIndex2, flags left False).
    Returns (settings, solverType)."""
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.startTime = 0.
    ti.endTime = h * nSteps
    ti.numberOfSteps = nSteps
    ti.verboseMode = 0
    ti.verboseModeFile = 0
    ti.adaptiveStep = False
    ti.computeLoadsJacobian = 0
    ti.reuseConstantMassMatrix = True
    ti.discontinuous.maxIterations = 5
    ti.discontinuous.iterationTolerance = 1.
    _newton(ti.newton)
    if multiplierTolerance:
        ti.newton.relativeTolerance = 0.
        ti.newton.absoluteTolerance = (MULTIPLIER_NEWTON_ATOL if multiplierTolerance is True
                                       else multiplierTolerance)
    ga = ti.generalizedAlpha
    ga.spectralRadius = rho
    ga.newmarkBeta = 0.25
    ga.newmarkGamma = 0.5
    ga.computeInitialAccelerations = computeInitialAccelerations
    ga.resetAccelerations = False
    ga.storeInitialAlgebraicCoordinates = True
    ga.useNewmark = solver in ('Newmark', 'NewmarkIndex2')
    ga.useIndex2Constraints = solver == 'NewmarkIndex2'
    ga.lieGroupSimplifiedKinematicRelations = False
    if solver == 'TrapezoidalIndex2':
        solverType = exu.DynamicSolverType.TrapezoidalIndex2
    elif solver in ('GA', 'Newmark', 'NewmarkIndex2'):
        solverType = exu.DynamicSolverType.GeneralizedAlpha
    else:
        raise ValueError('unknown solver ' + str(solver))
    ti.solverType = solverType
    _common_settings(exu, ss, h if sensorPeriod is None else sensorPeriod)
    return ss, solverType


def static_settings(exu, nLoadSteps=1, sensorPeriod=0.01):
    ss = exu.SimulationSettings()
    st = ss.staticSolver
    st.numberOfLoadSteps = nLoadSteps
    st.loadStepStart = 0.
    st.loadStepDuration = 1.
    st.loadStepGeometric = False
    st.useLoadFactor = True
    st.stabilizerODE2term = 0.
    st.adaptiveStep = False
    st.computeLoadsJacobian = True
    st.constrainODE1Coordinates = True
    st.verboseMode = 0
    st.verboseModeFile = 0
    st.discontinuous.maxIterations = 5
    _newton(st.newton)
    _common_settings(exu, ss, sensorPeriod)
    return ss


def state(mbs):
    """Final state of the system (Current configuration)."""
    sd = mbs.systemData
    return {'q': _plain(sd.GetODE2Coordinates()),
            'q_t': _plain(sd.GetODE2Coordinates_t()),
            'q_tt': _plain(sd.GetODE2Coordinates_tt()),
            'lambda': _plain(sd.GetAECoordinates())}


def static_state(mbs):
    sd = mbs.systemData
    return {'q': _plain(sd.GetODE2Coordinates()),
            'lambda': _plain(sd.GetAECoordinates())}


def sensor_data(mbs, sensors):
    """dict name -> stored history (rows [t, values...]) of sensors with storeInternal=True."""
    return {name: _plain(mbs.GetSensorStoredData(s)) for name, s in sensors.items()}


def _new_system(exu):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    return SC, mbs


def _ground(mbs, U, position=(0., 0., 0.)):
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    mGround = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=list(position)))
    return oGround, mGround


def _ground_coordinate(mbs, U):
    nGround = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    return mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))


def _sens(U, cls, **kw):
    return cls(writeToFile=False, storeInternal=True, **kw)


def _solve_dynamic(exu, mbs, ss, solverType):
    ok = mbs.SolveDynamic(ss, solverType=solverType)
    if ok is False:
        raise RuntimeError('SolveDynamic returned False')


def _solve_static(mbs, ss):
    ok = mbs.SolveStatic(ss)
    if ok is False:
        raise RuntimeError('SolveStatic returned False')


# ---------------------------------------------------------------------------
# 1. oscillator
# ---------------------------------------------------------------------------
def oscillator(exu, U, damping=0., mass=2., stiffness=800., x0=0.1, h=1e-3, nSteps=200, rho=0.9):
    """NodePoint + MassPoint on a SpringDamper (along x) to a ground marker; initial displacement x0.
    Undamped: x(t) = 1 + x0 cos(20 t) (exact solution; GA adds a little numerical damping)."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.], initialCoordinates=[x0, 0., 0.],
                                initialVelocities=[0., 0., 0.]))
    mbs.AddObject(U.MassPoint(mass=mass, nodeNumber=n))
    mN = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    sd = mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mN], stiffness=stiffness, damping=damping,
                                      referenceLength=1.))
    OV = exu.OutputVariableType
    sensors = {'nodePosition': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'springForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=sd, outputVariableType=OV.Force))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['springForceLocal'] = _plain(mbs.GetObjectOutput(sd, OV.ForceLocal))
    return res


# ---------------------------------------------------------------------------
# 2. oscillator_1d
# ---------------------------------------------------------------------------
def oscillator_1d(exu, U, h=1e-3, nSteps=200, rho=0.9):
    """Node1D + Mass1D, CoordinateSpringDamper (k=200, d=1, offset 0.01) to a ground coordinate,
    constant LoadCoordinate 3 N."""
    SC, mbs = _new_system(exu)
    mG = _ground_coordinate(mbs, U)
    n = mbs.AddNode(U.Node1D(referenceCoordinates=[0.2], initialCoordinates=[0.05], initialVelocities=[0.1]))
    mbs.AddObject(U.Mass1D(mass=0.5, nodeNumber=n, referencePosition=[0., 0., 0.]))
    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    csd = mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mG, mc], stiffness=200., damping=1., offset=0.01))
    ld = mbs.AddLoad(U.LoadCoordinate(markerNumber=mc, load=3.))
    OV = exu.OutputVariableType
    sensors = {'nodeCoordinates': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Coordinates)),
               'springForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=csd, outputVariableType=OV.Force)),
               'load': mbs.AddSensor(_sens(U, U.SensorLoad, loadNumber=ld))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['springForce'] = _plain(mbs.GetObjectOutput(csd, OV.Force))
    return res


# ---------------------------------------------------------------------------
# 3. pendulum (solvers.md 4.7)
# ---------------------------------------------------------------------------
def pendulum(exu, U, solver='GA', rho=0.9, computeInitialAccelerations=True, v0=(0., 0., 0.),
             h=0.01, nSteps=50):
    """MassPoint m=1 at (1,0,0), DistanceConstraint (d=1) to the origin, force [0,-9.81,0]."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.], initialCoordinates=[0., 0., 0.],
                                initialVelocities=list(v0)))
    b = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    c = mbs.AddObject(U.DistanceConstraint(markerNumbers=[mGround, mB], distance=1.))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mB, loadVector=[0., -9.81, 0.]))
    OV = exu.OutputVariableType
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'constraintForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=c, outputVariableType=OV.Force))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, computeInitialAccelerations)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['constraintForce'] = _plain(mbs.GetObjectOutput(c, OV.Force))
    res['distance'] = _plain(mbs.GetObjectOutput(c, OV.Distance))
    return res


# ---------------------------------------------------------------------------
# 4. coordinate_constraint (static and dynamic multipliers have opposite sign)
# ---------------------------------------------------------------------------
def coordinate_constraint(exu, U, mode='dynamic', h=1e-3, nSteps=100, rho=0.9):
    """MassPoint m=2, gravity via LoadMassProportional; y fixed by a CoordinateConstraint;
    x and z held by CoordinateSpringDampers (k=100) so that the static problem is regular;
    LoadCoordinate 5 N on x."""
    SC, mbs = _new_system(exu)
    mG = _ground_coordinate(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialCoordinates=[0., 0., 0.],
                                initialVelocities=[0., 0., 0.]))
    b = mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n))
    mMass = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mMass, loadVector=[0., -9.81, 0.]))
    mc = [mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=i)) for i in range(3)]
    c = mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mG, mc[1]]))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mG, mc[0]], stiffness=100., damping=0.))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mG, mc[2]], stiffness=100., damping=0.))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mc[0], load=5.))
    OV = exu.OutputVariableType
    sensors = {'constraintForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=c, outputVariableType=OV.Force))}
    mbs.Assemble()
    if mode == 'static':
        ss = static_settings(exu, 1)
        _solve_static(mbs, ss)
        res = static_state(mbs)
    else:
        ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
        _solve_dynamic(exu, mbs, ss, st)
        res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['constraintForce'] = _plain(mbs.GetObjectOutput(c, OV.Force))
    return res


# ---------------------------------------------------------------------------
# 5. coordinate_constraint_offset
# ---------------------------------------------------------------------------
def _offsetUF(mbs, t, itemNumber, lOffset):
    return lOffset + 0.1 * t**3


def _offsetUF_t(mbs, t, itemNumber, lOffset):
    return 0.3 * t**2


def coordinate_constraint_offset(exu, U, variant='offset', h=1e-3, nSteps=200, rho=0.9):
    """Two Node1D/Mass1D (m=1, m=2) each on a CoordinateSpringDamper to ground; CoordinateConstraint
    c = factor1*q1 - q0 - offset with factor1=2, offset=0.02 (consistent initial state q0=0.1, q1=0.06);
    LoadCoordinate 10 on q0.
    variant 'offset': constant offset, GA; 'uf': offsetUserFunction lOffset+0.1 t^3, GA (index 3);
    'uf_index2': offsetUserFunction + offsetUserFunction_t (0.3 t^2), TrapezoidalIndex2."""
    SC, mbs = _new_system(exu)
    mG = _ground_coordinate(mbs, U)
    n0 = mbs.AddNode(U.Node1D(referenceCoordinates=[0.], initialCoordinates=[0.1], initialVelocities=[0.]))
    n1 = mbs.AddNode(U.Node1D(referenceCoordinates=[1.], initialCoordinates=[0.06], initialVelocities=[0.]))
    mbs.AddObject(U.Mass1D(mass=1., nodeNumber=n0))
    mbs.AddObject(U.Mass1D(mass=2., nodeNumber=n1))
    m0 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n0, coordinate=0))
    m1 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mG, m0], stiffness=100., damping=0.5))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mG, m1], stiffness=50., damping=0.))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=m0, load=10.))
    kw = dict(markerNumbers=[m0, m1], offset=0.02, factor1=2.)
    if variant in ('uf', 'uf_index2'):
        kw['offsetUserFunction'] = _offsetUF
    if variant == 'uf_index2':
        kw['offsetUserFunction_t'] = _offsetUF_t
    c = mbs.AddObject(U.CoordinateConstraint(**kw))
    OV = exu.OutputVariableType
    sensors = {'constraintForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=c, outputVariableType=OV.Force)),
               'q1': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n1, outputVariableType=OV.Coordinates))}
    mbs.Assemble()
    solver = 'TrapezoidalIndex2' if variant == 'uf_index2' else 'GA'
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['constraintForce'] = _plain(mbs.GetObjectOutput(c, OV.Force))
    res['constraintEquation'] = _plain(mbs.GetObjectOutput(c, OV.ConstraintEquation))
    return res


# ---------------------------------------------------------------------------
# 6. static_spring
# ---------------------------------------------------------------------------
def static_spring(exu, U, nLoadSteps=5):
    """SolveStatic: MassPoint at (0,-1,0) hanging on a pre-stressed SpringDamper (L0=0.9, k=1000:
    initial tension 100 N gives lateral stiffness), load [10,-50,0]; numberOfLoadSteps=nLoadSteps.
    Sensor history = one row per load step (time = load factor)."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., -1., 0.], initialCoordinates=[0., 0., 0.],
                                initialVelocities=[0., 0., 0.]))
    mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))
    mN = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    sd = mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mN], stiffness=1000., damping=0., referenceLength=0.9))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mN, loadVector=[10., -50., 0.]))
    OV = exu.OutputVariableType
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'springForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=sd, outputVariableType=OV.Force))}
    mbs.Assemble()
    ss = static_settings(exu, nLoadSteps)
    _solve_static(mbs, ss)
    res = static_state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['springForceLocal'] = _plain(mbs.GetObjectOutput(sd, OV.ForceLocal))
    return res


def static_truss(exu, U, nLoadSteps=2):
    """SolveStatic of a planar truss: NodePoint2D/MassPoint2D at (0,0),(1,0) [fixed by
    CoordinateConstraints in x and y], (0,1),(1,1); SpringDampers k=1e4 on all 4 edges and both
    diagonals (reference length = initial length); LoadForceVector [100,-200,0] on node (1,1)."""
    SC, mbs = _new_system(exu)
    mG = _ground_coordinate(mbs, U)
    pts = [(0., 0.), (1., 0.), (0., 1.), (1., 1.)]
    nodes, mks = [], []
    for p in pts:
        n = mbs.AddNode(U.NodePoint2D(referenceCoordinates=list(p), initialCoordinates=[0., 0.],
                                      initialVelocities=[0., 0.]))
        mbs.AddObject(U.MassPoint2D(mass=1., nodeNumber=n))
        nodes.append(n)
        mks.append(mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n)))
    constraints = []
    for i in (0, 1):
        for coord in (0, 1):
            mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nodes[i], coordinate=coord))
            constraints.append(mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mG, mc])))
    springs = []
    for i, j in [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]:
        L = math.hypot(pts[j][0] - pts[i][0], pts[j][1] - pts[i][1])
        springs.append(mbs.AddObject(U.SpringDamper(markerNumbers=[mks[i], mks[j]], stiffness=1e4,
                                                    damping=0., referenceLength=L)))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mks[3], loadVector=[100., -200., 0.]))
    OV = exu.OutputVariableType
    sensors = {'position3': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nodes[3], outputVariableType=OV.Position))}
    mbs.Assemble()
    ss = static_settings(exu, nLoadSteps)
    _solve_static(mbs, ss)
    res = static_state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['springForceLocal'] = [_plain(mbs.GetObjectOutput(s, OV.ForceLocal)) for s in springs]
    res['constraintForce'] = [_plain(mbs.GetObjectOutput(c, OV.Force)) for c in constraints]
    return res


# ---------------------------------------------------------------------------
# 7. distance_chain (as /work/shared/bench/distance_chain.py, N=4)
# ---------------------------------------------------------------------------
def distance_chain(exu, U, solver='GA', rho=0.9, N=4, h=1e-3, nSteps=200):
    L, m, g = 0.4, 4., 9.81
    SC, mbs = _new_system(exu)
    oGround, mPrev = _ground(mbs, U)
    p = np.zeros(3)
    nodes, constraints = [], []
    for i in range(N):
        a = 0.3 if i % 2 == 0 else -0.3
        p = p + np.array([L * math.cos(a), L * math.sin(a), 0.])
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=[float(v) for v in p], initialCoordinates=[0., 0., 0.],
                                    initialVelocities=[0., 0., 0.]))
        b = mbs.AddObject(U.MassPoint(mass=m, nodeNumber=n))
        mk = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
        constraints.append(mbs.AddObject(U.DistanceConstraint(markerNumbers=[mPrev, mk], distance=L)))
        mbs.AddLoad(U.LoadForceVector(markerNumber=mk, loadVector=[0., 0., -m * g]))
        nodes.append(n)
        mPrev = mk
    OV = exu.OutputVariableType
    sensors = {'lastPosition': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nodes[-1], outputVariableType=OV.Position)),
               'force0': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=constraints[0], outputVariableType=OV.Force))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['distance'] = [_plain(mbs.GetObjectOutput(c, OV.Distance)) for c in constraints]
    return res


# ---------------------------------------------------------------------------
# 8. grid_implicit (as /work/shared/bench/masspoint_grid.py --mode implicit, 3x3)
# ---------------------------------------------------------------------------
def grid_implicit(exu, U, w=3, h=1e-3, nSteps=100, rho=0.9):
    a, m, k, d, g = 0.1, 0.1, 1000., 0.5, 9.81
    SC, mbs = _new_system(exu)
    mGround = _ground_coordinate(mbs, U)
    markers, nodes = {}, {}
    for j in range(w):
        for i in range(w):
            n = mbs.AddNode(U.NodePoint(referenceCoordinates=[i * a, j * a, 0.], initialCoordinates=[0., 0., 0.],
                                        initialVelocities=[0., 0., 0.]))
            mbs.AddObject(U.MassPoint(mass=m, nodeNumber=n))
            mk = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
            markers[i, j] = mk
            nodes[i, j] = n
            mbs.AddLoad(U.LoadForceVector(markerNumber=mk, loadVector=[0., 0., -m * g]))
            if j == 0:
                for c in range(3):
                    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=c))
                    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mGround, mc]))
    for (i, j), mk in list(markers.items()):
        for di, dj in [(1, 0), (0, 1), (1, 1), (-1, 1)]:
            if (i + di, j + dj) in markers:
                mbs.AddObject(U.SpringDamper(markerNumbers=[mk, markers[i + di, j + dj]], stiffness=k, damping=d,
                                             referenceLength=a * (di * di + dj * dj)**0.5))
    OV = exu.OutputVariableType
    sensors = {'cornerPosition': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nodes[w - 1, w - 1],
                                                     outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


# ---------------------------------------------------------------------------
# 9. cartesian_spring
# ---------------------------------------------------------------------------
def cartesian_spring(exu, U, h=1e-3, nSteps=200, rho=0.9):
    """CartesianSpringDamper ground(0.1,0,0) -> MassPoint (m=0.5, ref (0.5,0.2,0)),
    stiffness [100,200,300], damping [1,2,3], offset [0.3,0.1,-0.05]; gravity -y via LoadMassProportional;
    initial displacement/velocity."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U, position=(0.1, 0., 0.))
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0.5, 0.2, 0.], initialCoordinates=[0.05, 0., 0.02],
                                initialVelocities=[0., 0.3, -0.2]))
    b = mbs.AddObject(U.MassPoint(mass=0.5, nodeNumber=n))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    mM = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mM, loadVector=[0., -9.81, 0.]))
    c = mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mGround, mB], stiffness=[100., 200., 300.],
                                              damping=[1., 2., 3.], offset=[0.3, 0.1, -0.05]))
    OV = exu.OutputVariableType
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=b, localPosition=[0., 0., 0.],
                                               outputVariableType=OV.Position)),
               'force': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=c, outputVariableType=OV.Force)),
               'displacement': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=c,
                                                   outputVariableType=OV.Displacement))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


# ---------------------------------------------------------------------------
# 10. coordinate_vector_constraint
# ---------------------------------------------------------------------------
def coordinate_vector_constraint(exu, U, solver='GA', h=1e-3, nSteps=200, rho=0.9):
    """Two NodePoint mass points (m=1 at (0,0,0), m=2 at (1,0.2,0)), MarkerNodeCoordinates (TOTAL
    coordinates) on each; CoordinateVectorConstraint with 2 rows:
      x1 - x0 - 1 = 0,   y1 + 0.5*y1^2 - y0 - 0.22 = 0  (quadraticTermMarker1 entry [1,1]=0.5).
    Mass 0 on a CartesianSpringDamper (k=100 in each direction) to ground; gravity -y on both;
    initial x-velocity 0.5 of both.  solver='TrapezoidalIndex2' pins the literal velocity-squared
    index-2 form of the quadratic term (constraints.md)."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    n0 = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialCoordinates=[0., 0., 0.],
                                 initialVelocities=[0.5, 0., 0.]))
    n1 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0.2, 0.], initialCoordinates=[0., 0., 0.],
                                 initialVelocities=[0.5, 0., 0.]))
    b0 = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n0))
    b1 = mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n1))
    for b in (b0, b1):
        mM = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mM, loadVector=[0., -9.81, 0.]))
    mP0 = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mGround, mP0], stiffness=[100., 100., 100.],
                                          damping=[0., 0., 0.], offset=[0., 0., 0.]))
    mc0 = mbs.AddMarker(U.MarkerNodeCoordinates(nodeNumber=n0))
    mc1 = mbs.AddMarker(U.MarkerNodeCoordinates(nodeNumber=n1))
    X = np.array([[1., 0., 0.], [0., 1., 0.]])
    Y1 = np.array([[0., 0., 0.], [0., 0.5, 0.]])
    c = mbs.AddObject(U.CoordinateVectorConstraint(markerNumbers=[mc0, mc1], scalingMarker0=X, scalingMarker1=X,
                                                   quadraticTermMarker1=Y1, offset=[1., 0.22]))
    OV = exu.OutputVariableType
    sensors = {'force': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=c, outputVariableType=OV.Force)),
               'position1': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n1, outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['constraintForce'] = _plain(mbs.GetObjectOutput(c, OV.Force))
    res['constraintEquation'] = _plain(mbs.GetObjectOutput(c, OV.ConstraintEquation))
    return res


# ---------------------------------------------------------------------------
# 11. generic_ode2
# ---------------------------------------------------------------------------
def generic_ode2(exu, U, mode='dynamic', h=1e-3, nSteps=200, rho=0.9):
    """NodeGenericODE2 (3 coordinates) + ObjectGenericODE2 with constant M, K, D and forceVector
    [0,1,0]; LoadCoordinate 2 on coordinate 2.  mode 'dynamic' (GA) or 'static'."""
    SC, mbs = _new_system(exu)
    n = mbs.AddNode(U.NodeGenericODE2(numberOfODE2Coordinates=3, referenceCoordinates=[0., 0., 0.],
                                      initialCoordinates=[0.1, 0., -0.05], initialCoordinates_t=[0., 0.2, 0.]))
    M = np.array([[2., 0.5, 0.], [0.5, 1., 0.], [0., 0., 1.5]])
    K = np.array([[400., -100., 0.], [-100., 300., -50.], [0., -50., 200.]])
    D = np.array([[1., 0., 0.], [0., 0.5, 0.], [0., 0., 0.2]])
    o = mbs.AddObject(U.ObjectGenericODE2(nodeNumbers=[n], massMatrix=M, stiffnessMatrix=K, dampingMatrix=D,
                                          forceVector=[0., 1., 0.]))
    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=mc, load=2.))
    OV = exu.OutputVariableType
    sensors = {'nodeCoordinates': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Coordinates)),
               'bodyCoordinates_t': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=o, localPosition=[0., 0., 0.],
                                                        outputVariableType=OV.Coordinates_t))}
    mbs.Assemble()
    if mode == 'static':
        ss = static_settings(exu, 1)
        _solve_static(mbs, ss)
        res = static_state(mbs)
    else:
        ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
        _solve_dynamic(exu, mbs, ss, st)
        res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['bodyForce'] = _plain(mbs.GetObjectOutputBody(o, OV.Force, [0., 0., 0.]))
    return res


# ---------------------------------------------------------------------------
# 12. active_connector
# ---------------------------------------------------------------------------
def active_connector(exu, U, tOff=0.1, tOn=0.2, h=1e-3, nSteps=300, rho=0.9):
    """MassPoint m=1 with gravity -y, y held by a CoordinateConstraint; a PreStepUserFunction sets
    activeConnector=False for tOff <= t < tOn and True again from tOn on (t = end-of-step time,
    thresholds at half steps to be robust against time round-off).  After re-activation the
    index-3 constraint pulls the fallen mass back to y=0 within one step."""
    SC, mbs = _new_system(exu)
    mG = _ground_coordinate(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., 0., 0.], initialCoordinates=[0., 0., 0.],
                                initialVelocities=[0.1, 0., 0.]))
    b = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))
    mM = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mM, loadVector=[0., -9.81, 0.]))
    my = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=1))
    c = mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mG, my], activeConnector=True))

    def preStep(mbs, t):
        active = not (tOff - 0.5 * h <= t < tOn - 0.5 * h)
        mbs.SetObjectParameter(c, 'activeConnector', active)
        return True

    mbs.SetPreStepUserFunction(preStep)
    OV = exu.OutputVariableType
    sensors = {'constraintForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=c, outputVariableType=OV.Force)),
               'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'velocity': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Velocity))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=5 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['constraintForce'] = _plain(mbs.GetObjectOutput(c, OV.Force))
    res['activeConnector'] = bool(mbs.GetObjectParameter(c, 'activeConnector'))
    return res


# ---------------------------------------------------------------------------
# 13. sensors_file: exact text of sensor files and of the solution file
# ---------------------------------------------------------------------------
DATE_PLACEHOLDER = '<DATE>'
VERSION_PLACEHOLDER = '<VERSION>'
CPUTIME_PLACEHOLDER = '<CPUTIME>'


def sanitize_file_text(text):
    """Return the lines of a sensor/solution file with the fields that legitimately differ between
    runs or implementations replaced by placeholders: date/time stamps ('YYYY-MM-DD,HH:MM:SS'),
    the version string, the CPU time of the solution-file footer.  Only '#' lines are touched."""
    out = []
    for line in text.splitlines():
        if line.startswith('#'):
            line = re.sub(r'\d{4}-\d{1,2}-\d{1,2},\s*\d{1,2}:\d{1,2}:\d{1,2}', DATE_PLACEHOLDER, line)
            line = re.sub(r'^(#simulation (started|finished)\s*=\s*).*$', r'\g<1>' + DATE_PLACEHOLDER, line)
            line = re.sub(r'(#Exudyn version = ).*', r'\g<1>' + VERSION_PLACEHOLDER, line)
            line = re.sub(r'(EXUDYN V|Exudyn V|version = |version=)\s*[0-9][0-9A-Za-z.\-+]*',
                          r'\g<1>' + VERSION_PLACEHOLDER, line)
            line = re.sub(r'(cpuTime\s*=\s*)[-+0-9.eE]+', r'\g<1>' + CPUTIME_PLACEHOLDER, line)
        out.append(line)
    return out


def _spring_mass_point(exu, U):
    """Mass point (m=1, ref (1,0,0), initial velocity (0,0.5,0)) on a SpringDamper to ground (k=100,
    d=1, L0=0.9) + LoadForceVector [0,-2,0]: (SC, mbs, node, body, its marker, spring, load)."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.], initialCoordinates=[0., 0., 0.],
                                initialVelocities=[0., 0.5, 0.]))
    b = mbs.AddObject(U.MassPoint(mass=1., nodeNumber=n))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    sd = mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mB], stiffness=100., damping=1., referenceLength=0.9))
    ld = mbs.AddLoad(U.LoadForceVector(markerNumber=mB, loadVector=[0., -2., 0.]))
    return SC, mbs, n, b, mB, sd, ld


def sensors_file(exu, U, h=0.01, nSteps=5, sensorPeriod=0.02, solutionPeriod=0.02, rho=0.9):
    """Mass point (m=1, ref (1,0,0)) on a SpringDamper to ground (k=100, d=1, L0=0.9) + LoadForceVector
    [0,-2,0]; GA 5 steps of 0.01; SensorNode/SensorObject/SensorBody/SensorMarker/SensorLoad write to
    files (period 0.02: rows at t=0, 0.02, 0.04, 0.05) and a solution file is written (period 0.02).
    Returns the sanitized text lines of every file."""
    SC, mbs, n, b, mB, sd, ld = _spring_mass_point(exu, U)
    OV = exu.OutputVariableType
    tmp = tempfile.mkdtemp(prefix='refmodel_sensors_')
    files = {'sensorNode': 'sensorNode.txt', 'sensorObject': 'sensorObject.txt', 'sensorBody': 'sensorBody.txt',
             'sensorMarker': 'sensorMarker.txt', 'sensorLoad': 'sensorLoad.txt'}
    fp = {k: os.path.join(tmp, v) for k, v in files.items()}
    mbs.AddSensor(U.SensorNode(nodeNumber=n, fileName=fp['sensorNode'], writeToFile=True,
                               outputVariableType=OV.Position, storeInternal=False))
    mbs.AddSensor(U.SensorObject(objectNumber=sd, fileName=fp['sensorObject'], writeToFile=True,
                                 outputVariableType=OV.Force, storeInternal=False))
    mbs.AddSensor(U.SensorBody(bodyNumber=b, localPosition=[0., 0., 0.], fileName=fp['sensorBody'],
                               writeToFile=True, outputVariableType=OV.Velocity, storeInternal=False))
    mbs.AddSensor(U.SensorMarker(markerNumber=mB, fileName=fp['sensorMarker'], writeToFile=True,
                                 outputVariableType=OV.Position, storeInternal=False))
    mbs.AddSensor(U.SensorLoad(loadNumber=ld, fileName=fp['sensorLoad'], writeToFile=True, storeInternal=False))
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=sensorPeriod)
    solFile = os.path.join(tmp, 'solution', 'coordinatesSolution.txt')
    ss.solution.file.write = True
    ss.solution.file.name = solFile
    ss.solution.file.writePeriod = solutionPeriod
    ss.solution.file.writeHeader = True
    ss.solution.file.writeFooter = True
    ss.solution.file.binary = False
    ss.solution.file.append = False
    ss.solution.file.information = 'reference model sensors_file'
    ss.solution.file.export.velocities = True
    ss.solution.file.export.accelerations = True
    ss.solution.file.export.algebraicCoordinates = True
    ss.solution.file.export.dataCoordinates = True
    ss.solution.file.export.ODE1Velocities = True
    ss.solution.precision = 10
    ss.solution.sensors.writeHeader = True
    ss.solution.sensors.writeFooter = False
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    texts = {}
    for k, p in list(fp.items()) + [('solution', solFile)]:
        with open(p) as f:
            texts[k] = sanitize_file_text(f.read())
    shutil.rmtree(tmp, ignore_errors=True)
    res['files'] = texts
    return res


def parse_binary_solution(data):
    """The fields of a binary solution file (layout of Exudyn 1.13.6's, spec settings.md), read with
    struct alone: the sizes of integer, real and index, the header strings and arrays, the rows, the
    end; version and dates replaced by placeholders."""
    import struct
    assert data[:7] == b'EXUBIN\n', data[:7]
    sizes = list(data[7:10])
    pos = 16

    def integer():
        nonlocal pos
        k = struct.unpack_from('<i', data, pos)[0]
        pos += 4
        return k

    def string():
        nonlocal pos
        n = integer()
        pos += n
        return data[pos - n:pos].decode()

    def array():
        nonlocal pos
        n = integer()
        pos += 4 * n
        return list(struct.unpack_from('<%di' % n, data, pos - 4 * n))
    out = {'sizes': sizes, 'reserved': list(data[10:16]), 'version': (string(), VERSION_PLACEHOLDER)[1],
           'mode': string(), 'solver': string(), 'started': (string(), DATE_PLACEHOLDER)[1],
           'systemSizes': array(), 'columnsExported': array(), 'nColumns': integer(), 'steps': integer(),
           'information': string(), 'endOfHeader': string()}
    real = '<%d%s' % (1, 'd' if sizes[1] == 8 else 'f')
    rows = []
    while True:
        n = integer()
        if n == -1:
            break
        rows.append([struct.unpack_from(real, data, pos + k * sizes[1])[0] for k in range(n)])
        pos += n * sizes[1]
    out['rows'] = rows
    out['finished'] = string()
    out['finishedDate'] = (string(), DATE_PLACEHOLDER)[1]
    out['solverInfo'] = array()
    out['end'] = string()
    out['bytesLeft'] = len(data) - pos
    return out


def binary_solution_file(exu, U, precision=10, static=False):
    """solution.file.binary: the mass point of sensors_file on its spring (GA 5 steps of 0.01, or
    SolveStatic in 3 load steps), velocities, accelerations and data coordinates exported, written
    as a binary file (precision 10: doubles, 6: floats); its fields (parse_binary_solution) and
    the state."""
    SC, mbs = _spring_mass_point(exu, U)[:2]
    mbs.Assemble()
    if static:
        ss = static_settings(exu, nLoadSteps=3)
    else:
        ss, st = dynamic_settings(exu, 0.01, 5, 'GA', 0.9)
    tmp = tempfile.mkdtemp(prefix='refmodel_binary_')
    ss.solution.file.write = True
    ss.solution.file.name = os.path.join(tmp, 'solution', 'coordinatesSolution')   # .sol appended
    ss.solution.file.writePeriod = 0.
    ss.solution.file.binary = True
    ss.solution.file.information = 'reference model binary_solution_file'
    ss.solution.file.export.velocities = True
    ss.solution.file.export.accelerations = True
    ss.solution.file.export.dataCoordinates = True
    ss.solution.precision = precision
    if static:
        _solve_static(mbs, ss)
        res = static_state(mbs)
    else:
        _solve_dynamic(exu, mbs, ss, st)
        res = state(mbs)
    with open(os.path.join(tmp, 'solution', 'coordinatesSolution.sol'), 'rb') as f:
        res['file'] = parse_binary_solution(f.read())
    shutil.rmtree(tmp, ignore_errors=True)
    return res


# ---------------------------------------------------------------------------
# 14. springdamper_userfunction
# ---------------------------------------------------------------------------
def _springForceUF(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
    return stiffness * deltaL + 0.5 * stiffness * deltaL**3 + damping * deltaL_t + force


def _loadUF(mbs, t, loadVector):
    return [loadVector[0] * math.sin(10. * t), loadVector[1], 0.]


def springdamper_userfunction(exu, U, h=1e-3, nSteps=200, rho=0.9):
    """MassPoint m=0.5 hanging at (0,-1,0) from the origin on a SpringDamper (L0=1, k=500, d=2,
    force=1) with springForceUserFunction k dL + k/2 dL^3 + d dL_t + force; LoadForceVector
    loadVector [3,-5,0] with loadVectorUserFunction [3 sin(10t), -5, 0]; initial velocity (0.5,0,0.3)."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., -1., 0.], initialCoordinates=[0., -0.02, 0.],
                                initialVelocities=[0.5, 0., 0.3]))
    b = mbs.AddObject(U.MassPoint(mass=0.5, nodeNumber=n))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    sd = mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mB], stiffness=500., damping=2., force=1.,
                                      referenceLength=1., springForceUserFunction=_springForceUF))
    ld = mbs.AddLoad(U.LoadForceVector(markerNumber=mB, loadVector=[3., -5., 0.], loadVectorUserFunction=_loadUF))
    OV = exu.OutputVariableType
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'springForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=sd, outputVariableType=OV.Force)),
               'load': mbs.AddSensor(_sens(U, U.SensorLoad, loadNumber=ld))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['springForceLocal'] = _plain(mbs.GetObjectOutput(sd, OV.ForceLocal))
    return res


# ---------------------------------------------------------------------------
# explicit solvers (spec solvers.md 6): lambda is not compared (Exudyn leaves the multipliers
# of eliminated CoordinateConstraints at zero, multibody computes the reaction forces)
# ---------------------------------------------------------------------------
def explicit_settings(exu, h, nSteps, solverType, tol=1e-6, sensorPeriod=None):
    """SimulationSettings for an explicit solver; error control on for ODE23/DOPRI5 with
    absolute tolerance ``tol`` and relative tolerance tol/100: Exudyn's error scale
    atol + rtol*max(x_new, x_old) uses signed values and nearly cancels for negative
    coordinates when rtol = atol, which amplifies round-off into the step sizes.
    Returns (settings, solverType)."""
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.startTime = 0.
    ti.endTime = h * nSteps
    ti.numberOfSteps = nSteps
    ti.verboseMode = 0
    ti.verboseModeFile = 0
    ti.adaptiveStep = False
    ti.automaticStepSize = True
    ti.absoluteTolerance = tol
    ti.relativeTolerance = 0.01 * tol
    ti.initialStepSize = 0.
    ti.minimumStepSize = 1e-8
    ti.stepSizeMaxIncrease = 2.
    ti.stepSizeSafety = 0.9
    ti.reuseConstantMassMatrix = True
    ex = ti.explicit
    ex.computeEndOfStepAccelerations = True
    ex.computeMassMatrixInversePerBody = False
    ex.eliminateConstraints = True
    ex.useLieGroupIntegration = True
    solverType = getattr(exu.DynamicSolverType, solverType)
    ti.solverType = solverType
    _common_settings(exu, ss, h if sensorPeriod is None else sensorPeriod)
    return ss, solverType


def explicit_state(mbs):
    """Final q, q_t, q_tt and the step counters of the explicit solver (no multipliers)."""
    sd = mbs.systemData
    it = mbs.sys['dynamicSolver'].it
    return {'q': _plain(sd.GetODE2Coordinates()),
            'q_t': _plain(sd.GetODE2Coordinates_t()),
            'q_tt': _plain(sd.GetODE2Coordinates_tt()),
            'steps': int(it.currentStepIndex) - 1,
            'rejectedSteps': int(it.rejectedAutomaticStepSizeSteps)}


def explicit_oscillator(exu, U, solverType='RK44', h=1e-3, nSteps=200, damping=2., tol=1e-6):
    """MassPoint m=2 at (1,0,0) on a SpringDamper (k=800, L0=1) to the origin, gravity -y,
    initial displacement (0.1,0.05,0) and velocity (0,0.3,0.2)."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.], initialCoordinates=[0.1, 0.05, 0.],
                                initialVelocities=[0., 0.3, 0.2]))
    b = mbs.AddObject(U.MassPoint(mass=2., nodeNumber=n))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mB], stiffness=800., damping=damping,
                                 referenceLength=1.))
    mbs.AddLoad(U.Force(markerNumber=mB, loadVector=[0., -2. * 9.81, 0.]))
    OV = exu.OutputVariableType
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'velocity': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Velocity))}
    mbs.Assemble()
    ss, st = explicit_settings(exu, h, nSteps, solverType, tol, sensorPeriod=h * max(nSteps // 20, 1))
    _solve_dynamic(exu, mbs, ss, st)
    res = explicit_state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


def explicit_elimination(exu, U, solverType='RK44', h=0.1, nSteps=5, tol=1e-6):
    """Spec solvers.md 6.4: two Node1D/Mass1D (m=1) joined by a CoordinateSpringDamper (k=100),
    LoadCoordinate 10 on both, mass 1 fixed by a CoordinateConstraint to a NodePointGround
    coordinate; mass 1 starts with velocity 0.5 (removed only at the end of the first step)."""
    SC, mbs = _new_system(exu)
    mG = _ground_coordinate(mbs, U)
    n1 = mbs.AddNode(U.Node1D(referenceCoordinates=[0.], initialCoordinates=[0.], initialVelocities=[0.5]))
    n2 = mbs.AddNode(U.Node1D(referenceCoordinates=[1.], initialCoordinates=[0.], initialVelocities=[0.]))
    mbs.AddObject(U.Mass1D(mass=1., nodeNumber=n1))
    mbs.AddObject(U.Mass1D(mass=1., nodeNumber=n2))
    m1 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    m2 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n2, coordinate=0))
    mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[m1, m2], stiffness=100.))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=m1, load=10.))
    mbs.AddLoad(U.LoadCoordinate(markerNumber=m2, load=10.))
    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mG, m1]))
    OV = exu.OutputVariableType
    sensors = {'q2': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n2, outputVariableType=OV.Coordinates))}
    mbs.Assemble()
    ss, st = explicit_settings(exu, h, nSteps, solverType, tol)
    _solve_dynamic(exu, mbs, ss, st)
    res = explicit_state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


def explicit_grid(exu, U, solverType='RK44', w=3, h=1e-3, nSteps=100, tol=1e-6):
    """grid_implicit's spring-mass grid (bottom row fixed by CoordinateConstraints to a ground
    coordinate, eliminated) with an explicit solver."""
    a, m, k, d, g = 0.1, 0.1, 1000., 0.5, 9.81
    SC, mbs = _new_system(exu)
    mGround = _ground_coordinate(mbs, U)
    markers, nodes = {}, {}
    for j in range(w):
        for i in range(w):
            n = mbs.AddNode(U.NodePoint(referenceCoordinates=[i * a, j * a, 0.], initialCoordinates=[0., 0., 0.],
                                        initialVelocities=[0., 0., 0.]))
            mbs.AddObject(U.MassPoint(mass=m, nodeNumber=n))
            mk = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
            markers[i, j] = mk
            nodes[i, j] = n
            mbs.AddLoad(U.LoadForceVector(markerNumber=mk, loadVector=[0.2 * m * g, 0., -m * g]))
            if j == 0:
                for c in range(3):
                    mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=c))
                    mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mGround, mc]))
    for (i, j), mk in list(markers.items()):
        for di, dj in [(1, 0), (0, 1), (1, 1), (-1, 1)]:
            if (i + di, j + dj) in markers:
                mbs.AddObject(U.SpringDamper(markerNumbers=[mk, markers[i + di, j + dj]], stiffness=k, damping=d,
                                             referenceLength=a * (di * di + dj * dj)**0.5))
    OV = exu.OutputVariableType
    sensors = {'cornerPosition': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nodes[w - 1, w - 1],
                                                     outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = explicit_settings(exu, h, nSteps, solverType, tol, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = explicit_state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


def explicit_rigid_chain(exu, U, solverType='RK44', h=1e-3, nSteps=300, tol=1e-6, endOfStep=True):
    """A block-diagonal, configuration-dependent mass matrix under an explicit solver: three Rxyz
    rigid bodies (COM offsets and off-diagonal inertia, so that each body's 6 x 6 block couples
    translation and rotation) in a chain of RigidBodySpringDampers from the ground, with gravity;
    the z coordinate of the middle body fixed by an eliminated CoordinateConstraint; a mass point
    on a spring-damper from the last body. endOfStep: computeEndOfStepAccelerations."""
    SC, mbs = _new_system(exu)
    mGround = _ground_coordinate(mbs, U)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    K = np.diag([1e3, 1e3, 1e3, 20., 20., 20.])
    K[0, 1] = K[1, 0] = 50.
    nodes = []
    for i in range(3):
        n, b = _rigid_node_body(mbs, U, 'Rxyz', [i + 0.5, 0., 0.], U.RotXYZ2RotationMatrix([0.1 * i, -0.05, 0.2]),
                                [0., 0.1 * i, 0.], [0.2, 0.1 * i, 0.3], 2., [0.3, 0.4, 0.5, 0.01, 0.02, 0.03],
                                [0.1, -0.05, 0.02])
        nodes.append(n)
        left = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5, 0., 0.]))
        mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[prev, left], stiffness=K,
                                              damping=0.002 * K + np.diag([0., 0., 0., 0.03, 0.03, 0.03])))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.5, 0., 0.]))
        mm = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mm, loadVector=[0., -9.81, 0.]))
        if i == 1:
            mc = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
            mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mGround, mc]))
    nP = mbs.AddNode(U.NodePoint(referenceCoordinates=[3.5, -0.2, 0.], initialVelocities=[0., 0., 0.2]))
    bP = mbs.AddObject(U.MassPoint(mass=0.5, nodeNumber=nP))
    mP = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=bP, localPosition=[0., 0., 0.]))
    mbs.AddObject(U.SpringDamper(markerNumbers=[prev, mP], stiffness=300., damping=1., referenceLength=0.5))
    mbs.AddLoad(U.Force(markerNumber=mP, loadVector=[0., -0.5 * 9.81, 0.]))
    OV = exu.OutputVariableType
    sensors = {'position2': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nodes[2], outputVariableType=OV.Position)),
               'omega1': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nodes[1],
                                             outputVariableType=OV.AngularVelocity)),
               'point': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nP, outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = explicit_settings(exu, h, nSteps, solverType, tol, sensorPeriod=10 * h)
    ss.timeIntegration.explicit.computeEndOfStepAccelerations = endOfStep
    _solve_dynamic(exu, mbs, ss, st)
    res = explicit_state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


def explicit_rigid_rotveclg(exu, U, solverType='RK44', h=1e-3, nSteps=300, tol=1e-6):
    """Explicit Lie-group integration (spec solvers.md 6.5): two spinning rigid bodies on
    NodeRigidBodyRotVecLG nodes (COM offsets, off-diagonal inertia; rotation angles of order 1,
    away from the small-angle branches of the rotation-vector maps), body 0 on a
    RigidBodySpringDamper from the ground, body 1 on one from body 0, gravity."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    inertia = [0.05, 0.06, 0.08, 0.004, -0.003, 0.002]
    n0, b0 = _rigid_node_body(mbs, U, 'RotVecLG', [0., -0.5, 0.], U.RotXYZ2RotationMatrix([0.4, -0.3, 0.6]),
                              [0.2, 0., 0.1], [3., 1.5, 4.], 2., inertia, [0.05, -0.02, 0.01])
    n1, b1 = _rigid_node_body(mbs, U, 'RotVecLG', [0.5, -0.6, 0.1], U.RotXYZ2RotationMatrix([-0.5, 0.7, 0.2]),
                              [0., 0.2, 0.], [-2., 2.5, 5.], 1.5, inertia, [0., 0.03, -0.02])
    for b in (b0, b1):
        mm = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mm, loadVector=[0., -9.81, 0.]))
    K = np.diag([400., 500., 600., 0., 0., 0.])
    D = np.diag([2., 2., 2., 0., 0., 0.])
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mA = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b0, localPosition=[0., 0.4, 0.]))
    mA2 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b0, localPosition=[0.25, 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b1, localPosition=[-0.25, 0., 0.]))
    mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[mG, mA], stiffness=K, damping=D))
    mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[mA2, mB], stiffness=0.5 * K, damping=D))
    OV = exu.OutputVariableType
    sensors = {'position1': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n1, outputVariableType=OV.Position)),
               'omega0': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n0, outputVariableType=OV.AngularVelocity)),
               'rotation1': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n1,
                                                outputVariableType=OV.RotationMatrix))}
    mbs.Assemble()
    ss, st = explicit_settings(exu, h, nSteps, solverType, tol, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = explicit_state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


# ---------------------------------------------------------------------------
# rigid bodies (nodes.md, bodies.md, markers.md)
# ---------------------------------------------------------------------------
def rigid_body_3d(exu, U, nodeType='EP', h=2e-3, nSteps=150, rho=0.9, explicit=None):
    """One rigid body with COM offset and off-diagonal inertia, spinning and falling: gravity by
    LoadMassProportional, a body-fixed torque (MarkerBodyRigid with localHT rotation), a spring-damper
    from ground to a body point; nodeType 'EP', 'Rxyz' or 'RotVecLG' (rotation about the global z axis
    only, so that the Lie-group update equals the additive one); explicit: an explicit solver type
    ('RK44', fixed steps) instead of generalized-alpha."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U, position=[0., 1., 0.])
    planar = nodeType == 'RotVecLG'
    w = [0., 0., 3.] if planar else [1., 0.5, 3.]
    inertia = [0.05, 0.06, 0.08, 0., 0., 0.] if planar else [0.05, 0.06, 0.08, 0.004, -0.003, 0.002]
    com = [0.1, -0.05, 0.] if planar else [0.1, -0.05, 0.02]
    A0 = np.eye(3) if planar else U.RotXYZ2RotationMatrix([0.2, -0.1, 0.3])
    if nodeType == 'EP':
        ep = U.RotationMatrix2EulerParameters(A0)
        ep_t = 0.25 * np.array(U.EulerParameters2G(ep)).T @ np.array(w)
        n = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=[0., 0., 0.] + list(ep),
                                          initialVelocities=[0.5, 1., 0.] + list(ep_t)))
    elif nodeType == 'Rxyz':
        rot = U.RotationMatrix2RotXYZ(A0)
        rot_t = np.linalg.solve(np.array(U.RotXYZ2G(rot)), np.array(w))
        n = mbs.AddNode(U.NodeRigidBodyRxyz(referenceCoordinates=[0., 0., 0.] + list(rot),
                                            initialVelocities=[0.5, 1., 0.] + list(rot_t)))
    else:
        n = mbs.AddNode(U.NodeRigidBodyRotVecLG(referenceCoordinates=[0., 0., 0., 0., 0., 0.],
                                                initialVelocities=[0.5, 1., 0.] + list(A0.T @ np.array(w))))
    b = mbs.AddObject(U.ObjectRigidBody(nodeNumber=n, mass=2., inertia=inertia, centerOfMass=com))
    mMass = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mMass, loadVector=[0., -9.81, 0.]))
    mT = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0., 0.],
                                         localHT=U.HomogeneousTransformation(U.RotationMatrixZ(0.5), [0., 0., 0.])))
    tv = [0., 0., 0.3] if planar else [0.2, 0., 0.3]
    mbs.AddLoad(U.LoadTorqueVector(markerNumber=mT, loadVector=tv, bodyFixed=True))
    mP = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0.2, 0., 0.]))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mP], stiffness=50., damping=0.5, referenceLength=0.8))
    OV = exu.OutputVariableType
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'omega': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.AngularVelocity)),
               'bodyVelocity': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=b, localPosition=[0.1, 0.2, 0.],
                                                   outputVariableType=OV.Velocity))}
    mbs.Assemble()
    if explicit:
        ss, st = explicit_settings(exu, h, nSteps, explicit, sensorPeriod=10 * h)
        ss.timeIntegration.automaticStepSize = False
    else:
        ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['rotationMatrix'] = _plain(mbs.GetNodeOutput(n, OV.RotationMatrix))
    res['markerRotation'] = _plain(mbs.GetMarkerOutput(mT, OV.RotationMatrix))
    res['omegaLocal'] = _plain(mbs.GetObjectOutputBody(b, OV.AngularVelocityLocal, localPosition=[0., 0., 0.]))
    res['acceleration'] = _plain(mbs.GetObjectOutputBody(b, OV.Acceleration, localPosition=[0.1, 0.2, 0.]))
    res['kineticEnergy'] = _plain(mbs.GetObjectOutputBody(b, OV.KineticEnergy, localPosition=[0., 0., 0.]))
    return res


def rigid_body_2d_pendulum(exu, U, h=2e-3, nSteps=200, rho=0.9):
    """NodeRigidBody2D + ObjectRigidBody2D (COM offset) hanging on a spring-damper from ground,
    gravity, a torque; plus a RotationalMass1D driven by a torque."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U, position=[0., 0., 0.])
    n = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0.3, -1., 0.2], initialCoordinates=[0., 0., 0.1],
                                      initialVelocities=[0.2, 0., 1.5]))
    b = mbs.AddObject(U.ObjectRigidBody2D(nodeNumber=n, mass=1.5, inertia=0.04, centerOfMass=[0.05, 0.1]))
    mMass = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mMass, loadVector=[0., -9.81, 0.]))
    mTop = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0.25, 0.]))
    mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mTop], stiffness=400., damping=1., referenceLength=0.7))
    mR = mbs.AddMarker(U.MarkerNodeRigid(nodeNumber=n))
    mbs.AddLoad(U.LoadTorqueVector(markerNumber=mR, loadVector=[0., 0., 0.2]))
    n1 = mbs.AddNode(U.Node1D(referenceCoordinates=[0.5], initialVelocities=[2.]))
    r = mbs.AddObject(U.ObjectRotationalMass1D(nodeNumber=n1, inertia=0.3, referencePosition=[1., 0., 0.],
                                               referenceRotation=U.RotationMatrixX(0.5 * math.pi)))
    mr = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=r, localPosition=[0., 0., 0.]))
    mbs.AddLoad(U.LoadTorqueVector(markerNumber=mr, loadVector=[0., -0.6, 0.]))
    OV = exu.OutputVariableType
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'rotation': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Rotation)),
               'bodyAcceleration': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=b, localPosition=[0.1, 0., 0.],
                                                       outputVariableType=OV.Acceleration)),
               'rotorPosition': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=r, localPosition=[0., 1., 0.],
                                                    outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['bodyRotation'] = _plain(mbs.GetObjectOutputBody(b, OV.Rotation, localPosition=[0., 0., 0.]))
    res['rotorRotation'] = _plain(mbs.GetObjectOutputBody(r, OV.Rotation, localPosition=[0., 0., 0.]))
    res['rotorOmega'] = _plain(mbs.GetObjectOutputBody(r, OV.AngularVelocity, localPosition=[0., 0., 0.]))
    return res


def create_rigid_body(exu, U, nodeType='RotationEulerParameters', solver='GA', h=2e-3, nSteps=100, rho=0.9):
    """CreateGround, CreateRigidBody (InertiaCuboid, gravity, initial angular velocity, reference rotation),
    CreateSpringDamper to ground, CreateTorque and CreateForce."""
    SC, mbs = _new_system(exu)
    g = mbs.CreateGround(referencePosition=[0., 0., 0.])
    b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(density=500., sideLengths=[0.4, 0.1, 0.2]),
                            referencePosition=[0.5, 0., 0.], referenceRotationMatrix=U.RotationMatrixZ(0.3),
                            initialVelocity=[0., 0.5, 0.], initialAngularVelocity=[0.5, 0., 4.],
                            gravity=[0., -9.81, 0.], nodeType=getattr(exu.NodeType, nodeType), returnDict=True)
    body = b['bodyNumber']
    mbs.CreateSpringDamper(itemNumbers=[g, body], localPosition1=[0.2, 0., 0.], stiffness=300., damping=2.)
    mbs.CreateTorque(itemNumber=body, loadVector=[0., 0.1, 0.2])
    mbs.CreateForce(itemNumber=body, loadVector=[1., 0., 0.], localPosition=[0., 0.05, 0.], bodyFixed=True)
    OV = exu.OutputVariableType
    n = b['nodeNumber']
    sensors = {'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position)),
               'omega': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.AngularVelocity))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['rotationMatrix'] = _plain(mbs.GetNodeOutput(n, OV.RotationMatrix))
    return res


RIGID_CASES = {
    'rigid_body_ep': (rigid_body_3d, dict(nodeType='EP')),
    'rigid_body_rxyz': (rigid_body_3d, dict(nodeType='Rxyz')),
    'explicit_rigid_body_rxyz_rk44': (rigid_body_3d, dict(nodeType='Rxyz', explicit='RK44', h=1e-3, nSteps=300)),
    'rigid_body_rotveclg_planar': (rigid_body_3d, dict(nodeType='RotVecLG')),
    'rigid_body_2d_pendulum': (rigid_body_2d_pendulum, dict()),
    'create_rigid_body_ep': (create_rigid_body, dict(nodeType='RotationEulerParameters')),
    'create_rigid_body_rxyz_index2': (create_rigid_body, dict(nodeType='RotationRxyz', solver='TrapezoidalIndex2')),
}


# ---------------------------------------------------------------------------
# registry: case name -> (builder, params)
# ---------------------------------------------------------------------------
CASES = {
    'oscillator': (oscillator, dict(damping=0.)),
    'oscillator_damped': (oscillator, dict(damping=4.)),
    'oscillator_1d': (oscillator_1d, dict()),
    'pendulum_ga_rho09': (pendulum, dict(solver='GA', rho=0.9)),
    'pendulum_ga_rho06': (pendulum, dict(solver='GA', rho=0.6)),
    'pendulum_newmark': (pendulum, dict(solver='Newmark')),
    'pendulum_newmark_index2': (pendulum, dict(solver='NewmarkIndex2')),
    'pendulum_trapezoidal_index2': (pendulum, dict(solver='TrapezoidalIndex2')),
    'pendulum_ga_no_initial_acc': (pendulum, dict(solver='GA', rho=0.9, computeInitialAccelerations=False)),
    'pendulum_ga_initial_velocity': (pendulum, dict(solver='GA', rho=0.9, v0=[0., -2., 0.])),
    'coordinate_constraint_dynamic': (coordinate_constraint, dict(mode='dynamic')),
    'coordinate_constraint_static': (coordinate_constraint, dict(mode='static')),
    'coordinate_constraint_offset': (coordinate_constraint_offset, dict(variant='offset')),
    'coordinate_constraint_offset_uf': (coordinate_constraint_offset, dict(variant='uf')),
    'coordinate_constraint_offset_uf_index2': (coordinate_constraint_offset, dict(variant='uf_index2')),
    'static_spring': (static_spring, dict(nLoadSteps=5)),
    'static_truss': (static_truss, dict(nLoadSteps=2)),
    'distance_chain_ga': (distance_chain, dict(solver='GA')),
    'distance_chain_trapezoidal_index2': (distance_chain, dict(solver='TrapezoidalIndex2')),
    'grid_implicit': (grid_implicit, dict()),
    'cartesian_spring': (cartesian_spring, dict()),
    'coordinate_vector_constraint': (coordinate_vector_constraint, dict(solver='GA')),
    # index 2 + quadratic term: Exudyn's Newton converges only linearly here (the Jacobian is that of
    # the position form, the residual squares velocities) and fails after ~80 steps -> 50 steps only
    'coordinate_vector_constraint_index2': (coordinate_vector_constraint, dict(solver='TrapezoidalIndex2',
                                                                               nSteps=50)),
    'generic_ode2': (generic_ode2, dict(mode='dynamic')),
    'generic_ode2_static': (generic_ode2, dict(mode='static')),
    'active_connector': (active_connector, dict()),
    'sensors_file': (sensors_file, dict()),
    'springdamper_userfunction': (springdamper_userfunction, dict()),
    'explicit_oscillator_euler': (explicit_oscillator, dict(solverType='ExplicitEuler', h=1e-4, nSteps=400)),
    'explicit_oscillator_midpoint': (explicit_oscillator, dict(solverType='ExplicitMidpoint')),
    'explicit_oscillator_rk33': (explicit_oscillator, dict(solverType='RK33')),
    'explicit_oscillator_rk44': (explicit_oscillator, dict(solverType='RK44')),
    'explicit_oscillator_rk67': (explicit_oscillator, dict(solverType='RK67', h=1e-2, nSteps=20)),
    'explicit_oscillator_ode23': (explicit_oscillator, dict(solverType='ODE23', h=2e-2, nSteps=10)),
    'explicit_oscillator_dopri5': (explicit_oscillator, dict(solverType='DOPRI5', h=2e-2, nSteps=10)),
    'explicit_oscillator_velocity_verlet': (explicit_oscillator, dict(solverType='VelocityVerlet')),
    'explicit_elimination_rk44': (explicit_elimination, dict(solverType='RK44')),
    'explicit_elimination_velocity_verlet': (explicit_elimination, dict(solverType='VelocityVerlet')),
    'explicit_elimination_dopri5': (explicit_elimination, dict(solverType='DOPRI5')),
    'explicit_elimination_midpoint': (explicit_elimination, dict(solverType='ExplicitMidpoint', h=0.01,
                                                                 nSteps=50)),
    'explicit_grid_rk44': (explicit_grid, dict(solverType='RK44')),
    'explicit_rigid_chain_rk44': (explicit_rigid_chain, dict(solverType='RK44')),
    'explicit_rigid_chain_rk44_last_stage': (explicit_rigid_chain, dict(solverType='RK44', endOfStep=False)),
    'explicit_rigid_chain_dopri5': (explicit_rigid_chain, dict(solverType='DOPRI5', h=1e-2, nSteps=30)),
    'explicit_rigid_rotveclg_rk44': (explicit_rigid_rotveclg, dict(solverType='RK44')),
    'explicit_rigid_rotveclg_dopri5': (explicit_rigid_rotveclg, dict(solverType='DOPRI5', h=1e-2, nSteps=30)),
    'explicit_grid_ode23': (explicit_grid, dict(solverType='ODE23', h=2e-2, nSteps=5)),
}
CASES.update(RIGID_CASES)


# ---------------------------------------------------------------------------
# joints (spec joints.md): reaction forces/torques and outputs of every joint type
# ---------------------------------------------------------------------------
JOINT_OUTPUTS_3D = ('Position', 'Velocity', 'DisplacementLocal', 'VelocityLocal', 'Rotation',
                    'AngularVelocityLocal', 'ForceLocal', 'TorqueLocal', 'HomogeneousTransformation',
                    'HomogeneousTransformationLocal')


def _outputs(exu, mbs, item, names):
    OV = exu.OutputVariableType
    # np.array: Exudyn returns HomogeneousTransformation outputs as exu.HT objects (4x4 as array)
    return {name: _plain(np.array(mbs.GetObjectOutput(item, getattr(OV, name)))) for name in names}


def _rz(a):
    c, s = math.cos(a), math.sin(a)
    return [[c, -s, 0.], [s, c, 0.], [0., 0., 1.]]


def _rigid_body_ep(mbs, U, position, mass, inertia, A=None, v0=(0., 0., 0.), w0=(0., 0., 0.)):
    """NodeRigidBodyEP + ObjectRigidBody (inertia [Jxx,Jyy,Jzz,Jyz,Jxz,Jxy] w.r.t. the COM = node);
    reference orientation A, initial global velocity v0 and angular velocity w0."""
    A = np.eye(3) if A is None else np.array(A)
    ep = [float(x) for x in U.RotationMatrix2EulerParameters(A)]
    ep_t = [float(x) for x in U.AngularVelocity2EulerParameters_t(list(w0), ep)]
    n = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=list(position) + ep,
                                      initialVelocities=list(v0) + ep_t))
    b = mbs.AddObject(U.ObjectRigidBody(physicsMass=mass, physicsInertia=list(inertia), nodeNumber=n))
    return n, b


def _gravity(mbs, U, b, g=(0., -9.81, 0.)):
    mM = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mM, loadVector=list(g)))


def _jointUF(mbs, t, itemNumber, pars):
    return [pars[0] * math.sin(10 * t), 0., pars[2] * t, 0., pars[4] * t, 0.]


def joint_3d(exu, U, joint='RevoluteZ', axes=(1, 1, 1, 1, 1, 1), solver='GA', h=1e-2, nSteps=40,
             rho=0.9, userOffset=False, newtonAtol=True):
    """Rigid body (m=2, full inertia tensor, COM at (0.5,0,0.1) from the joint point at the origin,
    initial spin 2 rad/s about z) on a 3D joint to ground, gravity -y and a torque [0.3,0.2,0.1]:
    joint in 'RevoluteZ', 'PrismaticX', 'Generic' (constrainedAxes=axes, optional offset user
    function, index 3 only).  Reaction forces/torques of every 10th step (sensors) and all outputs."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    com = [0.5, 0., 0.1]
    w0 = [0., 0., 2.]
    v0 = [float(x) for x in np.cross(w0, com)]
    n, b = _rigid_body_ep(mbs, U, com, 2., [0.05, 0.2, 0.2, 0.01, 0.02, 0.03], v0=v0, w0=w0)
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-com[0], -com[1], -com[2]]))
    _gravity(mbs, U, b)
    mbs.AddLoad(U.LoadTorqueVector(markerNumber=mB, loadVector=[0.3, 0.2, 0.1]))
    if joint == 'RevoluteZ':
        j = mbs.AddObject(U.RevoluteJointZ(markerNumbers=[mG, mB]))
    elif joint == 'PrismaticX':
        j = mbs.AddObject(U.PrismaticJointX(markerNumbers=[mG, mB]))
    else:
        kw = {}
        if userOffset:
            kw = dict(offsetUserFunction=_jointUF, offsetUserFunctionParameters=[0.01, 0., 0.02, 0., 0.1, 0.])
        j = mbs.AddObject(U.GenericJoint(markerNumbers=[mG, mB], constrainedAxes=list(axes), **kw))
    OV = exu.OutputVariableType
    sensors = {'force': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j, outputVariableType=OV.ForceLocal)),
               'torque': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j, outputVariableType=OV.TorqueLocal)),
               'position': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h,
                              multiplierTolerance=newtonAtol)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['outputs'] = _outputs(exu, mbs, j, JOINT_OUTPUTS_3D)
    return res


def joint_generic_static(exu, U, axes=(1, 1, 1, 1, 1, 1)):
    """SolveStatic: rigid body held by a GenericJoint at a point of the body, force [1,-10,2] and
    torque [0.3,0.2,0.1] on the body."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    n, b = _rigid_body_ep(mbs, U, [0.5, 0., 0.], 2., [0.05, 0.2, 0.2, 0., 0., 0.])
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5, 0., 0.]))
    mbs.AddLoad(U.LoadForceVector(markerNumber=mB, loadVector=[1., -10., 2.]))
    mbs.AddLoad(U.LoadTorqueVector(markerNumber=mB, loadVector=[0.3, 0.2, 0.1]))
    j = mbs.AddObject(U.GenericJoint(markerNumbers=[mG, mB], constrainedAxes=list(axes)))
    mbs.Assemble()
    ss = static_settings(exu, 1)
    _solve_static(mbs, ss)
    res = static_state(mbs)
    res['outputs'] = _outputs(exu, mbs, j, JOINT_OUTPUTS_3D)
    return res


def joint_prismatic_x_incline(exu, U, h=1e-2, nSteps=40, rho=0.9, angle=0.5):
    """Rigid body (reference orientation Rz(angle)) on a PrismaticJointX whose ground marker is
    turned by Rz(angle) with localHT: the body slides down the inclined x-axis under gravity -y."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    A = _rz(angle)
    n, b = _rigid_body_ep(mbs, U, [0., 0., 0.], 2., [0.05, 0.2, 0.2, 0., 0., 0.], A=A)
    HT = np.eye(4)
    HT[:3, :3] = A
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localHT=HT))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0., 0.]))
    _gravity(mbs, U, b)
    j = mbs.AddObject(U.PrismaticJointX(markerNumbers=[mG, mB]))
    OV = exu.OutputVariableType
    sensors = {'force': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j, outputVariableType=OV.ForceLocal)),
               'disp': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j, outputVariableType=OV.DisplacementLocal))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h,
                              multiplierTolerance=True)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['outputs'] = _outputs(exu, mbs, j, JOINT_OUTPUTS_3D)
    return res


def joint_spherical(exu, U, solver='GA', h=1e-2, nSteps=40, rho=0.9):
    """Rigid body (as joint_3d) on a SphericalJoint (position markers) at the origin, and a mass point
    (m=1 at (0,-1,0), v0=(1,0,0.5)) on a SphericalJoint with constrainedAxes [1,0,1] (free in y)
    to ground; gravity -y on both."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    com = [0.5, 0., 0.1]
    w0 = [0.5, 0., 2.]
    v0 = [float(x) for x in np.cross(w0, com)]
    n, b = _rigid_body_ep(mbs, U, com, 2., [0.05, 0.2, 0.2, 0.01, 0.02, 0.03], v0=v0, w0=w0)
    mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[-com[0], -com[1], -com[2]]))
    _gravity(mbs, U, b)
    j0 = mbs.AddObject(U.SphericalJoint(markerNumbers=[mG, mB]))
    nP = mbs.AddNode(U.NodePoint(referenceCoordinates=[0., -1., 0.], initialVelocities=[1., 0., 0.5]))
    bP = mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=nP))
    mG1 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0., -1., 0.]))
    mP = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=bP, localPosition=[0., 0., 0.]))
    _gravity(mbs, U, bP)
    j1 = mbs.AddObject(U.SphericalJoint(markerNumbers=[mG1, mP], constrainedAxes=[1, 0, 1]))
    OV = exu.OutputVariableType
    sensors = {'force0': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j0, outputVariableType=OV.Force)),
               'force1': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j1, outputVariableType=OV.Force))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h,
                              multiplierTolerance=True)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    names = ('Position', 'Velocity', 'Displacement', 'Force')
    res['outputs0'] = _outputs(exu, mbs, j0, names)
    res['outputs1'] = _outputs(exu, mbs, j1, names)
    return res


def joints_2d(exu, U, solver='GA', h=1e-2, nSteps=40, rho=0.9, angle=0.4):
    """Planar: RigidBody2D pendulum (m=1.5, J=0.1, COM (0.6,0,0) from the pivot, initial angular
    velocity 1 rad/s) on a RevoluteJoint2D at the origin, and a second RigidBody2D (m=2, J=0.2,
    rotated by `angle`) on a PrismaticJoint2D along the axis at angle `angle` through (0,-1,0);
    gravity -y on both."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    w = 1.
    n0 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0.6, 0., 0.], initialVelocities=[0., 0.6 * w, w]))
    b0 = mbs.AddObject(U.ObjectRigidBody2D(physicsMass=1.5, physicsInertia=0.1, nodeNumber=n0))
    mG = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b0, localPosition=[-0.6, 0., 0.]))
    _gravity(mbs, U, b0)
    j0 = mbs.AddObject(U.RevoluteJoint2D(markerNumbers=[mG, mB]))
    n1 = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[0., -1., angle]))
    b1 = mbs.AddObject(U.ObjectRigidBody2D(physicsMass=2., physicsInertia=0.2, nodeNumber=n1))
    mG1 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., -1., 0.]))
    mB1 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b1, localPosition=[0., 0., 0.]))
    _gravity(mbs, U, b1)
    j1 = mbs.AddObject(U.PrismaticJoint2D(markerNumbers=[mG1, mB1], axisMarker0=[math.cos(angle), math.sin(angle), 0.],
                                          normalMarker1=[0., 1., 0.], constrainRotation=True))
    OV = exu.OutputVariableType
    sensors = {'force0': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j0, outputVariableType=OV.Force)),
               'force1': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j1, outputVariableType=OV.ForceLocal))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h,
                              multiplierTolerance=True)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['outputs0'] = _outputs(exu, mbs, j0, ('Position', 'Velocity', 'Displacement', 'Force'))
    res['outputs1'] = _outputs(exu, mbs, j1, ('Distance', 'Position', 'Velocity', 'DisplacementLocal', 'Rotation',
                                              'ForceLocal', 'HomogeneousTransformation',
                                              'HomogeneousTransformationLocal'))
    return res


def joint_rolling_disc(exu, U, solver='GA', h=1e-3, nSteps=200, rho=0.9, tilt=0.1):
    """Disc (m=1, r=0.3, axis = body x) tilted by `tilt` about the global y axis, rolling without
    slip on the plane z = 0 with spin -4 rad/s about its axis (velocity consistent with rolling);
    gravity -z; RollingDisc between a ground marker and the disc center."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    r, m = 0.3, 1.
    c, s = math.cos(tilt), math.sin(tilt)
    A = [[c, 0., s], [0., 1., 0.], [-s, 0., c]]
    axis = np.array(A)[:, 0]
    # center above the contact point (origin): p = -r w3, w3 points from the center to the contact
    w2 = np.cross(axis, [0., 0., 1.])
    w2 /= np.linalg.norm(w2)
    w3 = np.cross(axis, w2)
    p = [float(x) for x in -r * w3]
    omega = -4. * axis
    v = [float(x) for x in -np.cross(omega, r * w3)]
    n, b = _rigid_body_ep(mbs, U, p, m, [0.5 * m * r * r, 0.25 * m * r * r, 0.25 * m * r * r, 0., 0., 0.],
                          A=A, v0=v, w0=[float(x) for x in omega])
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mD = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0., 0.]))
    _gravity(mbs, U, b, g=(0., 0., -9.81))
    j = mbs.AddObject(U.RollingDiscJoint(markerNumbers=[mG, mD], discRadius=r, discAxis=[1., 0., 0.],
                                         planeNormal=[0., 0., 1.]))
    OV = exu.OutputVariableType
    sensors = {'force': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j, outputVariableType=OV.ForceLocal)),
               'contact': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=j, outputVariableType=OV.Position)),
               'center': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['outputs'] = _outputs(exu, mbs, j, ('Position', 'Velocity', 'RotationMatrix', 'ForceLocal',
                                            'HomogeneousTransformation'))
    return res


# Cases whose reaction forces agree with Exudyn 1.13.6 at 1e-8 (multipliers of a static solve and
# of the velocity-level RollingDisc).
CASES.update({
    'joint_generic_static': (joint_generic_static, dict()),
    'joint_rolling_disc': (joint_rolling_disc, dict()),
})
# Dynamic joint cases: h = 1e-2 and a purely absolute Newton tolerance near round-off
# (MULTIPLIER_NEWTON_ATOL), so that the reaction forces are determined to ~1e-10 (see dynamic_settings).
JOINT_CASES = {
    'joint_revolute_z': (joint_3d, dict(joint='RevoluteZ')),
    'joint_prismatic_x': (joint_3d, dict(joint='PrismaticX', newtonAtol=1e-12)),
    'joint_generic_locked': (joint_3d, dict(joint='Generic', axes=(1, 1, 1, 1, 1, 1), newtonAtol=1e-12)),
    'joint_generic_revolute_z': (joint_3d, dict(joint='Generic', axes=(1, 1, 1, 1, 1, 0))),
    'joint_generic_universal': (joint_3d, dict(joint='Generic', axes=(1, 1, 1, 1, 0, 0))),
    'joint_generic_spherical': (joint_3d, dict(joint='Generic', axes=(1, 1, 1, 0, 0, 0))),
    'joint_generic_local_translation': (joint_3d, dict(joint='Generic', axes=(0, 1, 1, 1, 1, 1), newtonAtol=1e-12)),
    'joint_generic_user_offset': (joint_3d, dict(joint='Generic', axes=(1, 1, 1, 1, 1, 1), userOffset=True,
                                                 newtonAtol=1e-12)),
    'joint_spherical': (joint_spherical, dict()),
    'joints_2d': (joints_2d, dict()),
    'joints_2d_index2': (joints_2d, dict(solver='TrapezoidalIndex2')),
    'joint_revolute_z_index2': (joint_3d, dict(joint='RevoluteZ', solver='TrapezoidalIndex2')),
    'joint_spherical_index2': (joint_spherical, dict(solver='TrapezoidalIndex2')),
}
CASES.update(JOINT_CASES)
# Not yet in CASES: a GenericJoint with free axes on an Euler-parameter body under Newmark index 2
# keeps a locked translation at 5e-9 where Exudyn keeps it at 1e-20 (under investigation), and the
# inclined prismatic joint's torque output is zero up to round-off (~1e-8 absolute) in both codes.
JOINT_CASES_PENDING = {
    'joint_generic_mixed_index2': (joint_3d, dict(joint='Generic', axes=(1, 0, 1, 0, 1, 1), solver='NewmarkIndex2')),
    'joint_prismatic_x_incline': (joint_prismatic_x_incline, dict()),
}


# ---------------------------------------------------------------------------
# closed-loop mechanisms (issue 3: crank angle histories against Exudyn)
# ---------------------------------------------------------------------------
def _bar_2d(mbs, U, p0, p1, m=1.0, g=9.81):
    """RigidBody2D bar from p0 to p1 (COM in the middle, J = m L^2/12), gravity -y; returns
    (node, body, marker at p0, marker at p1)."""
    p0, p1 = np.array(p0, float), np.array(p1, float)
    d = p1 - p0
    L = float(np.linalg.norm(d))
    c = 0.5 * (p0 + p1)
    n = mbs.AddNode(U.NodeRigidBody2D(referenceCoordinates=[float(c[0]), float(c[1]), math.atan2(d[1], d[0])]))
    b = mbs.AddObject(U.ObjectRigidBody2D(mass=m, inertia=m * L * L / 12, nodeNumber=n))
    _gravity(mbs, U, b, g=(0., -g, 0.))
    m0 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[-0.5 * L, 0., 0.]))
    m1 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0.5 * L, 0., 0.]))
    return n, b, m0, m1


def four_bar_2d(exu, U, solver='GA', h=1e-2, nSteps=100, rho=0.9):
    """Planar four-bar (ground pivots (0,0) and (1.2,0), crank to (0.2,0.6), coupler to (1,0.8))
    of RigidBody2D bars on four RevoluteJoint2D, falling under gravity from rest for 1 s: crank
    angle and rocker angle histories, joint forces (h = 1e-2 and the multiplier tolerance: with
    h = 1e-3 the reaction forces are determined only to ~1e-8 absolute in both codes)."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    A, B, C, D = [0., 0.], [0.2, 0.6], [1.0, 0.8], [1.2, 0.]
    g0 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=A + [0.]))
    g1 = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=oGround, localPosition=D + [0.]))
    nA, _, a0, a1 = _bar_2d(mbs, U, A, B)
    _, _, b0, b1 = _bar_2d(mbs, U, B, C)
    nC, _, c0, c1 = _bar_2d(mbs, U, C, D)
    joints = [mbs.AddObject(U.RevoluteJoint2D(markerNumbers=mk)) for mk in ([g0, a0], [a1, b0], [b1, c0], [c1, g1])]
    OV = exu.OutputVariableType
    sensors = {'crank': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nA, outputVariableType=OV.Coordinates)),
               'rocker': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=nC, outputVariableType=OV.Coordinates)),
               'force0': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=joints[0], outputVariableType=OV.Force))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=2 * h, multiplierTolerance=True)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    return res


def slider_crank_3d(exu, U, solver='GA', h=1e-3, nSteps=500, rho=0.9):
    """The spatial IFToMM slider-crank of ../shared/bench/slider_crank.py (one copy): crank,
    conrod and slider created with mbs.CreateRigidBody (Euler parameters) on four
    mbs.CreateGenericJoint (revolute, prismatic, spherical, [1,1,1,0,0,1]), gravity -z,
    0.5 s: crank rotation, slider position and crank joint torque histories."""
    SC, mbs = _new_system(exu)
    g = [0., 0., -9.81]
    lAB, lBC, yA, zA = 0.08, 0.3, 0.1, 0.12
    oGround = mbs.CreateGround()
    xD = math.sqrt(lBC ** 2 - yA ** 2 - (zA + lAB) ** 2)
    iAB = U.RigidBodyInertia(mass=0.12, inertiaTensor=np.diag([0.0001, 0.0001, 0.00001])).Translated([0., 0., 0.5 * lAB])
    iBC = U.RigidBodyInertia(mass=0.5, inertiaTensor=np.diag([0.0004, 0.004, 0.004]))
    iSl = U.RigidBodyInertia(mass=2., inertiaTensor=np.diag([0.0001, 0.0001, 0.0001]))
    pA, pB, pC = np.array([0., yA, zA]), np.array([0., yA, zA + lAB]), np.array([xD, 0., 0.])
    [xAx, zAx, _] = U.GramSchmidt(pC - pB, [0., yA, zA + lAB])
    rotBC = np.array([xAx, -np.cross(xAx, zAx), zAx]).T
    b0 = mbs.CreateRigidBody(inertia=iAB, referencePosition=pA, initialAngularVelocity=[6., 0., 0.], gravity=g)
    b1 = mbs.CreateRigidBody(inertia=iBC, referencePosition=0.5 * (pB + pC), referenceRotationMatrix=rotBC,
                             initialVelocity=[0.12, -0.24, 0.], initialAngularVelocity=[1.92, -0.96, 0.48], gravity=g)
    b2 = mbs.CreateRigidBody(inertia=iSl, referencePosition=pC, initialVelocity=[0.24, 0., 0.], gravity=g)
    jA = mbs.CreateGenericJoint(itemNumbers=[oGround, b0], position=pA, constrainedAxes=[1, 1, 1, 0, 1, 1],
                                useGlobalFrame=False)
    mbs.CreateGenericJoint(itemNumbers=[oGround, b2], position=[0., 0., 0.], constrainedAxes=[0, 1, 1, 1, 1, 1],
                           useGlobalFrame=False)
    mbs.CreateGenericJoint(itemNumbers=[b0, b1], position=[0., 0., lAB], constrainedAxes=[1, 1, 1, 0, 0, 0],
                           useGlobalFrame=False)
    mbs.CreateGenericJoint(itemNumbers=[b1, b2], position=pC, constrainedAxes=[1, 1, 1, 0, 0, 1],
                           useGlobalFrame=True)
    jA = jA[0] if isinstance(jA, (list, tuple)) else jA
    OV = exu.OutputVariableType
    sensors = {'crank': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=b0, outputVariableType=OV.Rotation)),
               'crank_omega': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=b0,
                                                  outputVariableType=OV.AngularVelocity)),
               'slider': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=b2, outputVariableType=OV.Position)),
               'torque': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=jA, outputVariableType=OV.TorqueLocal))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h, multiplierTolerance=True)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    # the joint torque is a multiplier: an acceleration-level quantity (test_reference_models.py
    # ACCELERATION_ATOL_FACTOR), converged Newton iterates differ there by ~4e-9
    res['atol'] = {'sensors.torque': 1e-7 * float(np.abs(np.asarray(res['sensors']['torque'])[:, 1:]).max())}
    return res


MECHANISM_CASES = {
    'mechanism_four_bar_2d': (four_bar_2d, dict()),
    'mechanism_four_bar_2d_index2': (four_bar_2d, dict(solver='TrapezoidalIndex2')),
    'mechanism_slider_crank_3d': (slider_crank_3d, dict()),
}
CASES.update(MECHANISM_CASES)


def run_case(name, exu, U):
    builder, params = CASES[name]
    return builder(exu, U, **params)


# ---------------------------------------------------------------------------
# degree-of-freedom / redundancy / eigenvalue models (tools/make_dof_reference.py)
# Each returns the assembled mbs; results are computed by the tool and by the tests.
# ---------------------------------------------------------------------------
def _coordinate_fix(mbs, U, node, coordinate, name=None, active=True):
    nG = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    m0 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=0))
    m1 = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=node, coordinate=coordinate))
    kw = {} if name is None else {'name': name}
    return mbs.AddObject(U.CoordinateConstraint(markerNumbers=[m0, m1], activeConnector=active, **kw))


def dof_example_a(exu, U, force=(0., 0., 0.)):
    """spec system.md 8.1 with the low-level API: x fixed twice, y fixed, z fixed by an inactive constraint."""
    SC, mbs = _new_system(exu)
    n0 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.]))
    mbs.AddObject(U.MassPoint(nodeNumber=n0, physicsMass=2.))
    m = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n0))
    mbs.AddLoad(U.Force(markerNumber=m, loadVector=list(force)))
    _coordinate_fix(mbs, U, n0, 0, 'fixX')
    _coordinate_fix(mbs, U, n0, 0, 'fixXagain')
    _coordinate_fix(mbs, U, n0, 1, 'fixY')
    _coordinate_fix(mbs, U, n0, 2, 'fixZ', active=False)
    mbs.Assemble()
    return SC, mbs


def dof_point_fixed_twice(exu, U, second=True):
    """A mass point held by two SphericalJoints to ground at the same point (3 redundant equations)."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U, position=(1., 0., 0.))
    n0 = mbs.AddNode(U.NodePoint(referenceCoordinates=[1., 0., 0.]))
    b0 = mbs.AddObject(U.MassPoint(nodeNumber=n0, physicsMass=1.))
    mB = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b0, localPosition=[0., 0., 0.]))
    mbs.AddObject(U.SphericalJoint(markerNumbers=[mGround, mB], name='joint0'))
    if second:
        mbs.AddObject(U.SphericalJoint(markerNumbers=[mGround, mB], name='joint1'))
    mbs.Assemble()
    return SC, mbs


def dof_point_loop(exu, U, closing=True):
    """Planar closed loop of mass points in 3D: four points on a square, distance constraints along
    the edges and both diagonals, z of every point fixed, point 0 fixed in x and y, point 1 in y:
    the second diagonal closes the loop redundantly (a rigid square has 3 planar DOF less the 3 fixed)."""
    SC, mbs = _new_system(exu)
    P = [[0., 0., 0.], [1., 0., 0.], [1., 1., 0.], [0., 1., 0.]]
    nodes, markers = [], []
    for i, p in enumerate(P):
        n = mbs.AddNode(U.NodePoint(referenceCoordinates=p))
        b = mbs.AddObject(U.MassPoint(nodeNumber=n, physicsMass=1. + i))
        nodes.append(n)
        markers.append(mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.])))
    edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)] + ([(1, 3)] if closing else [])
    for k, (i, j) in enumerate(edges):
        mbs.AddObject(U.DistanceConstraint(markerNumbers=[markers[i], markers[j]],
                                           distance=float(np.linalg.norm(np.subtract(P[i], P[j]))),
                                           name=f'dist{k}'))
    for i, n in enumerate(nodes):
        _coordinate_fix(mbs, U, n, 2, f'z{i}')
    _coordinate_fix(mbs, U, nodes[0], 0, 'x0')
    _coordinate_fix(mbs, U, nodes[0], 1, 'y0')
    _coordinate_fix(mbs, U, nodes[1], 1, 'y1')
    mbs.Assemble()
    return SC, mbs


def _rigid_bar(mbs, U, center, length, density=1000.):
    inertia = U.InertiaCuboid(density=density, sideLengths=[length, 0.1, 0.1])
    n = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=list(center) + [1., 0., 0., 0.]))
    b = mbs.AddObject(U.ObjectRigidBody(physicsMass=inertia.Mass(), physicsInertia=inertia.GetInertia6D(),
                                        nodeNumber=n))
    return n, b


def dof_revolute_twice(exu, U, second=True):
    """Seed case 1: a bar held by two RevoluteJointZ on the same axis (5 redundant equations)."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    n0, b0 = _rigid_bar(mbs, U, (0.5, 0., 0.), 1.)
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b0, localPosition=[-0.5, 0., 0.]))
    mbs.AddLoad(U.Force(markerNumber=mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b0, localPosition=[0., 0., 0.])),
                        loadVector=[0., -9.81 * 100., 0.]))
    mbs.AddObject(U.RevoluteJointZ(markerNumbers=[mG, mB], name='revolute0'))
    if second:
        mbs.AddObject(U.RevoluteJointZ(markerNumbers=[mG, mB], name='revolute1'))
    mbs.Assemble()
    return SC, mbs


def dof_fourbar(exu, U, closing='revolute', force=None):
    """Seed case 2: a four-bar of RevoluteJointZ in 3D (closed planar loop: 3 redundant equations,
    18 coordinates of three bars against 20 equations at mobility 1).

    closing='xy': the loop is closed by a SphericalJoint on the global x and y translations instead
    of the fourth RevoluteJointZ (the non-redundant model); ``force``: a load on the coupler."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    # crank 0-(0,1), coupler (0,1)-(2,1), rocker (2,1)-(2,0), ground pivots at (0,0) and (2,0)
    n1, b1 = _rigid_bar(mbs, U, (0., 0.5, 0.), 1.)
    n2, b2 = _rigid_bar(mbs, U, (1., 1., 0.), 2.)
    n3, b3 = _rigid_bar(mbs, U, (2., 0.5, 0.), 1.)

    def rigid(b, p):
        return mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=list(p)))

    # bars 1 and 3 are rotated: their local x axis is along global y -> use body-local positions
    # of points in the body frame: bars are built axis-aligned with x; the crank/rocker are given
    # as x-bars of length 1 rotated? keep them unrotated and express the joints in their frames
    pairs = [(rigid(oGround, (0., 0., 0.)), rigid(b1, (0., -0.5, 0.))),
             (rigid(b1, (0., 0.5, 0.)), rigid(b2, (-1., 0., 0.))),
             (rigid(b2, (1., 0., 0.)), rigid(b3, (0., 0.5, 0.))),
             (rigid(b3, (0., -0.5, 0.)), rigid(oGround, (2., 0., 0.)))]
    for k, (m0, m1) in enumerate(pairs):
        if k == 3 and closing == 'xy':
            mbs.AddObject(U.SphericalJoint(markerNumbers=[m0, m1], constrainedAxes=[1, 1, 0], name='closingXY'))
        else:
            mbs.AddObject(U.RevoluteJointZ(markerNumbers=[m0, m1], name=f'revolute{k}'))
    if force is not None:
        mbs.AddLoad(U.Force(markerNumber=rigid(b2, (0., 0., 0.)), loadVector=list(force)))
    mbs.Assemble()
    return SC, mbs


def redundant_solved(exu, U, model='revolute_twice', index2=False, modifiedNewton=False, nSteps=200):
    """The redundant seed models solved with EigenDense and ignoreSingularJacobian: the motion, and
    the multipliers of Exudyn's full-pivot LU (the redundant ones 0, the reaction on the others)."""
    build, kw = {'revolute_twice': (dof_revolute_twice, {}),
                 'fourbar': (dof_fourbar, dict(force=[200., 0., 0.]))}[model]
    SC, mbs = build(exu, U, **kw)
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = nSteps, nSteps * 1e-3, 0
    ti.newton.useModifiedNewton = modifiedNewton
    ti.newton.relativeTolerance = ti.newton.absoluteTolerance = 1e-12
    ti.adaptiveStep = False
    ti.generalizedAlpha.useNewmark = ti.generalizedAlpha.useIndex2Constraints = index2
    ss.linearSolverType = exu.LinearSolverType.EigenDense
    ss.linearSolverSettings.ignoreSingularJacobian = True
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)
    sd = mbs.systemData
    return {'q': [float(x) for x in sd.GetODE2Coordinates()], 'v': [float(x) for x in sd.GetODE2Coordinates_t()],
            'lambda': [float(x) for x in sd.GetAECoordinates()]}


CASES.update({
    'redundant_revolute_twice': (redundant_solved, dict()),
    'redundant_revolute_twice_modified_newton': (redundant_solved, dict(modifiedNewton=True)),
    'redundant_fourbar': (redundant_solved, dict(model='fourbar')),
    'redundant_fourbar_index2': (redundant_solved, dict(model='fourbar', index2=True)),
})


def eig_spring_chain(exu, U, n=3):
    """Mass-spring chain along x (masses 1, 2, ..., springs 100, 200, ... with damping 0.5), y and z
    of every mass fixed by CoordinateConstraints: eigenvalues of the x-chain."""
    SC, mbs = _new_system(exu)
    g = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    prev = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    for i in range(n):
        nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[i + 1., 0., 0.]))
        mbs.AddObject(U.MassPoint(physicsMass=1. + i, nodeNumber=nd))
        mx = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=0))
        mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[prev, mx], stiffness=100. * (i + 1), damping=0.5))
        prev = mx
        for k in (1, 2):
            mk = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=k))
            mg = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=g, coordinate=k))
            mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mg, mk]))
    mbs.Assemble()
    return SC, mbs


def eig_pendulum_chain(exu, U, n=3, L=1.):
    """Horizontal chain of mass points on distance constraints, joined by springs in y (a constrained
    spring chain with geometric coupling): eigenvalues through the constraint null space."""
    SC, mbs = _new_system(exu)
    oGround, mGround = _ground(mbs, U)
    prev = mGround
    nG = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    for i in range(n):
        nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[(i + 1) * L, 0., 0.]))
        b = mbs.AddObject(U.MassPoint(physicsMass=1., nodeNumber=nd))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0., 0., 0.]))
        mbs.AddObject(U.DistanceConstraint(markerNumbers=[prev, m], distance=L))
        my = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=1))
        mgy = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=1))
        mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mgy, my], stiffness=50. * (i + 1)))
        mz = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nd, coordinate=2))
        mgz = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=2))
        mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mgz, mz], stiffness=20.))
        prev = m
    mbs.Assemble()
    return SC, mbs


DOF_CASES = {
    'dof_example_a': (dof_example_a, dict()),
    'dof_point_fixed_twice': (dof_point_fixed_twice, dict()),
    'dof_point_fixed_once': (dof_point_fixed_twice, dict(second=False)),
    'dof_point_loop': (dof_point_loop, dict()),
    'dof_point_loop_open': (dof_point_loop, dict(closing=False)),
    'dof_revolute_twice': (dof_revolute_twice, dict()),
    'dof_revolute_once': (dof_revolute_twice, dict(second=False)),
    'dof_fourbar': (dof_fourbar, dict()),
    'eig_spring_chain': (eig_spring_chain, dict()),
    'eig_pendulum_chain': (eig_pendulum_chain, dict()),
}


# ---------------------------------------------------------------------------
# spring-dampers between rigid markers (connectors.md) and Lie-group nodes (solvers.md 4.9)
# ---------------------------------------------------------------------------
RIGID_CONNECTOR_OUTPUTS = {
    'RigidBodySpringDamper': ('Displacement', 'DisplacementLocal', 'VelocityLocal', 'Rotation',
                              'AngularVelocityLocal', 'ForceLocal', 'TorqueLocal', 'PotentialEnergy'),
    'LinearSpringDamper': ('Displacement', 'DisplacementLocal', 'VelocityLocal', 'ForceLocal',
                           'PotentialEnergy'),
    'TorsionalSpringDamper': ('Rotation', 'AngularVelocityLocal', 'TorqueLocal', 'PotentialEnergy'),
}


def _rbsdUF(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity, stiffness, damping,
            rotJ0, rotJ1, offset):
    u = np.array(list(displacement) + list(rotation)) - np.array(offset)
    v = np.array(list(velocity) + list(angularVelocity))
    fm = np.array(stiffness) @ u + np.array(damping) @ v
    fm[0] += 20. * u[0] ** 3 + 2. * math.sin(3. * t)
    return list(fm)


def _linearUF(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset):
    return stiffness * (displacement - offset) + damping * velocity + 30. * displacement ** 3


def _torsionalUF(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
    return stiffness * (rotation - offset) + damping * angularVelocity + 0.1 * math.sin(rotation)


def _rigid_node_body(mbs, U, nodeType, position, A0, v0, w0, mass, inertia, com):
    """Rigid node of the given type (EP, Rxyz, RotVecLG) + ObjectRigidBody; w0 is the global angular
    velocity."""
    A0 = np.array(A0)
    w0 = np.array(w0, dtype=float)
    if nodeType == 'EP':
        ep = U.RotationMatrix2EulerParameters(A0)
        ep_t = 0.25 * np.array(U.EulerParameters2G(ep)).T @ w0
        n = mbs.AddNode(U.NodeRigidBodyEP(referenceCoordinates=list(position) + list(ep),
                                          initialVelocities=list(v0) + list(ep_t)))
    elif nodeType == 'Rxyz':
        rot = U.RotationMatrix2RotXYZ(A0)
        rot_t = np.linalg.solve(np.array(U.RotXYZ2G(rot)), w0)
        n = mbs.AddNode(U.NodeRigidBodyRxyz(referenceCoordinates=list(position) + list(rot),
                                            initialVelocities=list(v0) + list(rot_t)))
    else:
        rv = U.RotationMatrix2RotationVector(A0)
        n = mbs.AddNode(U.NodeRigidBodyRotVecLG(referenceCoordinates=list(position) + list(rv),
                                                initialVelocities=list(v0) + list(A0.T @ w0)))
    b = mbs.AddObject(U.ObjectRigidBody(nodeNumber=n, mass=mass, inertia=inertia, centerOfMass=com))
    return n, b


def rigid_connectors(exu, U, variant='standard', nodeTypes=('EP', 'Rxyz'), solver='GA', h=1e-3, nSteps=200,
                     rho=0.9, dataNode=True):
    """Two rigid bodies (COM offsets, off-diagonal inertia, spinning): body 0 hangs on a
    RigidBodySpringDamper from ground (full 6x6 stiffness and damping with couplings, offset,
    rotationMarker0/1, marker localHT rotations); a LinearSpringDamper and a TorsionalSpringDamper
    (with its data node) join body 0 and body 1, body 1 also hangs on a RigidBodySpringDamper.
    variant: 'standard', 'userfunction' (all three with user functions), 'intrinsic'
    (useIntrinsicFormulation), 'inactive' (the linear spring-damper switched off); dataNode False:
    the TorsionalSpringDamper without its data node (the fused residual's cases, with EP nodes)."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    inertia = [0.05, 0.06, 0.08, 0.004, -0.003, 0.002]
    n0, b0 = _rigid_node_body(mbs, U, nodeTypes[0], [0., -1., 0.], U.RotXYZ2RotationMatrix([0.2, -0.1, 0.3]),
                              [0.3, 0., 0.1], [1., 0.5, 2.], 2., inertia, [0.05, -0.02, 0.01])
    n1, b1 = _rigid_node_body(mbs, U, nodeTypes[1], [0.6, -1.2, 0.1], U.RotXYZ2RotationMatrix([-0.1, 0.2, 0.1]),
                              [0., 0.2, 0.], [-0.5, 0.3, 1.], 1.5, inertia, [0., 0.03, -0.02])
    for b, m in ((b0, 2.), (b1, 1.5)):
        mm = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mm, loadVector=[0., -9.81, 0.]))
    K = np.diag([400., 500., 600., 30., 40., 50.])
    K[0, 1] = K[1, 0] = 50.
    K[3, 5] = K[5, 3] = 5.
    K[2, 4] = K[4, 2] = 8.
    D = 0.01 * K + np.diag([2., 2., 2., 0.1, 0.1, 0.1])
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.],
                                         localHT=U.HomogeneousTransformation(U.RotationMatrixX(0.3), [0., 0., 0.])))
    mA = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b0, localPosition=None,
                                         localHT=U.HomogeneousTransformation(U.RotationMatrixY(-0.2), [0., 0.2, 0.])))
    mG1 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0.6, 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b1, localPosition=[0., 0.2, 0.]))
    mA2 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b0, localPosition=[0.2, 0., 0.]))
    mB2 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b1, localPosition=None,
                                          localHT=U.HomogeneousTransformation(U.RotationMatrixZ(0.4), [-0.2, 0., 0.1])))
    uf = variant == 'userfunction'
    intrinsic = variant == 'intrinsic'
    nData = mbs.AddNode(U.NodeGenericData(initialCoordinates=[0.], numberOfDataCoordinates=1)) if dataNode else -1
    con = {}
    con['rbsd0'] = mbs.AddObject(U.RigidBodySpringDamper(
        markerNumbers=[mG, mA], stiffness=K, damping=D, offset=[0., -0.9, 0.02, 0.05, -0.03, 0.1],
        rotationMarker0=U.RotationMatrixZ(0.2), rotationMarker1=U.RotationMatrixX(-0.1),
        useIntrinsicFormulation=intrinsic, springForceTorqueUserFunction=_rbsdUF if uf else 0))
    con['rbsd1'] = mbs.AddObject(U.RigidBodySpringDamper(
        markerNumbers=[mG1, mB], stiffness=0.8 * K, damping=D, offset=[0., -1.0, 0., 0., 0., 0.],
        useIntrinsicFormulation=intrinsic))
    con['linear'] = mbs.AddObject(U.LinearSpringDamper(
        markerNumbers=[mA2, mB2], stiffness=200., damping=3., axisMarker0=list(np.array([1., 0.2, 0.]) / math.sqrt(1.04)), offset=0.2,
        velocityOffset=0.1, force=5., activeConnector=variant != 'inactive',
        springForceUserFunction=_linearUF if uf else 0))
    con['torsional'] = mbs.AddObject(U.TorsionalSpringDamper(
        markerNumbers=[mA2, mB2], nodeNumber=nData, stiffness=3., damping=0.05, offset=0.1, velocityOffset=0.2,
        torque=0.3, rotationMarker0=U.RotationMatrixX(0.1), rotationMarker1=U.RotationMatrixY(0.05),
        springTorqueUserFunction=_torsionalUF if uf else 0))
    OV = exu.OutputVariableType
    sensors = {'position0': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n0, outputVariableType=OV.Position)),
               'omega0': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n0, outputVariableType=OV.AngularVelocity)),
               'position1': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n1, outputVariableType=OV.Position)),
               'rbsdForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=con['rbsd0'],
                                                outputVariableType=OV.ForceLocal)),
               'torsionalRotation': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=con['torsional'],
                                                        outputVariableType=OV.Rotation))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    if dataNode:
        res['data'] = _plain(mbs.GetNodeOutput(nData, OV.Coordinates))
    for name, o in con.items():
        kind = mbs.GetObject(o)['objectType'].replace('Connector', '')
        for out in RIGID_CONNECTOR_OUTPUTS[kind]:
            try:
                res[name + '.' + out] = _plain(mbs.GetObjectOutput(o, getattr(OV, out)))
            except Exception as e:      # e.g. no PotentialEnergy with a user function
                res[name + '.' + out] = type(e).__name__
    return res


def torsional_turns(exu, U, withData=True, h=2e-3, nSteps=300, rho=0.9):
    """A rigid body (Rxyz) held by a RigidBodySpringDamper in all directions except the rotation about
    z, spinning about z beyond +-pi: a TorsionalSpringDamper with (withData) a data node counts turns,
    without it the angle jumps back at pi."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    n, b = _rigid_node_body(mbs, U, 'Rxyz', [0., 0., 0.], np.eye(3), [0., 0., 0.], [0., 0., 12.], 1.,
                            [0.1, 0.1, 0.1, 0., 0., 0.], [0., 0., 0.])
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0., 0.]))
    K = np.diag([1e3, 1e3, 1e3, 1e2, 1e2, 0.])
    mbs.AddObject(U.RigidBodySpringDamper(markerNumbers=[mG, mB], stiffness=K, damping=0.01 * K))
    nData = mbs.AddNode(U.NodeGenericData(initialCoordinates=[0.], numberOfDataCoordinates=1))
    ts = mbs.AddObject(U.TorsionalSpringDamper(markerNumbers=[mG, mB], nodeNumber=nData if withData else -1,
                                               stiffness=0.5, damping=0.01))
    OV = exu.OutputVariableType
    sensors = {'rotation': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=ts, outputVariableType=OV.Rotation)),
               'torque': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=ts, outputVariableType=OV.TorqueLocal))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['data'] = _plain(mbs.GetNodeOutput(nData, OV.Coordinates))
    return res


def rotation_coordinate_markers(exu, U, nodeType='Rxyz', h=2e-3, nSteps=200, rho=0.9):
    """MarkerNodeRotationCoordinate: a rigid body (COM offset, spinning about z and tumbling) held
    at a point by a SphericalJoint; a CoordinateSpringDamper between a ground coordinate and the
    node's rotation angle z (a torsion spring about the global z axis, as Exudyn's angle), a
    CoordinateConstraint fixing the angle x at its start value (offset)."""
    SC, mbs = _new_system(exu)
    oGround = mbs.AddObject(U.ObjectGround(referencePosition=[0., 0., 0.]))
    A0 = U.RotationMatrixX(0.1) @ U.RotationMatrixZ(0.2)          # RotXYZ = [0.1, 0, 0.2]
    n, b = _rigid_node_body(mbs, U, nodeType, [0.3, 0., 0.], A0, [0., 0., 0.], [0., 0., 3.], 2.,
                            [0.05, 0.08, 0.1, 0.002, 0., 0.001], [0.05, 0., 0.])
    mG = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0., 0., 0.]))
    mB = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.3, 0., 0.]))
    mbs.AddObject(U.SphericalJoint(markerNumbers=[mG, mB]))
    nG = mbs.AddNode(U.NodePointGround(referenceCoordinates=[0., 0., 0.]))
    mC = mbs.AddMarker(U.MarkerNodeCoordinate(nodeNumber=nG, coordinate=0))
    mRz = mbs.AddMarker(U.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=2))
    mRx = mbs.AddMarker(U.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=0))
    spring = mbs.AddObject(U.CoordinateSpringDamper(markerNumbers=[mC, mRz], stiffness=4., damping=0.05,
                                                    offset=0.5))
    con = mbs.AddObject(U.CoordinateConstraint(markerNumbers=[mC, mRx], offset=0.1))
    mM = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(U.LoadMassProportional(markerNumber=mM, loadVector=[0., -9.81, 0.]))
    OV = exu.OutputVariableType
    sensors = {'rotation': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.Rotation)),
               'omega': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.AngularVelocity)),
               'springForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=spring,
                                                  outputVariableType=OV.Force)),
               'constraintForce': mbs.AddSensor(_sens(U, U.SensorObject, objectNumber=con,
                                                      outputVariableType=OV.Force))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, 'GA', rho, sensorPeriod=10 * h)
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['markerRz'] = _plain(mbs.GetMarkerOutput(mRz, OV.Coordinates))
    res['markerRx_t'] = _plain(mbs.GetMarkerOutput(mRx, OV.Coordinates_t))
    return res


RIGID_CONNECTOR_CASES = {
    'rigid_connectors': (rigid_connectors, dict()),
    'rigid_connectors_userfunction': (rigid_connectors, dict(variant='userfunction')),
    'rigid_connectors_inactive': (rigid_connectors, dict(variant='inactive')),
    'rigid_connectors_intrinsic': (rigid_connectors, dict(variant='intrinsic')),
    'torsional_turns': (torsional_turns, dict(withData=True)),
    'torsional_no_data_node': (torsional_turns, dict(withData=False)),
    'rotation_coordinate_markers': (rotation_coordinate_markers, dict()),
    'rotation_coordinate_markers_ep': (rotation_coordinate_markers, dict(nodeType='EP')),
    # EP nodes, no data node: the fused residual covers them (tests/solvers/test_fused.py)
    'rigid_connectors_ep': (rigid_connectors, dict(nodeTypes=('EP', 'EP'), dataNode=False)),
    'rigid_connectors_ep_intrinsic': (rigid_connectors, dict(variant='intrinsic', nodeTypes=('EP', 'EP'),
                                                             dataNode=False)),
    'rigid_connectors_rxyz': (rigid_connectors, dict(nodeTypes=('Rxyz', 'Rxyz'), dataNode=False)),
    'rigid_connectors_rotveclg': (rigid_connectors, dict(nodeTypes=('RotVecLG', 'RotVecLG'), dataNode=False)),
}
CASES.update(RIGID_CONNECTOR_CASES)


def lie_group_body(exu, U, nodeType='RotVecLG', variant='top', solver='GA', h=2e-3, nSteps=200, rho=0.9,
                   simplified=None):
    """A rigid body in general 3D rotation on a NodeRigidBodyRotVecLG (Lie-group update of solvers.md
    4.9) or, for comparison, on another node type. variant 'top': torque-free asymmetric top (COM at
    the node); 'loaded': COM offset, gravity, a spring-damper from ground and a body-fixed torque.
    simplified: None, or (lieGroupSimplifiedKinematicRelations True, lieGroupAddTangentOperator)
    with the dense solver EXUdense (the tangent operator is refused with EigenSparse)."""
    SC, mbs = _new_system(exu)
    top = variant == 'top'
    inertia = [0.05, 0.08, 0.12, 0.004, -0.003, 0.002]
    com = [0., 0., 0.] if top else [0.1, -0.05, 0.02]
    n, b = _rigid_node_body(mbs, U, nodeType, [0., 0., 0.], U.RotXYZ2RotationMatrix([0.3, -0.2, 0.5]),
                            [0., 0., 0.] if top else [0.5, 1., 0.], [2., 0.3, 5.], 2., inertia, com)
    if not top:
        oGround, mGround = _ground(mbs, U, position=[0., 1., 0.])
        mMass = mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mMass, loadVector=[0., -9.81, 0.]))
        mT = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0., 0.]))
        mbs.AddLoad(U.LoadTorqueVector(markerNumber=mT, loadVector=[0.2, 0., 0.3], bodyFixed=True))
        mP = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b, localPosition=[0.2, 0., 0.]))
        mbs.AddObject(U.SpringDamper(markerNumbers=[mGround, mP], stiffness=50., damping=0.5, referenceLength=0.8))
    OV = exu.OutputVariableType
    sensors = {'rotationMatrix': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n,
                                                     outputVariableType=OV.RotationMatrix)),
               'omega': mbs.AddSensor(_sens(U, U.SensorNode, nodeNumber=n, outputVariableType=OV.AngularVelocity)),
               'position': mbs.AddSensor(_sens(U, U.SensorBody, bodyNumber=b, localPosition=[0.1, 0.2, 0.],
                                               outputVariableType=OV.Position))}
    mbs.Assemble()
    ss, st = dynamic_settings(exu, h, nSteps, solver, rho, sensorPeriod=10 * h)
    if simplified is not None:
        ss.timeIntegration.generalizedAlpha.lieGroupSimplifiedKinematicRelations = True
        ss.timeIntegration.generalizedAlpha.lieGroupAddTangentOperator = simplified
        ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    _solve_dynamic(exu, mbs, ss, st)
    res = state(mbs)
    res['sensors'] = sensor_data(mbs, sensors)
    res['rotationMatrix'] = _plain(mbs.GetNodeOutput(n, OV.RotationMatrix))
    res['omegaLocal'] = _plain(mbs.GetNodeOutput(n, OV.AngularVelocityLocal))
    return res


LIE_GROUP_CASES = {
    'lie_group_top': (lie_group_body, dict()),
    'lie_group_loaded': (lie_group_body, dict(variant='loaded')),
    'lie_group_loaded_newmark': (lie_group_body, dict(variant='loaded', solver='Newmark')),
    # lieGroupSimplifiedKinematicRelations (Bruels-Cardona): other numbers than the default variant
    'lie_group_simplified': (lie_group_body, dict(variant='loaded', simplified=True)),
    'lie_group_simplified_large_steps': (lie_group_body, dict(variant='loaded', simplified=False, h=0.02, nSteps=50)),
}
CASES.update(LIE_GROUP_CASES)


# ---------------------------------------------------------------------------
# newton.numericalDifferentiation.doSystemWideDifferentiation
# ---------------------------------------------------------------------------
def system_wide_differentiation(exu, U, case, params=None):
    """The reference case ``case`` (with ``params``) solved with
    newton.numericalDifferentiation.doSystemWideDifferentiation (the dynamic or the static
    solver's): the Newton matrix's ODE2 part by forward differences of the whole right-hand side
    (loads and couplings included), which changes the Newton iterates and their number (kept in
    the results) but not the solution."""
    global _solve_dynamic, _solve_static
    counts = {}
    dynamic, static = _solve_dynamic, _solve_static

    def record(mbs, solver):
        it = mbs.sys[solver].it
        counts.update(newtonSteps=it.newtonStepsCount, jacobians=it.newtonJacobiCount)

    def solve_dynamic(exu, mbs, ss, solverType):
        ss.timeIntegration.newton.numericalDifferentiation.doSystemWideDifferentiation = True
        dynamic(exu, mbs, ss, solverType)
        record(mbs, 'dynamicSolver')

    def solve_static(mbs, ss):
        ss.staticSolver.newton.numericalDifferentiation.doSystemWideDifferentiation = True
        static(mbs, ss)
        record(mbs, 'staticSolver')
    _solve_dynamic, _solve_static = solve_dynamic, solve_static
    try:
        builder, kw = CASES[case]
        res = builder(exu, U, **dict(kw, **(params or {})))
    finally:
        _solve_dynamic, _solve_static = dynamic, static
    res['newtonCounts'] = counts
    return res


CASES.update({
    # an Rxyz body spinning about z: the geometric and gyroscopic terms the items' Jacobians leave out
    'system_wide_differentiation_torsional': (system_wide_differentiation,
                                              dict(case='torsional_turns', params=dict(withData=False))),
    # Lie-group node (rotation coordinates perturbed by composition), body-fixed torque load
    'system_wide_differentiation_lie_group': (system_wide_differentiation, dict(case='lie_group_loaded')),
    'system_wide_differentiation_static': (system_wide_differentiation, dict(case='static_spring')),
})


CASES.update({
    'binary_solution_file': (binary_solution_file, dict()),
    'binary_solution_file_floats': (binary_solution_file, dict(precision=6)),
    'binary_solution_file_static': (binary_solution_file, dict(static=True)),
})


# ---------------------------------------------------------------------------
# rigidBodyUtilities' deprecated helpers (AddRigidBody, AddRevoluteJoint, AddPrismaticJoint,
# GetRigidBodyNode): the items they make
# ---------------------------------------------------------------------------
def _item_fields(d):
    """An item dict without its name and visualization (V...) fields, numbers as plain lists."""
    out = {}
    for k, v in dict(d).items():
        if k == 'name' or k.startswith('V'):
            continue
        if hasattr(v, 'tolist'):
            v = v.tolist()
        out[k] = _plain(v) if isinstance(v, (list, tuple)) else (int(v) if hasattr(v, '__index__') and
                                                                  not isinstance(v, bool) else v)
    return out


def legacy_rigid_body_helpers(exu, U):
    """Rigid bodies by AddRigidBody on the three node types (a node-type string too, rotation
    parameters instead of a matrix, gravity or none), a revolute joint to ground and a prismatic
    joint between two of them by AddRevoluteJoint / AddPrismaticJoint, a node item of
    GetRigidBodyNode: what they return and every item they made (visualization fields left out)."""
    import warnings
    SC, mbs = _new_system(exu)
    inertia = U.InertiaCuboid(1000., [0.1, 0.2, 0.3]).Translated([0.01, 0., 0.])
    g = mbs.AddObject(U.ObjectGround())
    returns = []
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        for nt in (exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz,
                   exu.NodeType.RotationRotationVector, 'NodeType.RotationRxyz'):
            returns.append(U.AddRigidBody(mainSys=mbs, inertia=inertia, nodeType=nt, position=[1., 2., 3.],
                                          velocity=[0.1, 0., 0.],
                                          rotationMatrix=U.RotationMatrixZ(0.3) @ U.RotationMatrixX(0.4),
                                          angularVelocity=[0.5, 0., 2.], gravity=[0., -9.81, 0.]))
        returns.append(U.AddRigidBody(mainSys=mbs, inertia=inertia, nodeType=exu.NodeType.RotationRxyz,
                                      position=[1., 2., 3.], rotationParameters=[0.1, 0.2, 0.3],
                                      angularVelocity=[1., 2., 3.]))
        returns.append(U.AddRevoluteJoint(mbs, g, 2, point=[1.5, 2., 3.], axis=[0., 1., 1.]))
        returns.append(U.AddPrismaticJoint(mbs, 3, 4, point=[1., 2.5, 3.], axis=[1., 0., 0.], showJoint=False,
                                           axisRadius=0.2, axisLength=0.5))
    node = U.GetRigidBodyNode(exu.NodeType.RotationEulerParameters, position=[1., 2., 3.], velocity=[0.1, 0., 0.],
                              rotationMatrix=U.RotationMatrixY(0.2), angularVelocity=[0., 1., 0.])
    sd = mbs.systemData
    return {'returns': [[int(x) for x in r] for r in returns], 'getRigidBodyNode': _item_fields(node),
            'nodes': [_item_fields(mbs.GetNode(k)) for k in range(sd.NumberOfNodes())],
            'objects': [_item_fields(mbs.GetObject(k)) for k in range(1, sd.NumberOfObjects())],
            'markers': [_item_fields(mbs.GetMarker(k)) for k in range(sd.NumberOfMarkers())],
            'loads': [_item_fields(mbs.GetLoad(k)) for k in range(sd.NumberOfLoads())]}


CASES.update({'legacy_rigid_body_helpers': (legacy_rigid_body_helpers, dict())})


def fixed_step_settings(exu, nSteps, endTime, tol=1e-12, sensorEvery=10):
    """Full Newton at ``tol``, fixed steps, no Lie-group explicit integration, no solution file,
    sensors every ``sensorEvery`` steps, no console output: the settings of the script-like cases
    (reference_scripts, reference_friction, reference_relative_markers, reference_drift)."""
    ss = exu.SimulationSettings()
    ti = ss.timeIntegration
    ti.numberOfSteps, ti.endTime, ti.verboseMode = nSteps, endTime, 0
    ti.newton.useModifiedNewton = False
    ti.newton.relativeTolerance = ti.newton.absoluteTolerance = tol
    ti.adaptiveStep = False
    ti.explicit.useLieGroupIntegration = False
    ss.solution.file.write = False
    ss.solution.sensors.writePeriod = sensorEvery * endTime / nSteps
    return ss


def cable_settings(exu, nSteps, h, solver, sensorEvery=10):
    """fixed_step_settings with generalized-alpha rho 0.8 (index 3) or Newmark index 2 (``solver``
    'NewmarkIndex2') and the dense solver: the settings of the cable cases (reference_cables,
    reference_cables3d, reference_ale)."""
    ss = fixed_step_settings(exu, nSteps, nSteps * h, sensorEvery=sensorEvery)
    ga = ss.timeIntegration.generalizedAlpha
    ga.spectralRadius = 0.8
    ga.useIndex2Constraints = ga.useNewmark = solver == 'NewmarkIndex2'
    ss.linearSolver.solverType = exu.LinearSolverType.EXUdense
    return ss


def _add_script_cases(filename='reference_scripts.py'):
    """The cases of ``filename`` (reference_scripts.py: models after published Exudyn scripts;
    reference_friction.py: CoordinateSpringDamperExt; reference_relative_markers.py: the markers
    on two bodies), their builders in this module's namespace, each module given
    ``fixed_step_settings`` and ``cable_settings`` (the tests find a builder by name here)."""
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), filename)
    spec = importlib.util.spec_from_file_location(os.path.splitext(filename)[0], path)
    mod = importlib.util.module_from_spec(spec)
    mod.fixed_step_settings = fixed_step_settings      # (the modules' shared settings)
    mod.cable_settings = cable_settings
    spec.loader.exec_module(mod)
    for name, (builder, params) in mod.CASES.items():
        globals()[builder.__name__] = builder
        CASES[name] = (builder, params)


_add_script_cases()
_add_script_cases('reference_friction.py')
_add_script_cases('reference_relative_markers.py')
_add_script_cases('reference_drift.py')
_add_script_cases('reference_cables.py')
_add_script_cases('reference_ale.py')
_add_script_cases('reference_cables3d.py')
_add_script_cases('reference_sliding.py')
_add_script_cases('reference_sliding3d.py')
