"""Triangular solves with the factors of a sparse LU (SuperLU's L and U in CSC form), their
refactorization with a fixed pivot order, and the LDL^T factorization of symmetric matrices in the
same arrays.

With ``Pr A Pc = L U`` (scipy's convention: ``(Pr b)[perm_r[i]] = b[i]``, ``x[i] = y[perm_c[i]]``):
    A x = b  <=>  L U y = Pr b,  x = Pc y.

LDL^T mode (``U_ptr`` empty): P A P^T = L D L^T for a symmetric A, with L unit lower triangular
(CSC, its strict lower part only, rows ascending), ``U_val`` the diagonal D, ``U_ind`` the symbolic
data of ``ldl_layout``, ``perm_r = perm_c`` the positions of the ordering, ``U_diag`` and ``scale``
empty. L D L^T needs half the operations of an LU and its factors half the memory; the backward
solve reads L's columns as dot products (no stores), so a solve takes about half the time too.
"""
import numpy as np

from ._jit import njit


@njit
def diagonal_positions(indptr, indices):
    """Position of the diagonal entry of each column of a CSC upper-triangular matrix (-1: none)."""
    n = indptr.shape[0] - 1
    pos = np.full(n, -1, dtype=np.int64)
    for j in range(n):
        for p in range(indptr[j], indptr[j + 1]):
            if indices[p] == j:
                pos[j] = p
    return pos


@njit
def unit_diagonal_first(L_ptr, L_ind):
    """True if every column of L (lower triangular, CSC) stores its diagonal first: lu_refactor's
    updates below the diagonal then run branch-free from a column's second entry (12 % less time
    per refactorization of the planar truss, n = 2080; SuperLU's sorted columns and KLU's columns
    have it so). Not used by lu_solve: there the check, once per solve, cost more than the loop
    gained (chain n = 11264: 233 -> 246 us, the check 9 us); lu_solve restores the diagonal row
    after the column instead."""
    for j in range(L_ptr.shape[0] - 1):
        if L_ptr[j] == L_ptr[j + 1] or L_ind[L_ptr[j]] != j:
            return False
    return True


@njit
def lu_solve(L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, b, x, work):
    """x = A^-1 b from the CSC factors (L with unit diagonal, which is skipped if stored); in LDL^T
    mode (U_ptr empty) from L and D = U_val.

    The inner loops have no test: a column of L updates every row it stores and then gives its
    diagonal row (L's only stored row not below the diagonal) its value back; a column of U
    skips its diagonal by the position U_diag. Row indices are read as unsigned, which spares
    each access the test for a negative index. The same operations on every other entry as with
    a test per entry (bit for bit), in 0.7-0.85 of the time (slider-cranks N = 64, KLU n = 3072:
    116 -> 89 us; spherical chain N = 64, SuperLU n = 704: 18.5 -> 15.4 us; planar truss N = 256,
    L D L^T n = 528: 46 -> 32 us)."""
    n = b.shape[0]
    y = work
    for i in range(n):
        y[perm_r[i]] = b[i]
    for j in range(n):
        yj = y[j]
        if yj != 0.0:
            for p in range(L_ptr[j], L_ptr[j + 1]):
                y[np.uint64(L_ind[p])] -= L_val[p] * yj
            y[j] = yj
    if U_ptr.shape[0] == 0:
        # L^T x = D^-1 y: the columns of L (strictly below the diagonal) as dot products
        for j in range(n - 1, -1, -1):
            s = y[j] / U_val[j]
            for p in range(L_ptr[j], L_ptr[j + 1]):
                s -= L_val[p] * y[np.uint64(L_ind[p])]
            y[j] = s
    else:
        for j in range(n - 1, -1, -1):
            d = U_diag[j]
            yj = y[j] / U_val[d]
            y[j] = yj
            if yj != 0.0:
                for p in range(U_ptr[j], d):
                    y[np.uint64(U_ind[p])] -= U_val[p] * yj
                for p in range(d + 1, U_ptr[j + 1]):
                    y[np.uint64(U_ind[p])] -= U_val[p] * yj
    for i in range(n):
        x[i] = y[perm_c[i]]


