# nights: the command line's messages (de).

## spielstand event ...
event-no-night-give-id = Dieser Laptop hat keinen Spieleabend: --night ID angeben oder mit `spielstand event join NIGHT --league L` dem Spieleabend beitreten
event-present = Anwesend
event-checked-in = { $count ->
    [one] { $count } Spieler ist beim Spieleabend { $night } anwesend.
   *[other] { $count } Spieler sind beim Spieleabend { $night } anwesend.
    }
event-checked-out = { $player } ist vom Spieleabend { $night } abgemeldet.
event-yes = ja
event-draw-random = zufällig ausgelost
event-draw-balanced = ausgeglichen ausgelost
event-draw-swiss = nach Schweizer System ausgelost
event-round = { $tables ->
    [one] Runde { $round } des Spieleabends { $night }: { $game }, { $draw } (Seed { $seed }), { $tables } Tisch
   *[other] Runde { $round } des Spieleabends { $night }: { $game }, { $draw } (Seed { $seed }), { $tables } Tische
    }
event-table = Tisch { $table }
event-table-done = Tisch { $table }, fertig: Ergebnis { $result }
event-starts = { $player } (beginnt)
event-night-named = { $games ->
    [one] Spieleabend { $id } „{ $title }“ ({ $games } Spiel)
   *[other] Spieleabend { $id } „{ $title }“ ({ $games } Spiele)
    }
event-open-night-exists = Die Liga { $league } hat am { $date } schon einen offenen Spieleabend: { $night }. Mit `spielstand event join { $id } --league "{ $league }"` beitreten oder mit --new einen zweiten Spieleabend beginnen
event-open-night-join = Die Liga { $league } hat am { $date } schon einen offenen Spieleabend: { $night }. Beitreten?
event-start-input-ended = Die Eingabe endete vor der Antwort; es wurde kein Spieleabend begonnen
event-started = Spieleabend { $id } „{ $title }“ in der Liga { $league } am { $date } begonnen: Jedes `spielstand record` für diese Liga gehört jetzt dazu, bis `spielstand event leave`. Andere Laptops treten ihm mit `spielstand event join { $id } --league "{ $league }"` bei.
event-replaces = (Er ersetzt auf diesem Laptop den Spieleabend { $id } „{ $title }“.)
event-joined = { $games ->
    [one] Dem Spieleabend { $id } „{ $title }“ der Liga { $league } am { $date } beigetreten (bisher { $games } Spiel): Jedes `spielstand record` für diese Liga gehört jetzt dazu, bis `spielstand event leave`.
   *[other] Dem Spieleabend { $id } „{ $title }“ der Liga { $league } am { $date } beigetreten (bisher { $games } Spiele): Jedes `spielstand record` für diese Liga gehört jetzt dazu, bis `spielstand event leave`.
    }
event-join-needs-league = Die Liga des Spieleabends { $night } mit --league L angeben (oder die ID des Spieleabends)
event-join-closed = Der Spieleabend { $id } „{ $title }“ am { $date } wurde von einem Admin geschlossen: Er nimmt keine Spiele mehr an
event-current-none = Auf diesem Laptop läuft kein Spieleabend: Mit `spielstand event start` einen beginnen oder mit `spielstand event join` einem beitreten.
event-current-gone = Der Spieleabend { $id } „{ $title }“ dieses Laptops ist nicht mehr auf dem Server: `spielstand event leave` ausführen
event-state-closed-at = geschlossen am { $at }: Er nimmt keine Spiele mehr an; `spielstand event leave` ausführen
event-state-open = offen
event-state-closed = geschlossen
event-current-night = Spieleabend { $id } „{ $title }“ der Liga { $league } am { $date }
event-current-games = { $games ->
    [one] Bisher { $games } Spiel eingetragen, von allen Laptops; { $state }.
   *[other] Bisher { $games } Spiele eingetragen, von allen Laptops; { $state }.
    }
event-close-no-night = Auf diesem Laptop läuft kein Spieleabend: die ID des Spieleabends angeben
event-closed = { $games ->
    [one] Der Spieleabend { $id } „{ $title }“ am { $date } ist mit { $games } Spiel geschlossen: Der Server nimmt keine neuen Spiele dafür an, auf keinem Laptop.
   *[other] Der Spieleabend { $id } „{ $title }“ am { $date } ist mit { $games } Spielen geschlossen: Der Server nimmt keine neuen Spiele dafür an, auf keinem Laptop.
    }
