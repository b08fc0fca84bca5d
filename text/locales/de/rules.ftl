# Die Regelmeldungen von spielstand_core::Error, auf Deutsch.
#
# Eine Nachricht je Regelcode (der Slug des Codes ist die Nachrichten-ID); ihre Variablen
# sind die Fakten des Fehlers (`Error::facts`) unter den Feldnamen. Ein Code, den zwei
# Varianten teilen, hat keinen Wert, sondern je Variante ein Attribut. `in-round` und
# `at-move` umschließen die Meldung des inneren Fehlers, die als `$message` kommt.
# Begriffe: Feld, Ring, Stein, Runde, Zug (alle Wege eines Spielers), Weg (der eigene Weg
# eines Steins, z. B. c3-c4-d4), Schritt, einsetzen, schieben; Sitzplatz, Platz,
# Zieleinlauf; Karotten, Salate; Feinwertung; Auslosung.

## Umschließende Meldungen

in-round = Runde { $round }: { $message }
    .at-move = Runde { $round }, { $message }
at-move = { $at }: { $message }

## Bretter als Text

board-symbol = Zeile { $line }, Spalte { $column }: unerwartetes Zeichen „{ $symbol }“, erwartet wird „.“ oder ein Stein von „A“ bis „E“
board-seat = Zeile { $line }, Spalte { $column }: Der Stein „{ $symbol }“ gehört zu Sitzplatz { $seat }, es spielen aber nur { $players } Spieler mit
board-row-too-long = Zeile { $line }, Spalte { $column }: Eine Reihe hat 9 Felder, diese hat mehr
board-row-too-short = Zeile { $line }, Spalte { $column }: Eine Reihe hat 9 Felder, diese hat { $found ->
        [0] keines
        [one] nur eines
       *[other] nur { $found }
    }
board-too-many-rows = Zeile { $line }, Spalte 1: Das Brett hat 9 Reihen, dies ist eine zehnte
board-too-few-rows = Zeile { $line }, Spalte 1: Das Brett endet nach { $found ->
        [one] einer Reihe
       *[other] { $found } Reihen
    }, erwartet sind 9
invalid-cell = „{ $text }“ ist kein Feld: Die Felder reichen von a1 bis i9

## Rangeln: Ergebnisse

piece-count = { $player } hat { $found ->
        [0] keinen Stein
        [one] einen Stein
       *[other] { $found } Steine
    } auf dem Brett, es müssen { $expected } sein
ring-count-sum = Für { $player } ergeben die Zahlen je Ring zusammen { $found ->
        [one] einen Stein
       *[other] { $found } Steine
    }, es müssen { $expected } sein
ring-overfull = { $ring ->
        [black] Auf den schwarzen Feldern
       *[other] Auf den Feldern des Rings { $ring }
    } wurden { $found } Steine gezählt, es gibt aber nur { $capacity } dieser Felder
score-out-of-bounds = { $player } kommt auf { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    }, mit { $pieces } Steinen liegt das Ergebnis einer Runde aber zwischen { $min } und { $max }
scores-impossible = Kein Brett ergibt diese Ergebnisse zugleich ({ $scores }): Bei { $pieces } Steinen je Spieler, jeder auf einem eigenen Feld, umfassen die Ringe 8 (+2), 16 (-2), 24 (+1) und 28 (-1) Felder und die schwarzen Felder 5
imported-totals = Übernommene Gesamtstände: { $reason }

## Rangeln Zug um Zug

placement-on-black = { $player } darf keinen Stein auf { $cell } einsetzen: Das ist ein schwarzes Feld
placement-occupied = { $player } darf keinen Stein auf { $cell } einsetzen: Dort steht schon ein Stein von { $other }
placement-adjacent = { $player } darf keinen Stein auf { $cell } einsetzen: Das Feld liegt neben einem eigenen Stein auf { $other }
out-of-turn = { $expected } ist am Zug, nicht { $player }
placement-count =
    .placements-done = Alle Spieler haben bereits alle { $pieces } Steine eingesetzt
    .placements-missing = Erst { $made } von { $expected } Steinen eingesetzt: Alle Steine werden vor dem ersten Zug eingesetzt
