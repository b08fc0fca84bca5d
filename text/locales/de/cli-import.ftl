# import: the command line's messages (de).

## Der Server: ihn erreichen, und was er antwortet (client.rs).

client-unexpected-answer = Die Antwort ist nicht, was diese Version von spielstand erwartet: { $error }
client-cannot-encode = Die Anfrage lässt sich nicht kodieren: { $error }
client-not-json = Antwort { $status } ist kein JSON: Ist das ein spielstand-Server?
client-http-status = HTTP { $status } von { $server }
client-cannot-build = Die Anfrage lässt sich nicht aufbauen: { $error }
client-invalid-http = Die Antwort ist kein gültiges HTTP ({ $error })
client-timeout = keine Antwort in der vorgesehenen Zeit ({ $timeout })
client-host-not-found = Host nicht gefunden
client-connection-refused = Verbindung abgelehnt
client-head-to-head-busy = Die Liga hat sich { $attempts }-mal geändert, während ihr direkter Vergleich gelesen wurde: bitte noch einmal versuchen
client-no-league-yet = Die Liga { $league } gibt es nicht: Es gibt noch keine Liga
client-no-such-league = Die Liga { $league } gibt es nicht; die Ligen sind: { $leagues }
client-merged = Hinweis: { $merged } wurde mit { $kept } zusammengeführt; gezeigt wird { $kept }
client-no-such-player = Den Namen { $quoted } hat niemand; neu anlegen mit `spielstand player add { $name }`

## Das Terminal (input/console.rs).

console-terminal = Terminal: { $error }

## spielstand export.

export-done = { $count ->
    [one] { $league } exportiert ({ $count } Ergebnis).
   *[other] { $league } exportiert ({ $count } Ergebnisse).
    }

## spielstand import: die Dateien.

import-not-utf8 = { $file }: kein UTF-8-Text
import-not-an-export = { $file }: kein spielstand-Export: { $error }
import-other-format = { $file }: Format { $format }, dieses spielstand liest { $expected }
import-missing = { $at }: fehlt
import-dangling = { $at }: { $id } verweist auf keinen Eintrag in { $list }
import-not-a-date-time = { $at }: { $value } ist kein Zeitpunkt (JJJJ-MM-TT HH:MM:SS)
import-not-a-date = { $at }: { $value } ist kein Datum (JJJJ-MM-TT)
import-not-a-whole-number = { $at }: { $value } ist keine ganze Zahl
import-not-a-bgg-id = { $at }: { $value } ist keine BoardGameGeek-ID
bgstats-zip-unreadable = kein lesbares Zip-Archiv: { $error }
bgstats-zip-without-json = Das Zip-Archiv enthält keine .json-Datei: Ist es ein Export von BG Stats?
bgstats-zip-several-json = Das Zip-Archiv enthält mehrere .json-Dateien ({ $files }): bitte entpacken und den Export selbst angeben
bgstats-too-large = { $name } ist entpackt größer als { $mib } MiB
bgstats-export = Export von BG Stats
bgg-not-xml = kein wohlgeformtes XML: { $error }
bgg-unexpected-document = erwartet war <{ $expected }> am Anfang des Dokuments, gefunden wurde <{ $found }>
bgg-remote-error = BoardGameGeek hat mit einem Fehler geantwortet: { $message }
bgg-no-message = keine Meldung
bgg-at-index = Partie[{ $index }] (Zeile { $line }).{ $field }
bgg-at-play = Partie { $id } (Zeile { $line }).{ $field }

## spielstand import: Spieltitel, zugeordnet mit --game NAME=SLUG.

titles-shape = { $mapping }: erwartet wird NAME=SLUG, z. B. "Hare & Tortoise=hase-und-igel"
titles-empty-name = { $mapping }: Der Name hat keine Buchstaben oder Ziffern, nach denen sich Titel vergleichen ließen
titles-bgg-id = { $mapping }: { $id } ist keine BoardGameGeek-ID (eine ganze Zahl nach bgg:)

## spielstand import: warum eine Partie übersprungen oder abgelehnt wird.

import-skip-ignored = in BG Stats ignoriert
import-skip-incomplete = unvollständig
import-skip-no-players = keine Spieler
import-skip-unnamed-player = ein Spieler ohne Namen
import-skip-not-a-game = kein Brettspiel ({ $kind })
import-skip-another-game = ein anderes Spiel: { $title }
import-skip-not-counted = zählt nicht in dieser Liga: { $game }
import-places-unknown = weder Ränge noch ein Sieger: Die Plätze sind unbekannt
import-rangeln-no-total = Rangeln: keine Gesamtpunktzahl für { $name } (die Punkte sind leer)
import-rangeln-not-whole = Rangeln: Die Punkte { $score } von { $name } sind keine ganze Zahl
import-hare-no-carrots = Hase und Igel: { $name } ist im Ziel, aber die Karotten fehlen (die Punkte sind leer)
import-hare-not-carrots = Hase und Igel: Die Punkte { $score } von { $name } sind keine Zahl von Karotten
import-refused-by-server = abgelehnt

## spielstand import: das Senden und die Zusammenfassung.

import-unknown-players = { $count ->
    [one] { $count } Spieler aus der Datei ist hier nicht bekannt: { $names }. Es wurde nichts eingetragen: mit --create-players neu anlegen oder mit --player "NAME IN DER DATEI=SPIELER" zuordnen
   *[other] { $count } Spieler aus der Datei sind hier nicht bekannt: { $names }. Es wurde nichts eingetragen: mit --create-players neu anlegen oder mit --player "NAME IN DER DATEI=SPIELER" zuordnen
    }
import-progress = { $bar } { $done }/{ $total } Partien (noch { $eta })
import-column-plays = Partien
import-row-imported = importiert
import-row-would-be-imported = zu importieren
import-row-already-there = schon vorhanden
import-row-skipped = übersprungen: { $reason }
import-row-refused = abgelehnt: { $reason }
import-summary = { $league }: { $imported } importiert, { $already_there } schon vorhanden, { $skipped } übersprungen, { $refused } abgelehnt
import-summary-dry-run = Probelauf, nichts eingetragen. { $league }: { $imported } zu importieren, { $already_there } schon vorhanden, { $skipped } übersprungen, { $refused } abgelehnt
import-players-added = { $count ->
    [one] { $count } Spieler neu angelegt: { $names }
   *[other] { $count } Spieler neu angelegt: { $names }
    }
import-players-would-be-added = { $count ->
    [one] { $count } Spieler würde neu angelegt: { $names }
   *[other] { $count } Spieler würden neu angelegt: { $names }
    }
import-refused-play = abgelehnt: Partie { $id } ({ $title }): { $reason }
import-likely-one-person = wohl dieselbe Person: { $player } und { $other } (siehe `spielstand player duplicates`)
import-plays-refused = { $count ->
    [one] { $count } Partie wurde abgelehnt (siehe oben); die übrigen wurden importiert
   *[other] { $count } Partien wurden abgelehnt (siehe oben); die übrigen wurden importiert
    }
import-other-rules = Warnung: Die Liga { $league } hat hier andere Regeln als die exportierte; ihre Ergebnisse werden nach den Regeln dieser Liga importiert
