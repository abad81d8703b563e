"""Helpers shared by the sliding joints' reference models (reference_sliding.py, reference_sliding3d.py)
and tests (test_sliding_joint2d.py, test_sliding_joint3d.py); written against the public Exudyn 1.13
API only (``exu``, ``U`` given by the caller)."""
import importlib.util
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def module(name):
    """The module tests/models/<name>.py (loaded by its path)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + '.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def plain(x):
    return np.asarray(x, dtype=float).tolist()


def joint_sensors(exu, U, mbs, joint, data, outputs):
    """Sensors of the joint's ``outputs`` and of the data node's coordinates ('data')."""
    OV = exu.OutputVariableType
    sensors = {name: mbs.AddSensor(U.SensorObject(objectNumber=joint, storeInternal=True,
                                                  outputVariableType=getattr(OV, name))) for name in outputs}
    sensors['data'] = mbs.AddSensor(U.SensorNode(nodeNumber=data, storeInternal=True,
                                                 outputVariableType=OV.Coordinates))
    return sensors


def second_joint(exu, U, mbs, sensors, sliding, offsets, nElements, marker, joint_type, **params):
    """A second joint of type ``joint_type`` of ``marker`` along the second half of the chain
    ``sliding`` of a 2 m cable of ``nElements`` elements (starting at 0.4 on it) and sensors of
    its SlidingCoordinate and Force."""
    half = sliding[nElements // 2:]
    k1 = int(0.4 * nElements / 2.)
    data1 = mbs.AddNode(U.NodeGenericData(initialCoordinates=[k1, 0.4], numberOfDataCoordinates=2))
    joint1 = mbs.AddObject(getattr(U, joint_type)(
        markerNumbers=[marker, half[k1]], slidingMarkerNumbers=half, slidingMarkerOffsets=offsets[:len(half)],
        nodeNumber=data1, **params))
    for name in ('SlidingCoordinate', 'Force'):
        sensors['second' + name] = mbs.AddSensor(U.SensorObject(objectNumber=joint1, storeInternal=True,
                                                                outputVariableType=getattr(exu.OutputVariableType,
                                                                                           name)))


def run_results(exu, mbs, joint, sensors, elements, outputs, **extra):
    """q, q_t, lambda, data coordinates, the joint's markerNumbers after the solve, ``elements``,
    its ``outputs`` and the sensors' data (and ``extra``)."""
    sd = mbs.systemData
    OV = exu.OutputVariableType
    return dict({'q': plain(sd.GetODE2Coordinates()), 'q_t': plain(sd.GetODE2Coordinates_t()),
                 'lambda': plain(sd.GetAECoordinates()), 'data': plain(sd.GetDataCoordinates())}, **extra,
                markerNumbers=[int(m) for m in mbs.GetObject(joint)['markerNumbers']], elements=elements,
                outputs={name: plain(mbs.GetObjectOutput(joint, getattr(OV, name))) for name in outputs},
                sensors={k: plain(mbs.GetSensorStoredData(s)) for k, s in sensors.items()})


def joint_parameters(params, joint, named, lists):
    """``params`` updated by ``joint``: string values (also inside the parameters ``lists``) are
    names of items in ``named``."""
    params.update({k: named.get(v, v) if isinstance(v, str) else v for k, v in joint.items()})
    for key in lists:
        if key in params:
            params[key] = [named.get(m, m) if isinstance(m, str) else m for m in params[key]]
    return params
