"""The stiffness K = -df/dq of the whole ODE2 right-hand side by forward differences with column
groups (Curtis, Powell and Reid 1974): coordinates whose columns share no row of the Jacobian's
pattern are changed together, so that a Jacobian costs one right-hand side per group (about 3 x
the coordinates of a node for chains and trees) instead of one per coordinate.

Used by the static solver for systems with rotational nodes: the items' own Jacobians leave out
the terms that come from the markers' Jacobians changing with the rotation, d(J^T F)/dq with the
force F fixed (a torque through G(theta)^T, a force at a body point through (A b~ G)^T, gravity
on a center of mass off the node), which Newton needs where those forces are large; Exudyn's
static solver converges there (its connectors are differentiated numerically). scipy's column
grouping is private API (scipy.optimize._numdiff), hence this greedy grouping.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def column_groups(indptr, indices, n):
    """Greedy groups of the n columns of the CSC pattern (indptr, indices; rows >= n ignored) such
    that no two columns of a group have a row in common: (group of each column (n,), number)."""
    group = np.full(n, -1, dtype=np.int64)
    used = []           # per group: rows taken (bool (n,))
    for j in range(n):
        rows = indices[indptr[j]:indptr[j + 1]]
        rows = rows[rows < n]
        for k, taken in enumerate(used):
            if not taken[rows].any():
                break
        else:
            k = len(used)
            used.append(np.zeros(n, dtype=bool))
        used[k][rows] = True
        group[j] = k
    return group, len(used)


class ColoredStiffness:
    """K = -df/dq in the ODE2 block's pattern of the system Jacobian (csc indptr, indices of the
    (n, n) matrix; its first n2 rows and columns are the ODE2 block)."""

    def __init__(self, indptr, indices, n2, n):
        indptr = np.asarray(indptr, dtype=np.int64)
        indices = np.asarray(indices, dtype=np.int64)
        self.n2, self.n = n2, n
        self.group, self.n_groups = column_groups(indptr, indices, n2)
        cols = np.repeat(np.arange(n2), np.diff(indptr[:n2 + 1]))
        rows = indices[:indptr[n2]]
        keep = rows < n2
        self.rows, self.cols = rows[keep], cols[keep]
        self.members = [np.nonzero(self.group == k)[0] for k in range(self.n_groups)]
        self.entries = [np.nonzero(self.group[self.cols] == k)[0] for k in range(self.n_groups)]

    def matrix(self, eq, rhs, perturbed, eps_rel, q_min, add_reference):
        """(n, n) sparse matrix with K = -df/dq in its ODE2 block: forward differences of
        f = ``rhs()`` at the kinematics of eq's point, step eps_rel max(q_min, |q_i|) (q_i + its
        reference value with ``add_reference``), coordinates changed by ``perturbed``. The
        point's arrays and kinematics are the point's again after it, to the last bit.
        ``perturbed(q, cols, h)`` changes the coordinates ``cols`` by h[cols] at once."""
        q, v, t = eq.q, eq.v, eq.t
        q0 = q.copy()
        size = np.abs(q0 + eq.c.q_ref) if add_reference else np.abs(q0)
        h = eps_rel * np.maximum(q_min, size[:self.n2])
        data = np.empty(self.rows.shape[0])
        f0 = rhs().copy()
        try:
            for cols, entries in zip(self.members, self.entries):
                q[:] = perturbed(q0, cols, h[cols])
                eq.update_kinematics(q, v, t)
                df = rhs() - f0
                r, cc = self.rows[entries], self.cols[entries]
                data[entries] = -df[r] / h[cc]
        finally:
            q[:] = q0
            eq.update_kinematics(q, v, t)
        return sp.csc_matrix((data, (self.rows, self.cols)), shape=(self.n, self.n))
