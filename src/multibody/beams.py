"""Helpers that build cables of ANCF elements, as Exudyn's ``exudyn.beams``."""
import math
import warnings

import numpy as np

from .itemInterface import (LoadMassProportional, MarkerBodyCable2DCoordinates, MarkerBodyMass, MarkerNodeCoordinate,
                            NodeGenericData, NodePoint2DSlope1, NodePointGround, NodePointSlope1,
                            ObjectConnectorCoordinate, ObjectJointALEMoving2D, ObjectJointSliding2D)

__all__ = ["GenerateStraightLineANCFCable2D", "GenerateStraightLineANCFCable", "GenerateCircularArcANCFCable2D",
           "PointsAndSlopes2ANCFCable2D", "GenerateBeamElementsAlongLine", "CreateReevingCurve", "GenerateSlidingJoint",
           "GenerateAleSlidingJoint"]


def _fix_node(mbs, node, position, fixed):
    """A ground node at ``position`` and CoordinateConstraints of the coordinates ``fixed`` marks
    of ``node``; returns the constraints."""
    ground = mbs.AddNode(NodePointGround(referenceCoordinates=[float(x) for x in position[:3]]))
    ground_marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    constraints = []
    for j, flag in enumerate(fixed):
        if flag:
            m = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
            constraints.append(mbs.AddObject(ObjectConnectorCoordinate(markerNumbers=[ground_marker, m])))
    return constraints


def GenerateStraightLineANCFCable2D(mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
                                    massProportionalLoad=[0, 0, 0], fixedConstraintsNode0=[0, 0, 0, 0],
                                    fixedConstraintsNode1=[0, 0, 0, 0], nodeNumber0=-1, nodeNumber1=-1):
    """ANCFCable2D elements (copies of ``cableTemplate`` with their length and nodes set) along the
    straight line from positionOfNode0 to positionOfNode1, in ``numberOfElements`` elements; with
    a LoadMassProportional ``massProportionalLoad`` on each element (where it is not zero) and
    CoordinateConstraints of the end nodes' coordinates [x, y, x', y'] marked 1 in
    fixedConstraintsNode0/1 (None: no ground node at that end). nodeNumber0/1: existing end nodes.
    Returns [cableNodeList, cableObjectList, loadList, cableNodePositionList,
    cableCoordinateConstraintList]. Deprecated (as in Exudyn): a DeprecationWarning."""
    return _straight_line("GenerateStraightLineANCFCable2D", lambda p, t: NodePoint2DSlope1(
        referenceCoordinates=[p[0], p[1], t[0], t[1]]), mbs, positionOfNode0, positionOfNode1, numberOfElements,
        cableTemplate, massProportionalLoad, fixedConstraintsNode0, fixedConstraintsNode1, nodeNumber0, nodeNumber1)


def GenerateStraightLineANCFCable(mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
                                  massProportionalLoad=[0, 0, 0], fixedConstraintsNode0=[0, 0, 0, 0, 0, 0],
                                  fixedConstraintsNode1=[0, 0, 0, 0, 0, 0], nodeNumber0=-1, nodeNumber1=-1):
    """ANCFCable elements with NodePointSlope1 nodes along a straight line in space, as
    GenerateStraightLineANCFCable2D (constraints of the end nodes' coordinates [x, y, z, x', y', z']).
    Returns [cableNodeList, cableObjectList, loadList, cableNodePositionList,
    cableCoordinateConstraintList]. Deprecated (as in Exudyn): a DeprecationWarning."""
    return _straight_line("GenerateStraightLineANCFCable", lambda p, t: NodePointSlope1(
        referenceCoordinates=[p[0], p[1], p[2], t[0], t[1], t[2]]), mbs, positionOfNode0, positionOfNode1,
        numberOfElements, cableTemplate, massProportionalLoad, fixedConstraintsNode0, fixedConstraintsNode1,
        nodeNumber0, nodeNumber1)


