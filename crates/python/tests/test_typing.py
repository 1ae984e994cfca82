"""The stubs pass `mypy --strict`, and type a use of the whole public API (checked against the
installed wheel's stubs)."""

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def mypy(*args: str, cwd: pathlib.Path) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_mypy_strict_accepts_the_stubs():
    # The package as the checkout has it (stubs and __init__.py).
    assert "no issues found in 2 source files" in mypy("-p", "xiangqi_rules", cwd=HERE.parent / "python")


def test_mypy_strict_accepts_a_typed_use_of_the_api():
    assert "no issues found in 1 source file" in mypy("typing_usage.py", cwd=HERE)
