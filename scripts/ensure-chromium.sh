#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the Playwright journeys (npx playwright install cannot
# work on these machines). Installs it with apt-get when missing and running as root.
set -euo pipefail
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "ensure-chromium: installing Debian's chromium with apt-get…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "ensure-chromium: $CHROMIUM is missing. Install Debian's chromium package (as root: apt-get install -y chromium), then run the tests again." >&2
exit 1
