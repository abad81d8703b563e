"""Helpers that build cables of ANCF elements, as Exudyn's ``exudyn.beams``."""
import warnings

import numpy as np

from .itemInterface import (LoadMassProportional, MarkerBodyMass, MarkerNodeCoordinate, NodePoint2DSlope1,
                            NodePointGround, ObjectConnectorCoordinate)

__all__ = ["GenerateStraightLineANCFCable2D"]


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
