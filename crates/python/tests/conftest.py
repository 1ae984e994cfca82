"""Shared helpers of the pytest suite: where the repository, ../shared and the `xq` binary are."""

import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent.parent
SHARED = REPO.parent / "shared"
CASES = REPO / "tests" / "data" / "adjudication"


def shared_dir(what: str) -> pathlib.Path:
    """`../shared` beside the checkout; skips with a visible NOTICE when it is absent, and fails
    instead when XQ_REQUIRE_SHARED=1 (as CI sets it), as `tests/src/shared.rs` does."""
    if SHARED.is_dir():
        return SHARED
    if os.environ.get("XQ_REQUIRE_SHARED") == "1":
        pytest.fail(f"{SHARED} not found, and XQ_REQUIRE_SHARED=1 forbids skipping {what}")
    # Straight to the terminal: pytest's capture must not hide a skip.
    sys.__stderr__.write(
        f"NOTICE: {SHARED} not found; skipping {what} (CI provides ../shared beside the checkout)\n"
    )
    pytest.skip(f"NOTICE: {SHARED} not found; skipping {what}")


def xq_bin() -> str:
    """The `xq` binary the suite compares with (XQ_BIN, as `test.sh` sets it)."""
    path = os.environ.get("XQ_BIN")
    if not path or not os.path.exists(path):
        pytest.fail("XQ_BIN must name the xq binary built from this checkout (see test.sh)")
    return path


def run_xq(*args: str, input: bytes = b"") -> subprocess.CompletedProcess:
    """Runs `xq` with the arguments; returns the completed process (stdout as bytes)."""
    return subprocess.run([xq_bin(), *args], input=input, capture_output=True, check=False)


def load_toml(path: pathlib.Path) -> dict:
    try:
        import tomllib  # Python 3.11+
    except ModuleNotFoundError:  # pragma: no cover - Python 3.9/3.10
        import tomli as tomllib
    with open(path, "rb") as f:
        return tomllib.load(f)
