import pg from "pg";

/** One statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a pool transaction anyway). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  serverUrl: string,
  sql: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}
