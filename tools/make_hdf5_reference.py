"""Write tests/reference/hdf5/exudyn_dict.h5 with Exudyn 1.13.6's SaveDictToHDF5 (needs exudyn
and h5py): the file test_hdf5.py reads with multibody's LoadDictFromHDF5 and whose layout
multibody's SaveDictToHDF5 reproduces."""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "api"))
from hdf5_cases import reference_dict  # noqa: E402


def main():
    import exudyn as exu
    import exudyn.advancedUtilities as au
    out = os.path.join(ROOT, "tests", "reference", "hdf5", "exudyn_dict.h5")
    au.SaveDictToHDF5(out, reference_dict(exu, np))
    print(out, os.path.getsize(out), "bytes")


if __name__ == "__main__":
    main()
