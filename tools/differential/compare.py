"""Comparison of two result dicts of build.build_and_run, quantity by quantity.

A quantity is one result entry ('q', 'lambda', 'steps'), one sensor history ('sensors.s3') or
one object output ('outputs.o5.Force').  An entry passes if |got - ref| <= RTOL |ref| + atol,
where atol belongs to the quantity: the largest of ATOL_MIN, LEVEL_ATOL[level] * max|ref| and
SELF_FACTOR * (Exudyn's own disagreement between two equivalent settings, build.settings
variant 1) for that quantity.
"""
import math

RTOL = 1e-8
ATOL_MIN = 1e-11
# Absolute floor relative to the quantity's largest |value|, per level.  'state': positions,
# velocities, rotations, spring forces; entries that are zero up to round-off are compared
# against this floor.  'acceleration' and 'multiplier' (accelerations, Lagrange multipliers,
# reaction forces): every Newton update changes them by ~dq / (beta h^2), so the Newton
# tolerance leaves them determined only to ~1e-7 of their scale (tests/models/
# test_reference_models.py ACCELERATION_ATOL_FACTOR, confirmed by the `selfcheck` command).
LEVEL_ATOL = {'state': 1e-10, 'acceleration': 1e-7, 'multiplier': 1e-7}
# 'residual': constraint outputs that are zero up to the Newton tolerance (constraint equation,
# relative displacement, velocity and rotation of joints): compared absolutely with RTOL times
# the system's coordinate scale max(|q|, |q_t|), as tests/models/test_reference_models.py
# RESIDUAL_KEYS.
RESIDUAL_OVS = ('ConstraintEquation', 'Displacement', 'DisplacementLocal', 'Velocity', 'VelocityLocal',
                'Rotation', 'AngularVelocityLocal')
SELF_FACTOR = 10.
ACCELERATION_OVS = ('Acceleration', 'AccelerationLocal', 'AngularAcceleration', 'AngularAccelerationLocal',
                    'Coordinates_tt')
REACTION_OVS = ('Force', 'ForceLocal', 'Torque', 'TorqueLocal')
CONSTRAINT_TYPES = ('CoordinateConstraint', 'DistanceConstraint', 'CoordinateVectorConstraint', 'GenericJoint',
                    'RevoluteJointZ', 'PrismaticJointX', 'SphericalJoint', 'RevoluteJoint2D',
                    'PrismaticJoint2D', 'RollingDiscJoint')


def flat(x):
    """All numbers of a nested list/dict as a flat list (None for non-numbers)."""
    if isinstance(x, dict):
        return [v for k in sorted(x) for v in flat(x[k])]
    if isinstance(x, (list, tuple)):
        return [v for item in x for v in flat(item)]
    if isinstance(x, bool) or x is None or isinstance(x, str):
        return [x]
    return [float(x)]


def quantities(results):
    """dict quantity path -> nested value."""
    out = {}
    for key, value in results.items():
        if key == 'sensors':
            out.update({'sensors.' + s: v for s, v in value.items()})
        elif key == 'outputs':
            for o, outs in value.items():
                out.update({'outputs.%s.%s' % (o, name): v for name, v in outs.items()})
        else:
            out[key] = value
    return out


def item_types(spec):
    types = {}
    for op in spec['ops']:
        if 'add' in op:
            types[op['id']] = (op['type'], op['args'])
    return types


def classify(spec, path, types=None):
    """(quantity class, level) of a quantity path; the class names item type and variable."""
    types = item_types(spec) if types is None else types
    if path.startswith('sensors.'):
        typ, args = types[path[8:]]
        target = args.get('objectNumber') or args.get('nodeNumber') or args.get('bodyNumber') or \
            args.get('markerNumber') or args.get('loadNumber')
        targetType = types[target[1:]][0]
        ov = args.get('outputVariableType', 'OV:Load')[3:]
        name = '%s(%s).%s' % (typ, targetType, ov)
        return name, _level(targetType, ov, path)
    if path.startswith('outputs.'):
        _, o, ov = path.split('.')
        typ = types[o][0]
        return 'output(%s).%s' % (typ, ov), _level(typ, ov, path)
    level = {'q_tt': 'acceleration', 'lambda': 'multiplier'}.get(path, 'state')
    return path, level


