"""Build and run one differential-test model from its plain-data spec.

Written only against the public Exudyn 1.13 API: ``build_and_run(exu, U, spec)`` runs unchanged
with ``import exudyn as exu, exudyn.utilities as U`` (the oracle) and with
``import multibody as exu, multibody.utilities as U``.  No module-level import of either.

Spec (JSON data, made by generate.py):

    ops       list of {"add": kind, "id": ident, "type": U class name, "args": {...}}
              and {"delete": kind, "id": ident, "dependent": bool, "removes": [ident, ...]};
              kind in node/object/marker/load/sensor.  In args a string "@ident" is the
              index of that item, "OV:Name" an OutputVariableType, a list of lists a matrix.
    switches  [[objectId, time, active], ...]: a PreStepUserFunction sets activeConnector
    solve     {"kind": "dynamic"|"explicit"|"static", ...} (see SOLVE_KEYS below)
    outputs   [[objectId, [OutputVariableType names]], ...] read after the solve
"""
import numpy as np

KINDS = ('node', 'object', 'marker', 'load', 'sensor')
INDEX_CLASS = {'node': 'NodeIndex', 'object': 'ObjectIndex', 'marker': 'MarkerIndex',
               'load': 'LoadIndex', 'sensor': 'SensorIndex'}
ADD = {'node': 'AddNode', 'object': 'AddObject', 'marker': 'AddMarker', 'load': 'AddLoad',
       'sensor': 'AddSensor'}
COUNT = {'node': 'NumberOfNodes', 'object': 'NumberOfObjects', 'marker': 'NumberOfMarkers',
         'load': 'NumberOfLoads', 'sensor': 'NumberOfSensors'}
# Newton tolerances of every implicit solve (as tests/models/reference_models.py)
NEWTON_RTOL = 1e-12
NEWTON_ATOL = 1e-12


def plain(x):
    """Nested numpy arrays / scalars -> plain lists / floats (JSON data)."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return plain(x.tolist())
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return float(x)
    if isinstance(x, str):
        return x
    return plain(np.array(x))


class Registry:
    """Spec ident -> (kind, current index), renumbered on deletion as Exudyn renumbers."""

    def __init__(self):
        self.index = {}

    def add(self, kind, ident, index):
        self.index[ident] = (kind, int(index))

    def remove(self, ident):
        kind, i = self.index.pop(ident)
        for other, (k, j) in self.index.items():
            if k == kind and j > i:
                self.index[other] = (k, j - 1)

    def get(self, ident):
        return self.index[ident][1]

    def count(self, kind):
        return sum(1 for k, _ in self.index.values() if k == kind)


def resolve(exu, reg, value):
    """Turn spec argument data into API values (indices, enums, matrices)."""
    if isinstance(value, str):
        if value.startswith('@'):
            kind, i = reg.index[value[1:]]
            return getattr(exu, INDEX_CLASS[kind])(i)
        if value.startswith('OV:'):
            return getattr(exu.OutputVariableType, value[3:])
        return value
    if isinstance(value, list):
        if value and all(isinstance(v, list) for v in value) and not any(
                isinstance(w, str) for v in value for w in v):
            return np.array(value, dtype=float)
        return [resolve(exu, reg, v) for v in value]
    return value


def apply_op(exu, U, mbs, reg, op):
    """Execute one add/delete operation of the spec."""
    if 'add' in op:
        kind = op['add']
        args = {k: resolve(exu, reg, v) for k, v in op.get('args', {}).items()}
        item = getattr(U, op['type'])(**args)
        reg.add(kind, op['id'], getattr(mbs, ADD[kind])(item))
        return
    kind, ident = op['delete'], op['id']
    index = getattr(exu, INDEX_CLASS[kind])(reg.get(ident))
    if kind == 'object':
        mbs.DeleteObject(index, deleteDependentItems=op['dependent'], suppressWarnings=True)
    elif kind == 'load':
        mbs.DeleteLoad(index, deleteDependentMarkers=op['dependent'], suppressWarnings=True)
    else:
        getattr(mbs, 'Delete' + kind.capitalize())(index, suppressWarnings=True)
    for removed in op['removes']:
        reg.remove(removed)


def check_counts(mbs, reg):
    """Item counts after the operations must be those the spec expects."""
    sd = mbs.systemData
    for kind in KINDS:
        n = getattr(sd, COUNT[kind])()
        if n != reg.count(kind):
            raise AssertionError('differential model: %d %ss in the system, %d expected after the spec '
                                 'operations' % (n, kind, reg.count(kind)))


def switch_function(reg, switches):
    """PreStepUserFunction: activeConnector of each switched object from its schedule at time t."""
    schedule = {}
    for ident, t, active in switches:
        schedule.setdefault(ident, []).append((float(t), bool(active)))
    current = {ident: True for ident in schedule}

    def preStep(mbs, t):
        for ident, events in schedule.items():
            state = True
            for tSwitch, active in events:
                if t >= tSwitch:
                    state = active
            if state != current[ident]:
                mbs.SetObjectParameter(reg.get(ident), 'activeConnector', state)
                current[ident] = state
        return True

    return preStep


def build(exu, U, spec):
    """SystemContainer, MainSystem and Registry of the assembled spec model."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    reg = Registry()
    for op in spec['ops']:
        apply_op(exu, U, mbs, reg, op)
    check_counts(mbs, reg)
    if spec.get('switches'):
        mbs.SetPreStepUserFunction(switch_function(reg, spec['switches']))
    mbs.Assemble()
    return SC, mbs, reg


