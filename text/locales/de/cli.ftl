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
