"""Each script of examples/ runs (DeprecationWarning as error) and writes its picture."""
import os

import pytest

from .gallery import EXAMPLES, SCRIPTS


def test_gallery_has_twelve_scripts_or_more():
    assert len(SCRIPTS) >= 12, SCRIPTS


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_runs_and_writes_its_picture(gallery, name):
    folder, seconds, pictures, error = gallery[name]
    if error is not None:
        raise error
    assert pictures, f"{name} wrote no PNG"
    for picture in pictures:
        assert os.path.getsize(os.path.join(folder, picture)) > 5000, picture
    assert seconds < 15, f"{name} took {seconds:.1f} s"


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_is_short_and_written_as_an_exudyn_user_would(name):
    text = open(os.path.join(EXAMPLES, name), encoding="utf-8").read()
    assert len(text.splitlines()) < 80
    assert "import multibody as exu" in text and "from multibody.utilities import *" in text
    assert text.startswith('"""')
