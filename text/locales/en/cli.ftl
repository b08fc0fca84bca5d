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

# Column names of the tables.
column-action = Action
column-added = Added
column-ahead = Ahead
column-at = At
column-behind = Behind
column-by = By
column-carrots = Carrots
column-change = Change
column-checked-in = Checked in
column-count = Count
column-date = Date
column-detail = Detail
column-estimate = Estimate
column-finish-round = Finish round
column-game = Game
column-games = Games
column-league = League
column-likely-the-same-as = Likely the same as
column-location = Location
column-measure = Measure
column-name = Name
column-of = Of
column-opponent = Opponent
column-outcome = Outcome
column-place = Place
column-places-after = Places after
column-places = Places
column-played-on = Played on
column-played = Played
column-player = Player
column-players = Players
column-plays = Plays
column-points = Points
column-predicted = Predicted
column-rating = Rating
column-ratings = Ratings
column-recorded = Recorded
column-refused-because = Refused because
column-result = Result
column-revision = Revision
column-round = Round
column-score = Score
column-season = Season
column-seat = Seat
column-server = Server
column-setting = Setting
column-starts = Starts
column-state = State
column-table = Table
column-team = Team
column-this-laptop = This laptop
column-ties = Ties
column-title = Title
column-token = Token
column-uncertainty = Uncertainty
column-uniform-guess = Uniform guess
column-value = Value
column-before = Before
column-win = Win %
column-wins = Wins
column-when = When

accuracy-title = How good the ratings are ({ $games } games)
accuracy-explained = Favourite won: how often the player the ratings rated highest won. Log loss and Brier score: how far the predicted chances were from what happened (lower is better). Uniform guess: every player equally likely, for comparison.
accuracy-favourite-won = Favourite won
accuracy-log-loss = Log loss (lower is better)
accuracy-brier = Brier score (lower is better)

# clap's own words in `--help`.
help-heading-usage = Usage:
help-heading-commands = Commands
help-heading-arguments = Arguments
help-heading-options = Options
help-flag-help = Print help
help-flag-version = Print version

# The command line's value parsers.
args-unknown-house-rule = unknown house rule { $item }: use { $keyword } or { $slugs }
args-team-syntax = { $typed }: write the team's name, '=' and its players joined by '+': "TSV 1=Anna+Ben"
args-teams-syntax = { $typed } is not a list of teams: separate teams with ',' and join partners with '+' ("Anna+Cleo,Ben+Dora")
args-player-mapping = { $typed }: write SOURCE NAME=PLAYER, e.g. "Tom=Thomas Müller"
args-not-an-action = { $typed } is not an action; one of: { $actions }
args-fix-round-syntax = { $typed }: write N:SPEC, e.g. 2:Anna=4,Ben=-3,Cleo=0
args-not-a-round = { $typed } is not a round number
output-cannot-write = warning: cannot write the output: { $error }
help-flag-help-subcommand = Print this message or the help of the given subcommand(s)

# Values shown to be read (a league's rules, a result), by their slugs.
word-tie-breaker-wins = wins
word-tie-breaker-average-place = average-place
word-tie-breaker-head-to-head = head-to-head
word-colours-one-each = one-each
word-colours-two-each = two-each
word-colours-neutral = neutral
word-house-rule-backward-capture = backward-capture
word-house-rule-three-rolls = three-rolls
word-house-rule-no-jumping-in-home-row = no-jumping-in-home-row
word-house-rule-barriers = barriers
word-house-rule-forced-capture = forced-capture
word-edition-published = published
word-edition-revised = revised

# A command line that does not read (clap's errors), said in German; English is clap's own.
clap-invalid-value = invalid value { $value } for { $arg }
clap-invalid-value-because = invalid value { $value } for { $arg }: { $why }
clap-possible-values = possible values: { $values }
clap-unknown-argument = unexpected argument { $arg }
clap-unknown-subcommand = unrecognized subcommand { $command }
clap-tip = tip: did you mean { $suggestion }?
clap-missing = the following required arguments were not provided: { $args }
clap-conflict = the argument { $arg } cannot be used with { $other }
clap-no-value = a value is required for { $arg } but none was supplied
clap-values = { $arg } takes another number of values
clap-other = the command line cannot be read: { $kind }
clap-usage = Usage: { $usage }
clap-more = For more information, try '--help'.
