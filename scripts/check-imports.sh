#!/usr/bin/env bash
# Checks every module's imports against Package.swift and the module tables in Package.swift
# and docs/ARCHITECTURE.md (see scripts/check-imports.swift). Exit status 1 on drift.
#   scripts/check-imports.sh                         # check
#   scripts/check-imports.sh --closure UserNotifications   # print a target's dependency closure
set -euo pipefail
cd "$(dirname "$0")/.."
swift package describe --type json | swift scripts/check-imports.swift "$PWD" "$@"
