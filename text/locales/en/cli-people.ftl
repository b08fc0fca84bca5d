# people: the command line's messages (en).

# spielstand player
player-looks-alike = { $name } looks the same as the existing player { $other } (id { $id }); choose a name that reads differently
player-added = Added player { $name } (id { $id }).
player-none-yet = No players yet: add one with `spielstand player add NAME`.
player-merged-into = { $name } (merged into { $kept })
player-no-duplicates = No likely duplicates.
player-renamed = Renamed { $old } to { $new } (id { $id }); results and standings show the new name.
player-merged = Merged { $name } into { $into }: { $seats ->
        [one] { $seats } seat
       *[other] { $seats } seats
    } moved in { $leagues ->
        [one] { $leagues } league
       *[other] { $leagues } leagues
    }; the name { $name } now stands for { $into }. Undo with `spielstand player unmerge { $name }`.
player-unmerged = Undid the merge of { $name } into { $into }: { $seats ->
        [one] { $seats } seat
       *[other] { $seats } seats
    } moved back in { $leagues ->
        [one] { $leagues } league
       *[other] { $leagues } leagues
    }.
player-in-league = { $player } in { $league }
player-rating-line = Rating { $sparkline } { $rating } ({ $from } to { $to }, one mark per night)
player-standings-title = Standings
player-no-results = No results in any league yet.
player-rating-history = Rating history (rating = estimate - 3 x uncertainty)
player-no-rated-games = No rated games yet.
player-shown = { $name } (id { $id }), added { $added }
player-no-games-in-league = No games in this league yet.
player-all-games = all games

# spielstand league
league-none-yet = No leagues yet: create one with `spielstand league create NAME --games SLUG,...`.
league-shown = League { $name } (id { $id })
league-created = Created league { $name } (id { $id }).
league-changed = Changed league { $name } (id { $id }).
league-nothing-to-change = nothing to change: give --option GAME.OPTION=VALUE, --clear-options SLUG, --min-games N, --team NAME=PLAYERS or --clear-teams
league-options-none = none
league-setting-name = name
league-setting-id = id
league-setting-games = games
league-setting-points = points
league-setting-tie-breakers = tie-breakers
league-setting-season = season
league-setting-ghostbuster-with-mensch = ghostbuster with mensch
league-setting-min-games = minimum games
league-setting-game-options = game options
league-yes = yes
league-no = no
league-season-open = open
league-season = { $from } to { $to }

# spielstand audit
audit-none = No changes.
audit-server-command-line = (server command line)
audit-total = { $count ->
        [one] { $count } change
       *[other] { $count } changes
    }, latest first
audit-total-shown = { $count ->
        [one] { $count } change
       *[other] { $count } changes
    }, { $shown } shown, latest first
audit-total-in-league = { $count ->
        [one] { $count } change
       *[other] { $count } changes
    } in { $league }, latest first
audit-total-in-league-shown = { $count ->
        [one] { $count } change
       *[other] { $count } changes
    } in { $league }, { $shown } shown, latest first
audit-player-merged = { $from } into { $into } ({ $seats ->
        [one] { $seats } seat
       *[other] { $seats } seats
    })
audit-player-unmerged = { $from } out of { $into } ({ $seats ->
        [one] { $seats } seat back
       *[other] { $seats } seats back
    })
audit-league-renamed = name { $before } → { $after }
audit-league-rules = rules
audit-league-unchanged = nothing
audit-result = { $game } on { $date }, revision { $revision }
audit-webhook-paused = { $url } (token { $token } revoked)
audit-event = { $title } on { $date }
audit-checked-in = checked in: { $names }
audit-checked-out = checked out: { $names }
audit-round-drawn = round { $round } ({ $game }, { $method }, seed { $seed })
audit-result-counts = revision { $revision }, counts now
audit-result-confirmations = revision { $revision }, { $confirmations } of { $needed } confirmations
audit-result-rejected = revision { $revision }: { $reason }
audit-join-code = { $night } until { $until }
audit-pass = { $player } at { $night }
audit-signed-in-token = with a token
audit-signed-in-code = with a sign-in code
audit-signed-in = with a { $with }

# spielstand standings (the title is put together from its parts)
standings-title = { $league }: standings
standings-game-only = , { $game } only
standings-as-of = , as of { $date }
standings-points = ({ $points } points)
standings-by-team = , by team
standings-no-teams = This league names no teams: give its rules "teams" (see docs/organisers.md, "A team table").
standings-none-yet = No results count yet.

# spielstand h2h
h2h-title = { $league }: head-to-head
h2h-title-game = { $league }: head-to-head ({ $game })
h2h-two-players = name two players, or none for every pair
h2h-none-yet = No two players have played together yet.
h2h-not-played-together = { $first } and { $second } have not played together in this league

