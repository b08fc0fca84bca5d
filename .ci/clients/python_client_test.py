"""Use the client openapi-python-client generated from openapi.yaml against a live server.

usage: SPIELSTAND_URL=http://127.0.0.1:8080 SPIELSTAND_TOKEN=... \
       python python_client_test.py PATH/TO/GENERATED/PACKAGE

PATH is the package directory that `openapi-python-client generate --meta none
--output-path PATH` wrote (run.sh names it `spielstand_client`). Only the generated
functions and models talk to the server: three players, a Mensch league, a result
recorded and then corrected with If-Match (a stale If-Match must get 412), and the
standings read through typed fields. Names are unique per run, so the database may
already hold anything.
"""

import importlib
import inspect
import os
import secrets
import sys
from datetime import date
from http import HTTPStatus
from pathlib import Path

# ---------------------------------------------------------------------------------------
# Names that depend on component names in openapi.yaml. Everything else below follows
# from operationIds and tags, which are stable.
#
# GameRecord is a oneOf of complete objects discriminated by `game`; this is the
# component name of its Mensch ärgere Dich nicht variant. openapi-python-client makes
# one model class per component, named after it.
MENSCH_RECORD = "MenschRecord"
# Its `game` property: a one-value `enum` gives a class named <component>Game (here
# MenschRecordGame); a `const` gives a Literal, whose value is the plain string. Both
# work here.
MENSCH_RECORD_GAME = MENSCH_RECORD + "Game"
# ---------------------------------------------------------------------------------------

MENSCH = "mensch-aergere-dich-nicht"


