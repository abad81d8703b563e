"""Explicit Lie group Runge-Kutta integration with the names of Exudyn's
``exudyn.lieGroupIntegration`` (1.13).

Two parts:

* Euler's equations of a single rigid body in rotation-vector form (``v`` rotation vector,
  ``w`` body-fixed angular velocity, ``w_t = ODE2RHS(v, w)``), integrated by the Lie group
  (Munthe-Kaas) Euler and RK4 methods, with ``CompositionRuleForRotationVectors`` as update.
* An RK4 step of a whole system for a solver's Newton user function
  (``solver.SetUserFunctionNewton(mbs, UserFunctionNewtonLieGroupRK4)`` after
  ``LieGroupExplicitRKInitialize(mbs)``): the rotation parameters of NodeRigidBodyRotVecLG nodes
  are updated by composition with the reference rotation, the other coordinates additively;
  ConnectorCoordinate constraints (to ground, or between two coordinates) are imposed directly
  on the coordinates. The system is accessed through its public API only (``mbs.systemData``,
  ``mbs.GetNode``, ...), the solver through ``ComputeODE2RHS``, ``GetSystemResidual``,
  ``ComputeMassMatrix``, ``GetSystemMassMatrix``, ``GetODE2size`` and ``it.currentStepSize``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Optional, Sequence  # noqa: F401

import numpy as np

from multibody._apidoc import attach_parameter_docs, Matrix, Vector  # noqa: F401
from multibody.enums import ConfigurationType
from multibody.errors import ExudynIndexError, ExudynValueError
from multibody.lieGroupBasics import CompositionRuleForRotationVectors, TExpSO3Inv

if TYPE_CHECKING:
    from multibody.model.main_system import MainSystem

__all__ = [
    "ComputeStepWithRK1", "ComputeStepWithRK1FromAcceleration", "ComputeStepWithRK4",
    "RK_SolveEulersEOMWithProposedApproach", "LieGroupExplicitRKInitialize",
    "ExplicitRKApplyCoordinateConstraints", "ExplicitRKComputeSystemAcceleration",
    "LieGroupUpdateStageSystemCoordinates", "LieGroupComputeKstage", "UserFunctionNewtonLieGroupRK4",
]

# node type whose rotation parameters live on the Lie group
_LIE_GROUP_NODE_TYPE = "RigidBodyRotVecLG"
# what LieGroupExplicitRKInitialize stores in mbs.sys
_SYS_KEYS = ("lieGroupODE2indices", "lieGroupReferenceRotations", "constrainedToGroundCoordinatesList",
             "constrainedCoordinatesList")


# ---------------------------------------------------------------------------------------------
# Euler's equations of one rigid body


def ComputeStepWithRK1FromAcceleration(v0_t: Vector, v0: Vector, w0: Vector, h: float):
    """Lie group Euler step for a given angular acceleration ``v0_t``:
    ``w1 = w0 + h v0_t``, ``v1 = v0 o (h w1)``; returns ``[v1, w1]``."""
    w1 = np.asarray(w0, dtype=float) + h * np.asarray(v0_t, dtype=float)
    return [CompositionRuleForRotationVectors(v0, h * w1), w1]


def ComputeStepWithRK1(ODE2RHS: Callable[..., Any], v0: Vector, w0: Vector, h: float):
    """Lie group Euler step ``w1 = w0 + h ODE2RHS(v0, w0)``, ``v1 = v0 o (h w1)``; returns ``[v1, w1]``."""
    return ComputeStepWithRK1FromAcceleration(ODE2RHS(v0, w0), v0, w0, h)


def ComputeStepWithRK4(ODE2RHS: Callable[..., Any], v0: Vector, w0: Vector, h: float):
    """Runge-Kutta-Munthe-Kaas step of order 4; returns ``[v1, w1]``.

    Stage i has ``v_i = v0 o (h c_i K_{i-1})``, ``w_i = w0 + h c_i k_{i-1}`` (c = 0, 1/2, 1/2, 1),
    ``k_i = ODE2RHS(v_i, w_i)`` and ``K_i = TExpSO3Inv(h c_i K_{i-1}) w_i``; then
    ``v1 = v0 o (h/6 (K_1 + 2 K_2 + 2 K_3 + K_4))`` and ``w1 = w0 + h/6 (k_1 + 2 k_2 + 2 k_3 + k_4)``.
    """
    v0 = np.asarray(v0, dtype=float)
    w0 = np.asarray(w0, dtype=float)
    K, k = [], []
    K_prev, k_prev = np.zeros(3), np.zeros(3)
    for c in (0.0, 0.5, 0.5, 1.0):
        increment = h * c * K_prev
        v = CompositionRuleForRotationVectors(v0, increment)
        w = w0 + h * c * k_prev
        k_prev = np.asarray(ODE2RHS(v, w), dtype=float)
        K_prev = TExpSO3Inv(increment) @ w
        K.append(K_prev)
        k.append(k_prev)
    v1 = CompositionRuleForRotationVectors(v0, h / 6.0 * (K[0] + 2.0 * K[1] + 2.0 * K[2] + K[3]))
    w1 = w0 + h / 6.0 * (k[0] + 2.0 * k[1] + 2.0 * k[2] + k[3])
    return [v1, w1]


def RK_SolveEulersEOMWithProposedApproach(ODE2RHS: Callable[..., Any], v0: Vector, w0: Vector, tEnd: float,
                                          numberOfSteps: int, solver: Any):
    """Integrate Euler's equations from t = 0 to tEnd in numberOfSteps steps of the Lie group
    method ``solver`` ('RK1' or 'RK4').

    Returns
    -------
    dict with 'time' (numberOfSteps+1,), 'rotationVector' and 'angularVelocity' (numberOfSteps+1, 3)
    """
    steps = {"RK1": ComputeStepWithRK1, "RK4": ComputeStepWithRK4}
    if not isinstance(solver, str) or solver not in steps:
        raise ExudynValueError(f'RK_SolveEulersEOMWithProposedApproach: solver must be "RK1" or "RK4", '
                               f"received: {solver}")
    h = tEnd / numberOfSteps
    time = np.arange(numberOfSteps + 1) * h
    rotation = np.zeros((numberOfSteps + 1, 3))
    velocity = np.zeros((numberOfSteps + 1, 3))
    rotation[0], velocity[0] = v0, w0
    for i in range(numberOfSteps):
        rotation[i + 1], velocity[i + 1] = steps[solver](ODE2RHS, rotation[i], velocity[i], h)
    return {"time": time, "rotationVector": rotation, "angularVelocity": velocity}


# ---------------------------------------------------------------------------------------------
# explicit Lie group RK4 of a system


def _coordinate_constraint_indices(mainSys, objectNumber, item):
    """ODE2 indices of the two markers of an active ConnectorCoordinate ``item`` (None for ground),
    or None (with Exudyn's message) if its offset or factor cannot be imposed on coordinates."""
    if item["factor1"] != 1:
        print("ConnectorCoordinate.factor1 must be 1., otherwise connector constraint cannot be resolved!")
        return None
    if item["offset"] != 0:
        print("ConnectorCoordinate.offset must be 0., otherwise connector constraint cannot be resolved!")
        return None
    indices = []
    for marker_number in item["markerNumbers"]:
        marker = mainSys.GetMarker(marker_number)
        node_number = marker["nodeNumber"]
        if "Ground" in mainSys.GetNode(node_number)["nodeType"]:
            indices.append(None)
        else:
            indices.append(mainSys.GetNodeODE2Index(node_number) + marker["coordinate"])
    if indices == [None, None]:
        raise ExudynIndexError(f"LieGroupExplicitRKInitialize: ConnectorCoordinate {objectNumber} has both "
                               "markers on ground nodes")
    return indices


def LieGroupExplicitRKInitialize(mainSys: MainSystem):
    """Store in ``mainSys.sys`` what the Lie group RK4 step needs: 'lieGroupODE2indices' (first ODE2
    index of each NodeRigidBodyRotVecLG), 'lieGroupReferenceRotations' (their reference rotation
    vectors), 'constrainedToGroundCoordinatesList' (ODE2 indices fixed by a ConnectorCoordinate to
    ground) and 'constrainedCoordinatesList' ([i0, i1] pairs set equal by a ConnectorCoordinate).
    Call it after ``mbs.Assemble()``."""
    indices, rotations = [], []
    for node_number in range(mainSys.systemData.NumberOfNodes()):
        node = mainSys.GetNode(node_number)
        if node["nodeType"] == _LIE_GROUP_NODE_TYPE:
            indices.append(mainSys.GetNodeODE2Index(node_number))
            rotations.append(np.array(node["referenceCoordinates"][3:6], dtype=float))
    to_ground, pairs = [], []
    for object_number in range(mainSys.systemData.NumberOfObjects()):
        item = mainSys.GetObject(object_number)
        if item["objectType"] != "ConnectorCoordinate" or not item["activeConnector"]:
            continue
        marker_indices = _coordinate_constraint_indices(mainSys, object_number, item)
        if marker_indices is None:
            continue
        if None in marker_indices:
            to_ground.append(marker_indices[0] if marker_indices[1] is None else marker_indices[1])
        else:
            pairs.append(marker_indices)
    mainSys.sys["lieGroupODE2indices"] = indices
    mainSys.sys["lieGroupReferenceRotations"] = rotations
    mainSys.sys["constrainedToGroundCoordinatesList"] = to_ground
    mainSys.sys["constrainedCoordinatesList"] = pairs


def _initialized(mainSys):
    """``mainSys.sys`` with the data of LieGroupExplicitRKInitialize."""
    if not all(key in mainSys.sys for key in _SYS_KEYS):
        raise ExudynValueError("lieGroupIntegration: call LieGroupExplicitRKInitialize(mbs) before the "
                               "Lie group RK steps")
    return mainSys.sys


def ExplicitRKApplyCoordinateConstraints(mainSys: MainSystem):
    """Impose the ConnectorCoordinate constraints on the current ODE2 coordinates and velocities:
    zero for those constrained to ground, then ``q[i1] = q[i0]`` for each pair [i0, i1] in turn."""
    data = _initialized(mainSys)
    q = mainSys.systemData.GetODE2Coordinates()
    q_t = mainSys.systemData.GetODE2Coordinates_t()
    for i in data["constrainedToGroundCoordinatesList"]:
        q[i] = q_t[i] = 0.0
    for i0, i1 in data["constrainedCoordinatesList"]:
        q[i1], q_t[i1] = q[i0], q_t[i0]
    mainSys.systemData.SetODE2Coordinates(q)
    mainSys.systemData.SetODE2Coordinates_t(q_t)


def ExplicitRKComputeSystemAcceleration(mainSolver: Any, mainSys: MainSystem, nODE2: int):
    """ODE2 accelerations ``M^-1 f`` of the current state, with M and f from ``mainSolver``.

    For each pair [i0, i1] of 'constrainedCoordinatesList', in turn, as Exudyn does:
    ``M[i0,i0] += M[i0,i1] + M[i1,i0] + M[i1,i1]`` and ``f[i0] += f[i1]`` before solving.
    """
    mainSolver.ComputeODE2RHS(mainSys)
    rhs = np.array(mainSolver.GetSystemResidual(), dtype=float)[:nODE2]
    mainSolver.ComputeMassMatrix(mainSys)
    mass = mainSolver.GetSystemMassMatrix()
    mass = np.array(mass.toarray() if hasattr(mass, "toarray") else mass, dtype=float)
    for i0, i1 in _initialized(mainSys)["constrainedCoordinatesList"]:
        mass[i0, i0] = mass[i0, i0] + mass[i0, i1] + mass[i1, i0] + mass[i1, i1]
        rhs[i0] += rhs[i1]
    return np.linalg.solve(mass, rhs)


def LieGroupUpdateStageSystemCoordinates(mainSys: MainSystem, u0: Vector, v0: Vector, nODE2: int, Kprev: Matrix,
                                         kprev: Matrix, factK: float):
    """Set the system state of a stage: ``u = u0 + factK Kprev``, ``v = v0 + factK kprev``, with the
    rotation vector psi of each Lie group node composed instead,
    ``psi = (psi_ref + psi0) o (factK Kprev_psi) - psi_ref``; then impose the coordinate constraints."""
    u0, v0 = np.asarray(u0, dtype=float), np.asarray(v0, dtype=float)
    Kprev, kprev = np.asarray(Kprev, dtype=float), np.asarray(kprev, dtype=float)
    u = u0 + factK * Kprev
    v = v0 + factK * kprev
    data = _initialized(mainSys)
    for index, reference in zip(data["lieGroupODE2indices"], data["lieGroupReferenceRotations"]):
        j = slice(index + 3, index + 6)
        u[j] = CompositionRuleForRotationVectors(reference + u0[j], factK * Kprev[j]) - reference
    mainSys.systemData.SetODE2Coordinates(u)
    mainSys.systemData.SetODE2Coordinates_t(v)
    ExplicitRKApplyCoordinateConstraints(mainSys)


def LieGroupComputeKstage(mainSys: MainSystem, u0: Vector, v0: Vector, h: float, nODE2: int, Kprev: Matrix,
                          kprev: Matrix, factK: float):
    """Coordinate increment of a stage, ``K = h (v0 + factK kprev)``; for the rotation part of each
    Lie group node ``K_psi = h TExpSO3Inv(factK Kprev_psi) (v0 + factK kprev)_psi``."""
    velocity = np.asarray(v0, dtype=float) + factK * np.asarray(kprev, dtype=float)
    Kprev = np.asarray(Kprev, dtype=float)
    K = h * velocity
    for index in _initialized(mainSys)["lieGroupODE2indices"]:
        j = slice(index + 3, index + 6)
        K[j] = h * (TExpSO3Inv(factK * Kprev[j]) @ velocity[j])
    return K


def UserFunctionNewtonLieGroupRK4(mainSolver: Any, mainSys: MainSystem, sims: Any):
    """Newton user function of an implicit solver that replaces the step by an explicit Lie group
    RK4 step from the start-of-step state (time step ``mainSolver.it.currentStepSize``); returns True."""
    h = mainSolver.it.currentStepSize
    data = mainSys.systemData
    t0 = data.GetTime(ConfigurationType.StartOfStep)
    n = mainSolver.GetODE2size()
    u0 = np.array(data.GetODE2Coordinates(), dtype=float)
    v0 = np.array(data.GetODE2Coordinates_t(), dtype=float)
    K, k = [], []
    K_prev, k_prev = np.zeros(n), np.zeros(n)
    for c in (0.0, 0.5, 0.5, 1.0):
        data.SetTime(t0 + c * h)
        if c != 0.0:
            LieGroupUpdateStageSystemCoordinates(mainSys, u0, v0, n, K_prev, k_prev, c)
        k_new = h * ExplicitRKComputeSystemAcceleration(mainSolver, mainSys, n)
        K_prev = LieGroupComputeKstage(mainSys, u0, v0, h, n, K_prev, k_prev, c)
        k_prev = k_new
        K.append(K_prev)
        k.append(k_prev)
    data.SetTime(t0 + h)
    LieGroupUpdateStageSystemCoordinates(mainSys, u0, v0, n, (K[0] + 2.0 * K[1] + 2.0 * K[2] + K[3]) / 6.0,
                                         (k[0] + 2.0 * k[1] + 2.0 * k[2] + k[3]) / 6.0, 1.0)
    return True

attach_parameter_docs(globals(), __all__)
