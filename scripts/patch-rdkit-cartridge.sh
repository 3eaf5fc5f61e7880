#!/usr/bin/env bash
# Debian 12's RDKit cartridge (postgresql-15-rdkit 202209.3, extension 4.2) declares its `@=` operators with
# `=` as commutator and `<>` as negator, which PostgreSQL 15.8 and later reject ("commutator operator = is
# already the commutator of operator ="), so CREATE EXTENSION rdkit fails. RDKit fixed it upstream
# (rdkit/rdkit#7459, #7596) by making `@=` its own commutator; this applies the same change to the installed
# script until Debian ships a fixed cartridge. Idempotent; does nothing when the cartridge is not installed.
set -euo pipefail
shopt -s nullglob
for script in /usr/share/postgresql/*/extension/rdkit--*.sql; do
  grep -q "COMMUTATOR = '='" <(sed -n '/^CREATE OPERATOR @= (/,/^);/p' "$script") || continue
  echo "[setup] patching $script (rdkit @= operator, rdkit/rdkit#7459)"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo sed -i "/^CREATE OPERATOR @= (/,/^);/{s/COMMUTATOR = '='/COMMUTATOR = '@='/;/NEGATOR = '<>',/d}" "$script"
done
