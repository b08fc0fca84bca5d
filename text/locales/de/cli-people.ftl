# people: the command line's messages (de).

# spielstand player
player-looks-alike = { $name } sieht genauso aus wie der vorhandene Spieler { $other } (ID { $id }); bitte einen Namen wählen, der sich anders liest
player-added = Spieler { $name } hinzugefügt (ID { $id }).
player-none-yet = Noch keine Spieler: mit `spielstand player add NAME` einen hinzufügen.
player-merged-into = { $name } (zusammengeführt mit { $kept })
player-no-duplicates = Niemand scheint doppelt angelegt zu sein.
player-renamed = { $old } heißt jetzt { $new } (ID { $id }); Ergebnisse und Tabellen zeigen den neuen Namen.
player-merged = { $name } mit { $into } zusammengeführt: { $seats ->
        [one] { $seats } Spiel
       *[other] { $seats } Spiele
    } in { $leagues ->
        [one] { $leagues } Liga
       *[other] { $leagues } Ligen
    } übertragen; der Name { $name } steht jetzt für { $into }. Rückgängig mit `spielstand player unmerge { $name }`.
player-unmerged = Zusammenführung von { $name } mit { $into } rückgängig gemacht: { $seats ->
        [one] { $seats } Spiel
       *[other] { $seats } Spiele
    } in { $leagues ->
        [one] { $leagues } Liga
       *[other] { $leagues } Ligen
    } zurückübertragen.
player-in-league = { $player } in der Liga { $league }
player-rating-line = Wertung { $sparkline } { $rating } ({ $from } bis { $to }, ein Strich pro Spieleabend)
player-standings-title = Tabellenplätze
player-no-results = Noch in keiner Liga ein Ergebnis.
player-rating-history = Verlauf der Wertung (Wertung = Schätzung - 3 x Unsicherheit)
player-no-rated-games = Noch keine gewerteten Spiele.
player-shown = { $name } (ID { $id }), hinzugefügt am { $added }
player-no-games-in-league = Noch keine Spiele in dieser Liga.
player-all-games = alle Spiele

# spielstand league
league-none-yet = Noch keine Ligen: mit `spielstand league create NAME --games SLUG,...` eine anlegen.
league-shown = Liga { $name } (ID { $id })
league-created = Liga { $name } angelegt (ID { $id }).
league-changed = Liga { $name } geändert (ID { $id }).
league-nothing-to-change = Nichts zu ändern: --option GAME.OPTION=VALUE, --clear-options SLUG, --min-games N, --team NAME=PLAYERS oder --clear-teams angeben
league-options-none = keine
league-setting-name = Name
league-setting-id = ID
league-setting-games = Spiele
league-setting-points = Punkte
league-setting-tie-breakers = bei Punktgleichheit
league-setting-season = Saison
league-setting-ghostbuster-with-mensch = Ghostbuster zusammen mit Mensch
league-setting-min-games = Mindestzahl an Spielen
league-setting-game-options = Spieloptionen
league-yes = ja
league-no = nein
league-season-open = offen
league-season = { $from } bis { $to }

# spielstand audit
audit-none = Keine Änderungen.
audit-server-command-line = (Kommandozeile des Servers)
audit-total = { $count ->
        [one] { $count } Änderung
       *[other] { $count } Änderungen
    }, neueste zuerst
audit-total-shown = { $count ->
        [one] { $count } Änderung
       *[other] { $count } Änderungen
    }, { $shown } angezeigt, neueste zuerst
audit-total-in-league = { $count ->
        [one] { $count } Änderung
       *[other] { $count } Änderungen
    } in der Liga { $league }, neueste zuerst
audit-total-in-league-shown = { $count ->
        [one] { $count } Änderung
       *[other] { $count } Änderungen
    } in der Liga { $league }, { $shown } angezeigt, neueste zuerst
audit-player-merged = { $from } mit { $into } zusammengeführt ({ $seats ->
        [one] { $seats } Spiel
       *[other] { $seats } Spiele
    })
audit-player-unmerged = { $from } von { $into } getrennt ({ $seats ->
        [one] { $seats } Spiel zurück
       *[other] { $seats } Spiele zurück
    })
