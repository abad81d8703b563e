import os

import pytest

from .gallery import SCRIPTS, run_script


@pytest.fixture(scope="session")
def gallery(tmp_path_factory):
    """Every gallery script run once, each in its own folder: {script: (folder, seconds, pictures, error)}."""
    root = tmp_path_factory.mktemp("gallery")
    out = {}
    for name in SCRIPTS:
        folder = os.path.join(root, name[:-3])
        try:
            seconds, pictures = run_script(name, folder)
            out[name] = (folder, seconds, pictures, None)
        except Exception as exc:      # reported by the script's own test
            out[name] = (folder, 0.0, [], exc)
    return out
