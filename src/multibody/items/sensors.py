"""Sensors: item declarations (transcribed from the specification, spec/*.md)."""
import numpy as np

from ..enums import OutputVariableType  # noqa: F401
from .spec import ItemSpec, Param, declare

SENSOR_NODE = ItemSpec(
    type_name='Node', family='sensor', class_name='SensorNode',
    doc='Sensor measuring an output variable of a node.',
    aliases=(),
    flags=(),
    outputs=(),
    params=(
        Param('nodeNumber', 'NodeIndex', -1,
              'Node to measure.'),
        Param('writeToFile', 'Bool', True,
              "Write the sensor to its file; treated as False if fileName is ''."),
        Param('fileName', 'String', '',
              "Output file path ('' = no file in 1.13.6); relative names go into exudyn.config.outputDirectory if set; directories are created."),
        Param('outputVariableType', 'OutputVariableType', OutputVariableType._None,
              'exu.OutputVariableType to measure; default _None (0) is invalid for this sensor type.'),
        Param('storeInternal', 'Bool', False,
              'Also store every written sample in memory (retrieve with mbs.GetSensorStoredData).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

SENSOR_OBJECT = ItemSpec(
    type_name='Object', family='sensor', class_name='SensorObject',
    doc='Sensor measuring an output variable of an object (connector, joint, ...).',
    aliases=(),
    flags=(),
    outputs=(),
    params=(
        Param('objectNumber', 'ObjectIndex', -1,
              'Object (connector, constraint, non-body object) to measure.'),
        Param('writeToFile', 'Bool', True,
              "Write the sensor to its file; treated as False if fileName is ''."),
        Param('fileName', 'String', '',
              "Output file path ('' = no file in 1.13.6); relative names go into exudyn.config.outputDirectory if set; directories are created."),
        Param('outputVariableType', 'OutputVariableType', OutputVariableType._None,
              'exu.OutputVariableType to measure; default _None (0) is invalid for this sensor type.'),
        Param('storeInternal', 'Bool', False,
              'Also store every written sample in memory (retrieve with mbs.GetSensorStoredData).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

SENSOR_BODY = ItemSpec(
    type_name='Body', family='sensor', class_name='SensorBody',
    doc='Sensor measuring an output variable at a local position of a body.',
    aliases=(),
    flags=(),
    outputs=(),
    params=(
        Param('bodyNumber', 'ObjectIndex', -1,
              'Body (object) index the marker/sensor is attached to.'),
        Param('localPosition', 'Vector3D', [0.0,0.0,0.0],
              'Body-fixed point at which body output variables are evaluated.'),
        Param('writeToFile', 'Bool', True,
              "Write the sensor to its file; treated as False if fileName is ''."),
        Param('fileName', 'String', '',
              "Output file path ('' = no file in 1.13.6); relative names go into exudyn.config.outputDirectory if set; directories are created."),
        Param('outputVariableType', 'OutputVariableType', OutputVariableType._None,
              'exu.OutputVariableType to measure; default _None (0) is invalid for this sensor type.'),
        Param('storeInternal', 'Bool', False,
              'Also store every written sample in memory (retrieve with mbs.GetSensorStoredData).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

SENSOR_MARKER = ItemSpec(
    type_name='Marker', family='sensor', class_name='SensorMarker',
    doc='Sensor measuring an output variable of a marker.',
    aliases=(),
    flags=(),
    outputs=(),
    params=(
        Param('markerNumber', 'MarkerIndex', -1,
              'Marker to measure.'),
        Param('writeToFile', 'Bool', True,
              "Write the sensor to its file; treated as False if fileName is ''."),
        Param('fileName', 'String', '',
              "Output file path ('' = no file in 1.13.6); relative names go into exudyn.config.outputDirectory if set; directories are created."),
        Param('outputVariableType', 'OutputVariableType', OutputVariableType._None,
              'exu.OutputVariableType to measure; default _None (0) is invalid for this sensor type.'),
        Param('storeInternal', 'Bool', False,
              'Also store every written sample in memory (retrieve with mbs.GetSensorStoredData).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

SENSOR_LOAD = ItemSpec(
    type_name='Load', family='sensor', class_name='SensorLoad',
    doc='Sensor recording the load vector of a load.',
    aliases=(),
    flags=(),
    outputs=(),
    params=(
        Param('loadNumber', 'LoadIndex', -1,
              'Load to measure (its current load vector/value).'),
        Param('writeToFile', 'Bool', True,
              "Write the sensor to its file; treated as False if fileName is ''."),
        Param('fileName', 'String', '',
              "Output file path ('' = no file in 1.13.6); relative names go into exudyn.config.outputDirectory if set; directories are created."),
        Param('storeInternal', 'Bool', False,
              'Also store every written sample in memory (retrieve with mbs.GetSensorStoredData).'),
    ),
    vparams=(
        Param('show', 'Bool', True, 'Draw the item (True) or not.'),
    ),
)

SENSOR_USER_FUNCTION = ItemSpec(
    type_name='UserFunction', family='sensor', class_name='SensorUserFunction',
    doc='Sensor whose values a Python function computes from other sensors.',
    aliases=(),
    flags=(),
    outputs=(),
    params=(
        Param('sensorNumbers', 'ArraySensorIndex', [],
              'Sensors handed to the user function (may be empty).'),
        Param('factors', 'Vector', [],
              'Free list of floats handed to the user function.'),
        Param('writeToFile', 'Bool', True,
              "Write the sensor to its file; treated as False if fileName is ''."),
        Param('fileName', 'String', '',
              "Output file path ('' = no file in 1.13.6); relative names go into exudyn.config.outputDirectory if set; directories are created."),
        Param('sensorUserFunction', 'callable or 0', 0,
              'UF(mbs, t, sensorNumbers, factors, configuration) -> list of floats (constant length); 0 = none.'),
        Param('storeInternal', 'Bool', False,
              'Also store every written sample in memory (retrieve with mbs.GetSensorStoredData).'),
    ),
    vparams=(
    ),
)

declare(SENSOR_NODE, SENSOR_OBJECT, SENSOR_BODY, SENSOR_MARKER, SENSOR_LOAD, SENSOR_USER_FUNCTION)
