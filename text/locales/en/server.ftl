# The server's own messages (`spielstand-api`), in English. Every message is also in
# ../de/server.ftl, with the same variables (a test holds both to it).

server-lan-serving = spielstand serves the club's network at:
server-lan-address = { "  " }{ $url }
server-lan-phones = Phones open { $url } (links and QR codes name it).
server-lan-none = No network address found besides this machine's own: phones cannot reach it. Links name { $url }; connect this machine to the club's network, or give --public-url.
server-lan-organiser-created = Made the admin token "{ $name }" for the organiser's sign-in (only its hash is kept).
server-lan-sign-in = The organiser scans this within { $minutes } minutes to sign in on a phone or tablet (once):
server-lan-sign-in-link = { "  " }{ $url }
server-no-database = there is no database at { $url } (--database-url, SPIELSTAND_DATABASE_URL): run this where the server keeps it, or give --create to make a new one
server-migration-failed = The database could not be brought up to this version; it is unchanged (no migration was applied). Why: { $why }
server-database = Database: { $url }
server-backed-up = Backed up the database to { $path } ({ $bytes } bytes).
server-restored-kept = Restored { $path } into { $url }; the database it replaced is kept as { $kept }.
server-restored = Restored { $path } into { $url } (there was no database there).
server-token-created = Created write token "{ $name }" with scope { $scope }. Store it now: it cannot be shown again.
server-token-created-league = Created write token "{ $name }" with scope { $scope } for league { $league }. Store it now: it cannot be shown again.
server-no-public-url = No --public-url: the link names { $bind }, which a phone reaches only if the server listens there for the club's network (--lan).
server-token-active = active
server-token-revoked-at = revoked { $at }
server-token-every-league = every league
server-token-league = league { $league }
server-token-created-at = created { $at }
server-token-revoked = Revoked token "{ $name }".
server-backup-removed = Removed the old backup { $path } (the rotation keeps it no longer).
