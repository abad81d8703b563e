"""Sphinx configuration of multibody's documentation (build: sphinx-build -W docs OUT)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "_ext"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))

project = "multibody"
author = "multibody contributors"
copyright = "multibody contributors"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.mathjax", "myst_parser", "mb_docs"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext"]
myst_enable_extensions = ["dollarmath"]
myst_heading_anchors = 3
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_member_order = "bysource"
autodoc_typehints = "none"
napoleon_numpy_docstring = True
napoleon_google_docstring = True
# types of numpydoc parameter lines as markup ("default", literals), not as cross-references
napoleon_preprocess_types = True
html_theme = "alabaster"
html_static_path = []
# mb_gallery_images: a folder holding the gallery scripts' pictures (set by the tests, which made
# them); empty: the build runs the scripts of examples/ itself into the output folder
mb_gallery_images = os.environ.get("MULTIBODY_GALLERY_IMAGES", "")