def _newton(newton, rtol, atol, modified=False):
    newton.useModifiedNewton = modified
    newton.relativeTolerance = rtol
    newton.absoluteTolerance = atol
    newton.maxIterations = 25
    newton.weightTolerancePerCoordinate = False
    newton.residualMode = 0
    newton.adaptInitialResidual = True
    newton.numericalDifferentiation.forAE = False
    newton.numericalDifferentiation.doSystemWideDifferentiation = False


def _common(exu, ss, solve, sparse):
    if solve.get('redundant', False):
        # redundant constraints: rank-revealing full-pivot LU (Exudyn: EigenDense only)
        ss.linearSolver.solverType = exu.LinearSolverType.EigenDense
        ss.linearSolver.ignoreSingularJacobian = True
    else:
        ss.linearSolver.solverType = (exu.LinearSolverType.EigenSparse if sparse
                                      else exu.LinearSolverType.EXUdense)
    ss.parallel.numberOfThreads = 1
    ss.solution.file.write = False
    ss.solution.sensors.active = True
    ss.solution.sensors.append = False
    ss.solution.sensors.writePeriod = solve['sensorPeriod']


def _time_integration(ti, solve):
    ti.startTime = 0.
    ti.endTime = solve['h'] * solve['nSteps']
    ti.numberOfSteps = solve['nSteps']
    ti.verboseMode = 0
    ti.verboseModeFile = 0
    ti.adaptiveStep = False
    ti.reuseConstantMassMatrix = True


def settings(exu, solve, variant=0):
    """(SimulationSettings, solver type or None) of a spec's solve entry.

    variant 1 is Exudyn's self-check: Newton tolerances 10x looser, the sparse linear solver and,
    in dynamic solves, modified Newton: equivalent settings whose results show how far a quantity is
    determined (Lie-group nodes are updated by composition of the Newton increments, so their
    converged state depends on the Newton path at 1e-8 to 1e-7 relative: Exudyn's own full and
    modified Newton differ by that much). Variant 2, where Exudyn's modified Newton fails: full
    Newton with numerically differentiated forces (forODE2), another Newton matrix (Lie-group
    models move by up to 4e-3 with it: seed 484)."""
    ss = exu.SimulationSettings()
    scale = 10. if variant else 1.
    rtol = solve.get('newtonRtol', NEWTON_RTOL) * scale
    atol = solve.get('newtonAtol', NEWTON_ATOL) * scale
    _common(exu, ss, solve, sparse=bool(variant))
    kind = solve['kind']
    if kind == 'static':
        st = ss.staticSolver
        st.numberOfLoadSteps = solve['nLoadSteps']
        st.loadStepGeometric = solve.get('loadStepGeometric', False)
        st.loadStepStart = 0.
        st.loadStepDuration = 1.
        st.useLoadFactor = True
        st.adaptiveStep = False
        st.computeLoadsJacobian = True
        st.verboseMode = 0
        st.verboseModeFile = 0
        _newton(st.newton, rtol, atol)
        return ss, None
    ti = ss.timeIntegration
    _time_integration(ti, solve)
    if kind == 'explicit':
        return ss, _explicit(exu, ti, solve, scale)
    ti.computeLoadsJacobian = 0
    _newton(ti.newton, rtol, atol, modified=variant == 1)
    ti.newton.numericalDifferentiation.forODE2 = variant == 2
    ga = ti.generalizedAlpha
    ga.spectralRadius = solve.get('rho', 0.9)
    ga.computeInitialAccelerations = solve.get('computeInitialAccelerations', True)
    ga.resetAccelerations = False
    ga.useNewmark = solve['solver'] in ('Newmark', 'NewmarkIndex2')
    ga.newmarkGamma = solve.get('newmarkGamma', 0.5)
    ga.newmarkBeta = solve.get('newmarkBeta', 0.25)
    ga.useIndex2Constraints = solve['solver'] in ('NewmarkIndex2', 'GAIndex2')
    if solve['solver'] == 'TrapezoidalIndex2':
        return ss, exu.DynamicSolverType.TrapezoidalIndex2
    return ss, exu.DynamicSolverType.GeneralizedAlpha


