# Die eigenen Meldungen der Kommandozeile, auf Deutsch. Jede Meldung steht auch in
# ../en/cli.ftl, mit denselben Variablen (ein Test hält beide daran).

error-prefix = Fehler:
answer-default-yes = [J/n]
answer-default-no = [j/N]
answer-again = Bitte mit j oder n antworten.
keys-ignored = (Hier zählt nur Text: Tasten wie F1 oder die Pfeile werden übergangen.)

record-confirm = Dieses Spiel in der Liga { $league } eintragen?
recorded = Ergebnis { $id } in der Liga { $league } eingetragen.
recorded-at-night = Ergebnis { $id } in der Liga { $league } beim Spieleabend { $night } eingetragen.
dry-run-valid = Probelauf: Das Ergebnis ist gültig; nichts wurde gesendet.
not-checked = Nicht geprüft, weil der Server nicht erreichbar ist: { $what }.
queued-not-recorded = Das Ergebnis ist NOCH NICHT eingetragen. Es liegt im Postausgang:
queued-sync = `spielstand sync` ausführen, sobald der Server wieder erreichbar ist: Es wird einmal gesendet und einmal gezählt.
outbox-waiting = { $count ->
    [one] Hinweis: Ein früheres Ergebnis wartet noch im Postausgang: `spielstand sync` ausführen
   *[other] Hinweis: { $count } frühere Ergebnisse warten noch im Postausgang: `spielstand sync` ausführen
    }

draft-kept = Das Spiel ist bis hierher als Entwurf gespeichert: `{ $command } --resume` setzt es fort, `{ $command } --discard` verwirft es.
draft-nothing = Es wurde nichts eingegeben, also wird nichts gespeichert.
stopped = Angehalten. { $kept }
input-ended = Die Eingabe ist zu Ende. { $kept } Nichts wurde gesendet.
interrupted = Abgebrochen.
interrupted-kept = Abgebrochen. { $kept } Nichts wurde gesendet.

unknown-players = { $count ->
    [one] Den Namen { $names } hat niemand
   *[other] Die Namen { $names } hat niemand
    }
did-you-mean = { $count ->
    [one] meintest du { $names }?
   *[other] meintest du { $names } oder { $last }?
    }
someone-new = { $count ->
    [one] jemand Neues: `spielstand player add { $name }`
   *[other] jemand Neues: `spielstand player add NAME` für jeden
    }
checked-offline = geprüft gegen die Spielerliste, die dieser Laptop am { $at } gesehen hat, weil der Server nicht erreichbar ist
not-at-table = --order: nicht an Tisch { $table }: { $names }; an Tisch { $table } sitzen { $players }
table-offline = Der Server ist nicht erreichbar: Tisch { $table }, wie dieser Laptop ihn um { $at } gesehen hat.

rounds-intro = Jede Runde als Punkte (Anna=4,Ben=-3,...), als Ringzählung (Anna=+2:1/-1:7,...) oder als @DATEI mit dem Schlussbrett oder den Zügen eingeben. An jeder Eingabe hilft „help“.
round-prompt = Runde { $round } von { $rounds } ({ $player } beginnt):
took-back = Runde { $round } zurückgenommen.
nothing-to-undo = Nichts zurückzunehmen: Es ist noch keine Runde eingegeben.
no-board = Runde { $round } wurde ohne Brett eingegeben; die Punkte bis hierher:
no-round-yet = Es ist noch keine Runde eingegeben.
enter-round-again = { $error }; Runde { $round } bitte noch einmal eingeben
round-label = Runde { $round }
total = Gesamt

# Die Spaltennamen der Tabellen.
column-action = Aktion
column-added = Hinzugefügt
column-ahead = Vorn
column-at = Zeit
column-behind = Dahinter
column-by = Von
column-carrots = Karotten
column-change = Änderung
column-checked-in = Angemeldet
column-count = Anzahl
column-date = Datum
column-detail = Einzelheiten
column-estimate = Schätzung
column-finish-round = Zielrunde
column-game = Spiel
column-games = Spiele
column-league = Liga
column-likely-the-same-as = Wohl dieselbe Person wie
column-location = Ort
column-measure = Maß
column-name = Name
column-of = Von
column-opponent = Gegner
column-outcome = Ausgang
column-place = Platz
column-places-after = Plätze danach
column-places = Plätze
column-played-on = Gespielt am
column-played = Spiele
column-player = Spieler
column-players = Spieler
column-plays = Spielt
column-points = Punkte
column-predicted = Erwartet
column-rating = Wertung
column-ratings = Wertungen
column-recorded = Eingetragen
column-refused-because = Abgelehnt, weil
column-result = Ergebnis
column-revision = Revision
column-round = Runde
column-score = Punkte
column-season = Saison
column-seat = Sitz
column-server = Server
column-setting = Einstellung
column-starts = Beginnt
column-state = Stand
column-table = Tisch
column-team = Team
column-this-laptop = Dieser Laptop
column-ties = Gleichstand
column-title = Titel
column-token = Token
column-uncertainty = Unsicherheit
column-uniform-guess = Blind geraten
column-value = Wert
column-before = Vorher
column-win = Sieg %
column-wins = Siege
column-when = Wann

