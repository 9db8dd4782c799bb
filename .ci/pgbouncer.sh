# Sourced by .ci/run: a PgBouncer of the run's own (Debian's `pgbouncer` package; never the system's service) in front
# of the PostgreSQL server of PG_ADMIN_URL, in transaction mode, serving every database of that server (`*`), on a free
# port, with its ini, auth file, log and pid in a folder of its own. PgBouncer refuses to run as root: as root it runs
# as the postgres user (or nobody), which then owns that folder.

# start_pgbouncer FOLDER: starts it; sets PGBOUNCER_URL (postgresql://user@127.0.0.1:PORT/postgres) and PGBOUNCER_PID.
# Fails (non-zero) when it does not answer within 10 s; its log is then in FOLDER/pgbouncer.log.
start_pgbouncer() {
  local folder=$1 user host port listen_port run_as=()
  read -r user host port listen_port < <(node -e '
    const url = new URL(process.argv[1]);
    const probe = require("net").createServer().listen(0, "127.0.0.1", () => {
      const free = probe.address().port;
      probe.close(() => console.log(decodeURIComponent(url.username) || "postgres", url.hostname, url.port || 5432, free));
    });' "$PG_ADMIN_URL") || return 1
  mkdir -p "$folder"
  printf '"%s" ""\n' "$user" >"$folder/users.txt"
  # 20 server connections per database (default_pool_size, the size the issue names) and 40 for the whole run
  # (max_user_connections: every test database is reached as the same user): the server sees at most 40 from the run's
  # pooled side, whatever the number of test processes.
  cat >"$folder/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen_port
unix_socket_dir =
auth_type = trust
auth_file = $folder/users.txt
pool_mode = transaction
default_pool_size = 20
max_db_connections = 20
max_user_connections = 40
reserve_pool_size = 0
max_client_conn = 2000
server_reset_query =
logfile = $folder/pgbouncer.log
pidfile = $folder/pgbouncer.pid
INI
  if [[ $(id -u) -eq 0 ]]; then
    local owner=postgres
    id -u "$owner" >/dev/null 2>&1 || owner=nobody
    chown -R "$owner" "$folder"
    run_as=(-u "$owner")
  fi
  pgbouncer "${run_as[@]}" "$folder/pgbouncer.ini" >>"$folder/pgbouncer.out" 2>&1 &
  PGBOUNCER_PID=$!
  PGBOUNCER_URL="postgresql://$user@127.0.0.1:$listen_port/postgres"
  local waited=0
  until psql "$PGBOUNCER_URL" -Atqc 'SELECT 1' >/dev/null 2>&1; do
    if ! kill -0 "$PGBOUNCER_PID" 2>/dev/null || (( waited >= 100 )); then
      cat "$folder/pgbouncer.out" "$folder/pgbouncer.log" 2>/dev/null
      stop_pgbouncer
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
}

# Stops the PgBouncer start_pgbouncer started, if any.
stop_pgbouncer() {
  if [[ -n ${PGBOUNCER_PID:-} ]]; then
    kill "$PGBOUNCER_PID" 2>/dev/null && wait "$PGBOUNCER_PID" 2>/dev/null
    PGBOUNCER_PID=
  fi
}

# Stops a PgBouncer started in FOLDER by another shell (a subshell of .ci/run that did not get to stop it): by its pid file.
stop_pgbouncer_of() {
  local pidfile=$1/pgbouncer.pid
  [[ -s $pidfile ]] && kill "$(cat "$pidfile")" 2>/dev/null
  return 0
}
