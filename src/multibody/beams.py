"""Helpers that build cables of ANCF elements, as Exudyn's ``exudyn.beams``."""
import warnings

import numpy as np

from .itemInterface import (LoadMassProportional, MarkerBodyCable2DCoordinates, MarkerBodyMass, MarkerNodeCoordinate,
                            NodeGenericData, NodePoint2DSlope1, NodePointGround, ObjectConnectorCoordinate,
                            ObjectJointALEMoving2D)

__all__ = ["GenerateStraightLineANCFCable2D", "GenerateCircularArcANCFCable2D", "PointsAndSlopes2ANCFCable2D",
           "GenerateBeamElementsAlongLine", "GenerateAleSlidingJoint"]


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
    warnings.warn("beams.GenerateStraightLineANCFCable2D is deprecated since 1.11.0 and removed in 2029; "
                  "use beams.GenerateBeamElementsAlongLine instead", DeprecationWarning, stacklevel=2)
    n = int(numberOfElements)
    if n < 1:
        raise ValueError(f"GenerateStraightLineANCFCable2D: numberOfElements must be >= 1, received {numberOfElements}")
    p0 = np.asarray(positionOfNode0, dtype=float)
    p1 = np.asarray(positionOfNode1, dtype=float)
    line = p1 - p0
    length = float(np.linalg.norm(line))
    if not length > 0:
        raise ValueError("GenerateStraightLineANCFCable2D: positionOfNode0 and positionOfNode1 must differ")
    slope = line / length
    positions = [positionOfNode0]
    node = nodeNumber0 if nodeNumber0 != -1 else \
        mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[p0[0], p0[1], slope[0], slope[1]]))
    nodes, objects, loads = [node], [], []
    with_load = bool(np.any(np.asarray(massProportionalLoad, dtype=float) != 0))
    for i in range(n):
        p = [float(x) for x in p0 + (i + 1) * line / n]
        positions.append(p)
        if i == n - 1 and nodeNumber1 != -1:
            node = nodeNumber1
        else:
            node = mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[p[0], p[1], slope[0], slope[1]]))
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