def _level(typ, ov, path):
    if ov in ACCELERATION_OVS:
        return 'acceleration'
    if ov in REACTION_OVS and typ in CONSTRAINT_TYPES:
        return 'multiplier'
    if ov in RESIDUAL_OVS and typ in CONSTRAINT_TYPES:
        return 'residual'
    return 'state'


def scale(values):
    return max((abs(v) for v in values if isinstance(v, float) and math.isfinite(v)), default=0.)


def tolerances(spec, ref, variant=None):
    """Quantity path -> atol (see module docstring); ``variant``: Exudyn's results with the
    equivalent settings (None: no self-check term)."""
    types = item_types(spec)
    refQ = quantities(ref)
    varQ = quantities(variant) if variant is not None else {}
    qScale = max(scale(flat(ref.get('q', []))), scale(flat(ref.get('q_t', []))))
    tol = {}
    for path, value in refQ.items():
        a = flat(value)
        _, level = classify(spec, path, types)
        if level == 'residual':
            atol = max(ATOL_MIN, RTOL * qScale)
        else:
            atol = max(ATOL_MIN, LEVEL_ATOL[level] * scale(a))
        if path in varQ:
            b = flat(varQ[path])
            if len(a) == len(b):
                diff = max((abs(x - y) for x, y in zip(a, b) if isinstance(x, float) and isinstance(y, float)),
                           default=0.)
                atol = max(atol, SELF_FACTOR * diff)
        tol[path] = float('%.3g' % atol)
    return tol


def documented(spec, cls):
    """True for a quantity where multibody differs from Exudyn 1.13.6 by design (docs/exudyn_differences.md):
    the multipliers of CoordinateConstraints eliminated by an explicit solver, which Exudyn leaves at 0
    and multibody computes as the reaction force (the value Exudyn's implicit solvers give)."""
    if spec['solve'].get('kind') != 'explicit':
        return False
    return cls == 'lambda' or cls.endswith('(CoordinateConstraint).Force')


def compare(spec, ref, got, tol):
    """List of mismatches (path, quantity class, level, max error, allowed atol, note); quantities
    ``documented`` as differences by design are left out."""
    types = item_types(spec)
    refQ, gotQ = quantities(ref), quantities(got)
    bad = []
    for path, value in refQ.items():
        cls, level = classify(spec, path, types)
        if documented(spec, cls):
            continue
        if path not in gotQ:
            bad.append((path, cls, level, math.inf, tol[path], 'missing'))
            continue
        a, b = flat(value), flat(gotQ[path])
        if len(a) != len(b):
            bad.append((path, cls, level, math.inf, tol[path], 'length %d instead of %d' % (len(b), len(a))))
            continue
        worst, note = 0., ''
        angles = path.startswith('outputs.') and path.endswith('.Rotation')
        for x, y in zip(a, b):
            if not isinstance(x, float) or not isinstance(y, float):
                if x != y:
                    worst, note = math.inf, '%r instead of %r' % (y, x)
                continue
            err = abs(x - y)
            if angles:
                # relative rotations of joints and connectors as angles in [-pi, pi]: at +-pi both
                # signs are the same rotation (round-off decides the branch)
                err = min(err, abs(err - 2 * math.pi))
            if not (err <= RTOL * abs(x) + tol[path]) or math.isnan(y):
                excess = err if math.isfinite(err) else math.inf
                if excess > worst or math.isnan(y):
                    worst = excess if not math.isnan(y) else math.inf
                    note = '%.10g instead of %.10g' % (y, x)
        if worst > 0.:
            bad.append((path, cls, level, worst, tol[path], note))
    for path in gotQ:
        if path not in refQ:
            bad.append((path, path, 'state', math.inf, 0., 'unexpected'))
    return bad
