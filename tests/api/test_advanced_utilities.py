"""The type checks and helpers of advancedUtilities against the results of Exudyn 1.13.6's (the
expected tables measured with it)."""
import numpy as np
import pytest
import scipy.sparse as sp

import multibody as exu
import multibody.advancedUtilities as A

VALUES = [1, 1.5, True, np.int64(2), np.float32(1.), -1, 0, None, [], np.array([]), [1], 'a', exu.ObjectIndex(1)]
T, F = True, False
EXPECTED = {      # measured with Exudyn 1.13.6, for VALUES in order
    "IsInteger": [T, F, T, T, F, T, T, F, F, F, F, F, F],
    "IsReal": [F, T, F, F, T, F, F, F, F, F, F, F, F],
    "IsValidBool": [T, F, T, T, F, T, T, F, F, F, F, F, F],
    "IsValidInt": [T, F, T, T, F, T, T, F, F, F, F, F, F],
    "IsValidRealInt": [T, T, T, T, F, T, T, F, F, F, F, F, F],
    "IsValidPRealInt": [T, T, T, T, F, F, F, F, F, F, F, F, F],
    "IsValidURealInt": [T, T, T, T, F, F, T, F, F, F, F, F, F],
    "IsNone": [F, F, F, F, F, F, F, T, F, F, F, F, F],
    "IsNotNone": [T, T, T, T, T, T, T, F, T, T, T, T, T],
    "IsEmptyList": [F, F, F, F, F, F, F, F, T, T, F, F, F],
    "IsListOrArray": [F, F, F, F, F, F, F, F, T, T, T, F, F],
}


@pytest.mark.parametrize("name", list(EXPECTED))
def test_type_checks_as_exudyns(name):
    assert [getattr(A, name)(v) for v in VALUES] == EXPECTED[name]


def test_vector_and_matrix_checks():
    assert [A.IsVector([1, 2, 3]), A.IsVector([1, 2, 3], 3), A.IsVector([1, 2], 3), A.IsVector(np.zeros(3)),
            A.IsVector([[1]]), A.IsVector('abc'), A.IsVector([1, 'a'])] == [T, T, F, T, F, F, F]
    assert [A.IsIntVector([1, 2]), A.IsIntVector([1., 2]), A.IsIntVector([1, 2], 3)] == [T, F, F]
    assert [A.IsSquareMatrix(np.eye(3)), A.IsSquareMatrix(np.eye(3), 3), A.IsSquareMatrix(np.eye(3), 2),
            A.IsSquareMatrix([[1, 2], [3, 4]])] == [T, T, F, T]
    assert not A.IsSquareMatrix(np.zeros((2, 3)))     # (Exudyn 1.13.6 answers True here)
    assert [A.IsValidObjectIndex(exu.ObjectIndex(2)), A.IsValidObjectIndex(2), A.IsValidObjectIndex(exu.NodeIndex(1)),
            A.IsValidNodeIndex(3), A.IsValidMarkerIndex(exu.MarkerIndex(0))] == [T, T, F, T, T]


def test_helpers():
    d = np.zeros((4, 4))
    A.FillInSubMatrix(np.ones((2, 2)), d, 1, 2)
    assert d[1:3, 2:4].sum() == 4 and d.sum() == 4
    t = np.arange(0, 1, 0.1)
    assert (A.IndexFromValue(t, 0.3), A.IndexFromValue(t, 0.3, assumeConstantSampleRate=True)) == (3, 2)
    m = sp.csr_matrix(np.array([[1., 0], [0, 2]]))
    back = A.ConvertDictToScipySparse(A.ConvertScipySparseToDict(m))
    assert (back != m).nnz == 0
    with pytest.raises(ValueError, match="argument 'x' must be Real"):
        A.RaiseTypeError(where='F', argumentName='x', received=3, expectedType=A.ExpectedType.Real)
    assert A.ExpectedType.PReal == 17 and A.ExpectedType.String == 8192


def test_find_object_index_prints_the_variables(capsys):
    x = exu.ObjectIndex(2)
    A.FindObjectIndex(2, {"x": x, "y": exu.NodeIndex(2)})
    assert capsys.readouterr().out.strip() == "variable 'x' links to object 2"
