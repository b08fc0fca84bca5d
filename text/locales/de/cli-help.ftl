# Die Hilfetexte (`--help`) auf Deutsch; das Englische ist aus den Doc-Kommentaren von cli/src/commands/ und cli/src/args.rs erzeugt:
# SPIELSTAND_REGENERATE_HELP=1 cargo test -p spielstand-cli help schreibt ../en/cli-help.ftl; hier jeder Text auf Deutsch.

help =
    Brettspiel-Ergebnisse eintragen und Ligatabellen lesen, direkt am Vereinstisch

help-long =
    Brettspiel-Ergebnisse eintragen und Ligatabellen lesen, direkt am Vereinstisch.
    {""}
    Spricht über HTTP mit einem spielstand-Server. Lesen braucht nichts; Änderungen brauchen einen Token mit Schreibrecht (`spielstand login`). Ein Ergebnis, das eingetragen wird, während der Server nicht erreichbar ist, bleibt in einem lokalen Postausgang und wird von `spielstand sync` gesendet, genau einmal.

help-after =
    Exit-Codes:
    {"  "}0  ok
    {"  "}1  vom Server abgelehnt: unbekannter Spieler oder unbekannte Liga, eine verletzte Regel, eine veraltete Revision, kein gültiger Token
    {"  "}2  falscher Aufruf oder fehlerhafte Eingabe, erkannt, bevor etwas gesendet wurde (ein fehlerhaftes Brett nennt Zeile und Spalte)
    {"  "}3  Server nicht erreichbar; `record` hat das Ergebnis in den Postausgang gelegt: später `spielstand sync` ausführen
    {"  "}4  Serverfehler (5xx) oder Server überlastet; `record` hat das Ergebnis in den Postausgang gelegt
    {"  "}5  eine lokale Datei (Konfiguration, Postausgang) ließ sich nicht lesen oder schreiben

