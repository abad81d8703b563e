"""The dictionary of the HDF5 reference file (tools/make_hdf5_reference.py writes it with Exudyn,
test_hdf5.py compares with it); ``exu`` is exudyn or multibody (their enums)."""


def reference_dict(exu, np):
    return {'int': 1, 'float': 2.5, 'text': 'ü text', 'matrix': np.arange(6.).reshape(2, 3),
            'ints': np.array([1, 2]), 'list': [1, 2.5, 'a', [np.eye(2), [3]]], 'empty list': [], 'empty dict': {},
            'nested': {'g': np.eye(2), 'h': 'x', 'i': {'j': 3}}, 'flag': True, 'none': None,
            'np float': np.float64(2.0), 'np int32': np.int32(3), 'big': 1e300,
            'output': exu.OutputVariableType.Position, 'solver': exu.LinearSolverType.EigenDense}
