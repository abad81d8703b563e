"""Scatter of group results into system vectors (Numba).

Every group returns per-item arrays with a local-to-global index map of the same leading
shape (index -1: no coordinate, e.g. padding or ground). These loops add them into the system
vectors without the temporaries of ``np.add.at`` and masks, which dominate small models.
"""
import numpy as np

from ._jit import njit


@njit
def scatter_add(out, index, values, sign):
    """out[index[i, j]] += sign * values[i, j] for index >= 0 (2D index and values)."""
    for i in range(index.shape[0]):
        for j in range(index.shape[1]):
            k = index[i, j]
            if k >= 0:
                out[k] += sign * values[i, j]


@njit
def blocks_times_vector_add(out, index, blocks, x):
    """out[index[i]] += blocks[i] @ x[index[i]]: M a with per-item blocks (n, w, w)."""
    w = index.shape[1]
    for i in range(index.shape[0]):
        for a in range(w):
            ka = index[i, a]
            if ka < 0:
                continue
            acc = 0.0
            for b in range(w):
                kb = index[i, b]
                if kb >= 0:
                    acc += blocks[i, a, b] * x[kb]
            out[ka] += acc


@njit
def transposed_times_multipliers_add(out, col_index, row_index, C, lam):
    """out[col_index[i]] += C[i]^T lam[row_index[i]]: reaction forces C^T lambda per item,
    C (n, E, L), row_index (n, E) into lambda, col_index (n, L) into out."""
    E, L = C.shape[1], C.shape[2]
    for i in range(C.shape[0]):
        for e in range(E):
            r = row_index[i, e]
            if r < 0:
                continue
            le = lam[r]
            if le == 0.0:
                continue
            for l in range(L):
                k = col_index[i, l]
                if k >= 0:
                    out[k] += C[i, e, l] * le


@njit
def marker_vector_loads_add(out, marker, ltg, A, J, F, body_fixed, scale):
    """out[ltg[m]] += scale_i J[m]^T F_i, m = marker[i], with F_i rotated by A[m] if body_fixed[i]:
    forces (J = Jpos), torques (J = Jrot), gravity (scale = marker mass)."""
    K = J.shape[2]
    for i in range(marker.shape[0]):
        m = marker[i]
        f0, f1, f2 = F[i, 0], F[i, 1], F[i, 2]
        if body_fixed[i]:
            g0 = A[m, 0, 0] * f0 + A[m, 0, 1] * f1 + A[m, 0, 2] * f2
            g1 = A[m, 1, 0] * f0 + A[m, 1, 1] * f1 + A[m, 1, 2] * f2
            g2 = A[m, 2, 0] * f0 + A[m, 2, 1] * f1 + A[m, 2, 2] * f2
            f0, f1, f2 = g0, g1, g2
        s = scale[i]
        for k in range(K):
            col = ltg[m, k]
            if col >= 0:
                out[col] += s * (J[m, 0, k] * f0 + J[m, 1, k] * f1 + J[m, 2, k] * f2)


@njit
def csc_pattern(rows, cols, n, slots):
    """The CSC pattern of the (row, col) entries (index < 0: no entry): writes each entry's
    position in the pattern into ``slots`` (nnz for the others) and returns (indices, indptr) with
    the rows of a column ascending, as np.unique of col * n + row would order them. Counting sort
    by column, the distinct rows of a column marked and sorted: O(entries), where np.unique with
    its inverse sorted all entries (0.2 s for the 958464 of 1024 slider-cranks)."""
    m = rows.shape[0]
    count = np.zeros(n + 1, dtype=np.int64)
    for k in range(m):
        if rows[k] >= 0 and cols[k] >= 0:
            count[cols[k] + 1] += 1
    for j in range(n):
        count[j + 1] += count[j]
    order = np.empty(count[n], dtype=np.int64)
    fill = count[:n].copy()
    for k in range(m):
        if rows[k] >= 0 and cols[k] >= 0:
            order[fill[cols[k]]] = k
            fill[cols[k]] += 1
    mark = np.full(n, -1, dtype=np.int64)
    slot_of_row = np.empty(n, dtype=np.int64)
    indices = np.empty(count[n], dtype=np.int64)
    indptr = np.zeros(n + 1, dtype=np.int64)
    nnz = 0
    for j in range(n):
        start = nnz
        for p in range(count[j], count[j + 1]):
            r = rows[order[p]]
            if mark[r] != j:
                mark[r] = j
                indices[nnz] = r
                nnz += 1
        indices[start:nnz].sort()
        for p in range(start, nnz):
            slot_of_row[indices[p]] = p
        for p in range(count[j], count[j + 1]):
            k = order[p]
            slots[k] = slot_of_row[rows[k]]
        indptr[j + 1] = nnz
    for k in range(m):
        if rows[k] < 0 or cols[k] < 0:
            slots[k] = nnz
    return indices[:nnz].copy(), indptr