event-left-too = Dieser Laptop hat ihn auch verlassen.
event-list-empty = Noch keine Spieleabende in dieser Liga: Mit `spielstand event start` einen beginnen.
event-list-title = Spieleabende der Liga { $league }
# $location ist leer oder ", " und der Ort; $closed ist leer oder event-show-closed.
event-show-summary = { $games ->
    [one] { $title } (Spieleabend { $id }), { $date }{ $location }: { $games } Spiel{ $closed }
   *[other] { $title } (Spieleabend { $id }), { $date }{ $location }: { $games } Spiele{ $closed }
    }
event-show-closed = , geschlossen
event-winners = Sieger des Spieleabends: { $names }
event-games-title = Spiele
event-night-table = Die Tabelle des Spieleabends
event-night-table-empty = Noch keine Spiele an diesem Spieleabend.
event-league-table-after = Die Ligatabelle nach dem Spieleabend
event-place-new = neu
event-present-list = Anwesend ({ $count }): { $names }
event-left = Dieser Laptop hat den Spieleabend { $id } „{ $title }“ verlassen: Spiele, die hier später eingetragen werden, gehören zu keinem Spieleabend. Der Spieleabend bleibt auf dem Server für die anderen Laptops offen; `spielstand event close { $id }` schließt ihn endgültig.
event-leave-none = Auf diesem Laptop läuft kein Spieleabend (einen mit `spielstand event start` beginnen)

## Der Spieleabend dieses Laptops (night.json) und das Eintragen an einem ausgelosten Tisch
night-damaged = { $path } ist beschädigt ({ $error }): `spielstand event leave` ausführen, um die Datei zu entfernen
night-cannot-read = { $path } kann nicht gelesen werden
night-cannot-remove = { $path } kann nicht entfernt werden
night-not-found-id = In der Liga { $league } gibt es keinen Spieleabend { $id }
night-named = { $id } „{ $title }“ ({ $date })
night-not-found-title = In der Liga { $league } gibt es keinen Spieleabend { $title }
night-not-found-title-latest = In der Liga { $league } gibt es keinen Spieleabend { $title }; die letzten sind: { $latest }
night-table-no-night = --table { $table }: Dieser Laptop hat keinen Spieleabend; mit `spielstand event join NIGHT --league L` dem Spieleabend beitreten
night-table-no-round = --table { $table }: Beim Spieleabend „{ $title }“ ist noch keine Runde ausgelost; mit `spielstand event draw --game { $game }` eine auslosen
night-table-other-game = --table { $table }: In Runde { $round } des Spieleabends wird { $plays } gespielt, nicht { $game }
night-table-missing = --table { $table }: Runde { $round } hat die Tische 1 bis { $tables }
night-table-recorded = --table { $table }: Das Spiel dieses Tisches in Runde { $round } ist schon eingetragen (Ergebnis { $result }); siehe `spielstand result show { $result }`

## spielstand sync
sync-other-servers = { $count ->
    [one] Hinweis: { $count } Ergebnis wartet auf einen anderen Server ({ $servers }): mit --server synchronisieren, um es zu senden
   *[other] Hinweis: { $count } Ergebnisse warten auf einen anderen Server ({ $servers }): mit --server synchronisieren, um sie zu senden
    }
sync-outbox-empty = Der Postausgang ist leer.
sync-nothing = Nichts zu senden: Im Postausgang liegen keine Ergebnisse für { $server }.
sync-stopped = { $waiting ->
    [one] { $sent } von { $total } gesendet; { $waiting } Ergebnis wartet noch im Postausgang ({ $dir }); `spielstand sync` noch einmal ausführen.
   *[other] { $sent } von { $total } gesendet; { $waiting } Ergebnisse warten noch im Postausgang ({ $dir }); `spielstand sync` noch einmal ausführen.
    }
sync-sent = { $total ->
    [one] { $sent } von { $total } Ergebnis gesendet.
   *[other] { $sent } von { $total } Ergebnissen gesendet.
    }
sync-refused = { $count ->
    [one] { $count } Ergebnis wurde abgelehnt und nach { $dir } verschoben: `spielstand outbox list` zeigt den Grund, `spielstand outbox fix ID --replace OLD=NEW` (oder --date, --event) korrigiert es und sendet es noch einmal
   *[other] { $count } Ergebnisse wurden abgelehnt und nach { $dir } verschoben: `spielstand outbox list` zeigt die Gründe, `spielstand outbox fix ID --replace OLD=NEW` (oder --date, --event) korrigiert eines und sendet es noch einmal
    }
sync-outcome-sent = gesendet
sync-outcome-already-recorded = schon eingetragen
sync-outcome-refused = abgelehnt
sync-replayed = Der Server hatte es schon von einem früheren Versuch; einmal gezählt

