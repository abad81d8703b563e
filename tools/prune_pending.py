"""Remove from tests/api/surface_scope.py's PENDING the names that are here now (a helper for the
work on the API surface: run it after implementing names, then review the diff)."""
import os
import re
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def main():
    warnings.simplefilter("ignore")
    from tests.api import surface
    from tests.api.surface_scope import OUT_OF_SCOPE, PENDING
    missing = {p[1] for p in surface.problems() if p[0] == "missing" and surface.in_scope(p[1], OUT_OF_SCOPE)}
    done = set(PENDING) - missing
    path = os.path.join(ROOT, "tests", "api", "surface_scope.py")
    with open(path) as f:
        text = f.read()
    for key in sorted(done):
        text = re.sub(r'\n    "' + re.escape(key) + r'": "[^"]*",', "", text)
    with open(path, "w") as f:
        f.write(text)
    print(f"removed {len(done)} names from PENDING; {len(PENDING) - len(done)} left", file=sys.stderr)


if __name__ == "__main__":
    main()
