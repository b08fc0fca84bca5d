# The command line's own messages, in English. Every message here is in
# ../de/cli.ftl too, with the same variables (a test holds both to that).

error-prefix = error:
answer-default-yes = [Y/n]
answer-default-no = [y/N]
answer-again = Please answer y or n.
keys-ignored = (Only text is read here: keys such as F1 or the arrows are ignored.)

record-confirm = Record this game in league { $league }?
recorded = Recorded result { $id } in league { $league }.
recorded-at-night = Recorded result { $id } in league { $league } at club night { $night }.
dry-run-valid = Dry run: the result is valid; nothing was sent.
not-checked = Not checked, as the server cannot be reached: { $what }.
queued-not-recorded = The result is NOT recorded yet. It is kept in the outbox:
queued-sync = Run `spielstand sync` when the server is back: it is sent once, and counted once.
outbox-waiting = note: { $count } earlier result(s) still wait in the outbox: run `spielstand sync`

draft-kept = The game so far is kept as a draft: `{ $command } --resume` continues it, `{ $command } --discard` drops it.
draft-nothing = Nothing was entered, so nothing is kept.
stopped = Stopped. { $kept }
input-ended = The input ended. { $kept } Nothing was sent.
interrupted = Interrupted.
interrupted-kept = Interrupted. { $kept } Nothing was sent.

unknown-players = { $count ->
    [one] there is no player named { $names }
   *[other] there are no players named { $names }
    }
did-you-mean = { $count ->
    [one] did you mean { $names }?
   *[other] did you mean { $names } or { $last }?
    }
someone-new = { $count ->
    [one] someone new: `spielstand player add { $name }`
   *[other] someone new: `spielstand player add NAME` for each
    }
checked-offline = checked against the players this laptop saw on { $at }, as the server cannot be reached
not-at-table = --order: not at table { $table }: { $names }; table { $table } seats { $players }
table-offline = The server cannot be reached: table { $table } as this laptop saw it at { $at }.

rounds-intro = Enter each round as scores (Anna=4,Ben=-3,...), ring counts (Anna=+2:1/-1:7,...) or @FILE with the board or the moves. Type help at any prompt.
round-prompt = Round { $round } of { $rounds } ({ $player } starts):
took-back = Took back round { $round }.
nothing-to-undo = Nothing to take back: no round is entered yet.
no-board = Round { $round } was entered without a board; the scores so far:
no-round-yet = No round is entered yet.
enter-round-again = { $error }; enter round { $round } again
round-label = Round { $round }
total = Total
