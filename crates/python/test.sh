#!/usr/bin/env bash
# The Python package's tests: builds the published files with build-wheels.sh (the manylinux2014
# abi3 wheel and the sdist), installs the wheel into a fresh virtual environment with no Rust on
# PATH, and runs the pytest suite, which compares with the `xq` binary built from the same
# checkout (the dev build that `cargo test --workspace` has already made).
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
"$venv/bin/python" -m pip install -q "pytest>=7" "hypothesis>=6" "mypy>=1.10" "tomli>=1; python_version < '3.11'"

echo "== python: the xq binary (dev) and the wheel (build-wheels.sh)"
cargo build -q -p xiangqi-cli --bin xq
bash "$here/build-wheels.sh" "$wheels"
wheel="$(ls "$wheels"/xiangqi_rules-*-cp39-abi3-manylinux*2014*_x86_64*.whl)"

echo "== python: install $(basename "$wheel") with no Rust on PATH"
# PATH without every folder that holds cargo or rustc (the pip of the venv is called by its path).
norust="$(printf '%s\n' "$PATH" | tr ':' '\n' | while read -r d; do
  if [ -n "$d" ] && [ ! -e "$d/cargo" ] && [ ! -e "$d/rustc" ]; then printf '%s:' "$d"; fi
done)"
norust="${norust%:}"
if PATH="$norust" command -v cargo >/dev/null || PATH="$norust" command -v rustc >/dev/null; then
  echo "test.sh: cargo or rustc is still on PATH=$norust" >&2
  exit 1
fi
PATH="$norust" "$venv/bin/python" -m pip install -q --no-index --no-deps "$wheel"
echo "python: environment, xq and the wheel ready in $((SECONDS - start)) s"

echo "== python: pytest"
cd "$here/tests"
XQ_BIN="$target/debug/xq" "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs .
