#!/usr/bin/env bash
# Prints a PostgreSQL URL (with the right to create databases) for the API tests' PostgreSQL pass.
# Uses TEST_POSTGRES_URL when set; otherwise, as root, installs Debian's postgresql when missing,
# starts the local cluster and uses it. Exits 1 with a message on stderr when neither is possible.
set -euo pipefail
if [ -n "${TEST_POSTGRES_URL:-}" ]; then echo "$TEST_POSTGRES_URL"; exit 0; fi
say() { echo "ensure-postgres: $*" >&2; }
if [ "$(id -u)" != "0" ]; then
  say "set TEST_POSTGRES_URL=postgresql://user:password@host:port/postgres to run the API tests on PostgreSQL too"
  exit 1
fi
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  say "installing Debian's postgresql with apt-get…"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster port status _ < <(pg_lsclusters -h | head -n 1)
if [ "$status" != "online" ]; then pg_ctlcluster "$version" "$cluster" start >&2; fi
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -p $port" && break
  sleep 1
done
password="tan-test-$(id -u)"
su postgres -c "psql -q -p $port -c \"ALTER USER postgres PASSWORD '$password'\"" >&2
echo "postgresql://postgres:${password}@127.0.0.1:${port}/postgres"
