"""multibody's public API against Exudyn 1.13.6's (tests/reference/api_surface.json, written by
tools/api_surface.py with Exudyn installed): every name of our scope exists with Exudyn's argument
names and defaults; what is outside the scope, and what is in scope and not here yet, is listed
with its reason in tests/api/surface_scope.py."""
import re

import pytest

from . import surface
from .surface_scope import OUT_OF_SCOPE, PENDING


@pytest.fixture(scope="module")
def problems():
    return surface.problems()


def test_callables_take_exudyns_arguments_and_defaults(problems):
    wrong = [p for p in problems if p[0] != "missing" and surface.in_scope(p[1], OUT_OF_SCOPE)]
    assert not wrong, "\n".join(map(str, wrong))


def test_every_name_of_our_scope_exists_or_is_listed_as_pending(problems):
    missing = {p[1] for p in problems if p[0] == "missing" and surface.in_scope(p[1], OUT_OF_SCOPE)}
    unlisted = sorted(missing - set(PENDING))
    done = sorted(set(PENDING) - missing)
    assert not unlisted, f"missing and not listed in surface_scope.PENDING: {unlisted}"
    assert not done, f"here now: remove them from surface_scope.PENDING: {done}"


def test_the_scope_lists_are_consistent():
    """Every out-of-scope pattern matches something of Exudyn's surface (no stale entry), and no
    pending name is out of scope."""
    keys = {p[1] for p in surface.problems() if p[0] == "missing"}
    ref = surface.reference()
    all_keys = keys | {f"{m}:{n}" for m, names in ref["modules"].items() for n in names}
    all_keys |= {f"exudyn:{c}.{n}" for c, members in ref["classes"].items() for n in members}
    for pattern in OUT_OF_SCOPE:
        assert any(re.fullmatch(pattern, k) for k in all_keys), f"stale out-of-scope pattern {pattern}"
    assert all(surface.in_scope(k, OUT_OF_SCOPE) for k in PENDING)
