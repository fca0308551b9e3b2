#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on 127.0.0.1 for the storage tests; prints its
# address and its data folder (stop it with pg_ctl -D FOLDER stop).  Installs Debian's
# postgresql where it is missing.
set -euo pipefail
initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$initdb" ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2
  initdb=$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)
fi
bin=$(dirname "$initdb")
id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
data=$(mktemp -d /tmp/referee-pg.XXXXXX)
chown postgres "$data"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
runuser -u postgres -- "$bin/initdb" -D "$data" -A trust -U referee >/dev/null
runuser -u postgres -- "$bin/pg_ctl" -D "$data" -o "-p $port -k $data -c listen_addresses=127.0.0.1" -l "$data/log" -w start >/dev/null
runuser -u postgres -- "$bin/createdb" -h 127.0.0.1 -p "$port" -U referee referee_test
echo "postgresql://referee@127.0.0.1:$port/referee_test $data $bin"
