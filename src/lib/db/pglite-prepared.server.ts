/**
 * Prepared statements for embedded PGlite. PGlite parses, analyses and plans every statement it is
 * sent, and the statement that stores a batch of leads spends about a third of its time there
 * before it writes a row, on the event loop of the process that serves the leads. A statement
 * sent often (the same text, new parameters) is prepared once under a name instead, and each run
 * only binds its parameters and executes the plan Postgres keeps for it.
 *
 * Only statements outside a transaction take this path (a transaction's queries go through its own
 * handle), and each runs under PGlite's own locks, as `query` does, so it never interleaves with a
 * transaction or another statement.
 */
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/** PGlite's protocol helpers, passed in: the module is imported only where PGlite is. */
export interface PgliteProtocol {
  protocol: typeof import("@electric-sql/pglite").protocol;
  parse: typeof import("@electric-sql/pglite").parse;
}

/** A text is prepared once it has been sent this many times: one-off statements never are. */
const PREPARE_AFTER = 3;
/** At most this many prepared statements; texts past it run as before (IN lists vary in length). */
const MAX_PREPARED = 64;
/** Postgres refuses a kept plan whose result columns a schema change altered. */
const PLAN_CHANGED = "0A000";

interface Prepared {
  name: string;
  /** Parameter type oids, as Postgres inferred them. */
  types: number[];
}

/**
 * Makes `pglite.query` prepare the statements it is sent often. Results, errors and locking are
 * those of `query`.
 */
export function prepareFrequentStatements(pglite: PGlite, { protocol, parse }: PgliteProtocol): void {
  const query = pglite.query.bind(pglite);
  const { serialize } = protocol;
  const seen = new Map<string, number>();
  const prepared = new Map<string, Prepared>();
  let next = 0;

  const send = async (message: Uint8Array) =>
    (await pglite.execProtocol(message, { syncToFs: false })).messages;

  /** Binds and runs a prepared statement; the caller holds PGlite's locks. */
  const run = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const messages = [];
    try {
      let statement = prepared.get(text);
      if (!statement) {
        const name = `frequent_${next++}`;
        await send(serialize.parse({ name, text }));
        const types = parse.parseDescribeStatementResults(
          await send(serialize.describe({ type: "S", name })),
        );
        statement = { name, types };
        prepared.set(text, statement);
      }
      const { types } = statement;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const toText = pglite.serializers[types[i] ?? 0];
        return toText ? toText(param) : String(param);
      });
      messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(serialize.describe({ type: "P" }))));
      messages.push(...(await send(serialize.execute({}))));
    } finally {
      // Ends the extended-query exchange whatever happened, as `query` does.
      messages.push(...(await send(serialize.sync())));
    }
    await pglite.syncToFs();
    const [results] = parse.parseResults(messages, pglite.parsers, options);
    return results as Results<T>;
  };

  pglite.query = async <T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    if (!prepared.has(text)) {
      const count = (seen.get(text) ?? 0) + 1;
      if (count < PREPARE_AFTER || prepared.size >= MAX_PREPARED || options?.blob) {
        if (seen.size < 1_000) seen.set(text, count);
        return query<T>(text, params, options);
      }
      seen.delete(text);
    }
    try {
      return await pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => run<T>(text, params, options)),
      );
    } catch (error) {
      if ((error as { code?: unknown }).code !== PLAN_CHANGED) throw error;
      // The schema changed under the kept plan: forget it and run the text as it is now.
      const statement = prepared.get(text);
      prepared.delete(text);
      if (statement) await pglite.exec(`deallocate ${statement.name}`).catch(() => {});
      return query<T>(text, params, options);
    }
  };
}
