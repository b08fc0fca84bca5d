// A small client of the spielstand API, typed only by what openapi-typescript generates
// from openapi.yaml (./schema.d.ts) and openapi-fetch. CI compiles it with
// `tsc --strict --noEmit`: no cast, no `any`, no non-null assertion, no @ts-ignore.
// If the document stops saying what the server sends, this stops compiling.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type GameRecord = components["schemas"]["GameRecord"];
type StoredResult = components["schemas"]["StoredResult"];
type Standings = components["schemas"]["Standings"];

export function spielstand(baseUrl: string, token: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
}

type Client = ReturnType<typeof spielstand>;

/** The league's leader and its rating: `data.rows[0].rating`, straight from the JSON standings. */
export async function leader(client: Client, league: number): Promise<string | null> {
  const { data, error } = await client.GET("/api/v1/leagues/{id}/standings", {
    params: { path: { id: league } },
  });
  if (error) throw new Error(`standings: ${error.status} ${error.title}: ${error.detail}`);
  // One operation, one type: the rows are players' rows, no narrowing needed.
  if (data.rows.length === 0) return null;
  const rating: number = data.rows[0].rating;
  return `${data.rows[0].player} (${rating.toFixed(1)})`;
}

/** The team table's leading team with its players: its own operation, its own type. */
export async function leadingTeam(client: Client, league: number): Promise<string | null> {
  const { data, error } = await client.GET("/api/v1/leagues/{id}/standings/teams", {
    params: { path: { id: league } },
  });
  if (error) throw new Error(`team table: ${error.status} ${error.title}: ${error.detail}`);
  if (data.rows.length === 0) return null;
  const top = data.rows[0];
  const points: number = top.points;
  return `${top.team} (${top.players.join(", ")}): ${points} points`;
}

/** One line per player, with the fields the server always sends. */
export async function table(client: Client, league: number, asOf?: string): Promise<string[]> {
  const { data, error } = await client.GET("/api/v1/leagues/{id}/standings", {
    params: { path: { id: league }, query: { game: "mensch-aergere-dich-nicht", as_of: asOf } },
  });
  if (error) throw new Error(`standings: ${error.detail}`);
  const standings: Standings = data;
  return standings.rows.map((row) => {
    // `null` for a player short of the league's `min_games`, listed last without a place.
    const place: number | null = row.place;
    const points: number = row.points;
    const rating: number = row.rating_display;
    // `null` when the tie-breaker was not needed, but always present.
    const h2h: number | null = row.head_to_head;
    return `${place === null ? "–" : `${place}.`} ${row.player}: ${points} points (${row.wins}/${row.played} won), ` +
      `rating ${rating.toFixed(1)}${h2h === null ? "" : `, head-to-head ${h2h}`}`;
  });
}

/** Records a Mensch ärgere Dich nicht result; the finishing order is best first. */
export async function recordMensch(
  client: Client,
  league: number,
  playedOn: string,
  seats: string[],
  order: string[],
): Promise<{ result: StoredResult; etag: string | null }> {
  const body: GameRecord = {
    played_on: playedOn,
    game: "mensch-aergere-dich-nicht",
    players: seats.map((player, i) => ({ player, seat: i + 1 })),
    detail: { order: order.map((player) => [player]) },
  };
  const { data, error, response } = await client.POST("/api/v1/leagues/{id}/results", {
    params: { path: { id: league } },
    body,
  });
  if (error) throw new Error(`record: ${error.status} ${error.detail}`);
  return { result: data, etag: response.headers.get("ETag") };
}

/** Corrects a result; `revision` is the one it was read with, sent as If-Match. */
export async function correct(client: Client, result: StoredResult, record: GameRecord): Promise<StoredResult> {
  const { data, error } = await client.PUT("/api/v1/results/{id}", {
    params: { path: { id: result.id }, header: { "If-Match": `"${result.revision}"` } },
    body: record,
  });
  if (error) throw new Error(`correct: ${error.status} ${error.detail}`);
  return data;
}

/** Which game a stored record is, narrowed by its `game` tag. */
export function describe(record: GameRecord): string {
  switch (record.game) {
    case "mensch-aergere-dich-nicht":
    case "ghostbuster":
      return `${record.game}: ${record.detail.order.map((place) => place.join("=")).join(", ")}`;
    case "rangeln":
      // A game imported with its totals only has no rounds.
      return record.detail.imported_totals
        ? `rangeln: imported totals of ${Object.keys(record.detail.imported_totals).length} players`
        : `rangeln: ${(record.detail.rounds ?? []).length} rounds`;
    case "lauf-rauf":
      return `lauf-rauf (${record.detail.edition}): ${record.detail.order.length} places`;
    case "hase-und-igel":
      return `hase-und-igel: ${record.detail.finishers.length} finishers`;
  }
}