audit-league-renamed = Name { $before } → { $after }
audit-league-rules = Regeln
audit-league-unchanged = nichts
audit-result = { $game } am { $date }, Revision { $revision }
audit-webhook-paused = { $url } (Token { $token } widerrufen)
audit-event = { $title } am { $date }
audit-checked-in = angemeldet: { $names }
audit-checked-out = abgemeldet: { $names }
audit-round-drawn = Runde { $round } ({ $game }, { $method }, Startwert { $seed })
audit-result-counts = Revision { $revision }, zählt jetzt
audit-result-confirmations = Revision { $revision }, { $confirmations } von { $needed } Bestätigungen
audit-result-rejected = Revision { $revision }: { $reason }
audit-join-code = { $night } bis { $until }
audit-pass = { $player } bei { $night }
audit-signed-in-token = mit einem Token
audit-signed-in-code = mit einem Anmeldecode
audit-signed-in = mit { $with }

# spielstand standings (the title is put together from its parts)
standings-title = { $league }: Tabelle
standings-game-only = , nur { $game }
standings-as-of = , Stand { $date }
standings-points = (Punkte nach { $points })
standings-by-team = , nach Teams
standings-no-teams = Diese Liga nennt keine Teams: in ihren Regeln "teams" angeben (siehe docs/organisers.md, „Eine Teamtabelle“).
standings-none-yet = Noch zählt kein Ergebnis.

# spielstand h2h
h2h-title = { $league }: Direktvergleich
h2h-title-game = { $league }: Direktvergleich ({ $game })
h2h-two-players = Zwei Spieler nennen oder keinen für alle Paare
h2h-none-yet = Noch haben keine zwei Spieler zusammen gespielt.
h2h-not-played-together = { $first } und { $second } haben in dieser Liga noch nicht zusammen gespielt

# spielstand login
login-token-prompt = Schreib-Token für { $server } (Enter für keins, dann nur lesen):
login-cannot-read-token = Das Token lässt sich nicht lesen: { $error }
login-cannot-read-token-stdin = Das Token lässt sich nicht von der Standardeingabe lesen: { $error }
login-reachable = erreichbar
login-not-checked = nicht geprüft: { $error }
login-token-accepted = erreichbar, Token { $name } angenommen (Berechtigung { $scope })
login-token-accepted-for-league = erreichbar, Token { $name } angenommen (Berechtigung { $scope }, nur für Liga { $league })
login-token-not-checked = Token nicht geprüft: { $error }
login-saved = { $path } gespeichert (Modus 0600).
login-server = Server: { $server } ({ $checked })
login-token-saved = Token:  gespeichert
login-token-none = Token:  keins, nur lesen

# spielstand score rangeln
score-standard-input = Standardeingabe
score-name-the-players = (die Spieler mit --players nennen)
score-board = Brett { $number } ({ $name })
score-game = Spiel (die betragsmäßig größte Summe gewinnt)

# A result for people (record, result show, results)
view-result = Ergebnis { $id } (Revision { $revision }): { $game } am { $date }
view-imported-from = Importiert aus { $system } (Partie { $play }).
view-imported-totals = Importierte Summen: Die App, aus der das Spiel stammt, hat keine Runden gespeichert.
view-starting-players = Startspieler: { $players }
view-did-not-finish = nicht im Ziel
view-house-rules = Hausregeln: { $rules }; Farben: { $colours }
view-house-rules-none = keine
view-partners = Partner: { $teams }
view-lauf-rauf = Ausgabe: { $edition }; Karten: { $cards }
view-cards-yes = ja
view-cards-no = nein

# The config file
config-no-home = Das Home-Verzeichnis für die Konfiguration und den Postausgang ist nicht zu finden: { $error }
config-cannot-read = { $path } lässt sich nicht lesen
config-not-valid = { $path } ist keine gültige Konfigurationsdatei
config-cannot-write-config = Die Konfiguration lässt sich nicht schreiben
config-readable-by-others = Warnung: { $path } enthält ein Schreib-Token, aber andere dürfen die Datei lesen; `chmod 600 { $path }` ausführen
config-no-folder = { $path } liegt in keinem Ordner
config-cannot-write = { $path } lässt sich nicht schreiben
config-cannot-create = { $path } lässt sich nicht anlegen
config-server-not-a-url = --server { $url }: eine URL wie http://127.0.0.1:8080 angeben
config-server-no-host = --server { $url }: Die URL nennt keinen Host

