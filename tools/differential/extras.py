"""Loads, sensors and decoy items (added, then deleted before Assemble) of generated models."""
import numpy as np

from . import geometry as G
from .topology import ref

POSITION_MARKERS = ('MarkerBodyPosition', 'MarkerNodePosition', 'MarkerBodyRigid', 'MarkerNodeRigid')


def _live_markers(model, types):
    return [op['id'] for op in model.ops if op.get('add') == 'marker' and op['type'] in types
            and op['id'] not in model.decoyIds]


def add_decoy(model):
    """A mass point with a spring, a load and a sensor, all deleted later by delete_decoys."""
    rng = model.rng
    before = {k: v for k, v in model.counter.items()}
    real = _live_markers(model, POSITION_MARKERS)
    d = {'node': model.add('node', 'NodePoint', referenceCoordinates=rng.uniform(-1., 1., size=3))}
    d['body'] = model.add('object', 'MassPoint', mass=1., nodeNumber=ref(d['node']))
    d['marker'] = model.add('marker', 'MarkerBodyPosition', bodyNumber=ref(d['body']), localPosition=[0., 0., 0.])
    d['exclusive'] = not real or rng.random() < 0.5
    if d['exclusive']:
        d['other'] = model.add('marker', 'MarkerBodyPosition', bodyNumber=ref(model.ground.obj),
                               localPosition=rng.uniform(-1., 1., size=3))
    else:
        d['other'] = str(rng.choice(real))
    d['spring'] = model.add('object', 'SpringDamper', markerNumbers=[ref(d['marker']), ref(d['other'])],
                            stiffness=10., referenceLength=0.5)
    d['loadMarker'] = model.add('marker', 'MarkerNodePosition', nodeNumber=ref(d['node']))
    d['load'] = model.add('load', 'Force', markerNumber=ref(d['loadMarker']), loadVector=[1., 2., 3.])
    d['sensor'] = model.add('sensor', 'SensorNode', nodeNumber=ref(d['node']), writeToFile=False,
                            storeInternal=True, outputVariableType='OV:Position')
    for kind, n in before.items():
        for i in range(n, model.counter[kind]):
            model.decoyIds.add('%s%d' % ({'node': 'n', 'object': 'o', 'marker': 'm', 'load': 'l',
                                          'sensor': 's'}[kind], i))
    if not d['exclusive']:
        model.decoyIds.discard(d['other'])
    model.features.add('delete')
    return d


def _delete(model, kind, ident, dependent, removes):
    model.ops.append({'delete': kind, 'id': ident, 'dependent': dependent, 'removes': removes})


def delete_decoys(model, rng, decoys):
    """Delete every decoy with Delete* calls (with and without dependent items)."""
    for i in rng.permutation(len(decoys)):
        d = decoys[int(i)]
        _delete(model, 'sensor', d['sensor'], False, [d['sensor']])
        if rng.random() < 0.5:
            _delete(model, 'load', d['load'], True, [d['load'], d['loadMarker']])
        else:
            _delete(model, 'load', d['load'], False, [d['load']])
            _delete(model, 'marker', d['loadMarker'], False, [d['loadMarker']])
        if d['exclusive'] and rng.random() < 0.5:
            _delete(model, 'object', d['spring'], True, [d['spring'], d['marker'], d['other']])
        else:
            _delete(model, 'object', d['spring'], False, [d['spring']])
            _delete(model, 'marker', d['marker'], False, [d['marker']])
            if d['exclusive']:
                _delete(model, 'marker', d['other'], False, [d['other']])
        if rng.random() < 0.5:
            _delete(model, 'object', d['body'], True, [d['body'], d['node']])
        else:
            _delete(model, 'object', d['body'], False, [d['body']])
            _delete(model, 'node', d['node'], False, [d['node']])


def _gravity(rng, model, dim):
    if model.disc:
        return np.array([0., 0., -9.81])
    u = G.random_unit(rng)
    if dim == '2d':
        u[2] = 0.
        u /= np.linalg.norm(u)
    return 9.81 * u


def _point_on(model, rng, body):
    if body.kind in ('point3', 'point2'):
        return body.p.copy()
    local = G.random_unit(rng) * rng.uniform(0., 0.4)
    if body.planar:
        local[2] = 0.
    return body.p + body.A @ local