turn-count =
    .turns-done = Alle { $players } Spieler haben gezogen: Die Runde ist vorbei
    .turns-missing = Erst { $made } von { $expected } Zügen gespielt: { $next } hat noch nicht gezogen
path-empty = Ein Weg besteht aus seinem Startfeld und mindestens einem Schritt, z. B. c3-c4
path-start = Auf { $cell } steht kein Stein von { $player }
piece-moved-twice = Der Stein auf { $cell } wurde in diesem Zug schon gezogen
step-not-orthogonal = { $from }-{ $to } ist kein Schritt auf das Nachbarfeld in derselben Reihe oder Spalte
step-onto-black = { $cell } ist ein schwarzes Feld: Ein Stein darf dorthin geschoben werden, aber nicht selbst dorthin ziehen
step-revisit = { $cell } wurde auf diesem Weg schon betreten
push-off-board = Die Steinreihe { $line } würde vom Brett geschoben
allowance = { $allowance }; { $has }
short-path = Der Weg endet nach { $steps } von { $full } Schritten, aber { $reason }: Ein Weg geht über die volle Länge, wann immer ein Stein des ziehenden Spielers das kann

## Spieler, Sitzplätze und Zieleinlauf

player-count = „{ $game }“ wird von { $min } bis { $max } Spielern gespielt, dieses Ergebnis nennt { $found ->
        [one] einen
       *[other] { $found }
    }
duplicate-player = { $player } ist mehrfach aufgeführt
unknown-player = { $player } spielt in dieser Partie nicht mit
missing-player = { $player } fehlt
empty-name = Ein Name darf nicht leer sein
invalid-name = „{ $name }“ ist als Name nicht verwendbar: { $reason }
seat-out-of-range = Sitzplatz { $seat } von { $player } liegt nicht zwischen 1 und { $players }
duplicate-seat = Sitzplatz { $seat } ist sowohl { $first } als auch { $second } zugewiesen
round-count = Eine Partie Rangeln mit { $players } Spielern hat { $expected } Runden, diese hat { $found ->
        [0] keine
        [one] eine
       *[other] { $found }
    }
empty-place = Platz { $place } im Zieleinlauf ist leer
tie-not-allowed = { $players } können sich Platz { $place } nicht teilen: Nur wer nicht ins Ziel gekommen ist, teilt sich den letzten Platz
no-winner = Niemand hat gewonnen: { $players } teilen sich Platz 1, ein Ergebnis braucht aber einen alleinigen ersten Platz

## Spieloptionen und Hausregeln

colour-mode = Der Farbmodus { $mode } ist für { $needed } Spieler, diese Partie hat { $found }
duplicate-house-rule = Die Hausregel { $rule } ist mehrfach aufgeführt
house-rule-not-for-game = Die Hausregel { $rule } ist bei „{ $game }“ nicht zulässig: { $reason }
option-conflict = Dieses Ergebnis gibt für { $option } „{ $stated }“ an, die Liga spielt „{ $game }“ aber mit „{ $league }“
option-missing = Ein Ergebnis von „{ $game }“ muss { $what } angeben, sofern die Spieloptionen der Liga das nicht festlegen
options-for-other-game = Spieloptionen für „{ $game }“, ein Spiel, das diese Liga nicht wertet

## Hase und Igel

hare-lettuce = { $player } ist mit { $lettuces ->
        [one] noch einem Salat
       *[other] noch { $lettuces } Salaten
    } ins Ziel gekommen: Ein Hase muss vorher alle Salate fressen
