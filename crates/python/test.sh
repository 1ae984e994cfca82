#!/usr/bin/env bash
# The Python package's tests: builds the wheel (maturin from the Python package index, profile
# `wheel`: release without fat LTO), installs it into a fresh virtual environment and runs the
# pytest suite, which compares with the `xq` binary built from the same checkout (the dev build
# that `cargo test --workspace` has already made).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/python-test-venv"
wheels="$target/python-wheels"
start=$SECONDS

echo "== python: a fresh virtual environment ($venv)"
rm -rf "$venv" "$wheels"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q "maturin>=1.5,<2" "pytest>=7" "hypothesis>=6" "tomli>=1; python_version < '3.11'"

echo "== python: the xq binary (dev) and the wheel (cargo profile wheel)"
cargo build -q -p xiangqi-cli --bin xq
"$venv/bin/maturin" build -q --manifest-path "$here/Cargo.toml" --profile wheel --out "$wheels"
"$venv/bin/python" -m pip install -q "$wheels"/xq-*.whl
echo "python: environment, xq and the wheel ready in $((SECONDS - start)) s"

echo "== python: pytest"
cd "$here/tests"
XQ_BIN="$target/debug/xq" "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs .
