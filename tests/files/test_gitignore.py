"""The gitignore matcher against git itself: a temporary repository with ignore files at
three levels and .git/info/exclude, each path's verdict compared with ``git check-ignore``
(git runs in the test only; agis-lint never runs it)."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from agis_lsp.files.gitignore import Ignorer, parse

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

ROOT_IGNORE = """\
# a comment, then a blank line

*.log
!keep.log
/build/
docs/*.tmp
**/cache
a/**/b
out/**
\\#hash
trailing\\ 
spaces   
[abc]x.txt
[!d]y.txt
?z.txt
dironly/
logs/
!logs/important.log
*.bak
!sub/*.bak
nested/deep.txt
**/deep/**/leaf
!secret.keep
"""
SUB_IGNORE = """\
*.txt
!keep.txt
/local
inner/
"""
SUB_DEEP_IGNORE = """\
!*.txt
x*
"""
EXCLUDE = "secret*\n*.swp\n"

FILES = [
    "a.log", "keep.log", "sub/keep.log", "build/x.agis", "sub/build/x.agis", "build.agis",
    "docs/a.tmp", "docs/more/a.tmp", "other/docs/a.tmp", "cache/x", "p/q/cache/x", "cachex",
    "a/b", "a/x/b", "a/x/y/b", "a/bb", "xa/b", "out/x", "out/w/y", "outx", "#hash", "hash",
    "trailing ", "trailing", "spaces", "ax.txt", "dx.txt", "ay.txt", "dy.txt", "zz.txt",
    "zzz.txt", "dironly/f", "sub/dironly/f", "logs/important.log", "logs/x", "f.bak",
    "sub/f.bak", "nested/deep.txt", "q/nested/deep.txt", "deep/leaf", "r/deep/s/leaf",
    "r/deep/leaf", "secret.agis", "secret.keep", "sub/secret.x", "f.swp",
    "sub/a.txt", "sub/keep.txt", "sub/local", "sub/x/local", "sub/inner/f", "sub/x/inner/f",
    "sub/deep/a.txt", "sub/deep/xa.agis", "sub/deep/ya.agis", "top.txt", "sub/deep/keep.txt",
]


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    top = tmp_path_factory.mktemp("repo")
    subprocess.run(["git", "init", "-q", str(top)], check=True)
    for rel, text in {".gitignore": ROOT_IGNORE, "sub/.gitignore": SUB_IGNORE,
                      "sub/deep/.gitignore": SUB_DEEP_IGNORE,
                      ".git/info/exclude": EXCLUDE}.items():
        (top / rel).parent.mkdir(parents=True, exist_ok=True)
        (top / rel).write_text(text, encoding="utf-8")
    for rel in FILES:
        (top / rel).parent.mkdir(parents=True, exist_ok=True)
        (top / rel).write_text("x", encoding="utf-8")
    return top


def git_ignored(top, paths) -> set:
    out = subprocess.run(["git", "-c", "core.excludesFile=/dev/null", "check-ignore", "--stdin"],
                         cwd=top, input="\n".join(paths) + "\n", capture_output=True, text=True,
                         env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1"})
    assert out.returncode in (0, 1), out.stderr
    return set(out.stdout.splitlines())


def test_every_verdict_is_gits(repo):
    ign = Ignorer.for_folder(str(repo))
    ours = {p for p in FILES if ign.ignored_path(p, False)}
    theirs = git_ignored(repo, FILES)
    assert ours == theirs, {"only ours": sorted(ours - theirs), "only git's": sorted(theirs - ours)}
    assert 15 < len(theirs) < len(FILES) - 15      # the set says something either way


def test_directories_as_git_sees_them(repo):
    dirs = sorted({p.rsplit("/", 1)[0] for p in FILES if "/" in p})
    ign = Ignorer.for_folder(str(repo))
    ours = {d for d in dirs if ign.ignored_path(d, True)}
    theirs = git_ignored(repo, dirs)     # (given "out/", check-ignore says out/** matches it;
    # git status does not: out/keep can be re-included)
    assert ours == theirs, {"only ours": sorted(ours - theirs), "only git's": sorted(theirs - ours)}


def test_a_walk_started_below_the_top_reads_the_files_above(repo):
    ign = Ignorer.for_folder(str(repo / "sub" / "deep"))
    assert ign.ignored("sub/deep/xa.agis", False) and not ign.ignored("sub/deep/a.txt", False)
    assert ign.ignored("sub/deep/f.log", False)       # the top's *.log


def test_comments_blanks_and_escapes():
    pats = parse("# c\n\n\\#x\n\\!y\n!z\nw/\n")
    assert [(p.negated, p.dir_only) for p in pats] == [(False, False), (False, False),
                                                       (True, False), (False, True)]
    assert pats[0].regex.match("#x") and pats[1].regex.match("!y")
