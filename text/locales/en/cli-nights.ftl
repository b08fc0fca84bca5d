# nights: the command line's messages (en).

## spielstand event ...
event-no-night-give-id = this laptop has no club night: give --night ID, or join the night with `spielstand event join NIGHT --league L`
event-present = Present
event-checked-in = { $count ->
    [one] { $count } player present at night { $night }.
   *[other] { $count } players present at night { $night }.
    }
event-checked-out = { $player } checked out of night { $night }.
event-yes = yes
event-draw-random = random draw
event-draw-balanced = balanced draw
event-draw-swiss = swiss draw
event-round = { $tables ->
    [one] Round { $round } of night { $night }: { $game }, { $draw } (seed { $seed }), { $tables } table
   *[other] Round { $round } of night { $night }: { $game }, { $draw } (seed { $seed }), { $tables } tables
    }
event-table = Table { $table }
event-table-done = Table { $table }, done: result { $result }
event-starts = { $player } (starts)
event-night-named = { $games ->
    [one] night { $id } "{ $title }" ({ $games } game)
   *[other] night { $id } "{ $title }" ({ $games } games)
    }
event-open-night-exists = league { $league } already has an open club night on { $date }: { $night }. Join it with `spielstand event join { $id } --league "{ $league }"`, or give --new to start a second night
event-open-night-join = League { $league } already has an open club night on { $date }: { $night }. Join it?
event-start-input-ended = the input ended before the answer; no night was started
event-started = Club night { $id } "{ $title }" started in league { $league } on { $date }: every `spielstand record` for this league now belongs to it, until `spielstand event leave`. Other laptops join it with `spielstand event join { $id } --league "{ $league }"`.
event-replaces = (It replaces night { $id } "{ $title }" on this laptop.)
event-joined = { $games ->
    [one] Joined club night { $id } "{ $title }" of league { $league } on { $date } ({ $games } game so far): every `spielstand record` for this league now belongs to it, until `spielstand event leave`.
   *[other] Joined club night { $id } "{ $title }" of league { $league } on { $date } ({ $games } games so far): every `spielstand record` for this league now belongs to it, until `spielstand event leave`.
    }
