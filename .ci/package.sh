#!/usr/bin/env bash
# The Debian package as a club installs it, in a clean Debian root made by debootstrap
# from Debian's packages (its tarball cached under target/): installed with apt, its
# server run from there on the packaged settings until /api/v1/ready answers, the CLI
# recording a game against it; removed with the data kept and installed again; upgraded to
# this commit's package with results, tokens and passes intact; purged with the data gone.
# The package installed first is the one clubs run now: built from the commit named in
# .ci/upgrade-from (the last one that landed; raised on purpose), with the same target
# folder, so only the workspace's own crates are compiled again. The units are checked
# with systemd-analyze. Needs root (chroot). Usage:
#   bash .ci/package.sh          (after deploy/package.sh, which builds this commit's package)
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
suite=bookworm
mirror=http://deb.debian.org/debian
root="$target/package-root"
cache="$(cd "$target" && pwd)/debootstrap-cache"
port=18080

if [ "$(id -u)" -ne 0 ]; then
  echo "the package test installs into a chroot: run it as root" >&2
  exit 1
fi
command -v debootstrap > /dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap > /dev/null

# The units, as systemd reads them (the binary where the package puts it).
if command -v systemd-analyze > /dev/null; then
  units=$(mktemp -d)
  cp deploy/debian/*.service deploy/debian/*.timer "$units/"
  mkdir -p "$units/usr/bin"
  sed -i "s#/usr/bin/spielstand-api#$PWD/$target/release/spielstand-api#" "$units"/*.service
  systemd-analyze verify "$units"/spielstand-api.service "$units"/spielstand-backup.service "$units"/spielstand-backup.timer
  rm -rf "$units"
  echo "units: systemd-analyze verify passes"
fi

deb=$(ls -1t "$target"/debian/spielstand_*_amd64.deb | head -n 1)
[ -f "$deb" ] || { echo "no package: run bash deploy/package.sh first" >&2; exit 1; }

# The package of the version before, built by that version's own script. Its binaries
# replace this commit's in target/release while it is packed: they are put back after.
from=$(cat .ci/upgrade-from)
previous=
if git cat-file -e "$from^{commit}" 2> /dev/null; then
  target_dir=$(cd "$target" && pwd)
  previous="$target_dir/debian-previous/spielstand-previous.deb"
  if [ ! -f "$previous.$from" ]; then
    tree="$target/upgrade-from"
    git worktree remove --force "$tree" 2> /dev/null || rm -rf "$tree"
    git worktree prune
    git worktree add --detach "$tree" "$from" > /dev/null 2>&1
    rm -f "$previous"
    kept=$(mktemp -d)
    cp "$target/release/spielstand-api" "$target/release/spielstand" "$kept/"
    mkdir -p "$(dirname "$previous")"
    stamp=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S "$from")
    crate=$(cd "$tree" && cargo metadata --no-deps --format-version 1 --locked \
      | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "spielstand-api"))')
    # cargo-deb empties target/debian/ as it packs: this commit's package waits aside.
    cp "$deb" "$kept/"
    # That script ends by listing target/debian/, empty now: the package written is what counts.
    (cd "$tree" && CARGO_TARGET_DIR="$target_dir" bash deploy/package.sh --deb-version "$crate+git$stamp" --output "$previous") \
      > "$target/package-previous.log" 2>&1 || true
    [ -f "$previous" ] || {
      cat "$target/package-previous.log" >&2
      echo "the package of $from was not built" >&2
      exit 1
    }
    cp "$kept/spielstand-api" "$kept/spielstand" "$target/release/"
    cp "$kept/$(basename "$deb")" "$deb"
    rm -rf "$kept"
    git worktree remove --force "$tree"
    touch "$previous.$from"
  fi
  echo "package: the version before ($from) built as $(dpkg-deb -f "$previous" Version)"
else
  echo "################################################################" >&2
  echo "## WARNING: commit $from (.ci/upgrade-from) is not in this clone:" >&2
  echo "## the upgrade is tested from this commit's package instead.    ##" >&2
  echo "################################################################" >&2
fi
first=${previous:-$deb}

# The clean root, from a cached tarball of Debian's packages.
mkdir -p "$cache"
if [ ! -f "$cache/$suite.tgz" ]; then
  scratch=$(mktemp -d)
  debootstrap --variant=minbase --include=adduser,init-system-helpers,curl,ca-certificates \
    --make-tarball="$cache/$suite.tgz.part" "$suite" "$scratch" "$mirror" > /dev/null
  mv "$cache/$suite.tgz.part" "$cache/$suite.tgz"
  rm -rf "$scratch"
fi
cleanup() {
  kill_server
  for mount in proc sys dev/pts dev; do umount "$root/$mount" 2> /dev/null || true; done
}
server=
kill_server() {
  if [ -n "$server" ]; then kill "$server" 2> /dev/null || true; wait "$server" 2> /dev/null || true; server=; fi
}
trap cleanup EXIT
for mount in proc sys dev/pts dev; do umount "$root/$mount" 2> /dev/null || true; done
rm -rf "$root"
debootstrap --variant=minbase --include=adduser,init-system-helpers,curl,ca-certificates \
  --unpack-tarball="$cache/$suite.tgz" "$suite" "$root" "$mirror" > /dev/null
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }
# No init system in a chroot: services are started by hand below, never by apt.
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"

install_package() {
  cp "$1" "$root/tmp/spielstand.deb"
  in_root apt-get install -y -qq /tmp/spielstand.deb > "$target/package-apt.log" 2>&1 || {
    cat "$target/package-apt.log" >&2
    exit 1
  }
  rm "$root/tmp/spielstand.deb"
}

# The server as its unit runs it: the spielstand user, the packaged settings (another port:
# this machine's own 8080 may be taken).
start_server() {
  chroot "$root" /usr/sbin/runuser -u spielstand -- /bin/sh -c \
    "set -a; . /etc/spielstand/spielstand.conf; SPIELSTAND_BIND=127.0.0.1:$port; SPIELSTAND_LAN=false; \
     cd /var/lib/spielstand && exec /usr/bin/spielstand-api serve" > "$target/package-server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/api/v1/ready" > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  cat "$target/package-server.log" >&2
  echo "the packaged server is not ready" >&2
  exit 1
}
as_spielstand() { in_root /usr/sbin/runuser -u spielstand -- "$@"; }
spielstand() {
  in_root env HOME=/root SPIELSTAND_SERVER="http://127.0.0.1:$port" SPIELSTAND_TOKEN="$token" /usr/bin/spielstand "$@"
}
results() { curl -fsS "http://127.0.0.1:$port/api/v1/leagues/1/results" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }

# 1. Installed (the version before): the user, the folders, the settings, both binaries.
install_package "$first"
in_root getent passwd spielstand > /dev/null
[ "$(in_root stat -c '%U %a' /var/lib/spielstand)" = "spielstand 750" ]
[ "$(in_root stat -c '%U:%G %a' /etc/spielstand/spielstand.conf)" = "root:spielstand 640" ]
in_root test -f /usr/lib/systemd/system/spielstand-api.service
in_root test -L /etc/systemd/system/multi-user.target.wants/spielstand-api.service
in_root test -L /etc/systemd/system/timers.target.wants/spielstand-backup.timer
echo "package: installed, its unit and timer enabled"

# 2. Run from there: ready on the packaged settings; the organiser's token; the CLI
#    records a game; a member's pass.
start_server
token=$(as_spielstand /usr/bin/spielstand-api --database-url /var/lib/spielstand/spielstand.db token create --name organiser --scope admin | tail -n 1)
spielstand player add Anna > /dev/null
spielstand player add Ben > /dev/null
spielstand league create Vereinsliga --games mensch-aergere-dich-nicht > /dev/null
spielstand record mensch --league Vereinsliga --order Ben,Anna > /dev/null
night=$(curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d "{\"title\": \"Abend\", \"date\": \"$(date +%F)\"}" "http://127.0.0.1:$port/api/v1/leagues/1/events" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"players": ["Anna"]}' \
  "http://127.0.0.1:$port/api/v1/events/$night/attendees" > /dev/null
code=$(curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{}' \
  "http://127.0.0.1:$port/api/v1/events/$night/join-codes" | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')
pass=$(curl -fsS -H 'Content-Type: application/json' -d "{\"code\": \"$code\", \"player\": \"Anna\"}" \
  "http://127.0.0.1:$port/api/v1/join" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pass"])')
[ "$(results)" = "1" ]
echo "package: the server answers on its settings, the CLI recorded a game, a member has a pass"
# The nightly backup, as its unit runs it.
as_spielstand /bin/sh -c 'set -a; . /etc/spielstand/spielstand.conf; /usr/bin/spielstand-api backup --into /var/lib/spielstand/backups' 2> /dev/null
in_root sh -c 'ls /var/lib/spielstand/backups/spielstand-*.db' > /dev/null
echo "package: the nightly backup writes a checked, dated copy"
kill_server

# 3. Removed, the data stays; installed again, it is there.
in_root apt-get remove -y -qq spielstand > /dev/null 2>&1
in_root test ! -e /usr/bin/spielstand-api
in_root test -f /var/lib/spielstand/spielstand.db
install_package "$first"
start_server
[ "$(results)" = "1" ]
kill_server
echo "package: removed and installed again, every result kept"

# 4. Upgraded to this commit's package: results, tokens and passes intact, the settings a
#    club changed kept. (Without the version before: to this commit's, one revision up.)
echo "# changed by the club" >> "$root/etc/spielstand/spielstand.conf"
newer=$deb
if [ -z "$previous" ]; then
  version=$(dpkg-deb -f "$deb" Version)
  newer="$target/debian-previous/spielstand-99.deb"
  mkdir -p "$(dirname "$newer")"
  cargo deb --locked --no-build --strip -p spielstand-api --deb-version "${version%-*}" --deb-revision 99 --output "$newer" > /dev/null
fi
install_package "$newer"
[ "$(in_root dpkg-query -W -f '${Version}' spielstand)" = "$(dpkg-deb -f "$newer" Version)" ]
[ "$(dpkg-deb -f "$first" Version)" != "$(dpkg-deb -f "$newer" Version)" ]
grep -q "changed by the club" "$root/etc/spielstand/spielstand.conf"
start_server
[ "$(results)" = "1" ]
# The organiser's token still writes.
curl -fsS -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"name": "Cleo"}' \
  "http://127.0.0.1:$port/api/v1/players" > /dev/null
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $pass" \
  "http://127.0.0.1:$port/api/v1/results/999999/confirm")
[ "$status" = "404" ] || { echo "the member's pass does not act after the upgrade ($status)" >&2; exit 1; }
kill_server
echo "package: upgraded from $(dpkg-deb -f "$first" Version) to $(dpkg-deb -f "$newer" Version), results, the token and the member's pass intact, the club's settings kept"

# 5. Purged: data, settings and user gone.
in_root apt-get purge -y -qq spielstand > /dev/null 2>&1
in_root test ! -e /var/lib/spielstand
in_root test ! -e /etc/spielstand
! in_root getent passwd spielstand > /dev/null
echo "package: purged, nothing left"
