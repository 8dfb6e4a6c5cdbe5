"""Build the documentation site: ``python scripts/build_docs.py [--site-dir DIR]``.

Runs ``mkdocs build --strict`` (every broken link or anchor fails the build) with
``mkdocs.yml``: docs/ plus one generated page per rule (scripts/mkdocs_hooks.py).
The site is plain HTML files (``use_directory_urls: false``): open
``site/index.html`` offline, or serve it and point ``--docs-base-url`` /
``agis.docsBaseUrl`` at it. Needs ``pip install -e '.[docs]'``.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site-dir", default=os.path.join(REPO, "site"))
    args = ap.parse_args(argv)
    try:
        import mkdocs  # noqa: F401
        import material  # noqa: F401
    except ImportError:
        print("build_docs: needs mkdocs and mkdocs-material: pip install -e '.[docs]'", file=sys.stderr)
        return 2
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict",
           "--config-file", os.path.join(REPO, "mkdocs.yml"), "--site-dir", os.path.abspath(args.site_dir)]
    return subprocess.call(cmd, cwd=REPO, env=env)


if __name__ == "__main__":
    sys.exit(main())
