# import: the command line's messages (en).

## The server: reaching it, and what it answers (client.rs).

client-unexpected-answer = the answer is not what this version of spielstand expects: { $error }
client-cannot-encode = cannot encode the request: { $error }
client-not-json = answered { $status } with something that is not JSON: is this a spielstand server?
client-http-status = HTTP { $status } from { $server }
client-cannot-build = cannot build the request: { $error }
client-invalid-http = the answer is not valid HTTP ({ $error })
client-timeout = no answer in time ({ $timeout })
client-host-not-found = host not found
client-connection-refused = connection refused
client-head-to-head-busy = the league changed while its head-to-head was read, { $attempts } times over: try again
client-no-league-yet = there is no league { $league }: no league exists yet
client-no-such-league = there is no league { $league }; the leagues are: { $leagues }
client-merged = note: { $merged } was merged into { $kept }; showing { $kept }
client-no-such-player = there is no player named { $quoted }; add them with `spielstand player add { $name }`

## The terminal (input/console.rs).

console-terminal = terminal: { $error }

## spielstand export.

export-done = Exported { $league } ({ $count } results).

## spielstand import: the files.

import-not-utf8 = { $file }: not UTF-8 text
import-not-an-export = { $file }: not a spielstand export: { $error }
import-other-format = { $file }: format { $format }, this spielstand reads { $expected }
import-missing = { $at }: missing
import-dangling = { $at }: { $id } names no entry in { $list }
import-not-a-date-time = { $at }: { $value } is not a date (YYYY-MM-DD HH:MM:SS)
import-not-a-date = { $at }: { $value } is not a date (YYYY-MM-DD)
import-not-a-whole-number = { $at }: { $value } is not a whole number
import-not-a-bgg-id = { $at }: { $value } is not a BoardGameGeek id
bgstats-zip-unreadable = not a readable zip archive: { $error }
bgstats-zip-without-json = the zip archive holds no .json file: is it a BG Stats export?
bgstats-zip-several-json = the zip archive holds several .json files ({ $files }): unzip it and name the export itself
bgstats-too-large = { $name } inflates to more than { $mib } MiB
bgstats-export = BG Stats export
bgg-not-xml = not well-formed XML: { $error }
bgg-unexpected-document = expected <{ $expected }> at the top of the document, found <{ $found }>
bgg-remote-error = BoardGameGeek answered with an error: { $message }
bgg-no-message = no message
bgg-at-index = play[{ $index }] (line { $line }).{ $field }
bgg-at-play = play { $id } (line { $line }).{ $field }

## spielstand import: game titles mapped with --game NAME=SLUG.

titles-shape = { $mapping }: expected NAME=SLUG, e.g. "Hare & Tortoise=hase-und-igel"
titles-empty-name = { $mapping }: the name has no letters or digits to match titles by
titles-bgg-id = { $mapping }: { $id } is not a BoardGameGeek id (a whole number after bgg:)

## spielstand import: why a play is skipped or refused.

import-skip-ignored = ignored in BG Stats
import-skip-incomplete = incomplete
import-skip-no-players = no players
import-skip-unnamed-player = a player without a name
import-skip-not-a-game = not a board game ({ $kind })
import-skip-another-game = another game: { $title }
import-skip-not-counted = not counted in this league: { $game }
import-places-unknown = no ranks and no winner: the places are unknown
import-rangeln-no-total = Rangeln: no total for { $name } (the score is empty)
import-rangeln-not-whole = Rangeln: { $name }'s score { $score } is not a whole number
import-hare-no-carrots = Hase und Igel: no carrots for { $name }, who finished (the score is empty)
import-hare-not-carrots = Hase und Igel: { $name }'s score { $score } is not a number of carrots
import-refused-by-server = refused

## spielstand import: sending and the summary.

import-unknown-players = { $count ->
    [one] { $count } player of the file is not known here: { $names }. Nothing was written: add them with --create-players, or map them with --player "SOURCE NAME=PLAYER"
   *[other] { $count } players of the file are not known here: { $names }. Nothing was written: add them with --create-players, or map them with --player "SOURCE NAME=PLAYER"
    }
import-progress = { $bar } { $done }/{ $total } plays ({ $eta } left)
import-column-plays = Plays
import-row-imported = imported
import-row-would-be-imported = would be imported
import-row-already-there = already there
import-row-skipped = skipped: { $reason }
import-row-refused = refused: { $reason }
import-summary = { $league }: { $imported } imported, { $already_there } already there, { $skipped } skipped, { $refused } refused
import-summary-dry-run = Dry run, nothing written. { $league }: { $imported } would be imported, { $already_there } already there, { $skipped } skipped, { $refused } refused
import-players-added = { $count ->
    [one] { $count } player added: { $names }
   *[other] { $count } players added: { $names }
    }
import-players-would-be-added = { $count ->
    [one] { $count } player would be added: { $names }
   *[other] { $count } players would be added: { $names }
    }
import-refused-play = refused: play { $id } ({ $title }): { $reason }
import-likely-one-person = likely one person: { $player } and { $other } (see `spielstand player duplicates`)
import-plays-refused = { $count ->
    [one] { $count } play was refused (listed above); the others were imported
   *[other] { $count } plays were refused (listed above); the others were imported
    }
import-other-rules = warning: the league { $league } here has other rules than the exported one; its results are imported under this league's rules
