# The rule messages of spielstand_core::Error, in English.
#
# One message per rule code (the code's slug is the message id); its variables are the
# error's facts (`Error::facts`), under the field names. A code that two variants share
# has no value but one attribute per variant. `in-round` and `at-move` wrap the message
# of the error inside, given as `$message`.
# The texts follow the `#[error(...)]` strings in core/src/error.rs; a game is named by
# its display name there.

## Wrappers

in-round = round { $round }: { $message }
    .at-move = round { $round }, { $message }
at-move = { $at }: { $message }

## Boards typed as text

board-symbol = line { $line }, column { $column }: unexpected '{ $symbol }', expected '.' or a piece 'A'..'E'
board-seat = line { $line }, column { $column }: piece '{ $symbol }' belongs to seat { $seat }, but the game has { $players } players
board-row-too-long = line { $line }, column { $column }: a row has 9 cells, this one has more
board-row-too-short = line { $line }, column { $column }: a row has 9 cells, this one has { $found }
board-too-many-rows = line { $line }, column 1: the board has 9 rows, this is a 10th
board-too-few-rows = line { $line }, column 1: the board ends after { $found ->
        [one] { $found } row
       *[other] { $found } rows
    }, expected 9
invalid-cell = "{ $text }" is not a cell: cells are a1 to i9

## Rangeln scores

piece-count = { $player } has { $found ->
        [one] { $found } piece
       *[other] { $found } pieces
    } on the board, expected { $expected }
ring-count-sum = { $player }'s ring counts add up to { $found } pieces, expected { $expected }
ring-overfull = { $found } pieces counted on the { $ring } cells, but there are only { $capacity } of them
score-out-of-bounds = { $player } scored { $score }, but with { $pieces } pieces a round score lies between { $min } and { $max }
scores-impossible = no board gives these scores at once ({ $scores }): with { $pieces } pieces each on distinct cells, the rings hold 8 (+2), 16 (-2), 24 (+1) and 28 (-1) cells and the black cells 5
imported-totals = imported totals: { $reason }

## Rangeln move by move

placement-on-black = { $player } may not place on { $cell }: it is a black cell
placement-occupied = { $player } may not place on { $cell }: { $other }'s piece stands there
placement-adjacent = { $player } may not place on { $cell }, next to their own piece on { $other }
out-of-turn = it is { $expected }'s turn, not { $player }'s
placement-count =
    .placements-done = every player has placed all { $pieces } pieces
    .placements-missing = { $made } of { $expected } placements made: every piece is placed before the first turn
turn-count =
    .turns-done = every one of the { $players } players has moved: the round is over
    .turns-missing = { $made } of { $expected } turns made: { $next } has not moved
path-empty = a path is its start cell and at least one step, e.g. c3-c4
path-start = there is no piece of { $player } on { $cell }
piece-moved-twice = the piece on { $cell } already moved this turn
step-not-orthogonal = { $from }-{ $to } is not a step to the next cell in the same row or column
step-onto-black = { $cell } is black: a piece may be pushed onto it but not move there itself
step-revisit = { $cell } was already on this path
push-off-board = the line { $line } would be pushed off the board
allowance = { $allowance }; { $has }
short-path = the path stops after { $steps } of { $full } steps, but { $reason }: a path goes its full length whenever a piece of the mover can

## Players, seats and finishing orders

player-count = { $game } is played by { $min } to { $max } players, this result has { $found }
duplicate-player = { $player } is listed more than once
unknown-player = { $player } does not play in this game
missing-player = { $player } is missing
empty-name = a player's name must not be empty
invalid-name = "{ $name }" is not a usable name: { $reason }
seat-out-of-range = seat { $seat } of { $player } is not between 1 and { $players }
duplicate-seat = seat { $seat } is taken by both { $first } and { $second }
round-count = a Rangeln game of { $players } players has { $expected } rounds, this one has { $found }
empty-place = place { $place } of the finishing order is empty
tie-not-allowed = { $players } cannot share place { $place }: only the players who did not finish share the last place
no-winner = nobody won: place 1 is shared by { $players }, and a result needs a winner

## Game options and house rules

colour-mode = colour mode { $mode } is for { $needed } players, this game has { $found }
duplicate-house-rule = house rule { $rule } is listed more than once
house-rule-not-for-game = house rule { $rule } is refused for { $game }: { $reason }
option-conflict = this result states { $option } { $stated }, but the league plays { $game } with { $option } { $league }
option-missing = a { $game } result must state { $what }, unless the league's game options set it
options-for-other-game = game options for { $game }, which this league does not count

## Hase und Igel

hare-lettuce = { $player } crossed the finish with { $lettuces ->
        [one] { $lettuces } lettuce
       *[other] { $lettuces } lettuces
    } left: a hare must eat all its lettuces first
hare-carrots = { $player } finished in place { $place } with { $carrots } carrots, at most { $max } are allowed
hare-finisher-tied = { $player } is recorded as a finisher but shares place { $place } with { $others }: finishers each have a place of their own
hare-not-finished = { $player } is placed { $place } ahead of { $ahead_of }, who finished, without finishing: record { $player }'s carrots or move them to the shared last place
hare-round-order = { $player } finished in round { $round }, before { $earlier } who is placed ahead of them (round { $earlier_round })
hare-round-zero = finish round of { $player } must be at least 1
hare-unfinished-ranked = { $players } have no carrots recorded, so they did not finish, yet they are ranked apart: record each finisher's carrots left at the finish, or let the hares that did not finish share the last place

