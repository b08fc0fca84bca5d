# Die eigenen Meldungen des Servers (`spielstand-api`), auf Deutsch. Jede Meldung steht
# auch in ../en/server.ftl, mit denselben Variablen (ein Test hält beide daran).

server-lan-serving = spielstand ist im Netz des Vereins erreichbar unter:
server-lan-address = { "  " }{ $url }
server-lan-phones = Handys öffnen { $url } (Links und QR-Codes nennen diese Adresse).
server-lan-none = Außer der eigenen Adresse dieses Rechners wurde keine Netzwerkadresse gefunden: Handys erreichen ihn nicht. Links nennen { $url }; verbinde den Rechner mit dem Netz des Vereins, oder gib --public-url an.
server-lan-organiser-created = Das Admin-Token „{ $name }“ für die Anmeldung der Spielleitung wurde angelegt (gespeichert ist nur sein Hash).
server-lan-sign-in = Die Spielleitung scannt dies innerhalb von { $minutes } Minuten, um sich auf einem Handy oder Tablet anzumelden (einmalig):
server-lan-sign-in-link = { "  " }{ $url }
server-no-database = Unter { $url } gibt es keine Datenbank (--database-url, SPIELSTAND_DATABASE_URL): Führe den Befehl dort aus, wo der Server sie hat, oder lege mit --create eine neue an
server-migration-failed = Die Datenbank ließ sich nicht auf den Stand dieser Version bringen; sie ist unverändert (keine Migration wurde übernommen). Grund: { $why }
server-database = Datenbank: { $url }
server-backed-up = Die Datenbank ist nach { $path } gesichert ({ $bytes } Bytes).
server-restored-kept = { $path } ist nach { $url } zurückgespielt; die ersetzte Datenbank liegt als { $kept } daneben.
server-restored = { $path } ist nach { $url } zurückgespielt (dort war keine Datenbank).
server-token-created = Das Schreib-Token „{ $name }“ mit dem Umfang { $scope } ist angelegt. Bewahre es jetzt auf: Es lässt sich nicht noch einmal zeigen.
server-token-created-league = Das Schreib-Token „{ $name }“ mit dem Umfang { $scope } für die Liga { $league } ist angelegt. Bewahre es jetzt auf: Es lässt sich nicht noch einmal zeigen.
server-no-public-url = Kein --public-url: Der Link nennt { $bind }; ein Handy erreicht ihn nur, wenn der Server dort im Netz des Vereins lauscht (--lan).
server-token-active = gültig
server-token-revoked-at = gesperrt am { $at }
server-token-every-league = alle Ligen
server-token-league = Liga { $league }
server-token-created-at = angelegt am { $at }
server-token-revoked = Das Token „{ $name }“ ist gesperrt.
server-backup-removed = Die alte Sicherung { $path } ist entfernt (die Rotation behält sie nicht mehr).