hare-carrots = { $player } ist auf Platz { $place } mit { $carrots } Karotten ins Ziel gekommen, erlaubt sind höchstens { $max }
hare-finisher-tied = { $player } ist im Ziel eingetragen, teilt sich aber Platz { $place } mit { $others }: Wer ins Ziel kommt, hat einen eigenen Platz
hare-not-finished = { $player } steht auf Platz { $place } vor { $ahead_of }, obwohl { $ahead_of } ins Ziel gekommen ist und { $player } nicht: Die Karotten von { $player } eintragen oder { $player } auf den geteilten letzten Platz setzen
hare-round-order = { $player } ist in Runde { $round } ins Ziel gekommen, { $earlier } erst in Runde { $earlier_round }, ist aber vor { $player } platziert
hare-round-zero = Die Zielrunde von { $player } muss mindestens 1 sein
hare-unfinished-ranked = Für { $players } sind keine Karotten eingetragen, sie sind also nicht ins Ziel gekommen, haben aber verschiedene Plätze: Für jeden Hasen im Ziel die übrigen Karotten eintragen oder die Hasen, die nicht ins Ziel gekommen sind, den letzten Platz teilen lassen

## Ligen

invalid-points-scheme = „{ $text }“ ist kein Punkteschema: players-beaten oder table:10,6,4,2,1,0 verwenden
empty-points-table = Die Punktetabelle ist leer
points-table-rises = Die Punktetabelle steigt bei Platz { $place } von { $before } auf { $after }: Ein schlechterer Platz bringt nie mehr Punkte
season-reversed = Die Saison endet am { $to }, also vor ihrem Beginn am { $from }
no-games = Eine Liga wertet mindestens ein Spiel
duplicate-game = „{ $game }“ steht mehrfach in den Spielen der Liga
duplicate-tie-breaker = Die Feinwertung { $breaker } ist mehrfach aufgeführt
game-not-in-league = Diese Liga wertet „{ $game }“ nicht
outside-season = Gespielt am { $date }, außerhalb der Saison vom { $from } bis { $to }
date-out-of-range = { $what }: { $date } liegt außerhalb des zulässigen Bereichs: Daten reichen vom { $earliest } bis { $latest }{ $why }
confirmations-out-of-range = Die Zahl der Bestätigungen (confirmations) ist { $found }: Ein Ergebnis, das an einem Tisch mit höchstens sechs Plätzen eingetragen wird, wartet auf 0 bis 5 Mitspieler

## Spieleabende: die Auslosung

tables-impossible = { $players ->
        [one] Ein Spieler lässt
       *[other] { $players } Spieler lassen
    } sich bei „{ $game }“ nicht auf Tische mit { $min } bis { $max } Plätzen verteilen
table-size-out-of-range = An Tischen mit { $size ->
        [one] einem Platz
       *[other] { $size } Plätzen
    } lässt sich „{ $game }“ nicht spielen: Es wird von { $min } bis { $max } Spielern gespielt
pin-table-missing = { $player } ist fest für Tisch { $table } eingeteilt, die Auslosung hat aber { $tables ->
        [0] keinen Tisch
        [one] nur einen Tisch
       *[other] nur { $tables } Tische
    }
pin-table-full = Tisch { $table } hat { $size ->
        [one] einen Platz
       *[other] { $size } Plätze
    }, aber { $pinned } Spieler sind fest für ihn eingeteilt: { $players }
apart-pinned-together = { $first } und { $second } müssen getrennt sitzen, sind aber beide fest für Tisch { $table } eingeteilt
apart-impossible = { $first } und { $second } müssen getrennt sitzen, aber keine Auslosung mit diesen Tischen und festen Einteilungen trennt sie
not-checked-in = { $player } ist an diesem Spieleabend nicht als anwesend eingetragen: Bitte als anwesend eintragen oder aus „{ $field }“ der Auslosung streichen

## Partnerteams und Teamtabellen

