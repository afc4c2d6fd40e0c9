#!/usr/bin/env bash
# compose.yaml's PostgreSQL and Caddy when the registry cannot be reached: local/postgres:15 and
# local/caddy:2, made from the Debian image scripts/container-base-images.sh made, with Debian's own
# packages (bookworm has PostgreSQL 15 and Caddy 2.6). The PostgreSQL one honours the official
# image's POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB and data folder, so compose.yaml runs
# unchanged with POSTGRES_IMAGE=local/postgres:15 PROXY_IMAGE=local/caddy:2.
set -euo pipefail
work="${BASE_IMAGE_WORK:-/tmp/launchpad-base-images}"
have() { docker image inspect "$1" >/dev/null 2>&1; }
have local/debian:slim || bash "$(dirname "$0")/container-base-images.sh"
mkdir -p "$work/ctx-postgres" "$work/ctx-caddy"

cat >"$work/ctx-postgres/entrypoint.sh" <<'SH'
#!/bin/sh
# The official image's first start: a cluster owned by POSTGRES_USER with its password, a database.
set -e
export PGDATA=/var/lib/postgresql/data
mkdir -p "$PGDATA" /run/postgresql && chown postgres:postgres "$PGDATA" /run/postgresql && chmod 700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >/tmp/pw && chown postgres /tmp/pw
  as_postgres initdb -U "$user" --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256 >/dev/null && rm /tmp/pw
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    as_postgres pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
    as_postgres psql -q -U "$user" -d postgres -c "CREATE DATABASE \"$db\""
    as_postgres pg_ctl -w stop >/dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -c listen_addresses='*' "$@"
SH
printf '%s\n' "FROM local/debian:slim" \
  "RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/*" \
  "ENV PATH=/usr/lib/postgresql/15/bin:\$PATH" \
  "COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh" \
  "RUN chmod 755 /usr/local/bin/docker-entrypoint.sh" \
  "VOLUME /var/lib/postgresql/data" "EXPOSE 5432" "STOPSIGNAL SIGINT" \
  'ENTRYPOINT ["docker-entrypoint.sh"]' >"$work/ctx-postgres/Dockerfile"
have local/postgres:15 || docker build -q -t local/postgres:15 "$work/ctx-postgres" >/dev/null

printf '%s\n' "FROM local/debian:slim" \
  "RUN apt-get update && apt-get install -y --no-install-recommends caddy && rm -rf /var/lib/apt/lists/*" \
  "EXPOSE 80 443" 'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]' >"$work/ctx-caddy/Dockerfile"
have local/caddy:2 || docker build -q -t local/caddy:2 "$work/ctx-caddy" >/dev/null
echo "made local/postgres:15 and local/caddy:2"