accuracy-title = { $games ->
    [one] Wie gut die Wertungen sind (1 Spiel)
   *[other] Wie gut die Wertungen sind ({ $games } Spiele)
    }
accuracy-explained = Favorit gewann: wie oft der nach den Wertungen Stärkste am Tisch gewann. Log-Loss und Brier-Wert: wie weit die vorhergesagten Chancen vom Ergebnis lagen (kleiner ist besser). Blind geraten: alle am Tisch gleich wahrscheinlich, zum Vergleich.
accuracy-favourite-won = Favorit gewann
accuracy-log-loss = Log-Loss (kleiner ist besser)
accuracy-brier = Brier-Wert (kleiner ist besser)

# Die eigenen Wörter von clap in `--help`.
help-heading-usage = Aufruf:
help-heading-commands = Befehle
help-heading-arguments = Argumente
help-heading-options = Optionen
help-flag-help = Hilfe zeigen
help-flag-version = Version zeigen

# Die Prüfung der Angaben auf der Kommandozeile.
args-unknown-house-rule = unbekannte Hausregel { $item }: { $keyword } oder eine von { $slugs } angeben
args-team-syntax = { $typed }: den Namen des Teams, '=' und seine Spieler mit '+' verbunden schreiben: "TSV 1=Anna+Ben"
args-teams-syntax = { $typed } ist keine Liste von Teams: Teams mit ',' trennen und Partner mit '+' verbinden ("Anna+Cleo,Ben+Dora")
args-player-mapping = { $typed }: NAME IN DER QUELLE=SPIELER schreiben, z. B. "Tom=Thomas Müller"
args-not-an-action = { $typed } ist keine Aktion; eine von: { $actions }
args-fix-round-syntax = { $typed }: N:ANGABE schreiben, z. B. 2:Anna=4,Ben=-3,Cleo=0
args-not-a-round = { $typed } ist keine Rundennummer
output-cannot-write = Warnung: Die Ausgabe lässt sich nicht schreiben: { $error }
help-flag-help-subcommand = Diese Hilfe oder die Hilfe der genannten Befehle zeigen

# Werte, die gelesen und nicht getippt werden (Regeln einer Liga, ein Ergebnis), nach ihren Kürzeln.
word-tie-breaker-wins = Siege
word-tie-breaker-average-place = Durchschnittsplatz
word-tie-breaker-head-to-head = direkter Vergleich
word-colours-one-each = je eine Farbe
word-colours-two-each = je zwei Farben
word-colours-neutral = mit neutraler Farbe
word-house-rule-backward-capture = Rückwärtsschlagen
word-house-rule-three-rolls = dreimal würfeln
word-house-rule-no-jumping-in-home-row = kein Überspringen im Ziel
word-house-rule-barriers = Sperren
word-house-rule-forced-capture = Schlagzwang
word-edition-published = veröffentlichte Ausgabe (drei Würfel)
word-edition-revised = überarbeitete Regeln (zwei Würfel)

# Eine Befehlszeile, die sich nicht lesen lässt (Fehler von clap), auf Deutsch.
clap-invalid-value = ungültiger Wert { $value } für { $arg }
clap-invalid-value-because = ungültiger Wert { $value } für { $arg }: { $why }
clap-possible-values = mögliche Werte: { $values }
clap-unknown-argument = unbekanntes Argument { $arg }
clap-unknown-subcommand = unbekannter Befehl { $command }
clap-tip = Tipp: meintest du { $suggestion }?
clap-missing = diese Angaben fehlen: { $args }
clap-conflict = { $arg } lässt sich nicht zusammen mit { $other } angeben
clap-no-value = { $arg } braucht einen Wert
clap-values = { $arg } nimmt eine andere Anzahl von Werten
clap-other = die Befehlszeile lässt sich nicht lesen ({ $kind })
clap-usage = Aufruf: { $usage }
clap-more = Mehr dazu: '--help'.