# Column names of the tables above (player show, standings, score rangeln).
column-avg-place = Ø Platz
column-head-to-head = Direktvergleich
column-win-rate = Siegquote
column-best = Bester Platz
column-worst = Schlechtester Platz
column-streak = Serie
column-longest = Längste Serie
column-last-night = Letzter Spieleabend
column-black = schwarz

## spielstand postspiel resolve
postspiel-state-unreadable = { $file }: kein Stand eines Postspiels: { $error }
postspiel-orders-unreadable = { $file }: keine Züge: { $error }
postspiel-refused = Nichts ausgewertet: { $count ->
    [one] ein Zug verstößt
   *[other] { $count } Züge verstoßen
    } gegen eine Regel:
postspiel-round = Runde { $round }:
postspiel-game-over = Das Spiel ist zu Ende.

## spielstand postspiel create, send, advance, show
postspiel-created = Postspiel { $id } „{ $title }“ in { $league } begonnen.
postspiel-due = Runde { $round } von { $rounds }: Einsendeschluss { $deadline }.
postspiel-codes-once = Der Code jedes Hasen, nur jetzt gezeigt: gib jedem seinen (spielstand postspiel send SPIEL ZUG --code CODE).
postspiel-order-kept = { $player }, Runde { $round }: { $order }
postspiel-order-replaced = { $player }, Runde { $round }: { $order } (ersetzt den zuvor gesandten Zug)
postspiel-order-refused = Zug für { $player }, Runde { $round } („{ $order }“) abgelehnt: { $why }. Es wurde kein Zug angenommen.
postspiel-order-unreadable = Zug für { $player }, Runde { $round } („{ $order }“) ist kein Zug, den das Spiel lesen kann: ein Zug lautet etwa „vor 3“, „zurück“, „bleiben fressen“ (oder nehmen, abgeben, warten), „vor 3, nochmal vor 2“ oder „wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen“. Es wurde kein Zug angenommen.
postspiel-code-unknown = Dieser Hasen-Code ist hier nicht bekannt oder sein Spiel ist zu Ende: Frag die Spielleitung nach deinem Code.
postspiel-code-not-here = { $detail }. Ein Hasen-Code sendet nur die eigenen Züge im eigenen Spiel: für alles andere frag die Spielleitung.
postspiel-game = Postspiel { $id } „{ $title }“
postspiel-recorded = In der Liga als Ergebnis { $result } erfasst.
column-field = Feld
column-lettuces = Salate
column-code = Code
column-position = Position
column-next-round = Nächste Runde
word-duty-wait = setzt aus
word-duty-eat = frisst einen Salat
word-duty-leave = muss das Salatfeld verlassen
postspiel-board-unreadable = --board { $path }: kein Spielplan, auf dem sich spielen lässt: { $error }
postspiel-code-reissued = Ein neuer Code für { $player }: der alte gilt nicht mehr.
audit-postal-game = „{ $title }“: { $hares }
audit-postal-orders = { $hare }, Runde { $rounds }
audit-postal-round = Runde { $round }
audit-postal-code = ein neuer Code für { $hare }
postspiel-address-form = { $typed }: schreib die Adresse eines Hasen als NAME=ADRESSE, z. B. Anna=anna@club.example
postspiel-mail-unreadable = --mail { $path }: keine Mail, die dieser Befehl liest
postspiel-mail-no-order = --mail { $path }: keine Zeile der Mail liest sich als Zug („vor 3“, „zurück“, …)
postspiel-no-mails = Noch kein Bericht verschickt (ein Spiel mit Adressen verschickt den Bericht jeder Runde).
postspiel-game-master = Spielleitung
column-tries = Versuche
column-sent = Verschickt
column-error = Fehler
column-to = An
column-hare = Hase