event-join-needs-league = name the league of night { $night } with --league L (or give the night's id)
event-join-closed = club night { $id } "{ $title }" on { $date } was closed by an admin: it takes no more games
event-current-none = No club night on this laptop: start one with `spielstand event start`, or join one with `spielstand event join`.
event-current-gone = this laptop's club night { $id } "{ $title }" is no longer on the server: run `spielstand event leave`
event-state-closed-at = closed at { $at }: it takes no more games; run `spielstand event leave`
event-state-open = open
event-state-closed = closed
event-current-night = Club night { $id } "{ $title }" of league { $league } on { $date }
event-current-games = { $games ->
    [one] { $games } game recorded so far, from every laptop; { $state }.
   *[other] { $games } games recorded so far, from every laptop; { $state }.
    }
event-close-no-night = no club night is running on this laptop: give the night's id
event-closed = { $games ->
    [one] Club night { $id } "{ $title }" on { $date } is closed with { $games } game: the server refuses its new games, on every laptop.
   *[other] Club night { $id } "{ $title }" on { $date } is closed with { $games } games: the server refuses its new games, on every laptop.
    }
event-left-too = This laptop left it too.
event-list-empty = No club nights in this league yet: start one with `spielstand event start`.
event-list-title = Club nights of { $league }
# $location is empty or ", " and the place; $closed is empty or event-show-closed.
event-show-summary = { $games ->
    [one] { $title } (night { $id }), { $date }{ $location }: { $games } game{ $closed }
   *[other] { $title } (night { $id }), { $date }{ $location }: { $games } games{ $closed }
    }
event-show-closed = , closed
event-winners = Winners of the night: { $names }
event-games-title = Games
event-night-table = The night's table
event-night-table-empty = No games at this night yet.
event-league-table-after = The league table after the night
event-place-new = new
event-present-list = Present ({ $count }): { $names }
event-left = This laptop left club night { $id } "{ $title }": later games recorded here belong to no night. The night stays open on the server for the other laptops; `spielstand event close { $id }` closes it for good.
event-leave-none = no club night is running on this laptop (start one with `spielstand event start`)

## This laptop's night (night.json) and recording at a drawn table
night-damaged = { $path } is damaged ({ $error }): run `spielstand event leave` to clear it
night-cannot-read = cannot read { $path }
night-cannot-remove = cannot remove { $path }
night-not-found-id = there is no club night { $id } in league { $league }
night-named = { $id } "{ $title }" ({ $date })
night-not-found-title = there is no club night { $title } in league { $league }
night-not-found-title-latest = there is no club night { $title } in league { $league }; the latest are: { $latest }
night-table-no-night = --table { $table }: this laptop has no club night; join the night with `spielstand event join NIGHT --league L`
night-table-no-round = --table { $table }: club night "{ $title }" has no round drawn yet; draw one with `spielstand event draw --game { $game }`
night-table-other-game = --table { $table }: round { $round } of the night plays { $plays }, not { $game }
night-table-missing = --table { $table }: round { $round } has tables 1 to { $tables }
night-table-recorded = --table { $table }: the table's game of round { $round } is recorded already (result { $result }); see `spielstand result show { $result }`

## spielstand sync
sync-other-servers = { $count ->
    [one] note: { $count } result waits for another server ({ $servers }): sync with --server to send it
   *[other] note: { $count } results wait for another server ({ $servers }): sync with --server to send them
    }
sync-outbox-empty = The outbox is empty.
sync-nothing = Nothing to send: the outbox holds no results for { $server }.
sync-stopped = { $waiting ->
    [one] Sent { $sent } of { $total }; { $waiting } result still waits in the outbox ({ $dir }); run `spielstand sync` again.
   *[other] Sent { $sent } of { $total }; { $waiting } results still wait in the outbox ({ $dir }); run `spielstand sync` again.
    }
sync-sent = { $total ->
    [one] Sent { $sent } of { $total } result.
   *[other] Sent { $sent } of { $total } results.
    }
sync-refused = { $count ->
    [one] { $count } result was refused and moved to { $dir }: `spielstand outbox list` shows why, `spielstand outbox fix ID --replace OLD=NEW` (or --date, --event) corrects it and sends it again
   *[other] { $count } results were refused and moved to { $dir }: `spielstand outbox list` shows why, `spielstand outbox fix ID --replace OLD=NEW` (or --date, --event) corrects one and sends it again
    }
sync-outcome-sent = sent
sync-outcome-already-recorded = already recorded
sync-outcome-refused = refused
sync-replayed = the server had it from an earlier attempt; counted once

## spielstand outbox ..., and the outbox itself
outbox-dropped = Dropped { $id } ({ $entry }).
outbox-no-such-id = nothing in the outbox has the id { $id }: see `spielstand outbox list`
outbox-ambiguous-id = { $count } entries begin with { $id }: give more of the id
outbox-empty = The outbox is empty: nothing waits, nothing was refused.
outbox-state-refused = refused
outbox-state-waiting = waiting
outbox-other-server = { $id } is for the server { $server }: give --server { $server } to fix it
outbox-what = outbox entry { $id }
outbox-nothing-to-fix = nothing to fix: give what changes (--date, --replace, --players, --order, --round, --edition, ...); --dry-run checks it as it is
outbox-corrected-preview = { $what }, corrected: { $entry }
outbox-dry-run = Dry run: the corrected result is valid; nothing was sent or changed.
outbox-recorded = Recorded result { $id }: { $entry }.
outbox-refused-again = refused again: { $reason }; it stays in the outbox as { $id }
outbox-corrected-waits = The corrected result waits in the outbox ({ $id }); `spielstand sync` sends it when the server is back.
outbox-entry = { $game } on { $date } for league { $league } ({ $players })
outbox-cannot-encode = cannot encode an outbox entry
outbox-cannot-remove = cannot remove { $path }
outbox-refused = refused: { $entry }: { $reason } (moved to { $file }; correct it with `spielstand outbox fix { $id } ...`)
outbox-cannot-read = cannot read { $path }
outbox-not-an-entry = { $path } is not an outbox entry (move it away to go on)

## Changes to a record made (result fix, outbox fix)
edit-not-for = { $flag } does not apply: { $what } is { $game }
edit-no-such-round = --round { $round }: { $what } has { $count } rounds
edit-not-a-finisher = --finish-round { $player }: only finishers have a finish round, and { $player } has no carrots in { $what }
edit-replace-syntax = --replace { $pair }: write OLD=NEW, e.g. Ben=Dora
edit-replace-unknown = --replace { $pair }: nobody of that name played in { $what }
edit-night-closed = --event { $night }: club night { $id } "{ $title }" was closed by an admin and takes no more games
# $date_flag is the date as --date takes it (ISO), in every language.
edit-night-other-date = --event { $night }: club night { $id } "{ $title }" is on { $night_date }, the game on { $game_date }; a night's games are on its date: give --date { $date_flag } too

## spielstand result fix
fix-not-a-record = { $path } is not a result record: { $error }
fix-what = result { $id }
fix-nothing-to-fix = nothing to fix: give what changes (--date, --event, --replace, --players, --order, --round, ...) or --file
fix-dry-run = Dry run: nothing sent.
fix-corrected = Corrected result { $id }: now at revision { $revision }.

## spielstand result show|delete
result-gone = Result { $id }: { $detail }
result-history-title = History
result-action-recorded = recorded
result-action-corrected = corrected
result-action-deleted = deleted
result-action-confirmed = confirmed
result-action-rejected = rejected
result-what = result { $id } ({ $game } on { $date }: { $places })
result-delete-confirm = Delete { $what }?
result-nothing-deleted = Nothing deleted.
result-delete-input-ended = the input ended before the answer; nothing deleted
result-deleted = Deleted { $what }. Its history stays: spielstand result show { $id } --history

## spielstand results
results-none = No results.
results-summary = { $total ->
    [one] { $league }: { $total } result, latest first
   *[other] { $league }: { $total } results, latest first
    }
results-summary-shown = { $total ->
    [one] { $league }: { $total } result, { $shown } shown, latest first
   *[other] { $league }: { $total } results, { $shown } shown, latest first
    }
