# input: the command line's messages (en).

## Files and standard input (input/mod.rs), shared words of the game prompts

input-stdin-once = standard input (-) can be read only once
input-stdin-unreadable = cannot read standard input: { $error }
input-file-unreadable = cannot read { $path }: { $error }
input-note = note: { $note }
input-also = Also: undo (take back the last entry), board (show it again), help, quit (keep a draft).

## Rounds typed at the table (input/rounds.rs)

rounds-help = Round { $round } of { $rounds }, { $player } starts: type the round as its scores (Anna=4,Ben=-3,...), its ring counts (Anna=+2:1/-1:7,...: rings +2 -2 +1 -1 black) or @FILE, a file with the final board or the round move by move.
rounds-no-stdin = @- cannot be used while typing rounds: give a file name

## A round refereed live (input/live_round.rs)

live-intro = Round { $round } of { $rounds }: { $player } starts. Place one piece at a time (a cell such as c3), then move (a path such as c3-c4-d4). Type help at any prompt.
live-placement-prompt = { $player }, placement { $number }:
live-path-prompt = { $player }, path { $path } ({ $allowance }; 'stuck' ends the turn):
live-took-back-placement = Took back { $player }'s placement on { $cell }.
live-took-back-path = Took back { $player }'s path { $path }.
live-took-back-stuck = Took back the end of { $player }'s turn.
live-nothing-to-undo = Nothing to take back: this round has just begun.
live-refused-again = refused: { $error }; again (help says what is expected)
live-refused = refused: { $error }
live-help-placement = { $player } places piece { $piece } of { $pieces }: type a free cell such as c3, not a black cell (#) and not next to a piece of { $player }'s own, diagonals included.
live-help-path = Type a path such as c3-c4-d4: a piece's start cell, then each cell it steps to (a row or a column at a time, never back). A path goes its full length wherever a piece of { $player } can; 'stuck' ends the turn when no piece of { $player } that may still move has a legal step.
live-round-over = The round is over.

## Round SPECs, name lists, NAME=N pairs, dates (input/spec.rs)

spec-at-needs-file = "@" needs a file name: @board.txt, or @- for standard input
spec-score-not-number = { $name }={ $value }: a score is a whole number such as 4 or -3 (ring counts look like { $name }=+2:1/-1:3)
spec-mixed-kinds = give every player of a round the same kind of entry: all scores (Anna=4) or all ring counts (Anna=+2:1/-1:3)
spec-not-ring-count = { $part } is not RING:COUNT
spec-not-a-ring = { $label } is not a ring: use +2, -2, +1, -1 or black
spec-ring-twice = ring { $ring } is given twice
spec-not-piece-count = { $value } is not a number of pieces (ring { $ring })
spec-not-pair-round = { $item } is not NAME=VALUE (write a round as Anna=4,Ben=-3)
spec-not-pair-list = { $item } is not NAME=VALUE (write the list as Anna=4,Ben=-3)
spec-given-twice = { $name } is given twice
spec-not-whole-number = { $name }={ $value }: { $quoted } is not a whole number
spec-names = { $text }: write the names separated by commas, e.g. Anna,Ben,Cleo
spec-moment = { $text }: a deadline is 2026-12-03T18:00:00Z, or a day and a time: 2026-12-03 18:00, 03.12.2026 18:00
spec-not-a-date = { $typed } is not a date: write 2026-11-23, 23.11.2026, 23.11. (this year), today/heute or yesterday/gestern
spec-not-a-day = { $typed } is not a day of the calendar

## spielstand record (commands/record.rs)

record-no-such-seat = --order: table { $table } has seats 1 to { $seats }, not { $seat }
record-table-league = --league { $league }: the tables are club night "{ $title }"'s, of league { $night_league }
record-finish-round = --finish-round { $player }: only finishers have a finish round, and { $player } has no --carrots entry
record-no-league = give the league with --league L
record-standard-input = standard input
record-round-error = round { $round }: { $error }
record-rounds-terminal-only = give one --round per round: { $count } players play { $count } rounds (see `spielstand record rangeln --help`); rounds are asked for only on a terminal

## spielstand referee (commands/referee.rs)

referee-live-terminal-only = rounds { $first } to { $last } are refereed live on a terminal; here, give every round as --round @FILE
referee-no-league = Not recorded: give --league L to record the game.
referee-too-many-rounds = { $players } players play { $players } rounds, and { $count } --round files were given
referee-round-file = --round { $file }: name a file with @FILE (the moves text form, see --help)
referee-round-unreadable = round { $round } ({ $path }): { $error }
referee-round-as-written = Round { $round } ({ $player } starts), as written:

## Recording a game (recording.rs)

recording-dry-run-title = { $game } on { $date } (not sent)
recording-no-draft-to-resume = there is no game kept as a draft to resume; start one with `{ $command }`
recording-resuming = Resuming the game kept as a draft: { $draft }.
recording-dropped = Dropped the game kept as a draft ({ $draft }).
recording-no-draft = there is no game kept as a draft
recording-declined = Not recorded. The game is kept as a draft: `{ $command } --resume` asks again, `{ $command } --discard` drops it.
recording-input-ended = The input ended before the answer. The game is kept as a draft: `{ $command } --resume` asks again.
recording-kept-on-error = The game is kept as a draft: once the problem below is solved, `{ $command } --resume` records it.
recording-night-date = --date { $day }: the current club night "{ $title }" is on { $date }, and its games are on its date; run `spielstand event leave` first to record a game outside it
recording-night-closed = club night { $id } "{ $title }" on { $date } was closed by an admin and takes no more games: run `spielstand event leave` to record this game without it
recording-league-rule = league { $league }: { $error }
recording-unchecked-names = the players' names (this laptop has not seen the server's players)
recording-unchecked-options = any change to league { $league }'s options since this laptop last saw them
recording-unchecked-league = league { $league }: its games, season and game options
recording-unchecked-night-open = whether the club night is still open
recording-flag-cards = --cards or --no-cards
recording-lauf-rauf-options = league { $league } sets no Lauf Rauf! options for this: give { $flag } (or set them with `spielstand league edit { $league } --option lauf-rauf.edition=... --option lauf-rauf.cards=...`)
recording-options-unknown = the league's game options are unknown while the server cannot be reached ({ $error }), and this laptop has not seen them yet (a game recorded in the league while online, or `spielstand event join`, keeps them): give --edition and --cards or --no-cards
recording-board-from = { $message } (board from { $file })