def _straight_line(name, new_node, mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
                   massProportionalLoad, fixedConstraintsNode0, fixedConstraintsNode1, nodeNumber0, nodeNumber1):
    """The straight-line cable helpers; ``new_node(position, slope)`` the node item of a point."""
    warnings.warn(f"beams.{name} is deprecated since 1.11.0 and removed in 2029; "
                  "use beams.GenerateBeamElementsAlongLine instead", DeprecationWarning, stacklevel=3)
    n = int(numberOfElements)
    if n < 1:
        raise ValueError(f"{name}: numberOfElements must be >= 1, received {numberOfElements}")
    p0 = np.asarray(positionOfNode0, dtype=float)
    p1 = np.asarray(positionOfNode1, dtype=float)
    line = p1 - p0
    length = float(np.linalg.norm(line))
    if not length > 0:
        raise ValueError(f"{name}: positionOfNode0 and positionOfNode1 must differ")
    slope = line / length
    positions = [positionOfNode0]
    node = nodeNumber0 if nodeNumber0 != -1 else mbs.AddNode(new_node(p0, slope))
    nodes, objects, loads = [node], [], []
    with_load = bool(np.any(np.asarray(massProportionalLoad, dtype=float) != 0))
    for i in range(n):
        p = [float(x) for x in p0 + (i + 1) * line / n]
        positions.append(p)
        if i == n - 1 and nodeNumber1 != -1:
            node = nodeNumber1
        else:
            node = mbs.AddNode(new_node(p, slope))
        cableTemplate.nodeNumbers = [nodes[-1], node]
        cableTemplate.length = length / n
        nodes.append(node)
        obj = mbs.AddObject(cableTemplate)
        objects.append(obj)
        if with_load:
            marker = mbs.AddMarker(MarkerBodyMass(bodyNumber=obj))
            loads.append(mbs.AddLoad(LoadMassProportional(markerNumber=marker, loadVector=massProportionalLoad)))
    constraints = []
    if fixedConstraintsNode0 is not None:
        constraints += _fix_node(mbs, nodes[0], p0, fixedConstraintsNode0)
    if fixedConstraintsNode1 is not None:
        constraints += _fix_node(mbs, nodes[-1], p1, fixedConstraintsNode1)
    return [nodes, objects, loads, positions, constraints]


def _fix_ends(mbs, ends, drawSize=-1.):
    """CoordinateConstraints of the nodes' coordinates marked 1 in their flags, ``ends`` a list of
    (node, flags), against one ground node at the origin (created only when a flag is set);
    returns the constraints."""
    constraints, ground_marker = [], None
    for node, flags in ends:
        for j, flag in enumerate([] if flags is None else flags):
            if not flag:
                continue
            if ground_marker is None:
                ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0., 0., 0.]))
                ground_marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
            m = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
            constraints.append(mbs.AddObject(ObjectConnectorCoordinate(markerNumbers=[ground_marker, m],
                                                                      visualization={'drawSize': drawSize})))
    return constraints


def _add_cable_elements(mbs, nodes, lengths, cableTemplate, massProportionalLoad, curvatures=None):
    """One element of ``cableTemplate`` between each pair of consecutive ``nodes``, of length
    ``lengths[i]`` and, where given, referenceCurvature ``curvatures[i]``; a LoadMassProportional on
    each element where massProportionalLoad is not zero. Returns [objects, loads]."""
    with_load = bool(np.any(np.asarray(massProportionalLoad, dtype=float) != 0))
    objects, loads = [], []
    for i in range(len(nodes) - 1):
        cableTemplate.nodeNumbers = [nodes[i], nodes[i + 1]]
        cableTemplate.length = lengths[i]
        if curvatures is not None:
            cableTemplate.referenceCurvature = curvatures[i]
        obj = mbs.AddObject(cableTemplate)
        objects.append(obj)
        if with_load:
            marker = mbs.AddMarker(MarkerBodyMass(bodyNumber=obj))
            loads.append(mbs.AddLoad(LoadMassProportional(markerNumber=marker, loadVector=massProportionalLoad)))
    return [objects, loads]