@njit
def blocks_solve(index, blocks, f, x, pivot_tol):
    """x[index[i]] = blocks[i]^-1 f[index[i]] for every item i: a block-diagonal mass matrix
    solved block by block (the explicit solvers; index (n, w) >= 0, the blocks of different items
    on disjoint coordinates), by Gaussian elimination with row pivoting. A pivot of at most
    pivot_tol max(max |block entry|, 1) counts as singular (the rule of the dense LU,
    linalg.dense_lu_factors, with LinearSolver's SINGULAR_PIVOT). Returns -1, or the global index
    of the first coordinate whose pivot is singular (x is then NaN throughout)."""
    w = index.shape[1]
    A = np.empty((w, w))
    b = np.empty(w)
    for i in range(index.shape[0]):
        scale = 1.0
        for r in range(w):
            b[r] = f[index[i, r]]
            for c in range(w):
                A[r, c] = blocks[i, r, c]
                if abs(A[r, c]) > scale:
                    scale = abs(A[r, c])
        for p in range(w):
            piv, big = p, abs(A[p, p])
            for r in range(p + 1, w):
                if abs(A[r, p]) > big:
                    piv, big = r, abs(A[r, p])
            if not big > pivot_tol * scale:
                for k in range(x.shape[0]):
                    x[k] = np.nan
                return index[i, p]
            if piv != p:
                for c in range(p, w):
                    A[p, c], A[piv, c] = A[piv, c], A[p, c]
                b[p], b[piv] = b[piv], b[p]
            for r in range(p + 1, w):
                m = A[r, p] / A[p, p]
                if m != 0.0:
                    for c in range(p + 1, w):
                        A[r, c] -= m * A[p, c]
                    b[r] -= m * b[p]
        for r in range(w - 1, -1, -1):
            acc = b[r]
            for c in range(r + 1, w):
                acc -= A[r, c] * b[c]
            b[r] = acc / A[r, r]
        for r in range(w):
            x[index[i, r]] = b[r]
    return -1


@njit
def coordinate_loads_add(out, marker, ltg, cJ, load):
    """LoadCoordinate without user function: out[ltg[m]] += cJ[m] load (m = marker[i])."""
    for i in range(marker.shape[0]):
        mk = marker[i]
        for j in range(ltg.shape[1]):
            k = ltg[mk, j]
            if k >= 0:
                out[k] += 1.0 * (cJ[mk, j] * load[i])


@njit
def generic_ode2_lhs(ltg, q, v, K, D, f, Q_out):
    """ObjectGenericODE2 without user functions: Q_out (n, w) = K q + D q_t - f per item, its
    coordinates q[ltg[i]] (ltg padded with -1 up to the widest item: no coordinate)."""
    n, w = ltg.shape[0], ltg.shape[1]
    for i in range(n):
        for a in range(w):
            kq = 0.0
            dv = 0.0
            for b in range(w):
                k = ltg[i, b]
                if k >= 0:
                    kq += K[i, a, b] * q[k]
                    dv += D[i, a, b] * v[k]
            Q_out[i, a] = kq + dv - f[i, a]