# spielstand login
login-token-prompt = Write token for { $server } (Enter for none, reads only):
login-cannot-read-token = cannot read the token: { $error }
login-cannot-read-token-stdin = cannot read the token from standard input: { $error }
login-reachable = reachable
login-not-checked = not checked: { $error }
login-token-accepted = reachable, token { $name } accepted (scope { $scope })
login-token-accepted-for-league = reachable, token { $name } accepted (scope { $scope }, for league { $league } only)
login-token-not-checked = token not checked: { $error }
login-saved = Saved { $path } (mode 0600).
login-server = server: { $server } ({ $checked })
login-token-saved = token:  saved
login-token-none = token:  none: reads only

# spielstand score rangeln
score-standard-input = standard input
score-name-the-players = (name the players with --players)
score-board = Board { $number } ({ $name })
score-game = Game (largest absolute total wins)

# A result for people (record, result show, results)
view-result = Result { $id } (revision { $revision }): { $game } on { $date }
view-imported-from = Imported from { $system } (play { $play }).
view-imported-totals = Imported totals: the app it came from kept no rounds.
view-starting-players = Starting players: { $players }
view-did-not-finish = did not finish
view-house-rules = House rules: { $rules }; colours: { $colours }
view-house-rules-none = none
view-partners = Partners: { $teams }
view-lauf-rauf = Edition: { $edition }; cards: { $cards }
view-cards-yes = yes
view-cards-no = no

# The config file
config-no-home = cannot find the home directory for the config and outbox: { $error }
config-cannot-read = cannot read { $path }
config-not-valid = { $path } is not a valid config file
config-cannot-write-config = cannot write the config
config-readable-by-others = warning: { $path } holds a write token but others may read it; run `chmod 600 { $path }`
config-no-folder = { $path } has no folder
config-cannot-write = cannot write { $path }
config-cannot-create = cannot create { $path }
config-server-not-a-url = --server { $url }: use a URL such as http://127.0.0.1:8080
config-server-no-host = --server { $url }: the URL has no host

# Column names of the tables above (player show, standings, score rangeln).
column-avg-place = Avg place
column-head-to-head = Head-to-head
column-win-rate = Win rate
column-best = Best
column-worst = Worst
column-streak = Streak
column-longest = Longest
column-last-night = Last night
column-black = black

## spielstand postspiel resolve
postspiel-state-unreadable = { $file }: no state of a postal game: { $error }
postspiel-orders-unreadable = { $file }: no orders: { $error }
postspiel-refused = Nothing resolved: { $count ->
    [one] an order breaks
   *[other] { $count } orders break
    } a rule:
postspiel-round = Round { $round }:
postspiel-game-over = The game is over.

## spielstand postspiel create, send, advance, show
postspiel-created = Postal game { $id } "{ $title }" started in { $league }.
postspiel-due = Round { $round } of { $rounds } is due on { $deadline }.
postspiel-codes-once = Each hare's code, shown only now: give each player theirs (spielstand postspiel send GAME ORDER --code CODE).
postspiel-order-kept = { $player }, round { $round }: { $order }
postspiel-order-replaced = { $player }, round { $round }: { $order } (replaces the order sent before)
postspiel-order-refused = Order for { $player }, round { $round } ("{ $order }") refused: { $why }. No order was kept.
postspiel-order-unreadable = Order for { $player }, round { $round } ("{ $order }") is no order the game reads: an order is e.g. "forward 3", "back", "stay eat" (or take, give, wait), "forward 3, again forward 2" or "if carrots >= 30 then forward 5 else stay take". No order was kept.
postspiel-code-unknown = This hare code is not known here, or its game has ended: ask the game master for your code.
postspiel-code-not-here = { $detail }. A hare's code sends its own orders in its own game only: for anything else, ask the game master.
postspiel-game = Postal game { $id } "{ $title }"
postspiel-recorded = Recorded in its league as result { $result }.
column-field = Field
column-lettuces = Lettuces
column-code = Code
column-position = Position
column-next-round = Next round
word-duty-wait = waits
word-duty-eat = eats a lettuce
word-duty-leave = must leave the lettuce field
postspiel-board-unreadable = --board { $path }: not a board the game can be played on: { $error }
postspiel-code-reissued = A new code for { $player }: the old one no longer works.
audit-postal-game = "{ $title }": { $hares }
audit-postal-orders = { $hare }, round { $rounds }
audit-postal-round = round { $round }
audit-postal-code = a new code for { $hare }
postspiel-address-form = { $typed }: write a hare's address as NAME=ADDRESS, e.g. Anna=anna@club.example
postspiel-mail-unreadable = --mail { $path }: no mail this command reads
postspiel-mail-no-order = --mail { $path }: no line of the mail reads as an order ("vor 3", "zurück", ...)
postspiel-no-mails = No report mailed yet (a game with addresses mails each round's report).
postspiel-game-master = game master
column-tries = Tries
column-sent = Sent
column-error = Error
column-to = To
column-hare = Hare