def PointsAndSlopes2ANCFCable2D(mbs, ancfPointsSlopes, elementLengths, cableTemplate, massProportionalLoad=[0, 0, 0],
                                fixedConstraintsNode0=[0, 0, 0, 0], fixedConstraintsNode1=[0, 0, 0, 0],
                                firstNodeIsLastNode=True, elementCurvatures=[], graphicsSizeConstraints=-1):
    """ANCFCable2D elements between nodes at the rows [x, y, x', y'] of ancfPointsSlopes, of
    lengths elementLengths (one less than the points); firstNodeIsLastNode: the last point is not a
    node, the last element ends at the first node (closed curve). elementCurvatures (if not empty)
    sets referenceCurvature per element. Loads and constraints (against a ground node at the origin,
    drawn with size graphicsSizeConstraints) as in GenerateStraightLineANCFCable2D. Returns
    [cableNodeList, cableObjectList, loadList, cableNodePositionList (flat [x, y, 0] per point),
    cableCoordinateConstraintList]."""
    points = [list(p) for p in ancfPointsSlopes]
    nElements = len(points) - 1
    if nElements < 1:
        raise ValueError("PointsAndSlopes2ANCFCable2D: ancfPointsSlopes needs at least 2 points, "
                         f"received {len(points)}")
    if any(len(p) != 4 for p in points):
        raise ValueError("PointsAndSlopes2ANCFCable2D: each row of ancfPointsSlopes must be [x, y, x', y']")
    if len(elementLengths) < nElements:
        raise ValueError(f"PointsAndSlopes2ANCFCable2D: elementLengths needs {nElements} entries (one per element), "
                         f"received {len(elementLengths)}")
    if 0 < len(elementCurvatures) < nElements:
        raise ValueError(f"PointsAndSlopes2ANCFCable2D: elementCurvatures needs {nElements} entries (one per "
                         f"element) or none, received {len(elementCurvatures)}")
    if firstNodeIsLastNode and fixedConstraintsNode1 is not None and any(fixedConstraintsNode1):
        raise ValueError("PointsAndSlopes2ANCFCable2D: fixedConstraintsNode1 must be [0,0,0,0] if "
                         "firstNodeIsLastNode is True")
    nNodes = nElements if firstNodeIsLastNode else nElements + 1
    nodes = [mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[float(x) for x in p])) for p in points[:nNodes]]
    if firstNodeIsLastNode:
        nodes.append(nodes[0])
    positions = []
    for p in points:
        positions += [p[0], p[1], 0]
    objects, loads = _add_cable_elements(mbs, nodes, elementLengths, cableTemplate, massProportionalLoad,
                                         elementCurvatures if len(elementCurvatures) else None)
    constraints = _fix_ends(mbs, [(nodes[0], fixedConstraintsNode0), (nodes[-1], fixedConstraintsNode1)],
                            graphicsSizeConstraints)
    return [nodes, objects, loads, positions, constraints]


