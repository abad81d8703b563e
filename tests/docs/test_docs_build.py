"""The documentation builds with Sphinx with warnings as errors (sphinx-build -W), using the
gallery pictures that the gallery scripts wrote; the generated reference lists every item class."""
import os
import time

import pytest

from .gallery import ROOT

sphinx_cmd = pytest.importorskip("sphinx.cmd.build", reason="the docs extra is not installed: pip install '.[docs]'")


def test_docs_build_without_warnings(gallery, tmp_path):
    from multibody.items import REGISTRY
    images = os.path.dirname(next(iter(gallery.values()))[0])
    out = tmp_path / "html"
    start = time.perf_counter()
    code = sphinx_cmd.build_main(["-W", "-q", "-b", "html", "-D", f"mb_gallery_images={images}",
                                  os.path.join(ROOT, "docs"), str(out)])
    seconds = time.perf_counter() - start
    assert code == 0, "sphinx-build -W failed (warnings are errors): see the output above"
    assert seconds < 60, f"the docs build took {seconds:.0f} s"
    items = (out / "api" / "items.html").read_text(encoding="utf-8")
    missing = [name for name in REGISTRY.by_class if f'id="multibody.itemInterface.{name}"' not in items]
    assert not missing, missing
    gallery_page = (out / "gallery.html").read_text(encoding="utf-8")
    assert gallery_page.count("<img") >= len(gallery)
    for page in ["getting_started", "exudyn_differences", "performance", "api/settings", "api/system"]:
        assert (out / f"{page}.html").exists(), page