## Drafts (draft.rs, and both commands that keep one)

draft-terminal-only = a game kept as a draft is continued on a terminal only
draft-damaged = { $path } is damaged ({ $error }): move it away, or drop it with `{ $command } --discard`
draft-unreadable = cannot read { $path }
draft-unencodable = cannot encode a draft
draft-unremovable = cannot remove { $path }
draft-describe = { $players }, { $done } of { $rounds } rounds done, saved { $saved }
draft-describe-under-way = { $players }, { $done } of { $rounds } rounds done and one under way, saved { $saved }
draft-in-the-way = an unfinished game is kept as a draft ({ $draft }): continue it with `{ $command } --resume`, or drop it with `{ $command } --discard`

## Partner games (partners.rs)

partners-not-in-team = --order: { $name } is in none of the --teams; name each team by its players
partners-not-partners = --order: { $name } and { $other } are not partners in --teams; join only partners with '+'

## Failures (error.rs)

error-hint-scope = this token may not do that: ask the organiser for an admin token (`spielstand-api token create --scope admin`)
error-hint-token = give a write token with --token, SPIELSTAND_TOKEN or `spielstand login`
error-request-id = request id { $id }
error-unreachable = cannot reach the server at { $server }: { $reason }
error-server = the server at { $server } failed: { $message }
# --verbose: below the message, each cause and the server's problem
error-caused-by = caused by: { $cause }
error-problem = problem { $kind }: { $status } { $title }