def GenerateCircularArcANCFCable2D(mbs, positionOfNode0, radius, startAngle, arcAngle, numberOfElements, cableTemplate,
                                   massProportionalLoad=[0, 0, 0], fixedConstraintsNode0=[0, 0, 0, 0],
                                   fixedConstraintsNode1=[0, 0, 0, 0], nodeNumber0=-1, nodeNumber1=-1,
                                   setCurvedReferenceConfiguration=True, verboseMode=False):
    """ANCFCable2D elements along the circular arc of ``radius`` starting at positionOfNode0 with the
    direction angle startAngle (to the x axis) and turning by arcAngle (negative: clockwise), in
    numberOfElements elements of equal arc length; setCurvedReferenceConfiguration: referenceCurvature
    +-1/radius (the sign of arcAngle). Loads, constraints (against a ground node at the origin) and
    nodeNumber0/1 as in GenerateStraightLineANCFCable2D; verboseMode prints the nodes. Returns
    [cableNodeList, cableObjectList, loadList, cableNodePositionList, cableCoordinateConstraintList]."""
    n = int(numberOfElements)
    if n < 1:
        raise ValueError(f"GenerateCircularArcANCFCable2D: numberOfElements must be >= 1, received {numberOfElements}")
    if not radius > 0:
        raise ValueError(f"GenerateCircularArcANCFCable2D: radius must be > 0, received {radius}")
    side = 1. if arcAngle >= 0 else -1.
    p0 = np.asarray(positionOfNode0, dtype=float)
    center = p0[:2] + side * radius * np.array([-np.sin(startAngle), np.cos(startAngle)])
    nodes, positions = [], [positionOfNode0]
    for i in range(n + 1):
        phi = startAngle + i * arcAngle / n
        slope = [np.cos(phi), np.sin(phi)]
        pos = p0[:2] if i == 0 else center + side * radius * np.array([np.sin(phi), -np.cos(phi)])
        if i > 0:
            positions.append([pos[0], pos[1], 0.])
        if verboseMode:
            shown = positionOfNode0 if i == 0 else pos
            print(f"  node {i}: pos= {shown[0]} , {shown[1]} , slope= {slope[0]} , {slope[1]}")
        if i == 0 and nodeNumber0 != -1:
            nodes.append(nodeNumber0)
        elif i == n and nodeNumber1 != -1:
            nodes.append(nodeNumber1)
        else:
            nodes.append(mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[pos[0], pos[1], slope[0], slope[1]])))
    curvatures = [side / radius] * n if setCurvedReferenceConfiguration else None
    objects, loads = _add_cable_elements(mbs, nodes, [abs(radius * arcAngle) / n] * n, cableTemplate,
                                         massProportionalLoad, curvatures)
    constraints = _fix_ends(mbs, [(nodes[0], fixedConstraintsNode0), (nodes[-1], fixedConstraintsNode1)])
    return [nodes, objects, loads, positions, constraints]


def GenerateBeamElementsAlongLine(mbs, positionStart, positionEnd, numberOfElements, beamTemplate=None,
                                  gravity=[0, 0, 0], groundConstraintsStart=None, groundConstraintsEnd=None,
                                  nodeNumberStart=None, nodeNumberEnd=None, EI=None, EA=None, GA=None):
    """Elements of ``beamTemplate`` (here: an ObjectANCFCable2D) along the straight line from
    positionStart to positionEnd, in numberOfElements elements; LoadMassProportional ``gravity`` on
    each element (where not zero); groundConstraintsStart/End: flags of the end nodes' coordinates
    held by CoordinateConstraints against a ground node at that end (None: no ground node);
    nodeNumberStart/End: existing end nodes. EI, EA, GA do not change a cable template. Returns
    {'nodes', 'elements', 'nodePositions', 'constraintObjects', 'loads'}."""
    if type(beamTemplate).__name__ != 'ObjectANCFCable2D':
        raise ValueError(f"GenerateBeamElementsAlongLine: beamTemplate must be an ObjectANCFCable2D (the beam "
                         f"type of multibody), received {type(beamTemplate).__name__}")
    if not isinstance(numberOfElements, (int, np.integer)) or numberOfElements < 1:
        raise ValueError("GenerateBeamElementsAlongLine: numberOfElements must be a positive integer, "
                         f"received {numberOfElements!r}")
    ends = (('groundConstraintsStart', groundConstraintsStart), ('groundConstraintsEnd', groundConstraintsEnd))
    for name, flags in ends:
        if flags is not None and len(flags) > 4:
            raise ValueError(f"GenerateBeamElementsAlongLine: {name} has at most 4 flags (x, y, x', y') for "
                             f"NodePoint2DSlope1, received {len(flags)}")
    n = int(numberOfElements)
    p0 = np.asarray(positionStart, dtype=float)
    line = np.asarray(positionEnd, dtype=float) - p0
    length = float(np.linalg.norm(line))
    if not length > 0:
        raise ValueError("GenerateBeamElementsAlongLine: positionStart and positionEnd must differ")
    slope = line[:2] / length
    positions = [positionStart] + [[float(x) for x in p0 + i * line / n] for i in range(1, n + 1)]
    nodes = []
    for i, p in enumerate(positions):
        given = nodeNumberStart if i == 0 else (nodeNumberEnd if i == n else None)
        if given is None:
            given = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[float(p[0]), float(p[1]), slope[0], slope[1]]))
        nodes.append(given)
    objects, loads = _add_cable_elements(mbs, nodes, [length / n] * n, beamTemplate, gravity)
    constraints = []
    if groundConstraintsStart is not None:
        constraints += _fix_node(mbs, nodes[0], p0, groundConstraintsStart)
    if groundConstraintsEnd is not None:
        constraints += _fix_node(mbs, nodes[-1], np.asarray(positionEnd, dtype=float), groundConstraintsEnd)
    return {'nodes': nodes, 'elements': objects, 'nodePositions': positions, 'constraintObjects': constraints,
            'loads': loads}