def add_loads(model, rng, dim, scenario):
    """Gravity (LoadMassProportional), forces, torques and coordinate loads."""
    scale = 0.5 if scenario == 'static' else 1.
    g = _gravity(rng, model, dim) * scale
    bodies = model.bodies
    for body in bodies:
        if rng.random() < 0.85:
            mm = model.mass_marker(body)
            model.loads.append(model.add('load', 'LoadMassProportional', markerNumber=ref(mm), loadVector=g))
    for _ in range(int(rng.integers(0, 3)) if bodies else 0):
        body = bodies[int(rng.integers(len(bodies)))]
        P = _point_on(model, rng, body)
        F = rng.normal(size=3) * body.mass * 3. * scale
        if body.planar:
            F[2] = 0.
        if body.kind in ('rigid3', 'rigid2') and rng.random() < 0.5:
            m, _ = model.rigid_marker(body, P)
            args = {'bodyFixed': bool(rng.random() < 0.5)}
        else:
            m, args = model.position_marker(body, P), {}
        model.loads.append(model.add('load', 'Force', markerNumber=ref(m), loadVector=F, **args))
    rigid = [b for b in bodies if b.kind in ('rigid3', 'rigid2')]
    if rigid and rng.random() < 0.5:
        body = rigid[int(rng.integers(len(rigid)))]
        T = rng.normal(size=3) * 0.1 * body.mass * scale
        if body.planar:
            T[:2] = 0.
        m, _ = model.rigid_marker(body, _point_on(model, rng, body))
        model.loads.append(model.add('load', 'Torque', markerNumber=ref(m), loadVector=T,
                                     bodyFixed=bool(rng.random() < 0.5)))
    if bodies and rng.random() < 0.3:
        body = bodies[int(rng.integers(len(bodies)))]
        m = model.coordinate_marker(body, int(rng.integers(2 if body.planar else 3)))
        model.loads.append(model.add('load', 'LoadCoordinate', markerNumber=ref(m),
                                     load=rng.normal() * body.mass * 3. * scale))


def _sensor(model, typ, ov=None, **args):
    if ov is not None:
        args['outputVariableType'] = 'OV:' + ov
    return model.add('sensor', typ, writeToFile=False, storeInternal=True, **args)


def add_sensors(model, rng):
    """SensorObject on constraints/connectors, SensorNode/Body/Marker/Load on random items."""
    from .generate import supported
    for o in model.constraints + model.connectors:
        names = supported('object', model.types[o])
        if names and rng.random() < (0.8 if o in model.constraints else 0.4):
            _sensor(model, 'SensorObject', str(rng.choice(names)), objectNumber=ref(o))
    bodies = model.bodies
    for i in rng.permutation(len(bodies))[:int(rng.integers(1, 4))]:
        body = bodies[int(i)]
        names = supported('node', model.types[body.node])
        if names:
            _sensor(model, 'SensorNode', str(rng.choice(names)), nodeNumber=ref(body.node))
    for i in rng.permutation(len(bodies))[:int(rng.integers(0, 3))]:
        body = bodies[int(i)]
        names = supported('body', model.types[body.obj])
        local = np.zeros(3)
        if body.kind in ('rigid3', 'rigid2'):
            local = rng.uniform(-0.3, 0.3, size=3) * ([1, 1, 0] if body.planar else 1.)
        if names:
            ov = str(rng.choice(names))
            if ov in ('KineticEnergy', 'PotentialEnergy'):
                local = np.zeros(3)  # energies belong to the whole body (Exudyn requires [0,0,0])
            _sensor(model, 'SensorBody', ov, bodyNumber=ref(body.obj), localPosition=local)
    markers = [op['id'] for op in model.ops if op.get('add') == 'marker' and op['id'] not in model.decoyIds]
    for i in rng.permutation(len(markers))[:int(rng.integers(0, 3))]:
        m = markers[int(i)]
        names = supported('marker', model.types[m])
        if names:
            _sensor(model, 'SensorMarker', str(rng.choice(names)), markerNumber=ref(m))
    if model.loads and rng.random() < 0.5:
        _sensor(model, 'SensorLoad', None, loadNumber=ref(model.loads[int(rng.integers(len(model.loads)))]))
