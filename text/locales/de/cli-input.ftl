# input: the command line's messages (de).

## Dateien und Standardeingabe (input/mod.rs), gemeinsame Wörter der Eingaben beim Spiel

input-stdin-once = Die Standardeingabe (-) lässt sich nur einmal lesen
input-stdin-unreadable = Die Standardeingabe lässt sich nicht lesen: { $error }
input-file-unreadable = { $path } lässt sich nicht lesen: { $error }
input-note = Hinweis: { $note }
input-also = Außerdem: undo (die letzte Eingabe zurücknehmen), board (das Brett noch einmal zeigen), help, quit (als Entwurf behalten).

## Runden, am Tisch eingetippt (input/rounds.rs)

rounds-help = Runde { $round } von { $rounds }, { $player } beginnt: die Runde als Punkte (Anna=4,Ben=-3,...), als Ringzählung (Anna=+2:1/-1:7,...: Ringe +2 -2 +1 -1 black) oder als @DATEI eingeben, eine Datei mit dem Schlussbrett oder der Runde Zug um Zug.
rounds-no-stdin = @- geht nicht, während Runden eingetippt werden: einen Dateinamen angeben

## Eine Runde mit dem Schiedsrichter, live (input/live_round.rs)

live-intro = Runde { $round } von { $rounds }: { $player } beginnt. Einen Stein nach dem anderen einsetzen (ein Feld wie c3), dann ziehen (ein Weg wie c3-c4-d4). An jeder Eingabe hilft „help“.
live-placement-prompt = { $player } setzt ein (Nr. { $number }):
live-path-prompt = { $player } zieht, Weg { $path } ({ $allowance }; „stuck“ beendet den Zug):
live-took-back-placement = Das Einsetzen von { $player } auf { $cell } ist zurückgenommen.
live-took-back-path = Der Weg { $path } von { $player } ist zurückgenommen.
live-took-back-stuck = Das Ende des Zugs von { $player } ist zurückgenommen.
live-nothing-to-undo = Nichts zurückzunehmen: Diese Runde hat gerade erst begonnen.
live-refused-again = abgelehnt: { $error }; bitte noch einmal („help“ sagt, was erwartet wird)
live-refused = abgelehnt: { $error }
live-help-placement = { $player } setzt Stein { $piece } von { $pieces } ein: ein freies Feld wie c3 eingeben, kein schwarzes Feld (#) und nicht neben einen Stein von { $player }, auch nicht schräg.
live-help-path = Einen Weg wie c3-c4-d4 eingeben: das Startfeld eines Steins, dann jedes Feld, auf das er tritt (je Schritt eine Reihe oder Spalte weiter, nie zurück). Ein Weg geht seine volle Länge, wo immer ein Stein von { $player } das kann; „stuck“ beendet den Zug, wenn kein Stein von { $player }, der noch ziehen darf, einen erlaubten Schritt hat.
live-round-over = Die Runde ist vorbei.

## Runden-SPECs, Namenslisten, NAME=N-Paare, Daten (input/spec.rs)

spec-at-needs-file = „@“ braucht einen Dateinamen: @brett.txt, oder @- für die Standardeingabe
spec-score-not-number = { $name }={ $value }: Punkte sind eine ganze Zahl wie 4 oder -3 (eine Ringzählung sieht so aus: { $name }=+2:1/-1:3)
spec-mixed-kinds = Allen Spielern einer Runde dieselbe Art Eintrag geben: nur Punkte (Anna=4) oder nur Ringzählungen (Anna=+2:1/-1:3)
spec-not-ring-count = { $part } ist nicht RING:ANZAHL
spec-not-a-ring = { $label } ist kein Ring: +2, -2, +1, -1 oder black verwenden
spec-ring-twice = Ring { $ring } ist zweimal angegeben
spec-not-piece-count = { $value } ist keine Anzahl Steine (Ring { $ring })
spec-not-pair-round = { $item } ist nicht NAME=WERT (eine Runde so schreiben: Anna=4,Ben=-3)
spec-not-pair-list = { $item } ist nicht NAME=WERT (die Liste so schreiben: Anna=4,Ben=-3)
spec-given-twice = { $name } ist zweimal angegeben
spec-not-whole-number = { $name }={ $value }: { $quoted } ist keine ganze Zahl
spec-names = { $text }: die Namen durch Kommas getrennt schreiben, z. B. Anna,Ben,Cleo
spec-moment = { $text }: ein Einsendeschluss ist 2026-12-03T18:00:00Z oder ein Tag mit Uhrzeit: 03.12.2026 18:00, 2026-12-03 18:00
spec-not-a-date = { $typed } ist kein Datum: 2026-11-23, 23.11.2026, 23.11. (dieses Jahr), heute/today oder gestern/yesterday schreiben
spec-not-a-day = { $typed } ist kein Tag im Kalender

## spielstand record (commands/record.rs)

record-no-such-seat = --order: Tisch { $table } hat die Sitze 1 bis { $seats }, nicht { $seat }
record-table-league = --league { $league }: Die Tische gehören zum Spieleabend „{ $title }“ der Liga { $night_league }
record-finish-round = --finish-round { $player }: Nur wer ins Ziel kommt, hat eine Zielrunde, und { $player } hat keinen Eintrag bei --carrots
record-no-league = Die Liga mit --league L angeben
record-standard-input = der Standardeingabe
record-round-error = Runde { $round }: { $error }
record-rounds-terminal-only = { $count ->
    [one] Je Runde ein --round angeben: { $count } Spieler spielt { $count } Runde (siehe `spielstand record rangeln --help`); nach Runden wird nur an einem Terminal gefragt
   *[other] Je Runde ein --round angeben: { $count } Spieler spielen { $count } Runden (siehe `spielstand record rangeln --help`); nach Runden wird nur an einem Terminal gefragt
    }

## spielstand referee (commands/referee.rs)

referee-live-terminal-only = Die Runden { $first } bis { $last } werden live an einem Terminal gespielt und geprüft; hier jede Runde als --round @DATEI angeben
referee-no-league = Nicht eingetragen: --league L angeben, um das Spiel einzutragen.
referee-too-many-rounds = { $players } Spieler spielen { $players } Runden, angegeben wurden aber { $count } Dateien mit --round
referee-round-file = --round { $file }: eine Datei mit @DATEI nennen (die Züge als Text, siehe --help)
referee-round-unreadable = Runde { $round } ({ $path }): { $error }
referee-round-as-written = Runde { $round } ({ $player } beginnt), wie in der Datei:

## Ein Spiel eintragen (recording.rs)

recording-dry-run-title = { $game } am { $date } (nicht gesendet)
recording-no-draft-to-resume = Es gibt kein als Entwurf gespeichertes Spiel zum Fortsetzen; ein neues mit `{ $command }` beginnen
recording-resuming = Das als Entwurf gespeicherte Spiel geht weiter: { $draft }.
recording-dropped = Das als Entwurf gespeicherte Spiel ist verworfen ({ $draft }).
recording-no-draft = Es gibt kein als Entwurf gespeichertes Spiel
recording-declined = Nicht eingetragen. Das Spiel ist als Entwurf gespeichert: `{ $command } --resume` fragt noch einmal, `{ $command } --discard` verwirft es.
recording-input-ended = Die Eingabe endete vor der Antwort. Das Spiel ist als Entwurf gespeichert: `{ $command } --resume` fragt noch einmal.
recording-kept-on-error = Das Spiel ist als Entwurf gespeichert: Sobald das Problem unten gelöst ist, trägt `{ $command } --resume` es ein.
recording-night-date = --date { $day }: Der laufende Spieleabend „{ $title }“ ist am { $date }, und seine Spiele haben sein Datum; erst `spielstand event leave` ausführen, um ein Spiel außerhalb des Abends einzutragen
recording-night-closed = Der Spieleabend { $id } „{ $title }“ am { $date } wurde von einem Admin geschlossen und nimmt keine Spiele mehr an: `spielstand event leave` ausführen, um dieses Spiel ohne den Abend einzutragen
recording-league-rule = Liga { $league }: { $error }
recording-unchecked-names = die Namen der Spieler (dieser Laptop hat die Spielerliste des Servers noch nicht gesehen)
recording-unchecked-options = Änderungen an den Optionen der Liga { $league }, seit dieser Laptop sie zuletzt gesehen hat
recording-unchecked-league = Liga { $league }: ihre Spiele, Saison und Spieloptionen
recording-unchecked-night-open = ob der Spieleabend noch offen ist
recording-flag-cards = --cards oder --no-cards
recording-lauf-rauf-options = Die Liga { $league } legt dafür keine Optionen für Lauf Rauf! fest: { $flag } angeben (oder sie mit `spielstand league edit { $league } --option lauf-rauf.edition=... --option lauf-rauf.cards=...` festlegen)
recording-options-unknown = Die Spieloptionen der Liga sind unbekannt, solange der Server nicht erreichbar ist ({ $error }), und dieser Laptop hat sie noch nicht gesehen (ein mit Verbindung eingetragenes Spiel der Liga oder `spielstand event join` speichert sie): --edition und --cards oder --no-cards angeben
recording-board-from = { $message } (Brett aus { $file })

## Entwürfe (draft.rs, und beide Befehle, die einen speichern)

draft-terminal-only = Ein als Entwurf gespeichertes Spiel lässt sich nur an einem Terminal fortsetzen
draft-damaged = { $path } ist beschädigt ({ $error }): die Datei woandershin verschieben oder mit `{ $command } --discard` verwerfen
draft-unreadable = { $path } lässt sich nicht lesen
draft-unencodable = Der Entwurf lässt sich nicht als JSON schreiben
draft-unremovable = { $path } lässt sich nicht löschen
draft-describe = { $players }, { $done } von { $rounds } Runden gespielt, gespeichert am { $saved }
draft-describe-under-way = { $players }, { $done } von { $rounds } Runden gespielt und eine begonnen, gespeichert am { $saved }
draft-in-the-way = Ein unfertiges Spiel ist als Entwurf gespeichert ({ $draft }): mit `{ $command } --resume` fortsetzen oder mit `{ $command } --discard` verwerfen

## Partnerspiele (partners.rs)

partners-not-in-team = --order: { $name } ist in keinem der --teams; jedes Team mit seinen Spielern nennen
partners-not-partners = --order: { $name } und { $other } sind in --teams keine Partner; nur Partner mit „+“ verbinden

## Fehler (error.rs)

error-hint-scope = dieser Token darf das nicht: bei der Spielleitung einen Admin-Token erfragen (`spielstand-api token create --scope admin`)
error-hint-token = einen Token mit Schreibrecht über --token, SPIELSTAND_TOKEN oder `spielstand login` angeben
error-request-id = Anfrage-ID { $id }
error-unreachable = Der Server unter { $server } ist nicht erreichbar: { $reason }
error-server = Fehler beim Server unter { $server }: { $message }
# --verbose: unter der Meldung jede Ursache und das Problem des Servers
error-caused-by = verursacht durch: { $cause }
error-problem = Problem { $kind }: { $status } { $title }