def fail(message: str) -> None:
    print(f"python client: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition: bool, message: str) -> None:
    if not condition:
        fail(message)


def load(package_dir: str):
    path = Path(package_dir).resolve()
    check((path / "client.py").is_file(), f"{path} is not a generated client package")
    sys.path.insert(0, str(path.parent))
    name = path.name

    def module(dotted: str):
        try:
            return importlib.import_module(f"{name}.{dotted}")
        except ModuleNotFoundError as e:
            fail(
                f"the generated client has no {dotted} ({e}): openapi-python-client "
                "dropped that operation or model"
            )

    return module


def expect(response, status: HTTPStatus, model, what: str):
    """The response has `status` and its body parsed into an instance of `model`."""
    if response.status_code != status:
        fail(f"{what}: HTTP {int(response.status_code)}, wanted {int(status)}: {response.content[:500]!r}")
    check(
        isinstance(response.parsed, model),
        f"{what}: parsed as {type(response.parsed).__name__}, wanted {model.__name__}",
    )
    return response.parsed


def main() -> None:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    url = os.environ.get("SPIELSTAND_URL") or fail("SPIELSTAND_URL is not set")
    token = os.environ.get("SPIELSTAND_TOKEN") or fail("SPIELSTAND_TOKEN is not set")
    module = load(sys.argv[1])

    client_mod = module("client")
    models = module("models")
    create_player = module("api.players.create_player")
    create_league = module("api.leagues.create_league")
    record_result = module("api.results.record_result")
    get_result = module("api.results.get_result")
    correct_result = module("api.results.correct_result")
    get_standings = module("api.standings.get_standings")
    get_team_standings = module("api.standings.get_team_standings")

    check(
        hasattr(models, MENSCH_RECORD),
        f"no model {MENSCH_RECORD}: GameRecord's Mensch variant is named otherwise "
        f"(set MENSCH_RECORD at the top of this script); models: "
        f"{sorted(n for n in dir(models) if n.endswith('Record'))}",
    )
    MenschRecord = getattr(models, MENSCH_RECORD)
    game_enum = getattr(models, MENSCH_RECORD_GAME, None)
    mensch_game = game_enum(MENSCH) if game_enum is not None else MENSCH
    Player, PlayerName = models.Player, models.PlayerName
    League, LeagueInput, LeagueRules = models.League, models.LeagueInput, models.LeagueRules
    GameKind, SeatedPlayer, MenschResult = models.GameKind, models.SeatedPlayer, models.MenschResult
    StoredResult, Standings, Problem = models.StoredResult, models.Standings, models.Problem

    client = client_mod.AuthenticatedClient(base_url=url, token=token)
    run = secrets.token_hex(3)

    # Players.
    names = [f"Anna {run}", f"Ben {run}", f"Cleo {run}"]
    anna, ben, cleo = names
    for name in names:
        player = expect(
            create_player.sync_detailed(client=client, body=PlayerName(name=name)),
            HTTPStatus.CREATED,
            Player,
            f"create_player {name}",
        )
        check(player.name == name and isinstance(player.id, int), f"player: {player!r}")

    # A league that counts Mensch ärgere Dich nicht, every other rule by default.
    league = expect(
        create_league.sync_detailed(
            client=client,
            body=LeagueInput(
                name=f"Python client {run}", rules=LeagueRules(games=[GameKind.MENSCH_AERGERE_DICH_NICHT])
            ),
        ),
        HTTPStatus.CREATED,
        League,
        "create_league",
    )
    check(
        isinstance(league.id, int) and league.rules.games == [GameKind.MENSCH_AERGERE_DICH_NICHT],
        f"league: {league!r}",
    )

    def mensch(order: list[str]):
        return MenschRecord(
            game=mensch_game,
            played_on=date(2026, 3, 1),
            players=[SeatedPlayer(player=name, seat=seat) for seat, name in enumerate(names, 1)],
            detail=MenschResult(order=[[name] for name in order]),
        )

    # Record: Anna, Cleo, Ben.
    response = record_result.sync_detailed(league.id, client=client, body=mensch([anna, cleo, ben]))
    stored = expect(response, HTTPStatus.CREATED, StoredResult, "record_result")
    check(
        isinstance(stored.record, MenschRecord),
        f"record parsed as {type(stored.record).__name__}, wanted {MENSCH_RECORD}",
    )
    check(str(stored.record.game) == MENSCH, f"record.game: {stored.record.game!r}")
    check(
        [(p.player, p.place) for p in stored.placings] == [(anna, 1), (cleo, 2), (ben, 3)],
        f"placings: {stored.placings!r}",
    )
    check(
        response.headers.get("ETag") == f'"{stored.revision}"',
        f"ETag {response.headers.get('ETag')!r} for revision {stored.revision}",
    )

    # Read it back: its revision is its ETag.
    response = get_result.sync_detailed(stored.id, client=client)
    fetched = expect(response, HTTPStatus.OK, StoredResult, "get_result")
    etag = response.headers["ETag"]
    check(
        etag == f'"{fetched.revision}"' and fetched.revision == stored.revision,
        f"get_result: ETag {etag!r}, revision {fetched.revision}",
    )

    # Correct it with If-Match: Ben, Anna, Cleo.
    response = correct_result.sync_detailed(
        stored.id, client=client, body=mensch([ben, anna, cleo]), if_match=etag
    )
    corrected = expect(response, HTTPStatus.OK, StoredResult, "correct_result")
    check(corrected.revision > stored.revision, f"revision {stored.revision} -> {corrected.revision}")
    check(response.headers.get("ETag") == f'"{corrected.revision}"', "correct_result: ETag")
    check(
        [(p.player, p.place) for p in corrected.placings] == [(ben, 1), (anna, 2), (cleo, 3)],
        f"corrected placings: {corrected.placings!r}",
    )

    # The old revision no longer matches: 412, as a typed problem.
    problem = expect(
        correct_result.sync_detailed(stored.id, client=client, body=mensch([cleo, anna, ben]), if_match=etag),
        HTTPStatus.PRECONDITION_FAILED,
        Problem,
        "correct_result with a stale If-Match",
    )
    check(problem.status == 412 and problem.title, f"problem: {problem!r}")

    # The standings, through typed fields.
    response = get_standings.sync_detailed(league.id, client=client)
    standings = expect(response, HTTPStatus.OK, Standings, "get_standings")
    check(standings.league_id == league.id, f"league_id {standings.league_id}")
    rows = standings.rows
    check([row.player for row in rows] == [ben, anna, cleo], f"rows: {[r.player for r in rows]}")
    top = rows[0]
    check(top.place == 1 and top.points == 2.0 and top.played == 1 and top.wins == 1, f"rows[0]: {top!r}")
    check(
        [(row.place, row.points) for row in rows] == [(1, 2.0), (2, 1.0), (3, 0.0)],
        f"places and points: {[(r.place, r.points) for r in rows]}",
    )
    check(isinstance(top.rating, float) and top.rating > rows[2].rating, f"ratings: {rows!r}")

    # The team table is its own operation with its own type: a league without teams has
    # none, and nothing needs telling the two tables apart.
    teams = expect(
        get_team_standings.sync_detailed(league.id, client=client),
        HTTPStatus.OK,
        models.TeamStandings,
        "get_team_standings",
    )
    check(teams.league_id == league.id and teams.rows == [], f"team table: {teams!r}")

    # If-None-Match, once the operation declares it: the same ETag gives 304.
    if "if_none_match" in inspect.signature(get_standings.sync_detailed).parameters:
        again = get_standings.sync_detailed(league.id, client=client, if_none_match=response.headers["ETag"])
        check(
            again.status_code == HTTPStatus.NOT_MODIFIED,
            f"If-None-Match: HTTP {int(again.status_code)}, wanted 304",
        )
    else:
        print("python client: note: get_standings declares no If-None-Match header")

    print(
        f"python client: ok: league {league.id}, result {stored.id} "
        f"(revision {stored.revision} -> {corrected.revision}), "
        f"leader {top.player} with {top.points} points"
    )


if __name__ == "__main__":
    main()