## spielstand outbox ... und der Postausgang selbst
outbox-dropped = { $id } verworfen ({ $entry }).
outbox-no-such-id = Im Postausgang hat nichts die ID { $id }: siehe `spielstand outbox list`
outbox-ambiguous-id = { $count } Einträge beginnen mit { $id }: mehr von der ID angeben
outbox-empty = Der Postausgang ist leer: Nichts wartet, nichts wurde abgelehnt.
outbox-state-refused = abgelehnt
outbox-state-waiting = wartet
outbox-other-server = { $id } ist für den Server { $server }: zum Korrigieren --server { $server } angeben
outbox-what = Eintrag { $id } im Postausgang
outbox-nothing-to-fix = Nichts zu korrigieren: angeben, was sich ändert (--date, --replace, --players, --order, --round, --edition, ...); --dry-run prüft es so, wie es ist
outbox-corrected-preview = { $what }, korrigiert: { $entry }
outbox-dry-run = Probelauf: Das korrigierte Ergebnis ist gültig; nichts wurde gesendet oder geändert.
outbox-recorded = Ergebnis { $id } eingetragen: { $entry }.
outbox-refused-again = Erneut abgelehnt: { $reason }; es bleibt als { $id } im Postausgang
outbox-corrected-waits = Das korrigierte Ergebnis wartet im Postausgang ({ $id }); `spielstand sync` sendet es, sobald der Server wieder erreichbar ist.
outbox-entry = { $game } am { $date } für die Liga { $league } ({ $players })
outbox-cannot-encode = Ein Eintrag des Postausgangs lässt sich nicht kodieren
outbox-cannot-remove = { $path } kann nicht entfernt werden
outbox-refused = Abgelehnt: { $entry }: { $reason } (nach { $file } verschoben; mit `spielstand outbox fix { $id } ...` korrigieren)
outbox-cannot-read = { $path } kann nicht gelesen werden
outbox-not-an-entry = { $path } ist kein Eintrag des Postausgangs (zum Weitermachen die Datei woandershin verschieben)

## Änderungen an einem eingetragenen Spiel (result fix, outbox fix)
edit-not-for = { $flag } gilt hier nicht: { $what } ist { $game }
edit-no-such-round = --round { $round }: { $what } hat { $count } Runden
edit-not-a-finisher = --finish-round { $player }: Nur wer im Ziel ist, hat eine Zielrunde, und { $player } hat in { $what } keine Karotten
edit-replace-syntax = --replace { $pair }: OLD=NEW schreiben (alter Name=neuer Name), z. B. Ben=Dora
edit-replace-unknown = --replace { $pair }: In { $what } hat niemand dieses Namens gespielt
edit-night-closed = --event { $night }: Der Spieleabend { $id } „{ $title }“ wurde von einem Admin geschlossen und nimmt keine Spiele mehr an
# $date_flag ist das Datum, wie --date es nimmt (ISO), in jeder Sprache.
edit-night-other-date = --event { $night }: Der Spieleabend { $id } „{ $title }“ ist am { $night_date }, das Spiel am { $game_date }; die Spiele eines Spieleabends sind an seinem Datum: auch --date { $date_flag } angeben

## spielstand result fix
fix-not-a-record = { $path } ist kein Ergebnis-Datensatz: { $error }
fix-what = Ergebnis { $id }
fix-nothing-to-fix = Nichts zu korrigieren: angeben, was sich ändert (--date, --event, --replace, --players, --order, --round, ...), oder --file
fix-dry-run = Probelauf: Nichts wurde gesendet.
fix-corrected = Ergebnis { $id } korrigiert: jetzt in Revision { $revision }.

## spielstand result show|delete
result-gone = Ergebnis { $id }: { $detail }
result-history-title = Verlauf
result-action-recorded = eingetragen
result-action-corrected = korrigiert
result-action-deleted = gelöscht
result-action-confirmed = bestätigt
result-action-rejected = abgelehnt
result-what = Ergebnis { $id } ({ $game } am { $date }: { $places })
result-delete-confirm = { $what } löschen?
result-nothing-deleted = Nichts gelöscht.
result-delete-input-ended = Die Eingabe endete vor der Antwort; nichts gelöscht
result-deleted = { $what } gelöscht. Der Verlauf bleibt: spielstand result show { $id } --history

## spielstand results
results-none = Keine Ergebnisse.
results-summary = { $total ->
    [one] { $league }: { $total } Ergebnis, das neueste zuerst
   *[other] { $league }: { $total } Ergebnisse, die neuesten zuerst
    }
results-summary-shown = { $total ->
    [one] { $league }: { $total } Ergebnis, { $shown } davon gezeigt, das neueste zuerst
   *[other] { $league }: { $total } Ergebnisse, { $shown } davon gezeigt, die neuesten zuerst
    }
