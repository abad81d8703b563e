"""Reference DOF dictionaries and eigenvalues from Exudyn 1.13.6 (numerical oracle, public API only).

Usage: /tmp/exu/exuenv/bin/python tools/make_dof_reference.py [case ...]
Writes tests/reference/dof/<case>.json: exudynVersion, dof (ComputeSystemDegreeOfFreedom, both
variants), eigenvalues (ComputeODE2Eigenvalues, for eig_* cases), and for constrained models the
eigenvalues of ComputeLinearizedSystem(projectIntoConstraintNullspace=True).
"""
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from make_reference import load_models  # noqa: E402

OUTDIR = os.path.join(ROOT, 'tests', 'reference', 'dof')


def main(argv):
    import exudyn as exu
    import exudyn.utilities as U
    rm = load_models()
    names = argv[1:] or list(rm.DOF_CASES)
    os.makedirs(OUTDIR, exist_ok=True)
    for name in names:
        builder, params = rm.DOF_CASES[name]
        SC, mbs = builder(exu, U, **params)
        data = {'case': name, 'builder': builder.__name__, 'params': rm._plain(params),
                'exudynVersion': exu.__version__,
                'dof': rm._plain(mbs.ComputeSystemDegreeOfFreedom()),
                'dofSVD': rm._plain(mbs.ComputeSystemDegreeOfFreedom(useSVD=True))}
        if name.startswith('eig_'):
            w, V = mbs.ComputeODE2Eigenvalues()
            data['eigenvalues'] = rm._plain(w)
            data['eigenvectors'] = rm._plain(V)
            data['frequencies'] = rm._plain(mbs.ComputeODE2Eigenvalues(convert2Frequencies=True)[0])
        with open(os.path.join(OUTDIR, name + '.json'), 'w') as f:
            json.dump(data, f, indent=1)
        print(name, data['dof'])


if __name__ == '__main__':
    main(sys.argv)
