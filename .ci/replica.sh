#!/usr/bin/env bash
# A streaming read replica of the local PostgreSQL (127.0.0.1:5432) on 127.0.0.1:5433, for
# the replica tests: a second cluster made with `pg_basebackup -R`, replaying the primary's
# WAL as it streams. Idempotent: a replica already answering on the port is kept.
# Usage: .ci/replica.sh [PORT] [DIR]   (defaults 5433, /tmp/spielstand-replica)
set -euo pipefail
port=${1:-5433}
dir=${2:-/tmp/spielstand-replica}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
primary="-h 127.0.0.1 -p 5432 -U postgres"

as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

if pg_isready -q -h 127.0.0.1 -p "$port" 2> /dev/null; then
  if [ "$(psql -h 127.0.0.1 -p "$port" -U postgres -Atc 'select pg_is_in_recovery()')" = t ]; then
    psql -h 127.0.0.1 -p "$port" -U postgres -Atc 'select pg_wal_replay_resume()' > /dev/null
    echo "replica already streaming on 127.0.0.1:$port"
    exit 0
  fi
  echo "127.0.0.1:$port answers but is not a replica" >&2
  exit 1
fi

# The primary must let a replication connection in from the loopback address.
hba=$(psql $primary -Atc 'show hba_file')
if ! grep -Eq '^host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
  echo "host replication all 127.0.0.1/32 trust" >> "$hba"
  psql $primary -Atc 'select pg_reload_conf()' > /dev/null
fi

if [ -f "$dir/data/postmaster.pid" ]; then as_postgres "$bin/pg_ctl -D $dir/data stop -m immediate" || true; fi
rm -rf "$dir"
mkdir -p "$dir"
chown postgres "$dir" 2> /dev/null || true
as_postgres "$bin/pg_basebackup $primary -D $dir/data -R -X stream --checkpoint=fast"
# Debian keeps a cluster's configuration outside its data directory: the copy has none.
cat > "$dir/data/postgresql.conf" << CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
hot_standby = on
max_connections = 100
shared_buffers = 64MB
CONF
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > "$dir/data/pg_hba.conf"
chown postgres "$dir/data/postgresql.conf" "$dir/data/pg_hba.conf" 2> /dev/null || true
as_postgres "$bin/pg_ctl -D $dir/data -l $dir/log -w start" > /dev/null
for _ in $(seq 1 50); do pg_isready -q -h 127.0.0.1 -p "$port" && break; sleep 0.2; done
[ "$(psql -h 127.0.0.1 -p "$port" -U postgres -Atc 'select pg_is_in_recovery()')" = t ]
echo "replica streaming on 127.0.0.1:$port (data in $dir/data)"