help--server =
    Server-URL [Standard: die von `spielstand login` gespeicherte, sonst http://127.0.0.1:8080]

help--token =
    Token mit Schreibrecht [Standard: der von `spielstand login` gespeicherte]

help--lang =
    Die Sprache der Meldungen und Fragen: de oder en [Standard: `lang` aus der Konfigurationsdatei, sonst die Locale (LC_ALL, LC_MESSAGES, LANG), sonst en]

help--verbose =
    Bei einem Fehler auch zeigen, was ihn verursacht hat, eine Ursache je Zeile, und das Problem des Servers (seinen Typ, Status, Titel und die Anfrage-ID)

help-login =
    Server und Token mit Schreibrecht prüfen und dann in der Konfigurationsdatei speichern (Modus 0600)

help-login-long =
    Server und Token mit Schreibrecht prüfen und dann in der Konfigurationsdatei speichern (Modus 0600).
    {""}
    Nimmt --server und --token (oder SPIELSTAND_SERVER / SPIELSTAND_TOKEN); an einem Terminal ohne Token wird nach ihm gefragt, ohne die Eingabe anzuzeigen. Die Datei ist $XDG_CONFIG_HOME/spielstand/config.toml (Standard: ~/.config/spielstand/config.toml).

help-player =
    Spieler: hinzufügen, auflisten, umbenennen, anzeigen

help-player-add =
    Einen Spieler hinzufügen (jede Schrift; ohne ',' und '=', die in Ergebnissen Spieler trennen)

help-player-add--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-player-list =
    Alle Spieler, nach Namen sortiert

help-player-list--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-player-rename =
    Einen Spieler umbenennen; gespeicherte Ergebnisse und Tabellen zeigen den neuen Namen

help-player-rename--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-player-merge =
    Einen doppelt angelegten Spieler mit dem behaltenen zusammenführen: Jedes Ergebnis, in jeder Liga, zählt dann für INTO, und der Name FROM steht für INTO. Rückgängig mit `player unmerge FROM`

help-player-merge--from =
    Der Spieler, der in der Zusammenführung aufgeht (ein Duplikat)

help-player-merge--into =
    Der Spieler, der bleibt

help-player-merge--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-player-unmerge =
    Eine Zusammenführung rückgängig machen: Genau die Ergebnisse, die sie übertragen hat, gehen an NAME zurück; seitdem eingetragene Ergebnisse bleiben beim behaltenen Spieler

help-player-unmerge--name =
    Der Spieler, der in der Zusammenführung aufgegangen ist

help-player-unmerge--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-player-duplicates =
    Paare von Spielern, die wohl dieselbe Person sind: Namen, die ohne Akzente und mit ausgeschriebenen Umlauten gleich sind ("Jörg", "Joerg"), die sich um eine Änderung unterscheiden oder von denen einer der Anfang des anderen ist ("Ann", "Anna")

help-player-duplicates--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-player-show =
    Ein Spieler und sein Platz in jeder Liga, in der er gespielt hat; mit --league seine Statistik dort (je Spiel und insgesamt, Serien, Änderung der Wertung)

help-player-show--league =
    Statistik in dieser Liga (ihr Name oder ihre ID)

help-player-show--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-league =
    Ligen: anlegen, auflisten, anzeigen

help-league-create =
    Eine Liga anlegen: die Spiele, die sie zählt, ihr Punkteschema und ihre Saison

help-league-create--games =
    Die gezählten Spiele, durch Kommas getrennt, oder all: rangeln, mensch-aergere-dich-nicht (oder mensch), ghostbuster, lauf-rauf, hase-und-igel (oder hase)

help-league-create--points =
    Wie aus Plätzen Punkte werden: players-beaten (ein Punkt je Spieler, der dahinter landet) oder table:10,6,4,2,1 (Punkte für Platz 1, 2, ...) [Standard: players-beaten]

help-league-create--from =
    Erster Tag der Saison (2026-09-01 oder 1.9.2026) [Standard: offen]

help-league-create--to =
    Letzter Tag der Saison (2027-03-31 oder 31.3.2027) [Standard: offen]

help-league-create--tie-breakers =
    Was bei Punktgleichheit entscheidet, der Reihe nach, durch Kommas getrennt [Standard: wins,average-place,head-to-head]

help-league-create--ghostbuster-with-mensch =
    Ghostbuster in den Tabellen je Spiel zusammen mit Mensch ärgere Dich nicht zählen

help-league-create--min-games =
    Spiele, die ein Spieler braucht, bevor er einen Platz bekommt; Spieler mit weniger stehen am Ende, ohne Platz

help-league-create--options =
    Wie die Liga ein Spiel spielt, damit Ergebnisse es nicht angeben müssen (wiederholbar): lauf-rauf.edition=revised, lauf-rauf.cards=true, mensch-aergere-dich-nicht.house-rules=barriers+three-rolls, mensch-aergere-dich-nicht.colours=one-each, ghostbuster.house-rules=..., ghostbuster.colours=...

help-league-create--teams =
    Ein festes Team für die Teamtabelle (`standings --by team`), seine Spieler mit '+' verbunden (wiederholbar): --team "TSV 1=Anna+Ben"

help-league-create--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-league-list =
    Alle Ligen

help-league-list--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-league-edit =
    Die Spieloptionen einer Liga ändern (wie sie ein Spiel die ganze Saison über spielt) oder ihre Mindestzahl an Spielen. Schon eingetragene Ergebnisse behalten die Optionen, mit denen sie gespielt wurden

help-league-edit--league =
    Die Liga: ihr Name oder ihre ID

help-league-edit--options =
    Eine Spieloption setzen (wiederholbar), wie bei `league create`

help-league-edit--clear =
    Alle Optionen eines Spiels löschen (seine Ergebnisse geben dann selbst an, wie gespielt wurde)

help-league-edit--min-games =
    Spiele, die ein Spieler braucht, bevor er einen Platz bekommt

help-league-edit--teams =
    Ein festes Team setzen (wiederholbar; ein Team gleichen Namens wird ersetzt), wie bei `league create`

help-league-edit--clear-teams =
    Alle festen Teams entfernen (vor jedem --team)

help-league-edit--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-league-show =
    Die Regeln einer Liga

help-league-show--league =
    Die Liga: ihr Name oder ihre ID

help-league-show--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-record =
    Ein gespieltes Spiel in einer Liga eintragen

help-record-rangeln =
    Ein Spiel Rangeln eintragen, Runde für Runde

help-record-rangeln-after =
    Runden-SPECs (ein --round je Runde, in der gespielten Reihenfolge; Sitz 1 beginnt Runde 1):
    {"  "}@FILE         das Schlussbrett im Textformat von spielstand: 9 Zeilen zu 9 Feldern, Reihe 9 zuerst,
    {"                "}'.' ein leeres Feld, A..E die Spieler auf den Sitzen 1..5, Leerzeichen beliebig, Zeilen
    {"                "}mit '#' am Anfang werden übergangen. @- liest das Brett von der Standardeingabe.
    {"                "}Oder die Runde Zug um Zug, vom Schiedsrichter geprüft (siehe `spielstand referee rangeln --help`).
    {"  "}Anna=4,Ben=-3,Cleo=0
    {"                "}nur die Punkte der Runde, je Spieler eine Zahl.
    {"  "}Anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8
    {"                "}Ringzählungen: je Spieler RING:COUNT, verbunden mit '/', Ringe +2 -2 +1 -1 black;
    {"                "}Ringe ohne Steine dürfen fehlen.
    Bei Namen zählt Groß- und Kleinschreibung nicht. Alles wird vor dem Senden geprüft.
    {""}
    Ohne --round wird an einem Terminal nach den Runden einzeln gefragt, mit den Punkten jeder
    Runde und den laufenden Summen, und das Spiel wird nach einer Bestätigung gesendet. Jede Eingabe
    nimmt auch undo (die letzte Runde), board, help und quit an. Das Eingetippte wird nach jeder Runde
    als Entwurf gespeichert: --resume setzt es nach quit, dem Ende der Eingabe oder einem Abbruch fort.

help-record-rangeln--league =
    Die Liga: ihr Name oder ihre ID [Standard mit --table: die Liga des Spieleabends]

help-record-rangeln--table =
    Das Spiel dieses Tisches in der laufenden Runde des beigetretenen Spieleabends eintragen: Seine Spieler in Sitzreihenfolge kommen aus der Auslosung

help-record-rangeln--date =
    Der Tag, an dem gespielt wurde: 2026-11-23, 23.11.2026, 23.11. (dieses Jahr), today/heute oder yesterday/gestern; nie nach morgen [Standard: heute]

help-record-rangeln--dry-run =
    Das Ergebnis prüfen und zeigen, aber nichts senden

help-record-rangeln--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-record-rangeln--players =
    Die Spieler in Sitzreihenfolge, durch Kommas getrennt: Sitz 1 spielt die Steine A und beginnt Runde 1

help-record-rangeln--rounds =
    Das Ergebnis einer Runde: @FILE, Anna=4,Ben=-3,... oder Anna=+2:1/-1:7,... (siehe unten); einmal je Runde, der Reihe nach

help-record-rangeln--yes =
    Ohne Rückfrage senden, nachdem die Runden interaktiv eingegeben wurden

help-record-rangeln--resume =
    Das vorher eingetippte und als Entwurf gespeicherte Spiel fortsetzen (nach `quit`, dem Ende der Eingabe oder einem Abbruch)

help-record-rangeln--discard =
    Das als Entwurf gespeicherte Spiel verwerfen

help-record-mensch-aergere-dich-nicht =
    Ein Spiel Mensch ärgere Dich nicht eintragen

help-record-mensch-aergere-dich-nicht--league =
    Die Liga: ihr Name oder ihre ID [Standard mit --table: die Liga des Spieleabends]

help-record-mensch-aergere-dich-nicht--table =
    Das Spiel dieses Tisches in der laufenden Runde des beigetretenen Spieleabends eintragen: Seine Spieler in Sitzreihenfolge kommen aus der Auslosung (und --order darf Sitznummern angeben)

help-record-mensch-aergere-dich-nicht--date =
    Der Tag, an dem gespielt wurde: 2026-11-23, 23.11.2026, 23.11. (dieses Jahr), today/heute oder yesterday/gestern; nie nach morgen [Standard: heute]

help-record-mensch-aergere-dich-nicht--dry-run =
    Das Ergebnis prüfen und zeigen, aber nichts senden

help-record-mensch-aergere-dich-nicht--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-record-mensch-aergere-dich-nicht--order =
    Die Plätze, der beste zuerst: ',' trennt Plätze, '=' verbindet die Spieler, die sich den letzten Platz teilen, z. B. "Anna,Ben,Cleo=Dora"

help-record-mensch-aergere-dich-nicht--players =
    Die Spieler in Sitzreihenfolge, durch Kommas getrennt [Standard: wie in --order aufgeführt]

help-record-mensch-aergere-dich-nicht--house-rules =
    Eine Hausregel, die galt (wiederholbar oder durch Kommas getrennt) [Standard: die der Liga, sonst keine]

help-record-mensch-aergere-dich-nicht--colours =
    Wie die Farben verteilt wurden: two-each ist für 2 Spieler, neutral für 3 [Standard: wie in der Liga, sonst one-each]

help-record-mensch-aergere-dich-nicht--teams =
    Die Teams eines Partnerspiels: ',' zwischen Teams, '+' zwischen Partnern, z. B. "Anna+Cleo,Ben+Dora". --order führt dann Teams auf ("Ben+Dora,Anna+Cleo"; ein Mitglied steht für das ganze Team, also sagt "Ben,Anna" dasselbe), und ohne Angabe sitzen die Partner einander gegenüber (Anna, Ben, Cleo, Dora)

help-record-ghostbuster =
    Ein Spiel Ghostbuster ärgere dich nicht eintragen (wird wie Mensch eingetragen)

help-record-ghostbuster--league =
    Die Liga: ihr Name oder ihre ID [Standard mit --table: die Liga des Spieleabends]

help-record-ghostbuster--table =
    Das Spiel dieses Tisches in der laufenden Runde des beigetretenen Spieleabends eintragen: Seine Spieler in Sitzreihenfolge kommen aus der Auslosung (und --order darf Sitznummern angeben)

help-record-ghostbuster--date =
    Der Tag, an dem gespielt wurde: 2026-11-23, 23.11.2026, 23.11. (dieses Jahr), today/heute oder yesterday/gestern; nie nach morgen [Standard: heute]

help-record-ghostbuster--dry-run =
    Das Ergebnis prüfen und zeigen, aber nichts senden

help-record-ghostbuster--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-record-ghostbuster--order =
    Die Plätze, der beste zuerst: ',' trennt Plätze, '=' verbindet die Spieler, die sich den letzten Platz teilen, z. B. "Anna,Ben,Cleo=Dora"

help-record-ghostbuster--players =
    Die Spieler in Sitzreihenfolge, durch Kommas getrennt [Standard: wie in --order aufgeführt]

help-record-ghostbuster--house-rules =
    Eine Hausregel, die galt (wiederholbar oder durch Kommas getrennt) [Standard: die der Liga, sonst keine]

help-record-ghostbuster--colours =
    Wie die Farben verteilt wurden: two-each ist für 2 Spieler, neutral für 3 [Standard: wie in der Liga, sonst one-each]

help-record-ghostbuster--teams =
    Die Teams eines Partnerspiels: ',' zwischen Teams, '+' zwischen Partnern, z. B. "Anna+Cleo,Ben+Dora". --order führt dann Teams auf ("Ben+Dora,Anna+Cleo"; ein Mitglied steht für das ganze Team, also sagt "Ben,Anna" dasselbe), und ohne Angabe sitzen die Partner einander gegenüber (Anna, Ben, Cleo, Dora)

help-record-lauf-rauf =
    Ein Spiel Lauf Rauf! eintragen

help-record-lauf-rauf--league =
    Die Liga: ihr Name oder ihre ID [Standard mit --table: die Liga des Spieleabends]

help-record-lauf-rauf--table =
    Das Spiel dieses Tisches in der laufenden Runde des beigetretenen Spieleabends eintragen: Seine Spieler in Sitzreihenfolge kommen aus der Auslosung (und --order darf Sitznummern angeben)

help-record-lauf-rauf--date =
    Der Tag, an dem gespielt wurde: 2026-11-23, 23.11.2026, 23.11. (dieses Jahr), today/heute oder yesterday/gestern; nie nach morgen [Standard: heute]

help-record-lauf-rauf--dry-run =
    Das Ergebnis prüfen und zeigen, aber nichts senden

help-record-lauf-rauf--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-record-lauf-rauf--order =
    Die Plätze, der beste zuerst: ',' trennt Plätze, '=' verbindet die Spieler, die sich den letzten Platz teilen, z. B. "Anna,Ben,Cleo=Dora"

help-record-lauf-rauf--players =
    Die Spieler in Sitzreihenfolge, durch Kommas getrennt [Standard: wie in --order aufgeführt]

help-record-lauf-rauf--edition =
    Die gespielten Regeln: published (drei Würfel) oder revised (zwei Würfel) [Standard: die Spieloption der Liga]

help-record-lauf-rauf--cards =
    Die Karten waren im Spiel [Standard: die Spieloption der Liga]

help-record-lauf-rauf--no-cards =
    Ohne die Karten gespielt (das Einsteigerspiel)

help-record-hase-und-igel =
    Ein Spiel Hase und Igel eintragen

help-record-hase-und-igel--league =
    Die Liga: ihr Name oder ihre ID [Standard mit --table: die Liga des Spieleabends]

help-record-hase-und-igel--table =
    Das Spiel dieses Tisches in der laufenden Runde des beigetretenen Spieleabends eintragen: Seine Spieler in Sitzreihenfolge kommen aus der Auslosung (und --order darf Sitznummern angeben)

help-record-hase-und-igel--date =
    Der Tag, an dem gespielt wurde: 2026-11-23, 23.11.2026, 23.11. (dieses Jahr), today/heute oder yesterday/gestern; nie nach morgen [Standard: heute]

help-record-hase-und-igel--dry-run =
    Das Ergebnis prüfen und zeigen, aber nichts senden

help-record-hase-und-igel--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-record-hase-und-igel--order =
    Die Plätze, der beste zuerst: ',' trennt Plätze, '=' verbindet die Spieler, die sich den letzten Platz teilen, z. B. "Anna,Ben,Cleo=Dora"

help-record-hase-und-igel--players =
    Die Spieler in Sitzreihenfolge, durch Kommas getrennt [Standard: wie in --order aufgeführt]

help-record-hase-und-igel--carrots =
    Die Karotten, die jeder Hase beim Erreichen des Ziels noch hatte, z. B. Anna=8,Ben=15; nicht genannte Hasen kamen nicht ins Ziel und teilen sich den letzten Platz

help-record-hase-und-igel--finish-round =
    Die Runde, in der jeder Hase im Ziel ankam, z. B. Anna=30,Ben=31

help-results =
    Die Ergebnisse einer Liga, neueste zuerst

help-results--league =
    Die Liga: ihr Name oder ihre ID

help-results--game =
    Nur dieses Spiel

help-results--from =
    Nur Ergebnisse, die an diesem Tag oder später gespielt wurden

help-results--to =
    Nur Ergebnisse, die an diesem Tag oder früher gespielt wurden

help-results--event =
    Nur die Partien dieses Spieleabends (seine Nummer, wie `spielstand event list` sie zeigt)

help-results--limit =
    Höchstens so viele Ergebnisse, neueste zuerst [Standard: alle]

help-results--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-result =
    Ein Ergebnis: anzeigen, korrigieren oder löschen

help-result-show =
    Ein Ergebnis: Spieler, Plätze und bei Rangeln die Runden

help-result-show--id =
    Die ID des Ergebnisses, wie `spielstand results L` sie auflistet

help-result-show--history =
    Auch jede Änderung daran zeigen, und mit welchem Token sie gemacht wurde

help-result-show--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-result-fix =
    Ein Ergebnis korrigieren. Nur die angegebenen Teile ändern sich; der Server lehnt die Änderung ab, wenn das Ergebnis inzwischen geändert wurde (If-Match)

help-result-fix-after =
    Beispiel: spielstand result fix 12 --round 2:Anna=4,Ben=-3,Cleo=0 --date 2026-11-20
    Für alles andere: spielstand result show 12 --format json, dort "record" bearbeiten und mit --file übergeben.

help-result-fix--id =
    Die ID des Ergebnisses, wie `spielstand results L` sie auflistet

help-result-fix--event =
    Das Spiel in einen Spieleabend seiner Liga verschieben (dessen ID oder Titel) oder mit "none" aus jedem herausnehmen; das Spiel muss am Datum des Spieleabends liegen (auch --date angeben, um es dorthin zu verschieben)

help-result-fix--date =
    Der Tag, an dem gespielt wurde (wie bei `record --date`)

help-result-fix--replace =
    Einen anderen Spieler an die Stelle eines Spielers setzen, im ganzen Ergebnis: OLD=NEW (wiederholbar)

help-result-fix--players =
    Die Spieler in Sitzreihenfolge

help-result-fix--order =
    Der Zieleinlauf (bei Spielen, die nach dem Zieleinlauf werten)

help-result-fix--rounds =
    Eine Rangeln-Runde ersetzen: N:SPEC, mit einem SPEC wie bei `record rangeln` (wiederholbar)

help-result-fix--carrots =
    Hase und Igel: die Karotten der Hasen im Ziel, z. B. Anna=8,Ben=15 (ersetzt alle Hasen im Ziel)

help-result-fix--finish-round =
    Hase und Igel: die Runde, in der jeder Hase im Ziel ankam, z. B. Anna=12,Ben=14

help-result-fix--house-rules =
    Mensch/Ghostbuster: die geltenden Hausregeln, ersetzen die bisherige Liste (wiederholbar oder durch Kommas getrennt; none für keine)

help-result-fix--teams =
    Mensch/Ghostbuster: die Teams eines Partnerspiels, ersetzen die bisherigen (wie bei `record`)

help-result-fix--colours =
    Mensch/Ghostbuster: wie die Farben verteilt wurden

help-result-fix--edition =
    Lauf Rauf!: die gespielten Regeln

help-result-fix--cards =
    Lauf Rauf!: ob die Karten im Spiel waren

help-result-fix--file =
    Das ganze korrigierte Ergebnis als JSON (wie "record" in `result show --format json`); - für die Standardeingabe

help-result-fix--revision =
    Die Revision, die das Ergebnis erwartungsgemäß hat [Standard: seine aktuelle]

help-result-fix--dry-run =
    Das korrigierte Ergebnis prüfen und zeigen, aber nichts senden

help-result-fix--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-result-delete =
    Ein Ergebnis löschen (sein Verlauf bleibt). Sendet If-Match

help-result-delete--id =
    Die ID des Ergebnisses, wie `spielstand results L` sie auflistet

help-result-delete--revision =
    Die Revision, die das Ergebnis erwartungsgemäß hat [Standard: seine aktuelle]

help-result-delete--yes =
    An einem Terminal nicht um Bestätigung bitten

help-standings =
    Die Tabelle einer Liga

help-standings--league =
    Die Liga: ihr Name oder ihre ID

help-standings--game =
    Nur die Ergebnisse dieses Spiels

help-standings--as-of =
    Die Tabelle, wie sie am Ende dieses Tages stand

help-standings--by =
    Was in die Tabelle kommt: die Spieler oder die festen Teams der Liga (mit den zusammengezählten Punkten ihrer Mitglieder)

help-standings--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-h2h =
    Direktvergleich: wie je zwei Spieler einer Liga gegeneinander abgeschnitten haben (als Matrix), oder die Bilanz zweier Spieler, wenn beide genannt sind

help-h2h--league =
    Die Liga: ihr Name oder ihre ID

help-h2h--players =
    Zwei Spieler, um nur ihre Bilanz zu zeigen

help-h2h--game =
    Nur die Ergebnisse dieses Spiels

help-h2h--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event =
    Spieleabende: einen auf diesem Laptop beginnen oder einem beitreten, den ein anderer Laptop begonnen hat (jedes `record` für seine Liga gehört dann dazu, bis `event leave`), die Spieleabende einer Liga auflisten, einen anzeigen, einen schließen

help-event-start =
    Einen Spieleabend anlegen und zum laufenden Spieleabend dieses Laptops machen: Jedes `spielstand record` für seine Liga gehört dazu (und bekommt sein Datum), bis `spielstand event leave`

help-event-start--title =
    Wie der Spieleabend heißt, z. B. "Clubabend November"

help-event-start--league =
    Die Liga: ihr Name oder ihre ID

help-event-start--date =
    Das Datum des Spieleabends: 2026-11-23, 23.11.2026, 23.11., today/heute oder yesterday/gestern [Standard: heute]

help-event-start--location =
    Wo er stattfindet

help-event-start--new =
    Einen zweiten Spieleabend beginnen, auch wenn die Liga an diesem Datum schon einen offenen hat (sonst wird angeboten, dem offenen beizutreten, und ohne Terminal wird der Start abgelehnt)

help-event-start--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-join =
    Mit diesem Laptop einem Spieleabend beitreten, den ein anderer Laptop begonnen hat: Jedes `spielstand record` für seine Liga gehört dann dazu, bis `spielstand event leave`

help-event-join--night =
    Der Spieleabend: seine ID oder sein Titel in der Liga

help-event-join--league =
    Die Liga: ihr Name oder ihre ID (nötig, wenn der Spieleabend mit seinem Titel angegeben ist)

help-event-join--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-current =
    Der laufende Spieleabend dieses Laptops, wie er jetzt auf dem Server steht

help-event-current--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-close =
    Einen Spieleabend endgültig schließen (Admin-Token): Der Server nimmt dann keine neuen Spiele dafür an, von keinem Laptop, und führt ihn als geschlossen. Dieser Laptop verlässt ihn auch

help-event-close--id =
    Die ID des Spieleabends [Standard: der laufende Spieleabend dieses Laptops]

help-event-close--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-leave =
    Den laufenden Spieleabend dieses Laptops verlassen: Spiele, die hier später eingetragen werden, gehören zu keinem Spieleabend. Der Spieleabend bleibt auf dem Server für die anderen Laptops offen (`event close` schließt ihn)

help-event-list =
    Die Spieleabende einer Liga, älteste zuerst

help-event-list--league =
    Die Liga: ihr Name oder ihre ID

help-event-list--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-checkin =
    Spieler beim Spieleabend anmelden: die Spieler, die seine Auslosungen an die Tische setzen (ein record-Token genügt)

help-event-checkin--players =
    Die ankommenden Spieler, mit Namen

help-event-checkin--night =
    Die ID des Spieleabends [Standard: der laufende Spieleabend dieses Laptops]

help-event-checkin--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-checkout =
    Einen Spieler vom Spieleabend abmelden: Spätere Auslosungen lassen ihn aus

help-event-checkout--player =
    Der Spieler, der geht, mit Namen

help-event-checkout--night =
    Die ID des Spieleabends [Standard: der laufende Spieleabend dieses Laptops]

help-event-checkout--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-draw =
    Die nächste Runde des Spieleabends auslosen: nummerierte Tische aus den angemeldeten Spielern, in Sitzreihenfolge (Sitz 1 beginnt), mit der Chance jedes Spielers, an seinem Tisch zu gewinnen

help-event-draw--game =
    Das Spiel, das in der Runde gespielt wird

help-event-draw--method =
    random (zufällig gemischt), balanced (gleich starke Tische) oder swiss (Spieler mit ähnlichem Tabellenstand zusammen, kein Paar zweimal an einem Abend, wo es sich vermeiden lässt)

help-event-draw--size =
    Eine bevorzugte Tischgröße [Standard: so wenige Tische wie möglich, die Größen um höchstens eins verschieden]

help-event-draw--seed =
    Der Seed: Derselbe Seed und dieselben Spieler ergeben dieselben Tische [Standard: vom Server gezogen]

help-event-draw--pin =
    Ein Spieler, der an einem bestimmten Tisch sitzen muss, z. B. Anna=1 (für mehrere wiederholen)

help-event-draw--apart =
    Zwei Spieler, die nicht am selben Tisch sitzen dürfen, z. B. Anna,Ben (für mehrere wiederholen)

help-event-draw--night =
    Die ID des Spieleabends [Standard: der laufende Spieleabend dieses Laptops]

help-event-draw--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-event-show =
    Ein Spieleabend: seine Sieger, Spiele, eigene Tabelle und wie er die Ligatabelle verändert hat

help-event-show--id =
    Die ID des Spieleabends (siehe `spielstand event list`) [Standard: der laufende Spieleabend dieses Laptops]

help-event-show--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-score =
    Ein Spiel offline auswerten, ohne Server

help-score-rangeln =
    Rangeln-Bretter offline auswerten: die Rundenpunkte und Ringzählungen jedes Bretts

help-score-rangeln-long =
    Rangeln-Bretter offline auswerten: die Rundenpunkte und Ringzählungen jedes Bretts.
    {""}
    Mit einem Brett je Runde und den Spielern gibt es das ganze Spiel: Summen und Plätze.

help-score-rangeln--board =
    Ein Brett im Textformat von spielstand (- für die Standardeingabe); für die Runden eines Spiels wiederholen

help-score-rangeln--players =
    Die Spieler in Sitzreihenfolge (A, B, ...) [Standard: A, B, ... wie auf dem Brett]

help-score-rangeln--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-referee =
    Ein Spiel am Tisch Zug um Zug als Schiedsrichter begleiten, dann eintragen

help-referee-rangeln =
    Rangeln als Schiedsrichter begleiten: Einsetzen und Züge einzeln geprüft, wie docs/rules.md es festlegt, das Brett nach jedem Einsetzen und Schritt gezeigt, jede Runde auf ihrem Schlussbrett gewertet

help-referee-rangeln-after =
    Eine Runde aus einer Datei (--round @FILE) steht dort Zug um Zug:
    {"  "}Anna c3                   eine Zeile je Einsetzen, PLAYER CELL, in der Reihenfolge des Spiels
    {"  "}Anna: c3-c4 d5-d6         dann eine Zeile je Zug, PLAYER: und die Wege, jeder mit dem Startfeld
    {"                            "}eines Steins und jedem Feld, auf das er tritt, verbunden mit '-'
    {"  "}Cleo:                     ein Zug, der schon vor seinem ersten Weg festsaß (stuck)
    Zeilen mit '#' am Anfang werden übergangen. Runde r beginnt der Spieler auf Sitz r.
    {""}
    An einem Terminal wird jede Runde, die nicht aus einer Datei kommt, live begleitet: Jeder Spieler setzt
    reihum einen Stein ein (ein Feld eintippen), dann wird gezogen (einen Weg eintippen); ein unerlaubtes Einsetzen
    oder ein unerlaubter Weg wird mit Grund abgelehnt und neu erfragt; 'stuck' beendet einen Zug, wenn kein Stein weiterkann.
    Jede Eingabe nimmt auch undo (das letzte Einsetzen, den letzten Weg oder das Zugende, bis zum Anfang
    der Runde), board, help (was erwartet wird und was noch erlaubt ist) und quit an. Das Spiel
    wird nach jeder Eingabe als Entwurf gespeichert: --resume setzt es nach quit, dem Ende der Eingabe
    oder einem Abbruch fort, und ein fertiges Spiel wartet dort, bis es eingetragen ist.

help-referee-rangeln--players =
    Die Spieler in Sitzreihenfolge, durch Kommas getrennt: Sitz 1 spielt die Steine A und beginnt Runde 1

help-referee-rangeln--league =
    Das Spiel am Ende in dieser Liga eintragen (ihr Name oder ihre ID); ohne diese Angabe wird nichts gesendet

help-referee-rangeln--date =
    Der Tag, an dem gespielt wurde: 2026-11-23, 23.11.2026, 23.11., today/heute oder yesterday/gestern; nie nach morgen [Standard: heute]

help-referee-rangeln--resume =
    Das vorher begleitete und als Entwurf gespeicherte Spiel fortsetzen (nach `quit`, dem Ende der Eingabe oder einem Abbruch)

help-referee-rangeln--discard =
    Das als Entwurf gespeicherte Spiel verwerfen

help-referee-rangeln--rounds =
    Eine schon gespielte Runde, aus einer Datei in der Textform unten (wiederholbar, Runde 1 zuerst)

help-referee-rangeln--dry-run =
    Das Spiel begleiten und zeigen, aber nichts senden

help-referee-rangeln--yes =
    Am Ende ohne Rückfrage senden

help-referee-rangeln--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-postspiel =
    Hase und Igel als Postspiel: Spiele auf dem Server (beginnen, Züge senden, auswerten, zeigen) und jede Runde ohne Server ausgewertet, wie die Spielleitung es täte

help-postspiel-resolve =
    Eine Runde eines Postspiels Hase und Igel auswerten (ohne Server): der Stand danach wird als JSON mit dem Bericht der Runde ausgegeben (der Bericht auch in Worten auf der Standardfehlerausgabe). Ein Zug, der gegen eine Regel verstößt, endet mit 1 und nennt die Regel; dann wird nichts ausgewertet

help-postspiel-resolve-after =
    STATE (JSON; die Ausgabe der vorigen Runde wird als ihr Stand gelesen):
    {"  "}{"{"}"round": 1, "hares": [{"{"}"name": "Anna", "field": 0, "carrots": 98, "lettuces": 3{"}"}, ...]{"}"}
    {"  "}das Standardbrett und die Standard-Hasenereignisse, wenn "board" oder "events" fehlen.
    ORDERS (JSON oder die Textform für die Post; ein Hase ohne Zug hoppelt ein Feld vor, NMR):
    {"  "}{"{"}"Anna": {"{"}"forward": 3{"}"}, "Ben": {"{"}"back": true{"}"}, "Cleo": {"{"}"stay": "eat"{"}"}{"}"}
    {"  "}Anna: vor 3 / Ben: zurück / Cleo: bleiben fressen / Dora: vor 3, nochmal vor 2
    {"  "}Emil: wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen
    Die Grammatik und alle Regelcodes: docs/rules.md, "Hase und Igel as a postal game".
    {""}
    Rückgabewerte: 0 ausgewertet; 1 ein Zug verstößt gegen eine Regel; 2 ein Stand oder Züge, die nicht lesbar sind.

help-postspiel-resolve--state =
    Das Spiel vor der Runde, als JSON (- für die Standardeingabe)

help-postspiel-resolve--orders =
    Die Züge der Runde, als JSON oder in der Textform für die Post (- für die Standardeingabe)

help-postspiel-create =
    Ein Postspiel auf dem Server beginnen, als seine Spielleitung (ein record-Token der Liga): alle Hasen auf dem Start, Runde 1 fällig zu --deadline. Gibt den Code jedes Hasen aus, nur jetzt: gib jedem Spieler seinen

help-postspiel-create--title =
    Wie das Spiel heißt, z. B. "Herbstpost 2026"

help-postspiel-create--league =
    Die Liga: ihr Name oder ihre Id

help-postspiel-create--players =
    Die Hasen: Spieler des Servers, zwei bis sechs, in Sitzreihenfolge

help-postspiel-create--rounds =
    Die letzte gespielte Runde

help-postspiel-create--deadline =
    Einsendeschluss der Runde 1: 2026-12-03T18:00:00Z oder Tag und Uhrzeit dieses Rechners (03.12.2026 18:00)

help-postspiel-create--every =
    Tage von einem Einsendeschluss zum nächsten

help-postspiel-create--board =
    Der Spielplan in seiner Textform (docs/rules.md), aus einer Datei (- für die Standardeingabe) [Standard: der Plan des Regeltexts]

help-postspiel-create--addresses =
    Die Mail-Adresse eines Hasen, als NAME=ADRESSE (noch einmal für jeden Hasen): der Bericht jeder Runde geht an sie

help-postspiel-create--master-address =
    Die Mail-Adresse der Spielleitung: eine Kopie jedes Berichts

help-postspiel-create--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-postspiel-send =
    Den Zug eines Hasen für die nächste Runde senden (mit --then auch für die danach), bis zum Einsendeschluss der Runde; ein neuer Zug ersetzt den zuvor gesandten. Ein Hase sendet mit seinem Code (--code); die Spielleitung nennt den Hasen (--player)

help-postspiel-send--game =
    Die Id des Postspiels

help-postspiel-send--order =
    Der Zug, deutsch oder englisch: "vor 3", "zurück", "bleiben fressen", "wenn Möhren >= 30 dann vor 5 sonst vor 2"

help-postspiel-send--then =
    Der Zug für die Runde danach

help-postspiel-send--round =
    Die Runde, für die der Zug gilt [Standard: die nächste Runde des Spiels]

help-postspiel-send--code =
    Der Code des Hasen (statt eines Tokens)

help-postspiel-send--player =
    Der Hase, wenn die Spielleitung seinen Zug sendet

help-postspiel-send--mail =
    Eine Zug-Mail, wie sie ankam (.eml), eingegeben von der Spielleitung: ihr Absender muss die Adresse des Hasen sein oder ihr Text den Code des Hasen tragen; ihre erste Zeile ist der Zug, eine zweite der Zug für die Runde danach

help-postspiel-send--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-postspiel-advance =
    Die nächste Runde des Spiels jetzt auswerten, als seine Spielleitung, und ihren Bericht ausgeben

help-postspiel-advance--game =
    Die Id des Postspiels

help-postspiel-advance--round =
    Die auszuwertende Runde [Standard: die nächste Runde des Spiels]

help-postspiel-advance--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-postspiel-show =
    Ein Postspiel, wie es steht, oder die Züge und der Bericht einer ausgewerteten Runde (--round)

help-postspiel-show--game =
    Die Id des Postspiels

help-postspiel-show--round =
    Stattdessen die Züge und der Bericht einer ausgewerteten Runde

help-postspiel-show--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-postspiel-reissue =
    Ein neuer Code für einen Hasen, dessen Code verloren ging, durch die Spielleitung: der alte Code gilt sofort nicht mehr. Nur einmal gezeigt: gib ihn dem Spieler

help-postspiel-reissue--game =
    Die Id des Postspiels

help-postspiel-reissue--player =
    Der Hase, mit seinem Namen im Spiel

help-postspiel-reissue--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-postspiel-mails =
    Die Berichts-Mails des Spiels, für die Spielleitung: jede verschickt, oder warum noch nicht

help-postspiel-mails--game =
    Die Id des Postspiels

help-postspiel-mails--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-outbox =
    Der Postausgang: auflisten, was wartet und was der Server abgelehnt hat, ein abgelehntes Ergebnis korrigieren und noch einmal senden oder eines verwerfen

help-outbox-after =
    Exit-Codes:
    {"  "}0  ok
    {"  "}1  vom Server abgelehnt: unbekannter Spieler oder unbekannte Liga, eine verletzte Regel, eine veraltete Revision, kein gültiger Token
    {"  "}2  falscher Aufruf oder fehlerhafte Eingabe, erkannt, bevor etwas gesendet wurde (ein fehlerhaftes Brett nennt Zeile und Spalte)
    {"  "}3  Server nicht erreichbar; `record` hat das Ergebnis in den Postausgang gelegt: später `spielstand sync` ausführen
    {"  "}4  Serverfehler (5xx) oder Server überlastet; `record` hat das Ergebnis in den Postausgang gelegt
    {"  "}5  eine lokale Datei (Konfiguration, Postausgang) ließ sich nicht lesen oder schreiben

help-outbox-list =
    Jedes Ergebnis, das auf das Senden wartet, und jedes, das der Server abgelehnt hat, mit dem Grund

help-outbox-list--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-outbox-fix =
    Ein vom Server abgelehntes Ergebnis korrigieren und noch einmal senden (es wartet weiter, wenn der Server nicht erreichbar ist); vorher hier geprüft, wie `record` prüft

help-outbox-fix-after =
    Beispiel: spielstand outbox fix 3f1c2a9e --replace Bne=Ben

help-outbox-fix--id =
    Der Eintrag, wie `spielstand outbox list` ihn zeigt

help-outbox-fix--date =
    Der Tag, an dem gespielt wurde (wie bei `record --date`)

help-outbox-fix--replace =
    Einen anderen Spieler an die Stelle eines Spielers setzen, im ganzen Ergebnis: OLD=NEW (wiederholbar)

help-outbox-fix--players =
    Die Spieler in Sitzreihenfolge

help-outbox-fix--order =
    Der Zieleinlauf (bei Spielen, die nach dem Zieleinlauf werten)

help-outbox-fix--rounds =
    Eine Rangeln-Runde ersetzen: N:SPEC, mit einem SPEC wie bei `record rangeln` (wiederholbar)

help-outbox-fix--carrots =
    Hase und Igel: die Karotten der Hasen im Ziel, z. B. Anna=8,Ben=15 (ersetzt alle Hasen im Ziel)

help-outbox-fix--finish-round =
    Hase und Igel: die Runde, in der jeder Hase im Ziel ankam, z. B. Anna=12,Ben=14

help-outbox-fix--house-rules =
    Mensch/Ghostbuster: die geltenden Hausregeln, ersetzen die bisherige Liste (wiederholbar oder durch Kommas getrennt; none für keine)

help-outbox-fix--teams =
    Mensch/Ghostbuster: die Teams eines Partnerspiels, ersetzen die bisherigen (wie bei `record`)

help-outbox-fix--colours =
    Mensch/Ghostbuster: wie die Farben verteilt wurden

help-outbox-fix--edition =
    Lauf Rauf!: die gespielten Regeln

help-outbox-fix--cards =
    Lauf Rauf!: ob die Karten im Spiel waren

help-outbox-fix--event =
    Das Spiel einem Spieleabend seiner Liga zuordnen (dessen ID oder Titel) oder mit "none" aus jedem herausnehmen

help-outbox-fix--league =
    Es stattdessen an diese Liga senden (ihr Name oder ihre ID)

help-outbox-fix--dry-run =
    Das korrigierte Ergebnis prüfen und zeigen, aber nichts senden und den Eintrag lassen, wie er ist

help-outbox-fix--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-outbox-drop =
    Ein wartendes oder abgelehntes Ergebnis endgültig verwerfen

help-outbox-drop--id =
    Der Eintrag, wie `spielstand outbox list` ihn zeigt

help-sync =
    Die Ergebnisse senden, die im Postausgang warten, älteste zuerst

help-sync-long =
    Die Ergebnisse senden, die im Postausgang warten, älteste zuerst.
    {""}
    Jedes wird mit dem Idempotency-Key gesendet, den es beim Eintragen bekam, und erst entfernt, wenn der Server es bestätigt hat: Ein erneutes sync nach einem Abbruch zählt nie ein Ergebnis doppelt. Ergebnisse, die der Server ablehnt, werden nach outbox/rejected/ verschoben.

help-sync-after =
    Exit-Codes:
    {"  "}0  ok
    {"  "}1  vom Server abgelehnt: unbekannter Spieler oder unbekannte Liga, eine verletzte Regel, eine veraltete Revision, kein gültiger Token
    {"  "}2  falscher Aufruf oder fehlerhafte Eingabe, erkannt, bevor etwas gesendet wurde (ein fehlerhaftes Brett nennt Zeile und Spalte)
    {"  "}3  Server nicht erreichbar; `record` hat das Ergebnis in den Postausgang gelegt: später `spielstand sync` ausführen
    {"  "}4  Serverfehler (5xx) oder Server überlastet; `record` hat das Ergebnis in den Postausgang gelegt
    {"  "}5  eine lokale Datei (Konfiguration, Postausgang) ließ sich nicht lesen oder schreiben

help-sync--dry-run =
    Nur auflisten, was wartet; nichts senden

help-sync--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-import =
    Anderswo erfasste Partien in eine Liga übernehmen: einen BG-Stats-Export, BoardGameGeek-Partien oder eine Liga, die von einem anderen spielstand-Server exportiert wurde. Eine Datei noch einmal zu importieren fügt nichts hinzu

help-import-bgstats =
    Ein BG-Stats-Export: seine .json-Datei oder die ZIP-Datei, die sie enthält

help-import-bgstats-after =
    Spiele werden über die Namen zugeordnet, die die Apps verwenden (deutsch und englisch), und über --game NAME=SLUG;
    Spieler über den Namen (so, wie der Server Namen vergleicht) und über --player "SOURCE NAME=PLAYER".
    Die Plätze kommen aus den Rängen der Quelle, sonst aus ihren Sieger-Markierungen (alle anderen teilen sich den
    letzten Platz). Rangeln-Partien behalten ihre Summen (importierte Summen, keine Runden); bei Hase und Igel
    zählen für einen Hasen im Ziel seine übrigen Karotten. Jede Partie wird nach den Regeln ihres Spiels geprüft; eine, die
    gegen sie verstößt, wird mit ihrer ID und dem Grund aufgeführt und nicht importiert.
    Exit-Codes: 0 alles importiert oder schon vorhanden; 1 eine Partie wurde abgelehnt; 2 fehlerhafte Eingabe
    (unbekannte Spieler ohne --create-players: Es wird nichts geschrieben).

help-import-bgstats--league =
    Die Liga, in die importiert wird: ihr Name oder ihre ID

help-import-bgstats--games =
    Einen Spieltitel (oder bgg:ID) der Quelle einem Spiel zuordnen, z. B. "Hasenrennen=hase-und-igel" (wiederholbar)

help-import-bgstats--players =
    Einen Spieler der Quelle einem Spieler hier zuordnen, z. B. "Tom=Thomas Müller" (wiederholbar)

help-import-bgstats--create-players =
    Die Spieler der Quelle hinzufügen, die hier unbekannt sind (sonst werden sie aufgelistet, und nichts wird geschrieben)

help-import-bgstats--options =
    Eine Spieloption, die die Quelle nicht festhält, z. B. lauf-rauf.edition=revised (wiederholbar) [Standard: die der Liga]

help-import-bgstats--dry-run =
    Alles prüfen und nichts schreiben

help-import-bgstats--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-import-bgg =
    BoardGameGeek-Partien, wie seine XML API2 sie schreibt (/xmlapi2/plays); eine Datei je Seite

help-import-bgg-after =
    Spiele werden über die Namen zugeordnet, die die Apps verwenden (deutsch und englisch), und über --game NAME=SLUG;
    Spieler über den Namen (so, wie der Server Namen vergleicht) und über --player "SOURCE NAME=PLAYER".
    Die Plätze kommen aus den Rängen der Quelle, sonst aus ihren Sieger-Markierungen (alle anderen teilen sich den
    letzten Platz). Rangeln-Partien behalten ihre Summen (importierte Summen, keine Runden); bei Hase und Igel
    zählen für einen Hasen im Ziel seine übrigen Karotten. Jede Partie wird nach den Regeln ihres Spiels geprüft; eine, die
    gegen sie verstößt, wird mit ihrer ID und dem Grund aufgeführt und nicht importiert.
    Exit-Codes: 0 alles importiert oder schon vorhanden; 1 eine Partie wurde abgelehnt; 2 fehlerhafte Eingabe
    (unbekannte Spieler ohne --create-players: Es wird nichts geschrieben).

help-import-bgg--league =
    Die Liga, in die importiert wird: ihr Name oder ihre ID

help-import-bgg--games =
    Einen Spieltitel (oder bgg:ID) der Quelle einem Spiel zuordnen, z. B. "Hasenrennen=hase-und-igel" (wiederholbar)

help-import-bgg--players =
    Einen Spieler der Quelle einem Spieler hier zuordnen, z. B. "Tom=Thomas Müller" (wiederholbar)

help-import-bgg--create-players =
    Die Spieler der Quelle hinzufügen, die hier unbekannt sind (sonst werden sie aufgelistet, und nichts wird geschrieben)

help-import-bgg--options =
    Eine Spieloption, die die Quelle nicht festhält, z. B. lauf-rauf.edition=revised (wiederholbar) [Standard: die der Liga]

help-import-bgg--dry-run =
    Alles prüfen und nichts schreiben

help-import-bgg--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-import-spielstand =
    Eine mit `spielstand export L` exportierte Liga: hier neu angelegt mit ihren Regeln, Spieleabenden, Spielern und Ergebnissen

help-import-spielstand--league =
    Die Liga, in die importiert wird, mit den Regeln aus der Datei angelegt, wenn es sie noch nicht gibt [Standard: der Name der exportierten Liga]

help-import-spielstand--dry-run =
    Alles prüfen und nichts schreiben

help-import-spielstand--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-export =
    Eine ganze Liga als ein JSON-Dokument schreiben (auf die Standardausgabe): im eigenen Format von spielstand oder im Importformat von BG Stats

help-export--league =
    Die Liga: ihr Name oder ihre ID

help-export--format =
    Was geschrieben wird

help-audit =
    Das Änderungsprotokoll, neueste zuerst: wer Ligen, Spieler, Ergebnisse, Spieleabende und Webhooks geändert hat, und wann (braucht einen Admin-Token)

help-audit--league =
    Nur Änderungen in dieser Liga: ihr Name oder ihre ID

help-audit--by =
    Nur Änderungen, die mit dem Token dieses Namens gemacht wurden

help-audit--action =
    Nur diese Art von Änderung, z. B. league_changed oder player_renamed

help-audit--limit =
    Höchstens so viele Einträge, neueste zuerst

help-audit--format =
    Ausgabe: table (für Menschen), json (das JSON des Servers) oder csv (die Haupttabelle)

help-completions =
    Ein Skript für die Vervollständigung in der Shell ausgeben: spielstand completions bash > ~/.local/share/bash-completion/completions/spielstand
