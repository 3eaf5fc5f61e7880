#!/usr/bin/env bash
# Installs whatever is missing: Node 22 (scripts/ensure-node.sh), Debian packages from
# scripts/debian-packages.txt and the npm workspaces. Safe to run again: each step is skipped when its
# result is already there. The web app is built by the Makefile (scripts/build-web-if-stale.sh): `make
# test` builds it beside the typechecks.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-node.sh
export PATH="$PWD/.tools/node/bin:$PATH"

wanted=$(grep -vE '^\s*(#|$)' scripts/debian-packages.txt)
missing=()
for pkg in $wanted; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "[setup] installing Debian packages: ${missing[*]}"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get -o DPkg::Lock::Timeout=900 update -qq
  $sudo apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "${missing[@]}"
fi
bash scripts/patch-rdkit-cartridge.sh

if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "[setup] installing npm packages"
  npm ci --no-audit --no-fund
fi
