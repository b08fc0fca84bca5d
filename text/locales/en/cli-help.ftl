# The help texts (`--help`), generated from the doc comments of cli/src/commands/ and cli/src/args.rs:
# SPIELSTAND_REGENERATE_HELP=1 cargo test -p spielstand-cli help writes this file.

help =
    Record board-game results and read league standings at the club table

help-long =
    Record board-game results and read league standings at the club table.
    {""}
    Talks to a spielstand server over HTTP. Reads need nothing; changes need a write token (`spielstand login`). A result recorded while the server cannot be reached is kept in a local outbox and sent by `spielstand sync`, exactly once.

help-after =
    Exit codes:
    {"  "}0  ok
    {"  "}1  rejected by the server: unknown player or league, a broken rule, a stale revision, no valid token
    {"  "}2  usage or bad input, found before anything was sent (a bad board says its line and column)
    {"  "}3  server unreachable; `record` kept the result in the outbox: run `spielstand sync` later
    {"  "}4  server error (5xx) or busy; `record` kept the result in the outbox
    {"  "}5  a local file (config, outbox) could not be read or written

help--server =
    Server URL [default: the one `spielstand login` saved, else http://127.0.0.1:8080]

help--token =
    Write token [default: the one `spielstand login` saved]

help--lang =
    The language of messages and questions: de or en [default: the config file's `lang`, else the locale (LC_ALL, LC_MESSAGES, LANG), else en]

help--verbose =
    On failure, also show what caused it, one cause a line, and the server's problem (its type, status, title and request id)

help-login =
    Save the server and write token in the config file (mode 0600), after checking them

help-login-long =
    Save the server and write token in the config file (mode 0600), after checking them.
    {""}
    Uses --server and --token (or SPIELSTAND_SERVER / SPIELSTAND_TOKEN); on a terminal without a token, asks for it without echoing. The file is $XDG_CONFIG_HOME/spielstand/config.toml (default ~/.config/spielstand/config.toml).

help-player =
    Players: add, list, rename, show

help-player-add =
    Add a player (any script; no ',' or '=', which separate players in results)

help-player-add--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-player-list =
    All players, by name

help-player-list--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-player-rename =
    Rename a player; stored results and standings show the new name

help-player-rename--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-player-merge =
    Merge a duplicate player into the one kept: every result, in every league, then counts for INTO, and the name FROM stands for INTO. Undo with `player unmerge FROM`

help-player-merge--from =
    The player merged away (a duplicate)

help-player-merge--into =
    The player kept

help-player-merge--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-player-unmerge =
    Undo a merge: exactly the results the merge moved go back to NAME; results recorded since stay with the player kept

help-player-unmerge--name =
    The player merged away

help-player-unmerge--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-player-duplicates =
    Pairs of players that are likely one person: names equal once accents are removed and umlauts spelled out ("Jörg", "Joerg"), one edit apart, or one the beginning of the other ("Ann", "Anna")

help-player-duplicates--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-player-show =
    A player, and where they stand in every league they played in; with --league, their statistics there (per game and overall, streaks, rating change)

help-player-show--league =
    Statistics in this league (its name or id)

help-player-show--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-league =
    Leagues: create, list, show

help-league-create =
    Create a league: the games it counts, its points scheme and season

help-league-create--games =
    Games counted, separated by commas, or all: rangeln, mensch-aergere-dich-nicht (or mensch), ghostbuster, lauf-rauf, hase-und-igel (or hase)

help-league-create--points =
    How places become points: players-beaten (one point per player placed below), or table:10,6,4,2,1 (points for place 1, 2, ...) [default: players-beaten]

help-league-create--from =
    First day of the season (2026-09-01 or 1.9.2026) [default: open]

help-league-create--to =
    Last day of the season (2027-03-31 or 31.3.2027) [default: open]

help-league-create--tie-breakers =
    Tie-breakers after points, in order, separated by commas [default: wins,average-place,head-to-head]

help-league-create--ghostbuster-with-mensch =
    Count Ghostbuster together with Mensch ärgere Dich nicht in per-game tables

help-league-create--min-games =
    Games a player needs before being ranked; players with fewer are listed last, without a place

help-league-create--options =
    How the league plays a game, so results need not say (repeat): lauf-rauf.edition=revised, lauf-rauf.cards=true, mensch-aergere-dich-nicht.house-rules=barriers+three-rolls, mensch-aergere-dich-nicht.colours=one-each, ghostbuster.house-rules=..., ghostbuster.colours=...

help-league-create--teams =
    A fixed team for the team table (`standings --by team`), its players joined by '+' (repeat): --team "TSV 1=Anna+Ben"

help-league-create--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-league-list =
    All leagues

help-league-list--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-league-edit =
    Change a league's game options (how it plays a game all season) or its minimum games. Results already recorded keep the options they were played with

help-league-edit--league =
    The league: its name or id

help-league-edit--options =
    Set a game option (repeat), as for `league create`

help-league-edit--clear =
    Clear every option of one game (its results then say how they were played)

help-league-edit--min-games =
    Games a player needs before being ranked

help-league-edit--teams =
    Set a fixed team (repeat; a team of the same name is replaced), as for `league create`

help-league-edit--clear-teams =
    Remove every fixed team (before any --team)

help-league-edit--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-league-show =
    A league's rules

help-league-show--league =
    The league: its name or id

help-league-show--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-record =
    Record a played game in a league

help-record-rangeln =
    Record a Rangeln game, round by round

help-record-rangeln-after =
    Round SPECs (one --round per round, in the order played; seat 1 starts round 1):
    {"  "}@FILE         the final board in spielstand's text format: 9 lines of 9 cells, row 9 first,
    {"                "}'.' an empty cell, A..E the players in seats 1..5, spaces optional, lines
    {"                "}starting with '#' ignored. @- reads the board from standard input.
    {"                "}Or the round move by move, refereed (see `spielstand referee rangeln --help`).
    {"  "}Anna=4,Ben=-3,Cleo=0
    {"                "}the bare round scores, one per player.
    {"  "}Anna=-2:3/black:5,Ben=+2:3/+1:5,Cleo=+1:8
    {"                "}ring counts: per player RING:COUNT joined by '/', rings +2 -2 +1 -1 black;
    {"                "}rings without pieces may be left out.
    Names are matched case-insensitively. Everything is checked before it is sent.
    {""}
    Without --round on a terminal, the rounds are asked for one by one, with each round's
    scores and the running totals, and the game is sent after a confirmation. Every prompt
    also takes undo (the last round), board, help and quit. What was typed is kept as a draft
    after every round: --resume continues it after quit, the end of input or an interruption.

help-record-rangeln--league =
    The league: its name or id [default with --table: the night's league]

help-record-rangeln--table =
    Record the game of this table of the current round of the joined night: its players in seat order come from the draw

help-record-rangeln--date =
    The day it was played: 2026-11-23, 23.11.2026, 23.11. (this year), today/heute or yesterday/gestern; never after tomorrow [default: today]

help-record-rangeln--dry-run =
    Check the result and show it, but send nothing

help-record-rangeln--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-record-rangeln--players =
    The players in seat order, separated by commas: seat 1 is piece A and starts round 1

help-record-rangeln--rounds =
    One round's result: @FILE, Anna=4,Ben=-3,... or Anna=+2:1/-1:7,... (see below); once per round, in order

help-record-rangeln--yes =
    Send without asking after the rounds were entered interactively

help-record-rangeln--resume =
    Continue the game typed earlier and kept as a draft (after `quit`, the end of input or an interruption)

help-record-rangeln--discard =
    Drop the game kept as a draft

help-record-mensch-aergere-dich-nicht =
    Record a game of Mensch ärgere Dich nicht

help-record-mensch-aergere-dich-nicht--league =
    The league: its name or id [default with --table: the night's league]

help-record-mensch-aergere-dich-nicht--table =
    Record the game of this table of the current round of the joined night: its players in seat order come from the draw (and --order may give seat numbers)

help-record-mensch-aergere-dich-nicht--date =
    The day it was played: 2026-11-23, 23.11.2026, 23.11. (this year), today/heute or yesterday/gestern; never after tomorrow [default: today]

help-record-mensch-aergere-dich-nicht--dry-run =
    Check the result and show it, but send nothing

help-record-mensch-aergere-dich-nicht--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-record-mensch-aergere-dich-nicht--order =
    Places, best first: ',' separates places, '=' joins the players who share the last place, e.g. "Anna,Ben,Cleo=Dora"

help-record-mensch-aergere-dich-nicht--players =
    The players in seat order, separated by commas [default: as listed in --order]

help-record-mensch-aergere-dich-nicht--house-rules =
    A house rule that was in force (repeat, or separate with commas) [default: the league's, else none]

help-record-mensch-aergere-dich-nicht--colours =
    How the colours were shared out: two-each is for 2 players, neutral for 3 [default: the league's, else one-each]

help-record-mensch-aergere-dich-nicht--teams =
    A partner game's teams: ',' between teams, '+' between partners, e.g. "Anna+Cleo,Ben+Dora". --order then lists teams ("Ben+Dora,Anna+Cleo"; one member names the whole team, so "Ben,Anna" says the same), and the seats default to the partners opposite each other (Anna, Ben, Cleo, Dora)

help-record-ghostbuster =
    Record a game of Ghostbuster ärgere dich nicht (recorded like Mensch)

help-record-ghostbuster--league =
    The league: its name or id [default with --table: the night's league]

help-record-ghostbuster--table =
    Record the game of this table of the current round of the joined night: its players in seat order come from the draw (and --order may give seat numbers)

help-record-ghostbuster--date =
    The day it was played: 2026-11-23, 23.11.2026, 23.11. (this year), today/heute or yesterday/gestern; never after tomorrow [default: today]

help-record-ghostbuster--dry-run =
    Check the result and show it, but send nothing

help-record-ghostbuster--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-record-ghostbuster--order =
    Places, best first: ',' separates places, '=' joins the players who share the last place, e.g. "Anna,Ben,Cleo=Dora"

help-record-ghostbuster--players =
    The players in seat order, separated by commas [default: as listed in --order]

help-record-ghostbuster--house-rules =
    A house rule that was in force (repeat, or separate with commas) [default: the league's, else none]

help-record-ghostbuster--colours =
    How the colours were shared out: two-each is for 2 players, neutral for 3 [default: the league's, else one-each]

help-record-ghostbuster--teams =
    A partner game's teams: ',' between teams, '+' between partners, e.g. "Anna+Cleo,Ben+Dora". --order then lists teams ("Ben+Dora,Anna+Cleo"; one member names the whole team, so "Ben,Anna" says the same), and the seats default to the partners opposite each other (Anna, Ben, Cleo, Dora)

help-record-lauf-rauf =
    Record a game of Lauf Rauf!

help-record-lauf-rauf--league =
    The league: its name or id [default with --table: the night's league]

help-record-lauf-rauf--table =
    Record the game of this table of the current round of the joined night: its players in seat order come from the draw (and --order may give seat numbers)

help-record-lauf-rauf--date =
    The day it was played: 2026-11-23, 23.11.2026, 23.11. (this year), today/heute or yesterday/gestern; never after tomorrow [default: today]

help-record-lauf-rauf--dry-run =
    Check the result and show it, but send nothing

help-record-lauf-rauf--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-record-lauf-rauf--order =
    Places, best first: ',' separates places, '=' joins the players who share the last place, e.g. "Anna,Ben,Cleo=Dora"

help-record-lauf-rauf--players =
    The players in seat order, separated by commas [default: as listed in --order]

help-record-lauf-rauf--edition =
    The rules played: published (three dice) or revised (two dice) [default: the league's game option]

help-record-lauf-rauf--cards =
    The cards were in play [default: the league's game option]

help-record-lauf-rauf--no-cards =
    Played without the cards (the beginners' game)

help-record-hase-und-igel =
    Record a game of Hase und Igel

help-record-hase-und-igel--league =
    The league: its name or id [default with --table: the night's league]

help-record-hase-und-igel--table =
    Record the game of this table of the current round of the joined night: its players in seat order come from the draw (and --order may give seat numbers)

help-record-hase-und-igel--date =
    The day it was played: 2026-11-23, 23.11.2026, 23.11. (this year), today/heute or yesterday/gestern; never after tomorrow [default: today]

help-record-hase-und-igel--dry-run =
    Check the result and show it, but send nothing

help-record-hase-und-igel--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-record-hase-und-igel--order =
    Places, best first: ',' separates places, '=' joins the players who share the last place, e.g. "Anna,Ben,Cleo=Dora"

help-record-hase-und-igel--players =
    The players in seat order, separated by commas [default: as listed in --order]

help-record-hase-und-igel--carrots =
    Carrots each hare had left when it crossed the finish, e.g. Anna=8,Ben=15; hares not listed did not finish and share the last place

help-record-hase-und-igel--finish-round =
    The round in which each finisher crossed the finish, e.g. Anna=30,Ben=31

help-results =
    A league's results, latest first

help-results--league =
    The league: its name or id

help-results--game =
    Only this game

help-results--from =
    Only results played on or after this day

help-results--to =
    Only results played on or before this day

help-results--event =
    Only the games of this club night (its id, as `spielstand event list` shows it)

help-results--limit =
    At most this many results, latest first [default: all]

help-results--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-result =
    One result: show, fix or delete it

help-result-show =
    A result: players, places, and a Rangeln game's rounds

help-result-show--id =
    The result's id, as `spielstand results L` lists it

help-result-show--history =
    Also show every change made to it, and under which token

help-result-show--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-result-fix =
    Correct a result. Only the parts given change; the server refuses the change if the result was changed meanwhile (If-Match)

help-result-fix-after =
    Example: spielstand result fix 12 --round 2:Anna=4,Ben=-3,Cleo=0 --date 2026-11-20
    For anything else: spielstand result show 12 --format json, edit its "record", and pass it with --file.

help-result-fix--id =
    The result's id, as `spielstand results L` lists it

help-result-fix--event =
    Move the game into a club night of its league (its id or title), or out of any with "none"; the game must be on the night's date (give --date too to move it there)

help-result-fix--date =
    The day it was played (as for `record --date`)

help-result-fix--replace =
    Put another player in someone's place, throughout the result: OLD=NEW (repeatable)

help-result-fix--players =
    The players in seat order

help-result-fix--order =
    The finishing order (finishing-order games)

help-result-fix--rounds =
    Replace one Rangeln round: N:SPEC, with a SPEC as for `record rangeln` (repeatable)

help-result-fix--carrots =
    Hase und Igel: the finishers' carrots, e.g. Anna=8,Ben=15 (replaces all finishers)

help-result-fix--finish-round =
    Hase und Igel: the round each finisher finished in, e.g. Anna=12,Ben=14

help-result-fix--house-rules =
    Mensch/Ghostbuster: the house rules in force, replacing the list (repeat, or separate with commas; none for none)

help-result-fix--teams =
    Mensch/Ghostbuster: the teams of a partner game, replacing them (as for `record`)

help-result-fix--colours =
    Mensch/Ghostbuster: how the colours were shared out

help-result-fix--edition =
    Lauf Rauf!: the rules played

help-result-fix--cards =
    Lauf Rauf!: whether the cards were in play

help-result-fix--file =
    The whole corrected record as JSON (as in `result show --format json`'s "record"); - for stdin

help-result-fix--revision =
    The revision you expect it to be at [default: its current one]

help-result-fix--dry-run =
    Check and show the corrected result, but send nothing

help-result-fix--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-result-delete =
    Delete a result (its history stays). Sends If-Match

help-result-delete--id =
    The result's id, as `spielstand results L` lists it

help-result-delete--revision =
    The revision you expect it to be at [default: its current one]

help-result-delete--yes =
    Do not ask for confirmation on a terminal

help-standings =
    A league's table

help-standings--league =
    The league: its name or id

help-standings--game =
    Only this game's results

help-standings--as-of =
    The table as it stood at the end of this day

help-standings--by =
    What to rank: players, or the league's fixed teams (their members' points summed)

help-standings--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-h2h =
    Head-to-head: how every two players of a league fared against each other (a matrix), or two players' record when both are named

help-h2h--league =
    The league: its name or id

help-h2h--players =
    Two players, to show only their record

help-h2h--game =
    Only this game's results

help-h2h--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event =
    Club nights: start one on this laptop or join one another laptop started (every `record` for its league belongs to it until `event leave`), list a league's nights, show one, close one

help-event-start =
    Create a club night and make it this laptop's current night: every `spielstand record` for its league is part of it (and on its date) until `spielstand event leave`

help-event-start--title =
    What the night is called, e.g. "Clubabend November"

help-event-start--league =
    The league: its name or id

help-event-start--date =
    The night's date: 2026-11-23, 23.11.2026, 23.11., today/heute or yesterday/gestern [default: today]

help-event-start--location =
    Where it takes place

help-event-start--new =
    Start a second night even if the league has an open one on that date (else the open one is offered to join, and without a terminal the start is refused)

help-event-start--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-join =
    Attach this laptop to a night that another laptop started: every `spielstand record` for its league then belongs to it, until `spielstand event leave`

help-event-join--night =
    The night: its id, or its title in the league

help-event-join--league =
    The league: its name or id (needed when the night is given by its title)

help-event-join--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-current =
    This laptop's current night, as the server has it now

help-event-current--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-close =
    Close a night for good (admin token): the server then refuses its new games, on every laptop, and lists it as closed. This laptop leaves it too

help-event-close--id =
    The night's id [default: this laptop's current night]

help-event-close--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-leave =
    Leave this laptop's current night: later games recorded here belong to no night. The night stays open on the server for the other laptops (`event close` closes it)

help-event-list =
    A league's club nights, oldest first

help-event-list--league =
    The league: its name or id

help-event-list--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-checkin =
    Check players in to the night: the players its draws seat (a record token may)

help-event-checkin--players =
    The players arriving, by name

help-event-checkin--night =
    The night's id [default: this laptop's current night]

help-event-checkin--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-checkout =
    Check a player out of the night: later draws leave them out

help-event-checkout--player =
    The player leaving, by name

help-event-checkout--night =
    The night's id [default: this laptop's current night]

help-event-checkout--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-draw =
    Draw the night's next round: numbered tables of the players checked in, in seat order (seat 1 starts), with each player's chance to win the table

help-event-draw--game =
    The game the round plays

help-event-draw--method =
    random (a shuffle), balanced (tables of equal strength) or swiss (similar standing together, no pair twice in a night where it can be avoided)

help-event-draw--size =
    A preferred table size [default: as few tables as possible, sizes differing by at most one]

help-event-draw--seed =
    The seed: the same seed and players give the same tables [default: drawn by the server]

help-event-draw--pin =
    A player who must sit at a table, e.g. Anna=1 (repeat for more)

help-event-draw--apart =
    Two players who must not share a table, e.g. Anna,Ben (repeat for more)

help-event-draw--night =
    The night's id [default: this laptop's current night]

help-event-draw--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-event-show =
    One club night: its winners, games, own table and how it moved the league table

help-event-show--id =
    The night's id (see `spielstand event list`) [default: this laptop's current night]

help-event-show--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-score =
    Score a game offline, without a server

help-score-rangeln =
    Score Rangeln boards offline: each board's round scores and ring counts

help-score-rangeln-long =
    Score Rangeln boards offline: each board's round scores and ring counts.
    {""}
    Give one board per round and the players to get the whole game: totals and places.

help-score-rangeln--board =
    A board in spielstand's text format (- for stdin); repeat for the rounds of a game

help-score-rangeln--players =
    The players in seat order (A, B, ...) [default: A, B, ... as on the board]

help-score-rangeln--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-referee =
    Referee a game at the table move by move, then record it

help-referee-rangeln =
    Referee Rangeln: placements and moves checked one by one as docs/rules.md decides, the board shown after every placement and step, each round scored on its final board

help-referee-rangeln-after =
    A round from a file (--round @FILE) is written move by move:
    {"  "}Anna c3                   one line per placement, PLAYER CELL, in the order made
    {"  "}Anna: c3-c4 d5-d6         then one line per turn, PLAYER: and the paths, each a piece's
    {"                            "}start cell and every cell it steps to, joined by '-'
    {"  "}Cleo:                     a turn that ended stuck before its first path
    Lines starting with '#' are ignored. Round r is started by the player in seat r.
    {""}
    On a terminal, each round not given by a file is refereed live: every player places a
    piece in turn (type a cell), then moves (type a path); an illegal placement or path is
    refused with the reason and asked again; 'stuck' ends a turn when no piece can go on.
    Every prompt also takes undo (the last placement, path or end of turn, back to the start
    of the round), board, help (what is expected, and the allowance left) and quit. The game
    is kept as a draft after every entry: --resume continues it after quit, the end of input
    or an interruption, and a finished game waits there until it is recorded.

help-referee-rangeln--players =
    The players in seat order, separated by commas: seat 1 is piece A and starts round 1

help-referee-rangeln--league =
    Record the game in this league at the end (its name or id); without it, nothing is sent

help-referee-rangeln--date =
    The day it was played: 2026-11-23, 23.11.2026, 23.11., today/heute or yesterday/gestern; never after tomorrow [default: today]

help-referee-rangeln--resume =
    Continue the game refereed earlier and kept as a draft (after `quit`, the end of input or an interruption)

help-referee-rangeln--discard =
    Drop the game kept as a draft

help-referee-rangeln--rounds =
    A round already played, from a file in the text form below (repeat, round 1 first)

help-referee-rangeln--dry-run =
    Referee and show the game, but send nothing

help-referee-rangeln--yes =
    Send without asking at the end

help-referee-rangeln--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-postspiel =
    Hase und Igel by post: games on the server (start, send orders, resolve, show), and any round resolved offline as the game master would

help-postspiel-resolve =
    Resolve one round of a postal Hase und Igel game (no server needed): the state after it is printed as JSON with the round's report (the report also in words on standard error). An order that breaks a rule exits 1 naming the rule, and nothing is resolved

help-postspiel-resolve-after =
    STATE (JSON; the output of the previous round is read as its state):
    {"  "}{"{"}"round": 1, "hares": [{"{"}"name": "Anna", "field": 0, "carrots": 98, "lettuces": 3{"}"}, ...]{"}"}
    {"  "}the default board and hare events unless "board" or "events" are given.
    ORDERS (JSON, or the text form for mail; a hare without an order hops one field, NMR):
    {"  "}{"{"}"Anna": {"{"}"forward": 3{"}"}, "Ben": {"{"}"back": true{"}"}, "Cleo": {"{"}"stay": "eat"{"}"}{"}"}
    {"  "}Anna: vor 3 / Ben: zurück / Cleo: bleiben fressen / Dora: vor 3, nochmal vor 2
    {"  "}Emil: wenn Möhren >= 30 dann vor 5 sonst bleiben nehmen
    The grammar and every rule code: docs/rules.md, "Hase und Igel as a postal game".
    {""}
    Exit codes: 0 resolved; 1 an order breaks a rule; 2 a state or orders that cannot be read.

help-postspiel-resolve--state =
    The game before the round, as JSON (- for stdin)

help-postspiel-resolve--orders =
    The round's orders, as JSON or in the text form for mail (- for stdin)

help-postspiel-create =
    Start a postal game on the server, as its game master (a record token of the league): every hare on the start, round 1 due at --deadline. Prints each hare's code, shown only now: give each player theirs

help-postspiel-create--title =
    What the game is called, e.g. "Herbstpost 2026"

help-postspiel-create--league =
    The league: its name or id

help-postspiel-create--players =
    The hares: players of the server, two to six, in seat order

help-postspiel-create--rounds =
    The last round played

help-postspiel-create--deadline =
    Round 1's deadline: 2026-12-03T18:00:00Z, or a day and time of this machine's clock (03.12.2026 18:00)

help-postspiel-create--every =
    Days from one round's deadline to the next

help-postspiel-create--board =
    The board in its text form (docs/rules.md), from a file (- for stdin) [default: the rule text's board]

help-postspiel-create--addresses =
    A hare's mail address, as NAME=ADDRESS (again for each hare): each round's report is mailed to it

help-postspiel-create--master-address =
    The game master's mail address: a copy of every report

help-postspiel-create--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-postspiel-send =
    Send a hare's order for the next round (and with --then, for the one after), until the round's deadline; a new order replaces the one sent before. A hare sends with its code (--code); the game master names the hare (--player)

help-postspiel-send--game =
    The postal game's id

help-postspiel-send--order =
    The order, German or English: "vor 3", "zurück", "bleiben fressen", "wenn Möhren >= 30 dann vor 5 sonst vor 2"

help-postspiel-send--mail =
    An order mail as received (.eml), fed in by the game master: its sender must be the hare's address, or its text carry the hare's code; its first line is the order, a second one the order for the round after

help-postspiel-send--then =
    The order for the round after it

help-postspiel-send--round =
    The round the order is for [default: the game's next round]

help-postspiel-send--code =
    The hare's code (instead of a token)

help-postspiel-send--player =
    The hare, when the game master sends its order

help-postspiel-send--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-postspiel-advance =
    Resolve the game's next round now, as its game master, and print its report

help-postspiel-advance--game =
    The postal game's id

help-postspiel-advance--round =
    The round to resolve [default: the game's next round]

help-postspiel-advance--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-postspiel-show =
    A postal game as it stands, or a resolved round's orders and report (--round)

help-postspiel-show--game =
    The postal game's id

help-postspiel-show--round =
    A resolved round's orders and report instead

help-postspiel-show--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-postspiel-reissue =
    A new code for a hare whose code was lost, as the game master: the old code stops working at once. Printed once: give it to the player

help-postspiel-reissue--game =
    The postal game's id

help-postspiel-reissue--player =
    The hare, by its name in the game

help-postspiel-reissue--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-postspiel-mails =
    The game's report mails, as the game master: each one sent, or why not yet

help-postspiel-mails--game =
    The postal game's id

help-postspiel-mails--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-outbox =
    The outbox: list what waits and what the server refused, correct a refused result and send it again, or drop one

help-outbox-after =
    Exit codes:
    {"  "}0  ok
    {"  "}1  rejected by the server: unknown player or league, a broken rule, a stale revision, no valid token
    {"  "}2  usage or bad input, found before anything was sent (a bad board says its line and column)
    {"  "}3  server unreachable; `record` kept the result in the outbox: run `spielstand sync` later
    {"  "}4  server error (5xx) or busy; `record` kept the result in the outbox
    {"  "}5  a local file (config, outbox) could not be read or written

help-outbox-list =
    Every result waiting to be sent, and every one the server refused with its reason

help-outbox-list--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-outbox-fix =
    Correct a result the server refused and send it again (kept waiting if the server cannot be reached); checked here first, as `record` checks

help-outbox-fix-after =
    Example: spielstand outbox fix 3f1c2a9e --replace Bne=Ben

help-outbox-fix--id =
    The entry, as `spielstand outbox list` shows it

help-outbox-fix--date =
    The day it was played (as for `record --date`)

help-outbox-fix--replace =
    Put another player in someone's place, throughout the result: OLD=NEW (repeatable)

help-outbox-fix--players =
    The players in seat order

help-outbox-fix--order =
    The finishing order (finishing-order games)

help-outbox-fix--rounds =
    Replace one Rangeln round: N:SPEC, with a SPEC as for `record rangeln` (repeatable)

help-outbox-fix--carrots =
    Hase und Igel: the finishers' carrots, e.g. Anna=8,Ben=15 (replaces all finishers)

help-outbox-fix--finish-round =
    Hase und Igel: the round each finisher finished in, e.g. Anna=12,Ben=14

help-outbox-fix--house-rules =
    Mensch/Ghostbuster: the house rules in force, replacing the list (repeat, or separate with commas; none for none)

help-outbox-fix--teams =
    Mensch/Ghostbuster: the teams of a partner game, replacing them (as for `record`)

help-outbox-fix--colours =
    Mensch/Ghostbuster: how the colours were shared out

help-outbox-fix--edition =
    Lauf Rauf!: the rules played

help-outbox-fix--cards =
    Lauf Rauf!: whether the cards were in play

help-outbox-fix--event =
    Put the game into a club night of its league (its id or title), or out of any with "none"

help-outbox-fix--league =
    Send it to this league instead (its name or id)

help-outbox-fix--dry-run =
    Check and show the corrected result, but send nothing and keep the entry as it is

help-outbox-fix--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-outbox-drop =
    Drop a waiting or refused result for good

help-outbox-drop--id =
    The entry, as `spielstand outbox list` shows it

help-sync =
    Send the results waiting in the outbox, oldest first

help-sync-long =
    Send the results waiting in the outbox, oldest first.
    {""}
    Each is sent with the Idempotency-Key it got when it was recorded and removed only once the server acknowledged it: running sync again after an interruption never counts a result twice. Results the server refuses are moved to outbox/rejected/.

help-sync-after =
    Exit codes:
    {"  "}0  ok
    {"  "}1  rejected by the server: unknown player or league, a broken rule, a stale revision, no valid token
    {"  "}2  usage or bad input, found before anything was sent (a bad board says its line and column)
    {"  "}3  server unreachable; `record` kept the result in the outbox: run `spielstand sync` later
    {"  "}4  server error (5xx) or busy; `record` kept the result in the outbox
    {"  "}5  a local file (config, outbox) could not be read or written

help-sync--dry-run =
    Only list what is waiting; send nothing

help-sync--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-import =
    Bring plays logged elsewhere into a league: a BG Stats export, BoardGameGeek plays, or a league exported from another spielstand server. Importing a file again adds nothing

help-import-bgstats =
    A BG Stats export: its .json file, or the zip that contains it

help-import-bgstats-after =
    Games are matched by the names the apps use (German and English) and --game NAME=SLUG;
    players by name (as the server compares names) and --player "SOURCE NAME=PLAYER".
    Places come from the source's ranks, else from its winner flags (everyone else shares the
    last place). Rangeln plays keep their totals (imported totals, no rounds); a Hase und Igel
    finisher's score is its carrots left. Every play is checked by the game's rules; one that
    breaks them is listed with its id and reason and not imported.
    Exit codes: 0 everything imported or already there; 1 a play was refused; 2 bad input
    (unknown players without --create-players: nothing is written).

help-import-bgstats--league =
    The league to import into: its name or id

help-import-bgstats--games =
    Map a game title (or bgg:ID) of the source to a game, e.g. "Hasenrennen=hase-und-igel" (repeat)

help-import-bgstats--players =
    Map a player of the source to a player here, e.g. "Tom=Thomas Müller" (repeat)

help-import-bgstats--create-players =
    Add the source's players who are not known here (otherwise they are listed and nothing is written)

help-import-bgstats--options =
    A game option the source does not record, e.g. lauf-rauf.edition=revised (repeat) [default: the league's]

help-import-bgstats--dry-run =
    Check everything and write nothing

help-import-bgstats--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-import-bgg =
    BoardGameGeek plays as its XML API2 writes them (/xmlapi2/plays); one file per page

help-import-bgg-after =
    Games are matched by the names the apps use (German and English) and --game NAME=SLUG;
    players by name (as the server compares names) and --player "SOURCE NAME=PLAYER".
    Places come from the source's ranks, else from its winner flags (everyone else shares the
    last place). Rangeln plays keep their totals (imported totals, no rounds); a Hase und Igel
    finisher's score is its carrots left. Every play is checked by the game's rules; one that
    breaks them is listed with its id and reason and not imported.
    Exit codes: 0 everything imported or already there; 1 a play was refused; 2 bad input
    (unknown players without --create-players: nothing is written).

help-import-bgg--league =
    The league to import into: its name or id

help-import-bgg--games =
    Map a game title (or bgg:ID) of the source to a game, e.g. "Hasenrennen=hase-und-igel" (repeat)

help-import-bgg--players =
    Map a player of the source to a player here, e.g. "Tom=Thomas Müller" (repeat)

help-import-bgg--create-players =
    Add the source's players who are not known here (otherwise they are listed and nothing is written)

help-import-bgg--options =
    A game option the source does not record, e.g. lauf-rauf.edition=revised (repeat) [default: the league's]

help-import-bgg--dry-run =
    Check everything and write nothing

help-import-bgg--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-import-spielstand =
    A league exported with `spielstand export L`: recreated here with its rules, club nights, players and results

help-import-spielstand--league =
    The league to import into, made with the file's rules if it does not exist [default: the exported league's name]

help-import-spielstand--dry-run =
    Check everything and write nothing

help-import-spielstand--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-export =
    Write a whole league as one JSON document (to standard output): spielstand's own, or BG Stats' import format

help-export--league =
    The league: its name or id

help-export--format =
    What to write

help-audit =
    The audit trail, latest first: who changed leagues, players, results, club nights and webhooks, and when (needs an admin token)

help-audit--league =
    Only changes in this league: its name or id

help-audit--by =
    Only changes made with the token of this name

help-audit--action =
    Only this kind of change, e.g. league_changed or player_renamed

help-audit--limit =
    At most this many entries, latest first

help-audit--format =
    Output: table (for people), json (the server's JSON) or csv (the main table)

help-completions =
    Print a shell completion script: spielstand completions bash > ~/.local/share/bash-completion/completions/spielstand
