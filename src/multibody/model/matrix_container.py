"""exu.MatrixContainer: a dense matrix or sparse triplets, passed to and from user functions.

As Exudyn 1.13.6's (measured): made from a NumPy array (dense) or a SciPy sparse matrix (triplets);
``SetWithSparseMatrix`` takes a SciPy sparse matrix or triplets [[row, col, value], ...] with the
size; ``GetPythonObject`` gives the dense array, or ``{'numberOfRows', 'numberOfColumns',
'triplets'}`` for a sparse one.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def _triplets(matrix, rows, cols):
    """(triplets (k, 3), rows, cols) of a SciPy sparse matrix, or of triplets with the size given."""
    if sp.issparse(matrix):
        m = sp.coo_matrix(matrix)
        order = np.lexsort((m.col, m.row))
        t = np.column_stack([m.row[order], m.col[order], m.data[order]]).astype(float)
        return t.reshape(-1, 3), m.shape[0], m.shape[1]
    t = np.asarray(matrix, dtype=float)
    if t.size == 0:
        t = np.zeros((0, 3))
    if t.ndim != 2 or t.shape[1] != 3:
        raise ValueError("MatrixContainer: sparse triplets must be rows [row, column, value]; "
                         f"received an array of shape {t.shape}")
    if rows < 0 or cols < 0:
        raise ValueError("MatrixContainer: triplets need numberOfRows and numberOfColumns")
    return t, int(rows), int(cols)


class MatrixContainer:
    """Dense matrix or sparse triplets with a size (Exudyn's MatrixContainer)."""

    def __init__(self, matrix=None):
        self._dense = None
        self._triplets = np.zeros((0, 3))
        self._shape = (0, 0)
        if matrix is None:
            self._dense = np.zeros((0, 0))
        elif sp.issparse(matrix):
            self.SetWithSparseMatrix(matrix)
        else:
            self.SetWithDenseMatrix(matrix, useDenseMatrix=True)

    # ---------------------------------------------------------------- setting
    def Initialize(self, numberOfRows, numberOfColumns, useDenseMatrix=True):
        """An all-zero matrix of the size, dense or sparse."""
        self._shape = (int(numberOfRows), int(numberOfColumns))
        self._dense = np.zeros(self._shape) if useDenseMatrix else None
        self._triplets = np.zeros((0, 3))

    def SetWithDenseMatrix(self, pyArray, useDenseMatrix=False, factor=1.0):
        a = np.array(pyArray, dtype=float) * float(factor)
        if a.ndim != 2:
            raise ValueError(f"MatrixContainer.SetWithDenseMatrix: expected a 2D array, received shape {a.shape}")
        self._shape = a.shape
        if useDenseMatrix:
            self._dense, self._triplets = a, np.zeros((0, 3))
        else:
            rows, cols = np.nonzero(a)
            self._dense = None
            self._triplets = np.column_stack([rows, cols, a[rows, cols]]).astype(float).reshape(-1, 3)

    def SetWithSparseMatrix(self, sparseMatrix, numberOfRows=-1, numberOfColumns=-1, useDenseMatrix=False,
                            factor=1.0):
        """A SciPy sparse matrix (its size) or triplets [[row, column, value], ...] with the size."""
        t, rows, cols = _triplets(sparseMatrix, numberOfRows, numberOfColumns)
        t = t.copy()
        t[:, 2] *= float(factor)
        self._shape = (rows, cols)
        if useDenseMatrix:
            self._dense, self._triplets = self._to_dense(t), np.zeros((0, 3))
        else:
            self._dense, self._triplets = None, t

    def SetWithSparseMatrixCSR(self, numberOfRowsInit, numberOfColumnsInit, pyArrayCSR, useDenseMatrix=False,
                               factor=1.0):
        """Triplets [[row, column, value], ...] with the size (the older name)."""
        self.SetWithSparseMatrix(pyArrayCSR, numberOfRowsInit, numberOfColumnsInit, useDenseMatrix, factor)

    def AddSparseMatrix(self, sparseMatrix, factor=1.0):
        """Add a SciPy sparse matrix times factor to the initialized matrix."""
        t, rows, cols = _triplets(sparseMatrix, self._shape[0], self._shape[1])
        if rows > self._shape[0] or cols > self._shape[1]:
            raise ValueError(f"MatrixContainer.AddSparseMatrix: a {rows} x {cols} matrix does not fit into "
                             f"{self._shape[0]} x {self._shape[1]}")
        t = t.copy()
        t[:, 2] *= float(factor)
        if self._dense is not None:
            np.add.at(self._dense, (t[:, 0].astype(int), t[:, 1].astype(int)), t[:, 2])
        else:
            self._triplets = np.vstack([self._triplets, t])

    def SetAllZero(self):
        """All values zero (a sparse matrix keeps no triplets)."""
        if self._dense is not None:
            self._dense[:] = 0.0
        else:
            self._triplets = np.zeros((0, 3))

    # ---------------------------------------------------------------- reading
    def UseDenseMatrix(self):
        return self._dense is not None

    def _to_dense(self, t):
        a = np.zeros(self._shape)
        np.add.at(a, (t[:, 0].astype(int), t[:, 1].astype(int)), t[:, 2])
        return a

    def Convert2DenseMatrix(self):
        """The matrix as a dense array (a copy)."""
        return self._dense.copy() if self._dense is not None else self._to_dense(self._triplets)

    def GetPythonObject(self):
        """The dense array, or {'numberOfRows', 'numberOfColumns', 'triplets'} of a sparse one."""
        if self._dense is not None:
            return self._dense.copy()
        return {"numberOfRows": self._shape[0], "numberOfColumns": self._shape[1], "triplets": self._triplets.copy()}

    def GetInternalDenseMatrix(self):
        """The matrix as a dense array (the name of earlier versions)."""
        return self.Convert2DenseMatrix()

    def tocoo(self):
        """The matrix as a SciPy COO matrix."""
        if self._dense is not None:
            return sp.coo_matrix(self._dense)
        t = self._triplets
        return sp.coo_matrix((t[:, 2], (t[:, 0].astype(int), t[:, 1].astype(int))), shape=self._shape)

    def __repr__(self):
        return repr(self.GetPythonObject())


def as_matrix(m, n):
    """A user function's result as an (n, n) scipy sparse matrix (dense arrays, SciPy sparse matrices
    and MatrixContainers accepted)."""
    if isinstance(m, MatrixContainer):
        mat = m.tocoo()
    elif sp.issparse(m):
        mat = sp.coo_matrix(m)
    else:
        mat = sp.coo_matrix(np.asarray(m, dtype=float))
    if mat.shape[0] > n or mat.shape[1] > n:
        raise ValueError(f"SystemJacobianUserFunction: matrix of shape {mat.shape} exceeds the system size {n}")
    return sp.coo_matrix((mat.data, (mat.row, mat.col)), shape=(n, n)).tocsc()
