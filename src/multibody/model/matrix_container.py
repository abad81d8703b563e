"""exu.MatrixContainer: a dense or sparse (triplet) matrix passed to and from user functions."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp


class MatrixContainer:
    """Dense matrix or sparse triplets [[row, col, value], ...] with a size (Exudyn's MatrixContainer)."""

    def __init__(self, matrix=None):
        self._dense = None
        self._sparse = None
        if matrix is not None:
            self.SetWithDenseMatrix(matrix)

    def SetWithDenseMatrix(self, pyArray, useDenseMatrix=True):
        a = np.asarray(pyArray, dtype=float)
        if useDenseMatrix:
            self._dense, self._sparse = a.copy(), None
        else:
            self._dense, self._sparse = None, sp.coo_matrix(a)

    def SetWithSparseMatrixCSR(self, numberOfRowsInit, numberOfColumnsInit, pyArrayCSR, useDenseMatrix=False,
                               factor=1.0):
        t = np.asarray(pyArrayCSR, dtype=float).reshape(-1, 3)
        m = sp.coo_matrix((factor * t[:, 2], (t[:, 0].astype(int), t[:, 1].astype(int))),
                          shape=(int(numberOfRowsInit), int(numberOfColumnsInit)))
        if useDenseMatrix:
            self._dense, self._sparse = m.toarray(), None
        else:
            self._dense, self._sparse = None, m

    def SetWithSparseMatrix(self, matrix, numberOfRows=-1, numberOfColumns=-1, useDenseMatrix=False, factor=1.0):
        m = sp.coo_matrix(matrix) * factor
        if useDenseMatrix:
            self._dense, self._sparse = m.toarray(), None
        else:
            self._dense, self._sparse = None, m

    def GetInternalDenseMatrix(self):
        return self._dense.copy() if self._dense is not None else self._sparse.toarray()

    def GetInternalSparseMatrix(self):
        m = self._sparse if self._sparse is not None else sp.coo_matrix(self._dense)
        return np.column_stack([m.row, m.col, m.data])

    def UseDenseMatrix(self):
        return self._dense is not None

    def Convert2DenseMatrix(self):
        return self.GetInternalDenseMatrix()

    def tocoo(self):
        return self._sparse if self._sparse is not None else sp.coo_matrix(self._dense)


def as_matrix(m, n):
    """A user function's result as an (n, n) scipy sparse matrix (dense arrays accepted)."""
    if isinstance(m, MatrixContainer):
        mat = m.tocoo()
    else:
        mat = sp.coo_matrix(np.asarray(m, dtype=float))
    if mat.shape[0] > n or mat.shape[1] > n:
        raise ValueError(f"SystemJacobianUserFunction: matrix of shape {mat.shape} exceeds the system size {n}")
    return sp.coo_matrix((mat.data, (mat.row, mat.col)), shape=(n, n)).tocsc()
