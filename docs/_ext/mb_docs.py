"""Sphinx directives that write reference pages from multibody's declarations, and the gallery.

- ``mb-items FAMILY``: one entry per item type of the family (node, object, marker, load, sensor)
  from ``multibody.items.REGISTRY``: signature, short doc, aliases, a table of the parameters with
  kind, default and doc, and the visualization parameters;
- ``mb-settings ROOT``: the settings structure ROOT and its sub-structures from
  ``multibody.model.settings.DECLARATIONS``, one table of fields each;
- ``mb-gallery``: each script of examples/ with its docstring, source and the pictures it writes.
"""
import os
import re
import shutil

import tempfile

from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
FAMILY_TITLES = {"node": "Nodes", "object": "Objects", "marker": "Markers", "load": "Loads", "sensor": "Sensors"}
_MATH = re.compile(r"\$([^$]+)\$")
_SPECIAL = re.compile(r"([\\*`|_<>\[\]])")


def rst_text(text):
    """Plain text as reStructuredText: markup characters escaped, $...$ as inline math."""
    parts = []
    for i, part in enumerate(_MATH.split(" ".join(str(text).split()))):
        if i % 2:
            parts.append(f":math:`{part.replace('`', '')}`")
        else:
            parts.append(_SPECIAL.sub(r"\\\1", part))
    return "".join(parts) or "\\ "


def _default(value):
    value = value.tolist() if hasattr(value, "tolist") else value
    return f"``{value!r}``" if len(repr(value)) < 70 else rst_text(repr(value))


def _table(header, rows, widths):
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [header] + rows:
        lines.append(f"   * - {row[0]}")
        lines += [f"     - {cell}" for cell in row[1:]]
    return lines + [""]


def item_lines(spec):
    """reStructuredText of one item type."""
    args = ", ".join(["name=''"] + [p.name for p in spec.params] + ["visualization=..."])
    lines = [f".. py:class:: multibody.itemInterface.{spec.class_name}({args})", "", f"   {rst_text(spec.doc)}", ""]
    if spec.aliases:
        lines += [f"   Also available as {', '.join(f'``{a}``' for a in spec.aliases)}.", ""]
    rows = [["``name``", "String", "``''``", "unique item name; empty: automatic"]]
    rows += [[f"``{p.name}``", rst_text(p.kind), _default(p.default), rst_text(p.doc)] for p in spec.params]
    lines += ["   " + line if line else "" for line in _table(["parameter", "kind", "default", "description"],
                                                                  rows, "18 12 20 50")]
    if spec.vparams:
        names = ", ".join(f"``{p.name}``" for p in spec.vparams)
        lines += [f"   Visualization (``V{spec.class_name}``): {names}.", ""]
    if spec.outputs:
        lines += [f"   Output variables: {', '.join(f'``{o}``' for o in spec.outputs)}.", ""]
    return lines


class ItemsDirective(Directive):
    required_arguments = 1

    def run(self):
        from multibody.items import REGISTRY
        family = self.arguments[0]
        specs = sorted((s for s in REGISTRY.by_class.values() if s.family == family), key=lambda s: s.class_name)
        lines = []
        for spec in specs:
            lines += item_lines(spec)
        return _parse(self, lines)


class SettingsDirective(Directive):
    required_arguments = 1

    def run(self):
        from multibody.model.settings import DECLARATIONS
        lines, todo, seen = [], [self.arguments[0]], set()
        while todo:
            name = todo.pop(0)
            if name in seen:
                continue
            seen.add(name)
            declaration = DECLARATIONS[name]
            lines += [name, "-" * len(name), "", rst_text(declaration.doc), ""]
            rows = [[f"``{c.name}``", f"`{c.class_name}`_", "", "sub-structure"]
                    for c in declaration.children]
            rows += [[f"``{f.name}``", rst_text(f.type), _default(getattr(f.default, "name", f.default)),
                      rst_text(f.description)] for f in declaration.fields]
            lines += _table(["field", "type", "default", "description"], rows, "22 14 18 46")
            todo += [c.class_name for c in declaration.children]
        return _parse(self, lines)


class GalleryDirective(SphinxDirective):

    def run(self):
        images = _gallery_images(self.config.mb_gallery_images, self.env.srcdir)
        lines = []
        for name in sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".py")):
            path = os.path.join(EXAMPLES, name)
            doc = _docstring(path)
            title = name[:-3].replace("_", " ")
            lines += [title, "-" * len(title), "", f"``examples/{name}``: {rst_text(doc)}", ""]
            for picture in images.get(name[:-3], []):
                lines += [f".. image:: /{picture}", "   :width: 480px", ""]
            lines += [f".. literalinclude:: /../examples/{name}", "   :language: python", ""]
        return _parse(self, lines)


def _docstring(path):
    import ast
    return ast.get_docstring(ast.parse(open(path, encoding="utf-8").read())) or ""


def _gallery_images(source, srcdir):
    """{script stem: [picture paths relative to the docs source]}, copied into docs/_gallery."""
    target = os.path.join(srcdir, "_gallery")
    if not source:
        import sys
        sys.path.insert(0, os.path.join(ROOT, "tests", "docs"))
        from gallery import SCRIPTS, run_script
        source = tempfile.mkdtemp(prefix="multibody_gallery_")
        for script in SCRIPTS:
            run_script(script, os.path.join(source, script[:-3]))
    out = {}
    for stem in sorted(os.listdir(source)):
        folder = os.path.join(source, stem)
        for picture in sorted(f for f in os.listdir(folder) if f.endswith(".png")):
            os.makedirs(os.path.join(target, stem), exist_ok=True)
            shutil.copyfile(os.path.join(folder, picture), os.path.join(target, stem, picture))
            out.setdefault(stem, []).append(f"_gallery/{stem}/{picture}")
    return out


def _parse(directive, lines):
    from docutils import nodes
    node = nodes.container()
    nested_parse_with_titles(directive.state, StringList(lines, source="mb_docs"), node)
    return node.children


def setup(app):
    app.add_config_value("mb_gallery_images", "", "env")
    app.add_directive("mb-items", ItemsDirective)
    app.add_directive("mb-settings", SettingsDirective)
    app.add_directive("mb-gallery", GalleryDirective)
    return {"version": "1", "parallel_read_safe": True}
