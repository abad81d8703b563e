"""Optional dependencies: imported where a feature needs them, with a one-line message naming the
extra that installs them (``pip install 'multibody[plot]'``) where they are missing."""
from __future__ import annotations

import importlib
from types import ModuleType

# the extra of pyproject.toml that installs each optional module's distribution
EXTRAS = {"matplotlib": "plot", "h5py": "hdf5", "tqdm": "progress", "pyvista": "render", "imageio": "render",
          "imageio_ffmpeg": "render", "pandas": "pandas", "dask": "cluster", "distributed": "cluster",
          "ray": "cluster"}


def require(module: str, feature: str) -> ModuleType:
    """Import ``module`` for ``feature`` (e.g. 'SaveDictToHDF5'); ImportError naming the extra
    where it is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.split(".")[0]
        extra = EXTRAS.get(top)
        how = f"pip install 'multibody[{extra}]'" if extra else f"pip install {top}"
        raise ImportError(f"{feature} needs {top}, which is not installed: {how}") from exc
