#!/usr/bin/env bash
# The unit tests of the domain and the web app at the instants where date code breaks: just after midnight,
# the last seconds of a month, both US daylight-saving changes on both coasts, and 29 February. Every run
# must pass: the tests read a fixed clock (packages/domain/src/testing/fixed-clock.ts), so the machine's
# own date and time zone must not change any result.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
  else
    echo "test:clock needs faketime (Debian: apt-get install faketime)" >&2
    exit 1
  fi
fi

# time zone | local instant
instants=(
  'UTC|2026-11-25 00:00:20'
  'UTC|2026-11-30 23:59:50'
  'America/Los_Angeles|2027-03-14 01:59:50'
  'America/Los_Angeles|2026-11-01 01:59:50'
  'America/New_York|2027-03-14 01:59:50'
  'America/New_York|2026-11-01 01:59:50'
  'UTC|2028-02-29 12:00:00'
)

failed=0
for entry in "${instants[@]}"; do
  zone=${entry%%|*}
  at=${entry#*|}
  echo "== TZ=$zone at $at =="
  if ! TZ=$zone faketime "$at" npx vitest run --project domain --project web --reporter=dot; then
    echo "FAILED: TZ=$zone at $at" >&2
    failed=1
  fi
done
exit $failed