## Leagues

invalid-points-scheme = "{ $text }" is not a points scheme: use players-beaten or table:10,6,4,2,1,0
empty-points-table = the points table is empty
points-table-rises = the points table rises from { $before } to { $after } at place { $place }: a lower place never earns more
season-reversed = the season ends on { $to }, before it starts on { $from }
no-games = a league counts at least one game
duplicate-game = { $game } is listed more than once in the league's games
duplicate-tie-breaker = tie-breaker { $breaker } is listed more than once
game-not-in-league = this league does not count { $game }
outside-season = played on { $date }, outside the season { $from } to { $to }
date-out-of-range = { $what }: { $date } is out of range: dates run from { $earliest } to { $latest }{ $why }
confirmations-out-of-range = confirmations is { $found }: a result entered at a table of at most six waits for 0 to 5 tablemates

## Club nights: the seating draw

tables-impossible = { $players } players of { $game } cannot sit at tables of { $min } to { $max }
table-size-out-of-range = tables of { $size } cannot play { $game }: it is played by { $min } to { $max } players
pin-table-missing = { $player } is pinned to table { $table }, but the draw has { $tables ->
        [one] { $tables } table
       *[other] { $tables } tables
    }
pin-table-full = table { $table } seats { $size }, but { $pinned } players are pinned to it: { $players }
apart-pinned-together = { $first } and { $second } must sit apart, but both are pinned to table { $table }
apart-impossible = { $first } and { $second } must sit apart, but no draw of these tables and pins parts them
not-checked-in = { $player } is not checked in to the night: check them in, or leave them out of the draw's { $field }

## Partner teams and team tables

team-sizes = teams of { $sizes } for { $players } players: partners play two teams of two on the 4-player side, two teams of three or three teams of two on the 6-player side
team-split = { $players } are partners, so they share one place: list a team's members together in the order
teams-required = the league plays { $game } with partners: the result must state its teams
duplicate-team = two teams are named "{ $name }": a team table needs each name once
team-member-twice = { $player } is in both team "{ $first }" and team "{ $second }": a player belongs to one team
empty-team = team "{ $name }" has no players

# What the referee says inside its messages (core's `referee::words`): where, the
# allowance, what a turn made, why a piece is stuck, the notes. The same as their English
# `Display` (a test holds them to it).
words-placement = placement { $number }
words-turn = turn of { $player }
words-path = turn of { $player }, path { $path } ({ $cells })
words-step = turn of { $player }, path { $path } ({ $cells }), step { $step }
words-paths = { $count ->
    [one] 1 path
   *[other] { $count } paths
    }
words-steps = { $count ->
    [one] 1 step
   *[other] { $count } steps
    }
# After "of", "with" and "after" (German takes the dative there).
words-steps-dative = { $count ->
    [one] 1 step
   *[other] { $count } steps
    }
words-shape-one = 1 path of { $steps }
words-shape-each = { $paths } of { $steps } each
words-shape-total = { $paths } with { $steps } in all
words-or = or
words-and = and
words-ordinal = { $position ->
    [1] first
    [2] second
    [3] third
    [4] fourth
    [5] fifth
   *[other] next
    }
words-allowance = { $player }'s allowance as { $ordinal } player of { $players } is { $shapes }
words-turn-paths = this turn has { $paths }
words-turn-steps-in-all = this turn has { $steps } in all
words-turn-paths-with-steps = this turn has { $paths } with { $steps } in all
words-turn-paths-of-steps = this turn has { $paths } of { $lengths } steps
words-turn-piece-can-move = { $so_far }, and the piece on { $piece } can still move
words-short-can-step-on = the piece on { $piece } can still step on
words-short-could-go-all = the piece on { $piece } could go all { $full }
words-refusal-no-captures = Ghostbuster has no captures ("kein klassisches Rauswerfen"), so a capture rule cannot apply
words-refusal-own-rule = it is part of Ghostbuster's own rules already, so it is not a house rule there
words-refusal-no-own-blockade = Ghostbuster forbids blocking one's own piece of one's free will ("Ein Spieler darf nicht aus freien Stücken seine eigene Figur blockieren!"), so barriers of one's own pieces cannot be a house rule there
words-blocked-open = { $cell } is open
words-blocked-black = { $cell } is black
words-blocked-revisit = { $cell } was already on this path
words-blocked-push-off = the line { $line } would be pushed off the board
words-blocked-edge = the edge of the board
words-all-moved = every piece of { $player } has made its path this turn
words-none-movable = no piece of { $player } that may still move has a legal step: { $pieces }
words-stuck-piece = the piece on { $cell } ({ $why })
words-note-short-path = { $player }'s path { $path } stopped after { $steps } of { $full }: the piece on { $end } is stuck ({ $why }), and no piece of { $player } could have gone { $full } steps
words-note-turn-ended = { $player }'s turn ended after { $steps } of { $of }: { $why }
words-made-none = no path yet
words-made = { $paths } ({ $lengths } steps)
words-allowance-left = { $allowance }; made so far: { $made }; left: { $left }
