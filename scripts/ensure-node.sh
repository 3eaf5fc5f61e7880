#!/usr/bin/env bash
# Makes Node.js 22 LTS (the version in .node-version) available at .tools/node/bin when the
# machine's own Node is older. The binary comes from the npm registry's node-linux-<arch>
# package (the official release build, the same one the registry's `node` package installs),
# so a machine that reaches only the npm registry and Debian's mirrors can get it.
# The Makefile puts .tools/node/bin first on PATH; sourcing this script does the same.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wanted="$(tr -d '[:space:]' <"$repo/.node-version")"
wanted_major="${wanted%%.*}"
tools="$repo/.tools/node"

major_of() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [[ -x "$tools/bin/node" && "$("$tools/bin/node" --version)" == "v$wanted" ]]; then
  exit 0
fi
if command -v node >/dev/null && (($(major_of node) >= wanted_major)); then
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "[setup] no Node $wanted build for $(uname -m); install Node $wanted_major yourself" >&2; exit 1 ;;
esac
echo "[setup] installing Node $wanted (node-linux-$arch from the npm registry) into .tools/node"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-$arch@$wanted" >/dev/null)
mkdir -p "$work/unpacked"
tar -xzf "$work"/node-linux-"$arch"-*.tgz -C "$work/unpacked"
rm -rf "$tools"
mkdir -p "$(dirname "$tools")"
mv "$work/unpacked/package" "$tools"
chmod +x "$tools/bin/node"
"$tools/bin/node" --version >/dev/null