def _tangent_line(c0, rho0, c1, rho1):
    """The points on the circles (centers c0, c1, signed radii rho: > 0 passed on the left) of
    their common tangent, for the direction from circle 0 to circle 1."""
    d = c1 - c0
    length = math.hypot(d[0], d[1])
    # the tangent's normal: the left normal of d turned by -beta, sin(beta) = (rho0 - rho1) / |d|
    s = (rho0 - rho1) / length
    if not (length > 0 and abs(s) <= 1):
        raise ValueError(f"CreateReevingCurve: the circles at {list(c0)} and {list(c1)} have no common tangent "
                         "for the given sides")
    e = d / length
    n = math.sqrt(1.0 - s * s) * np.array([-e[1], e[0]]) + s * e
    return c0 + rho0 * n, c1 + rho1 * n


def _reeving_segments(circles, removeFirstLine, removeLastLine):
    """circleData of CreateReevingCurve: LINE between consecutive circles, ARC on the inner
    circles (angles: of the tangent, atan2 of the point about the center -+ pi/2; arcAngle < 0 for
    a left, > 0 for a right passing)."""
    lines = [_tangent_line(c0, r0, c1, r1) for (c0, r0), (c1, r1) in zip(circles[:-1], circles[1:])]
    segments = []
    for i, (p0, p1) in enumerate(lines):
        if not ((i == 0 and removeFirstLine) or (i == len(lines) - 1 and removeLastLine)):
            segments.append({'type': 'LINE', 'point0': p0, 'point1': p1})
        if i == len(lines) - 1:
            break
        (c, rho), q = circles[i + 1], lines[i + 1][0]
        side = math.copysign(0.5 * math.pi, rho)
        start = math.atan2(p1[1] - c[1], p1[0] - c[0]) - side
        end = math.atan2(q[1] - c[1], q[0] - c[0]) - side
        arc = end - start
        if rho > 0 and arc > 0:
            arc -= 2 * math.pi
        elif rho < 0 and arc < 0:
            arc += 2 * math.pi
        segments.append({'type': 'ARC', 'point0': p1, 'radius': abs(rho), 'startAngle': start, 'endAngle': end,
                         'arcAngle': arc, '_center': c, '_side': side})
    return segments


def _segment_point(seg, s):
    """(position, unit tangent, curvature) at the arc length s along a LINE or ARC."""
    if seg['type'] == 'LINE':
        t = (seg['point1'] - seg['point0']) / np.linalg.norm(seg['point1'] - seg['point0'])
        return seg['point0'] + s * t, t, 0.0
    r, arc = seg['radius'], seg['arcAngle']
    theta = seg['startAngle'] + math.copysign(s / r, arc)
    alpha = theta + seg['_side']
    p = seg['_center'] + r * np.array([math.cos(alpha), math.sin(alpha)])
    return p, np.array([math.cos(theta), math.sin(theta)]), math.copysign(1.0 / r, arc)


def _segment_length(seg):
    if seg['type'] == 'LINE':
        return np.linalg.norm(seg['point1'] - seg['point0'])
    return seg['radius'] * abs(seg['arcAngle'])


def _reeving_nodes(segments, n_elements):
    """(ancfPointsSlopes, elementLengths, elementCurvatures) of n_elements equal elements along the
    segments; an element's curvature is the one of the segment holding its end node."""
    lengths = [_segment_length(s) for s in segments]
    ends = np.cumsum(lengths)
    total = sum(lengths)
    h = total / n_elements
    rows, curvatures = [], []
    for k in range(n_elements + 1):
        # the first segment ending at or after s (a node at the end of a segment, up to round-off,
        # belongs to it, as in Exudyn 1.13.6)
        s = k * h
        i = min(int(np.searchsorted(ends, s - 1e-12 * total)), len(segments) - 1)
        p, t, kappa = _segment_point(segments[i], s - (ends[i] - lengths[i]))
        rows.append([p[0], p[1], t[0], t[1]])
        if k > 0:
            curvatures.append(kappa)
    return rows, [h] * n_elements, curvatures


def _reeving_line_data(segments, elementsPerCircle):
    """The polyline [x, y, 0, ...] of the segments: a LINE's two points, an ARC's points after its
    first in int(elementsPerCircle |arcAngle| / 2 pi) + 1 steps."""
    data = []
    for seg in segments:
        if seg['type'] == 'LINE':
            points = [seg['point0'], seg['point1']]
        else:
            n = int(elementsPerCircle * abs(seg['arcAngle']) / (2 * math.pi)) + 1
            alpha0 = seg['startAngle'] + seg['_side']
            points = [seg['_center'] + seg['radius'] * np.array([math.cos(a), math.sin(a)])
                      for a in (alpha0 + seg['arcAngle'] * k / n for k in range(1, n + 1))]
        for p in points:
            data += [p[0], p[1], 0]
    return data


def CreateReevingCurve(circleList, drawingLinesPerCircle=64, numberOfANCFnodes=-1, removeLastLine=False,
                       removeFirstLine=False, radialOffset=0., closedCurve=False, graphicsElementsPerCircle=64,
                       graphicsNodeSize=0, colorCircles=[0., 0.5, 1., 1.], colorLines=[1., 0.5, 0., 1.]):
    """The planar curve of a rope passing circles ``circleList`` = [[center, radius, 'L' or 'R'],
    ...] (left or right of the circle, seen along the rope): tangent lines between consecutive
    circles and arcs on the inner ones (radii + radialOffset), with numberOfANCFnodes equidistant
    nodes (closedCurve: the first two circles appended, removeLastLine, as many elements as
    nodes). Returns a dict with 'ancfPointsSlopes' ([x, y, x', y'] rows), 'elementLengths',
    'elementCurvatures', 'totalLength', 'circleData', 'lineData' and the graphics
    'graphicsDataLines', 'graphicsDataCircles', as Exudyn 1.13.6 (where drawingLinesPerCircle has
    no effect)."""
    if int(numberOfANCFnodes) < 2:
        raise ValueError("CreateReevingCurve: numberOfANCFnodes must be >= 2 (Exudyn 1.13.6 does not return "
                         f"otherwise); received {numberOfANCFnodes}")
    circleList = list(circleList)
    if closedCurve:
        circleList += [circleList[0], circleList[1]]
        removeLastLine, removeFirstLine = True, False
    circles = []
    for c in circleList:
        if len(c) != 3 or c[2] not in ('L', 'R'):
            raise ValueError(f"CreateReevingCurve: each circle must be [center, radius, 'L' or 'R']; received {c}")
        r = float(c[1]) + radialOffset
        circles.append((np.asarray(c[0], dtype=float)[:2], r if c[2] == 'L' else -r))
    segments = _reeving_segments(circles, removeFirstLine, removeLastLine)
    n_elements = int(numberOfANCFnodes) - (0 if closedCurve else 1)
    rows, lengths, curvatures = _reeving_nodes(segments, n_elements)
    total = sum(_segment_length(s) for s in segments)
    print('Reeving system total length=', total)
    line_data = _reeving_line_data(segments, graphicsElementsPerCircle)
    lines = [{'type': 'Line', 'color': list(colorLines), 'data': list(line_data)}]
    if graphicsNodeSize:
        lines += [{'type': 'Circle', 'color': list(colorLines), 'position': [p[0], p[1], 0], 'radius': graphicsNodeSize}
                  for p in rows]
    circles_graphics = [{'type': 'Circle', 'color': list(colorCircles), 'position': list(c[0]) + [0],
                         'radius': float(c[1]) + radialOffset} for c in circleList]
    circle_data = [{k: v for k, v in s.items() if not k.startswith('_')} for s in segments]
    return {'ancfPointsSlopes': rows, 'elementLengths': lengths, 'elementCurvatures': curvatures, 'totalLength': total,
            'circleData': circle_data, 'lineData': line_data, 'graphicsDataLines': lines,
            'graphicsDataCircles': circles_graphics}


