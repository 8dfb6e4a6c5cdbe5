"""Performance gates: ratios measured in the same run, never absolute times, so
that they hold on a loaded 2-core CI machine. Each compares the CPU time (user + system)
of child processes, the minimum of a few runs (the least disturbed one); a gate fails when
a ratio regresses past its threshold:

| gate | ratio | threshold | measured when set (2-core shared machine) |
|---|---|---:|---:|
| start-up | `agis-lint check --no-semantic` on a 1-endpoint file / `python -c pass` | 8x | ~10x at first; ~5x (load 9) after the start-up caches |
| scale | `agis-lint check --no-semantic` on 1,000 endpoints / libyaml composing the same text | 4x | ~2-2.5x |
| cache | warm run (every result cached) / cold run (`--no-cache`), 150 files, `--jobs 1` | 0.6 | ~0.3 (process start is most of a warm run at 150 files) |

The thresholds leave room for noise, not for a regression: the start-up gate fails if,
say, every rule module or the model were imported again for one small file, or if the
start-up caches stopped being read (9.6x measured with an unwritable cache directory,
load 10, against 4.8x in the same minute); the cache
gate if a warm run re-linted the files. The full benchmarks (`benchmarks/start_time.py`,
`benchmarks/lint_speed.py`, `benchmarks/many_files.py`) print the absolute numbers.
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from gen_docs import document  # noqa: E402

BIN = os.path.dirname(sys.executable)
START_MAX, SCALE_MAX, CACHE_MAX = 8.0, 4.0, 0.6


def _cpu(cmd: list, env: dict, runs: int) -> float:
    best = None
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT, timeout=300)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert proc.returncode in (0, 1), proc.stderr.decode()[-2000:]
        used = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        best = used if best is None else min(best, used)
    return best


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    import compileall

    import agis_lsp
    compileall.compile_dir(os.path.dirname(agis_lsp.__file__), quiet=1)  # as `pip install` leaves it
    e = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    e.update(PYTHONPATH=ROOT, AGIS_LINT_CACHE_DIR=str(tmp_path_factory.mktemp("cache")))
    return e


def agis_lint() -> str:
    return os.path.join(BIN, "agis-lint")


def test_start_up_ratio(tmp_path, env):
    small = tmp_path / "one.agis"
    small.write_text(document(1), encoding="utf-8")
    cmd = [agis_lint(), "check", "--no-cache", "--no-semantic", str(small)]
    subprocess.run(cmd, capture_output=True, env=env, timeout=300)  # writes the start-up caches
    bare = _cpu([sys.executable, "-c", "pass"], env, 5)
    lint = _cpu(cmd, env, 3)
    ratio = lint / max(bare, 0.005)
    print(f"start-up: {lint:.3f} s CPU vs bare {bare:.3f} s = {ratio:.1f}x (gate {START_MAX}x)")
    assert ratio <= START_MAX


def test_scale_ratio(tmp_path, env):
    big = tmp_path / "big.agis"
    big.write_text(document(1000), encoding="utf-8")
    floor = _cpu([sys.executable, "-c", "import sys; from ruamel.yaml.cyaml import CSafeLoader; "
                  "CSafeLoader(open(sys.argv[1], encoding='utf-8').read()).get_single_node()", str(big)], env, 2)
    lint = _cpu([agis_lint(), "check", "--no-cache", "--no-semantic", "-q", str(big)], env, 2)
    ratio = lint / floor
    print(f"1,000 endpoints: {lint:.3f} s CPU vs libyaml {floor:.3f} s = {ratio:.2f}x (gate {SCALE_MAX}x)")
    assert ratio <= SCALE_MAX


def test_cache_ratio(tmp_path, env):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(150):
        (folder / f"api-{i:03d}.agis").write_text(document(1 + i % 3), encoding="utf-8")
    base = [agis_lint(), "check", "--no-semantic", "--jobs", "1", "-q", str(folder)]
    cold = _cpu(base + ["--no-cache"], env, 1)
    subprocess.run(base, capture_output=True, env=env, timeout=300)  # fills the cache
    warm = _cpu(base, env, 3)
    ratio = warm / cold
    print(f"150 files: warm {warm:.3f} s CPU vs cold {cold:.3f} s = {ratio:.2f} (gate {CACHE_MAX})")
    assert ratio <= CACHE_MAX
