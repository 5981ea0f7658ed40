/**
 * PGlite (embedded Postgres) on a thread of its own. PGlite runs every statement synchronously in
 * WebAssembly, so on the server's own thread each statement stops the event loop: requests would
 * wait for the database's work as well as their own. On its own thread the database works while
 * the server reads, validates and answers other requests, as it does beside a real Postgres
 * server. It is one session, as PGlite is: Kysely's PGlite adapter lets one query or transaction
 * use it at a time.
 */
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/**
 * The database thread: opens PGlite on the folder it is given and runs each query it is sent, in
 * order. Plain JavaScript, so it runs the same under Node, tsx and Vitest.
 */
const THREAD_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const failure = (error) => ({
  ...(typeof error === "object" && error !== null ? error : {}),
  message: error instanceof Error ? error.message : String(error),
});
(async () => {
  const { PGlite } = await import(workerData.module);
  const pglite = await PGlite.create(workerData.dataDir ?? "memory://");
  parentPort.on("message", async ({ id, sql, params, close }) => {
    if (close) {
      await pglite.close();
      parentPort.postMessage({ id });
      return;
    }
    try {
      const result = await pglite.query(sql, params, { rowMode: "object" });
      parentPort.postMessage({ id, rows: result.rows, affectedRows: result.affectedRows });
    } catch (error) {
      parentPort.postMessage({ id, error: failure(error) });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ failed: failure(error) }));
`;

interface Reply {
  id: number;
  rows?: Record<string, unknown>[];
  affectedRows?: number;
  error?: { message: string } & Record<string, unknown>;
}

/** An Error as Postgres reported it: its message, SQLSTATE `code` and the rest of its fields. */
function databaseError(fields: { message: string } & Record<string, unknown>): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

class PGliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextId = 0;
  /** Why the thread is gone, once it is: every query after that fails with it. */
  #stopped: Error | undefined;
  readonly ready: Promise<void>;

  constructor(dataDir: string | null) {
    this.#worker = new Worker(THREAD_SCRIPT, {
      eval: true,
      workerData: { module: import.meta.resolve("@electric-sql/pglite"), dataDir },
    });
    // Like a database on the main thread, an idle one does not keep the process alive; a query
    // in flight does (see #send).
    this.#worker.unref();
    this.ready = new Promise((resolve, reject) => {
      const stop = (error: Error) => {
        this.#stopped ??= error;
        reject(error);
        for (const waiter of this.#waiting.values()) waiter.reject(error);
        this.#waiting.clear();
      };
      this.#worker.on("error", stop);
      this.#worker.on("exit", (code) => stop(new Error(`The database thread stopped (exit code ${code}).`)));
      this.#worker.on("message", (message: Reply & { ready?: true; failed?: Reply["error"] }) => {
        if (message.ready) resolve();
        else if (message.failed) reject(databaseError(message.failed));
        else this.#waiting.get(message.id)?.resolve(message);
      });
    });
  }

  #send(message: { sql?: string; params?: readonly unknown[]; close?: true }): Promise<Reply> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#waiting.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      const settle = () => {
        this.#waiting.delete(id);
        if (this.#waiting.size === 0) this.#worker.unref();
      };
      this.#waiting.set(id, {
        resolve: (reply) => {
          settle();
          resolve(reply);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      this.#worker.postMessage({ id, ...message });
    });
  }

  async query(sql: string, params: readonly unknown[]): Promise<QueryResult<unknown>> {
    const reply = await this.#send({ sql, params });
    if (reply.error) throw databaseError(reply.error);
    return {
      rows: reply.rows ?? [],
      numAffectedRows: reply.affectedRows == null ? undefined : BigInt(reply.affectedRows),
    };
  }

  /** Closes PGlite (its files are complete on disk) and ends the thread. */
  async close(): Promise<void> {
    if (!this.#stopped) await this.#send({ close: true });
    await this.#worker.terminate();
  }
}

/** The one session. A statement that fails inside a transaction aborts it, as in Postgres. */
class ThreadConnection implements DatabaseConnection {
  inTransaction = false;
  aborted = false;

  constructor(readonly thread: PGliteThread) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return (await this.thread.query(compiled.sql, compiled.parameters)) as QueryResult<R>;
    } catch (error) {
      if (this.inTransaction) this.aborted = true;
      throw error;
    }
  }

  // biome-ignore lint/correctness/useYield: PGlite returns whole results; Kysely's PGlite driver refuses streams too.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported by PGlite.");
  }
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

class ThreadDriver implements Driver {
  #connection: ThreadConnection | undefined;

  constructor(readonly dataDir: string | null) {}

  async init(): Promise<void> {
    const thread = new PGliteThread(this.dataDir);
    await thread.ready;
    this.#connection = new ThreadConnection(thread);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#connection) throw new Error("The database thread is not open.");
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: ThreadConnection, settings: TransactionSettings): Promise<void> {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : "",
      settings.accessMode ?? "",
    ].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(`start transaction ${modes.join(", ")}`));
    connection.inTransaction = true;
    connection.aborted = false;
  }

  async commitTransaction(connection: ThreadConnection): Promise<void> {
    const aborted = connection.aborted;
    connection.inTransaction = false;
    connection.aborted = false;
    await connection.executeQuery(CompiledQuery.raw(aborted ? "rollback" : "commit"));
    // Postgres answers COMMIT of an aborted transaction by rolling it back; say so, as PGlite does.
    if (aborted)
      throw Object.assign(new Error("Transaction was rolled back instead of committed"), { code: "25P02" });
  }

  async rollbackTransaction(connection: ThreadConnection): Promise<void> {
    connection.inTransaction = false;
    connection.aborted = false;
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async savepoint(connection: ThreadConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: ThreadConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteName(name)}`));
    connection.aborted = false;
  }

  async releaseSavepoint(connection: ThreadConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteName(name)}`));
  }

  async destroy(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    await connection?.thread.close();
  }
}

/** Kysely over PGlite on its own thread: on disk at `dataDir`, or in memory when null. */
export class PGliteThreadDialect implements Dialect {
  constructor(readonly dataDir: string | null) {}

  createAdapter() {
    return new PGliteAdapter();
  }

  createDriver() {
    return new ThreadDriver(this.dataDir);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