def GenerateSlidingJoint(mbs, cableObjectList, markerBodyPositionOfSlidingBody, localMarkerIndexOfStartCable=0,
                         slidingCoordinateStartPosition=0):
    """An ObjectJointSliding2D of the marker ``markerBodyPositionOfSlidingBody`` along the
    ObjectANCFCable2D elements ``cableObjectList`` (in this order): a MarkerBodyCable2DCoordinates
    per element, a NodeGenericData [localMarkerIndexOfStartCable, slidingCoordinateStartPosition]
    and the joint, the elements' offsets their summed lengths; returns [joint object index]."""
    markers, offsets, start = [], [], 0.0
    for o in cableObjectList:
        markers.append(mbs.AddMarker(MarkerBodyCable2DCoordinates(bodyNumber=o)))
        offsets.append(start)
        start += float(mbs.GetObjectParameter(o, 'length'))
    k = int(localMarkerIndexOfStartCable)
    if not 0 <= k < len(markers):
        raise ValueError("GenerateSlidingJoint: localMarkerIndexOfStartCable must be an index into cableObjectList "
                         f"(0 ... {len(markers) - 1}), received {localMarkerIndexOfStartCable!r}")
    data = mbs.AddNode(NodeGenericData(initialCoordinates=[k, slidingCoordinateStartPosition],
                                       numberOfDataCoordinates=2))
    joint = mbs.AddObject(ObjectJointSliding2D(markerNumbers=[markerBodyPositionOfSlidingBody, markers[k]],
                                               slidingMarkerNumbers=markers, slidingMarkerOffsets=offsets,
                                               nodeNumber=data))
    return [joint]


def GenerateAleSlidingJoint(mbs, cableObjectList, markerBodyPositionOfSlidingBody, AleNode,
                            localMarkerIndexOfStartCable=0, AleSlidingOffset=0, activeConnector=True,
                            penaltyStiffness=0):
    """An ObjectJointALEMoving2D of the position marker ``markerBodyPositionOfSlidingBody`` on the
    ALE cables ``cableObjectList`` (a MarkerBodyCable2DCoordinates on each, the elements' offsets
    their summed lengths, a NodeGenericData starting at the element ``localMarkerIndexOfStartCable``,
    the shared ALE node ``AleNode``); the penalty formulation where penaltyStiffness != 0.
    Returns [the joint's object index]."""
    markers, offsets, s = [], [], 0.
    for cable in cableObjectList:
        markers.append(mbs.AddMarker(MarkerBodyCable2DCoordinates(bodyNumber=cable)))
        offsets.append(s)
        s += mbs.GetObjectParameter(cable, 'length')
    nData = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[localMarkerIndexOfStartCable]))
    joint = mbs.AddObject(ObjectJointALEMoving2D(
        markerNumbers=[markerBodyPositionOfSlidingBody, markers[localMarkerIndexOfStartCable]],
        slidingMarkerNumbers=markers, slidingMarkerOffsets=offsets, slidingOffset=AleSlidingOffset,
        nodeNumbers=[nData, AleNode], usePenaltyFormulation=penaltyStiffness != 0, penaltyStiffness=penaltyStiffness,
        activeConnector=activeConnector))
    return [joint]