def _explicit(exu, ti, solve, scale):
    ti.automaticStepSize = solve.get('automaticStepSize', False)
    # Exudyn 1.13.6 repeats a step rejected by the error control of ODE23/DOPRI5 only with
    # adaptiveStep or automaticStepSize on, and stops otherwise
    ti.adaptiveStep = solve.get('adaptiveStep', False)
    ti.absoluteTolerance = solve.get('tol', 1e-6)
    ti.relativeTolerance = 0.01 * solve.get('tol', 1e-6)
    ti.initialStepSize = 0.
    ti.minimumStepSize = solve.get('minimumStepSize', 1e-8)
    ti.stepSizeMaxIncrease = 2.
    ti.stepSizeSafety = 0.9
    ex = ti.explicit
    ex.computeEndOfStepAccelerations = solve.get('computeEndOfStepAccelerations', True)
    ex.computeMassMatrixInversePerBody = False
    ex.eliminateConstraints = True
    ex.useLieGroupIntegration = solve.get('useLieGroupIntegration', True)
    solverType = getattr(exu.DynamicSolverType, solve['solver'])
    ti.solverType = solverType
    return solverType


def solve_model(exu, mbs, solve, variant=0):
    """Run the spec's solver; raise if the solver reports failure."""
    ss, solverType = settings(exu, solve, variant)
    if solve['kind'] == 'static':
        ok = mbs.SolveStatic(ss)
    else:
        ok = mbs.SolveDynamic(ss, solverType=solverType)
    if ok is False:
        raise RuntimeError('%s returned False' % ('SolveStatic' if solve['kind'] == 'static'
                                                    else 'SolveDynamic'))


def _object_output(exu, mbs, index, name):
    return plain(np.array(mbs.GetObjectOutput(index, getattr(exu.OutputVariableType, name))))


def collect(exu, mbs, reg, spec):
    """Results: final system vectors, sensor histories, object outputs."""
    sd = mbs.systemData
    kind = spec['solve']['kind']
    res = {'q': plain(sd.GetODE2Coordinates())}
    if kind != 'static':
        res['q_t'] = plain(sd.GetODE2Coordinates_t())
        res['q_tt'] = plain(sd.GetODE2Coordinates_tt())
    if kind == 'explicit':
        it = mbs.sys['dynamicSolver'].it
        res['steps'] = int(it.currentStepIndex) - 1
        res['rejectedSteps'] = int(it.rejectedAutomaticStepSizeSteps)
    else:
        res['lambda'] = plain(sd.GetAECoordinates())
    res['sensors'] = {ident: plain(mbs.GetSensorStoredData(reg.get(ident)))
                      for ident, (k, _) in reg.index.items() if k == 'sensor'}
    res['outputs'] = {ident: {name: _object_output(exu, mbs, reg.get(ident), name) for name in names}
                      for ident, names in spec.get('outputs', [])}
    return res


def build_and_run(exu, U, spec, variant=0):
    """Build, assemble, solve and collect one spec model (see module docstring)."""
    SC, mbs, reg = build(exu, U, spec)
    solve_model(exu, mbs, spec['solve'], variant)
    return collect(exu, mbs, reg, spec)
