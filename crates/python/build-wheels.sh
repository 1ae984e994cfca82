#!/usr/bin/env bash
# Builds what the Python package `xiangqi-rules` publishes, into OUTDIR:
#   - a manylinux2014 (glibc 2.17) abi3 wheel for this machine's architecture — one wheel for
#     CPython 3.9 and later, installable without Rust — linked by zig (maturin --zig, with the
#     `ziglang` package from the Python package index), and checked by maturin's own audit of
#     the glibc symbol versions it uses;
#   - the sdist (the source archive `pip` builds from where no wheel fits; that needs Rust).
# The tools (maturin, ziglang) go into a virtual environment of their own under the cargo target
# directory, made once and reused. Usage: build-wheels.sh OUTDIR
set -euo pipefail
out="${1:?usage: build-wheels.sh OUTDIR}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
tools="$target/python-build-tools"
maturin_req="maturin==1.16.0"
zig_req="ziglang==0.15.2"
start=$SECONDS

if ! "$tools/bin/python" -c 'import ziglang' 2>/dev/null \
  || [ "$("$tools/bin/maturin" --version 2>/dev/null)" != "maturin ${maturin_req#maturin==}" ]; then
  echo "== build-wheels: the tools ($maturin_req, $zig_req) in $tools"
  rm -rf "$tools"
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install -q "$maturin_req" "$zig_req"
fi
mkdir -p "$out"
# maturin finds zig as `python -m ziglang` with the first python on PATH: the tools' own.
export PATH="$tools/bin:$PATH"

echo "== build-wheels: the manylinux2014 abi3 wheel (cargo profile wheel, linked by zig)"
maturin build -q --manifest-path "$here/Cargo.toml" --profile wheel \
  --zig --compatibility manylinux2014 --strip --out "$out"
echo "== build-wheels: the sdist"
maturin sdist --manifest-path "$here/Cargo.toml" --out "$out"
echo "build-wheels: $(cd "$out" && ls xiangqi_rules-* | tr '\n' ' ')in $((SECONDS - start)) s"