@njit
def lu_refactor(Ap, Ai, Ax, L_ptr, L_ind, L_val, U_ptr, U_ind, U_val, U_diag, perm_r, perm_c, scale, pivot_tol,
                singular):
    """The LU of A (CSC Ap, Ai, Ax) with the pivot order and the sparsity of the factors of an
    earlier matrix of the same pattern (KLU's refactorization): L U = P (S A) Q with the row and
    column positions perm_r, perm_c of those factors, written into their values in place. S: where
    ``scale`` has n entries, the rows scaled as KLU does (scale[i] = 1 / max_j |a_ij|, recomputed),
    else none. Left-looking, column by column (the rows of each column of U ascending, its diagonal
    last); the pattern must hold every entry and update (``refactor_pattern_fits``, checked once
    per set of factors). Factors whose U_diag has one more entry (n + 1) may leave out entries of A
    that were zero (a pruned pattern, LinearSolver._factorize_pruned): such an entry adds nothing
    while it stays zero, and a nonzero one is found in the work column after its column is done
    (a second pass over the column's entries of A, up to 20 % of the time: made only for such
    factors). Returns 1 done; 0 a pivot below ``pivot_tol`` times the largest entry of its column
    (the old order no longer fits), below ``singular`` (scaled rows; else times
    max(max |a_ij|, 1)) or not finite; 2 an entry of A outside the factors' pattern is not zero.
    Values are undefined unless 1. In LDL^T mode (U_ptr empty): ``ldl_refactor``."""
    if U_ptr.shape[0] == 0:
        return ldl_refactor(Ax, L_ptr, L_ind, L_val, U_ind, U_val, pivot_tol, singular)
    n = perm_r.shape[0]
    scaled = scale.shape[0] == n
    pruned = U_diag.shape[0] > n
    amax = 1.0
    if scaled:
        for i in range(n):
            scale[i] = 0.0
        for p in range(Ap[n]):
            a = abs(Ax[p])
            if a > scale[Ai[p]]:
                scale[Ai[p]] = a
        for i in range(n):
            if not (scale[i] > 0.0 and scale[i] < np.inf):
                return 0
            scale[i] = 1.0 / scale[i]
    else:
        for p in range(Ap[n]):
            a = abs(Ax[p])
            if not a < np.inf:
                return 0
            if a > amax:
                amax = a
    tiny = singular if scaled else singular * amax
    x = np.zeros(n)
    col = np.empty(n, dtype=np.int64)
    for j in range(n):
        col[perm_c[j]] = j
    below = 1 if unit_diagonal_first(L_ptr, L_ind) else 0     # first entry below L's diagonal
    for k in range(n):
        j = col[k]
        if scaled:
            for p in range(Ap[j], Ap[j + 1]):
                i = Ai[p]
                x[perm_r[i]] += Ax[p] * scale[i]
        else:
            for p in range(Ap[j], Ap[j + 1]):
                x[perm_r[Ai[p]]] += Ax[p]
        for p in range(U_ptr[k], U_diag[k]):
            r = U_ind[p]
            ur = x[r]
            x[r] = 0.0
            U_val[p] = ur
            if ur != 0.0:
                if below:
                    for q in range(L_ptr[r] + 1, L_ptr[r + 1]):
                        x[L_ind[q]] -= L_val[q] * ur
                else:
                    for q in range(L_ptr[r], L_ptr[r + 1]):
                        i = L_ind[q]
                        if i > r:
                            x[i] -= L_val[q] * ur
        d = x[k]
        x[k] = 0.0
        cmax = abs(d)
        for p in range(L_ptr[k], L_ptr[k + 1]):
            i = L_ind[p]
            if i > k and abs(x[i]) > cmax:
                cmax = abs(x[i])
        if not (abs(d) >= pivot_tol * cmax and abs(d) > tiny):
            return 0
        U_val[U_diag[k]] = d
        for p in range(L_ptr[k], L_ptr[k + 1]):
            i = L_ind[p]
            if i > k:
                L_val[p] = x[i] / d
                x[i] = 0.0
            elif i == k:
                L_val[p] = 1.0
        if pruned:
            # every position of the column's pattern is zero again: one that is not held an entry
            # of A outside the pattern
            for p in range(Ap[j], Ap[j + 1]):
                if x[perm_r[Ai[p]]] != 0.0:
                    return 2
    return 1