team-sizes = Teams mit { $sizes } Personen bei { $players } Spielern: Im Partnerspiel spielen auf der 4er-Seite des Bretts zwei Zweierteams, auf der 6er-Seite zwei Dreierteams oder drei Zweierteams
team-split = { $players } sind Partner und teilen sich deshalb einen Platz: Die Mitglieder eines Teams stehen im Zieleinlauf zusammen
teams-required = Die Liga spielt „{ $game }“ mit Partnern: Das Ergebnis muss die Teams angeben
duplicate-team = Zwei Teams heißen „{ $name }“: In einer Teamtabelle darf jeder Name nur einmal vorkommen
team-member-twice = { $player } steht in Team „{ $first }“ und in Team „{ $second }“: Jede Person gehört zu genau einem Team
empty-team = Team „{ $name }“ hat keine Mitglieder

# Was der Schiedsrichter in seinen Meldungen sagt (`referee::words` im Kern): wo, was ein
# Zug darf, was er schon gemacht hat, warum ein Stein feststeckt, die Notizen.
words-placement = Einsetzen { $number }
words-turn = Zug von { $player }
words-path = Zug von { $player }, Weg { $path } ({ $cells })
words-step = Zug von { $player }, Weg { $path } ({ $cells }), Schritt { $step }
words-paths = { $count ->
    [one] 1 Weg
   *[other] { $count } Wege
    }
words-steps = { $count ->
    [one] 1 Schritt
   *[other] { $count } Schritte
    }
# After "of", "with" and "after" (German takes the dative there).
words-steps-dative = { $count ->
    [one] 1 Schritt
   *[other] { $count } Schritten
    }
words-shape-one = 1 Weg mit { $steps }
words-shape-each = { $paths } mit je { $steps }
words-shape-total = { $paths } mit zusammen { $steps }
words-or = oder
words-and = und
words-ordinal = { $position ->
    [1] erster
    [2] zweiter
    [3] dritter
    [4] vierter
    [5] fünfter
   *[other] nächster
    }
words-allowance = { $player } darf als { $ordinal } Spieler von { $players }: { $shapes }
words-turn-paths = dieser Zug hat { $paths }
words-turn-steps-in-all = dieser Zug hat zusammen { $steps }
words-turn-paths-with-steps = dieser Zug hat { $paths } mit zusammen { $steps }
words-turn-paths-of-steps = dieser Zug hat { $paths } mit { $lengths } Schritten
words-turn-piece-can-move = { $so_far }, und der Stein auf { $piece } kann noch ziehen
words-short-can-step-on = der Stein auf { $piece } kann noch weiterziehen
words-short-could-go-all = der Stein auf { $piece } hätte alle { $full } gehen können
words-refusal-no-captures = bei Ghostbuster gibt es „kein klassisches Rauswerfen“, eine Regel zum Schlagen kann dort nicht gelten
words-refusal-own-rule = sie gehört bei Ghostbuster schon zu den Spielregeln und ist dort keine Hausregel
words-refusal-no-own-blockade = bei Ghostbuster „darf ein Spieler nicht aus freien Stücken seine eigene Figur blockieren“, Sperren aus eigenen Figuren können dort keine Hausregel sein
words-blocked-open = { $cell } ist frei
words-blocked-black = { $cell } ist schwarz
words-blocked-revisit = { $cell } lag schon auf diesem Weg
words-blocked-push-off = die Reihe { $line } würde vom Brett geschoben
words-blocked-edge = der Rand des Bretts
words-all-moved = jeder Stein von { $player } ist in diesem Zug schon gezogen
words-none-movable = kein Stein von { $player }, der noch ziehen darf, hat einen erlaubten Schritt: { $pieces }
words-stuck-piece = der Stein auf { $cell } ({ $why })
words-note-short-path = Der Weg { $path } von { $player } endete nach { $steps } von { $full }: Der Stein auf { $end } steckt fest ({ $why }), und kein Stein von { $player } hätte { $full } Schritte gehen können
words-note-turn-ended = Der Zug von { $player } endete nach { $steps } von { $of }: { $why }
words-made-none = noch kein Weg
words-made = { $paths } ({ $lengths } Schritte)
words-allowance-left = { $allowance }; bisher: { $made }; übrig: { $left }