@njit
def refactor_pattern_fits(Ap, Ai, L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_r, perm_c):
    """True if lu_refactor may refactorize matrices of pattern (Ap, Ai) into these factors: every
    entry of A and every update of the left-looking elimination falls into the factors' pattern
    (the columns of U ascending, their diagonal last: U_diag[k] = U_ptr[k + 1] - 1)."""
    n = perm_r.shape[0]
    mark = np.full(n, -1, dtype=np.int64)
    col = np.empty(n, dtype=np.int64)
    for j in range(n):
        col[perm_c[j]] = j
    for k in range(n):
        if U_diag[k] != U_ptr[k + 1] - 1 or U_ind[U_diag[k]] != k:
            return False
        for p in range(U_ptr[k], U_ptr[k + 1]):
            if p > U_ptr[k] and U_ind[p] <= U_ind[p - 1]:
                return False
            mark[U_ind[p]] = k
        for p in range(L_ptr[k], L_ptr[k + 1]):
            if L_ind[p] < k:
                return False
            mark[L_ind[p]] = k
        j = col[k]
        for p in range(Ap[j], Ap[j + 1]):
            if mark[perm_r[Ai[p]]] != k:
                return False
        for p in range(U_ptr[k], U_diag[k]):
            r = U_ind[p]
            for q in range(L_ptr[r], L_ptr[r + 1]):
                i = L_ind[q]
                if i > r and mark[i] != k:
                    return False
    return True


@njit
def sort_columns(indptr, indices, values):
    """Sort the row indices of each column of a CSC matrix ascending, with their values, in place
    (insertion sort: the columns of the factors are short and nearly sorted)."""
    for j in range(indptr.shape[0] - 1):
        for p in range(indptr[j] + 1, indptr[j + 1]):
            i, v = indices[p], values[p]
            q = p - 1
            while q >= indptr[j] and indices[q] > i:
                indices[q + 1] = indices[q]
                values[q + 1] = values[q]
                q -= 1
            indices[q + 1] = i
            values[q + 1] = v


@njit
def prepare_refactor(Ap, Ai, L_ptr, L_ind, U_ptr, U_ind, U_val, perm_r, perm_c):
    """The factors of a full factorization made ready for lu_refactor in one call (one kernel to
    load at the first sparse factorization of a process instead of two, 1.2-2 ms each): the
    columns of U sorted where they are not (KLU leaves its rows unsorted, the diagonal last),
    the positions of U's diagonal, and whether matrices of pattern (Ap, Ai) fit the factors
    (refactor_pattern_fits). Returns (fits, U_diag)."""
    n = U_ptr.shape[0] - 1
    unsorted = False
    for k in range(n):
        for p in range(U_ptr[k] + 1, U_ptr[k + 1]):
            if U_ind[p] <= U_ind[p - 1]:
                unsorted = True
    if unsorted:
        sort_columns(U_ptr, U_ind, U_val)
    U_diag = diagonal_positions(U_ptr, U_ind)
    return refactor_pattern_fits(Ap, Ai, L_ptr, L_ind, U_ptr, U_ind, U_diag, perm_r, perm_c), U_diag


# The relative difference |a_ij - a_ji| / max |a| up to which a matrix counts as symmetric for its
# LDL^T factorization: round-off of assembling the same term twice (planar truss and distance
# chain: 0; 3D slider-crank: 1.8e-14). A Newton matrix with a genuinely unsymmetric part (damping
# forces that depend on the positions: 3e-6; index-2 constraint rows: 1) takes the LU.
LDL_SYMMETRY_RTOL = 1e-12


@njit
def ldl_layout(sym):
    """The parts of the symbolic data of an LDL^T factorization (one int64 array, ``U_ind`` of the
    factor arrays): n, the number nc of entries of C (the upper triangle with diagonal of P A P^T,
    CSC), the elimination tree ``parent``, C's ``Cp``, ``Ci``, for each entry of C the position
    ``Cup`` of its value in A's CSC data and ``Clo`` of the transposed entry's, and the work
    arrays ``flag``, ``stack``, ``count`` of a factorization (overwritten by each)."""
    n, nc = sym[0], sym[1]
    o = 2
    parent = sym[o:o + n]
    o += n
    Cp = sym[o:o + n + 1]
    o += n + 1
    Ci = sym[o:o + nc]
    o += nc
    Cup = sym[o:o + nc]
    o += nc
    Clo = sym[o:o + nc]
    o += nc
    flag = sym[o:o + n]
    o += n
    stack = sym[o:o + n]
    o += n
    count = sym[o:o + n]
    return parent, Cp, Ci, Cup, Clo, flag, stack, count


def ldl_symbolic_size(n, nc):
    """Length of the int64 array of ``ldl_layout`` (plain Python)."""
    return 2 + 6 * n + 1 + 3 * nc


@njit
def ldl_symbolic(sym):
    """The elimination tree (``parent``) of C and the number of entries of each column of L
    (``count``), by the up-looking row patterns (Liu; as T. Davis's LDL package)."""
    parent, Cp, Ci, Cup, Clo, flag, stack, count = ldl_layout(sym)
    n = parent.shape[0]
    for k in range(n):
        parent[k] = -1
        flag[k] = k
        count[k] = 0
        for p in range(Cp[k], Cp[k + 1]):
            i = Ci[p]
            if i < k:
                while flag[i] != k:
                    if parent[i] == -1:
                        parent[i] = k
                    count[i] += 1
                    flag[i] = k
                    i = parent[i]


@njit
def ldl_refactor(Ax, L_ptr, L_ind, L_val, sym, D, pivot_tol, singular):
    """P A P^T = L D L^T of the symmetric matrix A (CSC data ``Ax`` of the pattern ``sym`` was
    made for) into L (pattern from ``ldl_symbolic``, rows rewritten) and D, up-looking row by row
    without pivoting. Returns 1 done; 0 if A is not symmetric (LDL_SYMMETRY_RTOL), an entry is not
    finite, an entry of L exceeds 1 / ``pivot_tol`` (the growth lu_refactor allows: a pivot below
    ``pivot_tol`` times its column) or a pivot |d_k| is not above ``singular`` max(max |a_ij|, 1).
    Values are undefined unless 1."""
    parent, Cp, Ci, Cup, Clo, flag, stack, count = ldl_layout(sym)
    n = D.shape[0]
    amax = 0.0
    for p in range(Cp[n]):
        a = abs(Ax[Cup[p]])
        if not a < np.inf:
            return 0
        if a > amax:
            amax = a
    for p in range(Cp[n]):
        if abs(Ax[Cup[p]] - Ax[Clo[p]]) > LDL_SYMMETRY_RTOL * amax:
            return 0
    tiny = singular * max(amax, 1.0)
    growth = 1.0 / pivot_tol
    y = np.zeros(n)
    for k in range(n):
        top = n
        flag[k] = k
        count[k] = 0
        for p in range(Cp[k], Cp[k + 1]):
            i = Ci[p]
            y[i] += Ax[Cup[p]]
            depth = 0
            while flag[i] != k:
                stack[depth] = i
                depth += 1
                flag[i] = k
                i = parent[i]
            while depth > 0:
                top -= 1
                depth -= 1
                stack[top] = stack[depth]
        d = y[k]
        y[k] = 0.0
        for t in range(top, n):
            i = stack[t]
            yi = y[i]
            y[i] = 0.0
            end = L_ptr[i] + count[i]
            # (row indices read as unsigned, as in lu_solve: the planar truss's refactorization,
            # n = 528 and 2080, in 0.7-0.9 of the time, the distance chain's, n = 1024, as
            # before; bit for bit)
            for p in range(L_ptr[i], end):
                y[np.uint64(L_ind[p])] -= L_val[p] * yi
            lki = yi / D[i]
            if not abs(lki) <= growth:
                return 0
            d -= lki * yi
            L_ind[end] = k
            L_val[end] = lki
            count[i] += 1
        if not abs(d) > tiny:
            return 0
        D[k] = d
    return 1


@njit
def ldl_factorize(sym, Ax, pivot_tol, singular):
    """The first LDL^T factorization of a pattern in one call (one kernel to load): ``ldl_symbolic``,
    L's column pointers, then ``ldl_refactor``. Returns (status, L_ptr, L_ind, L_val, D)."""
    ldl_symbolic(sym)
    count = ldl_layout(sym)[7]
    n = count.shape[0]
    L_ptr = np.zeros(n + 1, dtype=np.int64)
    for j in range(n):
        L_ptr[j + 1] = L_ptr[j] + count[j]
    L_ind = np.empty(L_ptr[n], dtype=np.int64)
    L_val = np.empty(L_ptr[n])
    D = np.empty(n)
    status = ldl_refactor(Ax, L_ptr, L_ind, L_val, sym, D, pivot_tol, singular)
    return status, L_ptr, L_ind, L_val, D
