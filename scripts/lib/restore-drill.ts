/**
 * The backup and restore drill (`npm run drill`): on a throwaway PostgreSQL cluster run as the
 * production database should be, with every WAL segment archived (`archive_command` copying into a
 * folder that stands in for object storage) and a base backup taken with `pg_basebackup`, it
 * restores to a point in time into a new cluster and checks that every lead written before that
 * point is there and none written after it. It measures what the README's RPO and RTO figures come
 * from: how long the base backup takes, how long a finished WAL segment takes to reach the archive,
 * and how long a restore takes from nothing to a cluster answering queries.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { type Db, openDb } from "~/lib/db/db.server";
import { migrateToLatest } from "~/lib/db/migrations";

/**
 * What the archive is allowed to lag behind the database: PostgreSQL archives a WAL segment when it
 * is full or, at the latest, this long after its first write, so a lost server loses at most this
 * much (plus one segment's copy). The drill uses the value production should.
 */
export const ARCHIVE_TIMEOUT_S = 60;

export interface DrillOptions {
  /** Leads in the database when the base backup is taken. */
  leads: number;
  /** Leads written after the base backup: the ones replayed from the archive. */
  leadsAfterBackup: number;
  /** PostgreSQL server binaries (PG_BIN, else /usr/local/bin). */
  bin?: string;
  log?: (line: string) => void;
}

export interface DrillResult {
  leads: number;
  leadsAfterBackup: number;
  databaseBytes: number;
  baseBackupBytes: number;
  archivedSegments: number;
  /** Seconds. */
  generateS: number;
  baseBackupS: number;
  /** From pg_switch_wal() to the segment being in the archive. */
  segmentArchiveS: number;
  /** Restore: copy of the base backup, WAL replay to the target, promotion, first query. */
  restoreS: number;
  /** Leads written before the target time, and how many of them the restored cluster has. */
  beforeTarget: number;
  restoredBeforeTarget: number;
  /** Leads written after the target time that the restored cluster has (must be 0). */
  restoredAfterTarget: number;
  ok: boolean;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

/** Runs the drill in a temp folder (removed after), stopping every cluster it started. */
export async function runDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? (() => {});
  const bin = options.bin ?? process.env.PG_BIN ?? "/usr/local/bin";
  if (!existsSync(path.join(bin, "initdb")))
    throw new Error(`No initdb in ${bin}: set PG_BIN to PostgreSQL's server binaries.`);
  // pg_basebackup comes with the client tools, which may live apart from the server's binaries
  // (Debian: /usr/lib/postgresql/<major>/bin); it must be the server's major version.
  const major =
    /\b(\d+)\./.exec(execFileSync(path.join(bin, "postgres"), ["--version"]).toString())?.[1] ?? "";
  const basebackup = [path.join(bin, "pg_basebackup"), `/usr/lib/postgresql/${major}/bin/pg_basebackup`].find(
    (file) => existsSync(file),
  );
  if (!basebackup)
    throw new Error(
      `No pg_basebackup for PostgreSQL ${major} beside ${bin} or in /usr/lib/postgresql/${major}/bin`,
    );
  // The server refuses to run as root: run it, and everything touching its files, as `postgres`.
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? {
        uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
        gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
      }
    : {};
  const run = (binary: string, args: string[]) =>
    execFileSync(path.isAbsolute(binary) ? binary : path.join(bin, binary), args, {
      stdio: "pipe",
      ...ids,
      env: { ...process.env, LC_ALL: "C" },
    });

  const work = mkdtempSync(path.join(os.tmpdir(), "restore-drill-"));
  const own = (dir: string) => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (asRoot && ids.uid !== undefined && ids.gid !== undefined) chownSync(dir, ids.uid, ids.gid);
    return dir;
  };
  own(work);
  const archive = own(path.join(work, "archive"));
  const primary = path.join(work, "primary");
  const base = path.join(work, "base");
  const restored = path.join(work, "restored");
  const running: string[] = [];
  const start = (data: string, port: number) => {
    const logFile = path.join(work, `${path.basename(data)}.log`);
    try {
      run("pg_ctl", [
        "-D",
        data,
        "-l",
        logFile,
        "-o",
        `-p ${port} -k ${work} -c listen_addresses=127.0.0.1`,
        "-w",
        "-t",
        "1800",
        "start",
      ]);
    } catch (error) {
      const tail = existsSync(logFile)
        ? readFileSync(logFile, "utf8")
            .split("\n")
            .filter((line) => !line.startsWith("cp: "))
            .slice(-15)
            .join("\n")
        : "";
      throw new Error(`PostgreSQL did not start in ${data}: ${(error as Error).message}\n${tail}`);
    }
    running.push(data);
  };
  const dbAt = (port: number): Promise<Db> =>
    openDb(
      { kind: "postgres", url: `postgres://postgres@127.0.0.1:${port}/postgres`, poolSize: 1 },
      { migrate: false },
    );

  let source: Db | null = null;
  let copy: Db | null = null;
  try {
    run("initdb", ["-D", primary, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
    const primaryPort = await freePort();
    // Production's settings for archiving: every segment copied, never over one already there.
    writeFileSync(
      path.join(primary, "postgresql.auto.conf"),
      `wal_level = replica\narchive_mode = on\narchive_timeout = ${ARCHIVE_TIMEOUT_S}\narchive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'\n`,
      { flag: "a" },
    );
    start(primary, primaryPort);
    source = await dbAt(primaryPort);
    await migrateToLatest(source as unknown as Kysely<unknown>);

    // Leads as the site writes them, spread over fifty dealers, with an outbox row each.
    const write = async (db: Db, count: number, from: number) => {
      for (let done = 0; done < count; done += 100_000) {
        const n = Math.min(100_000, count - done);
        await sql`insert into leads (id, tenant, kind, fields, client_network, created_at)
          select gen_random_uuid(), 'dealer-' || (i % 50), 'enquiry',
            jsonb_build_object('name', 'Shopper ' || i, 'email', 'shopper' || i || '@example.com.au',
              'phone', '04' || lpad((i % 100000000)::text, 8, '0'), 'message', 'Is this car still available?', 'car_id', i % 1500),
            '203.0.113.0/24', clock_timestamp()
          from generate_series(${from + done}::int, ${from + done + n - 1}::int) as i`.execute(db);
      }
    };
    let at = performance.now();
    await write(source, options.leads, 1);
    await sql`insert into lead_outbox (lead_id, tenant, delivered_at) select id, tenant, created_at from leads`.execute(
      source,
    );
    const generateS = seconds(at);
    const databaseBytes = Number(
      (await sql<{ size: string }>`select pg_database_size('postgres')::text as size`.execute(source)).rows[0]
        ?.size,
    );
    log(
      `[drill] ${options.leads.toLocaleString("en-AU")} leads written in ${generateS.toFixed(1)} s (${(databaseBytes / 1e6).toFixed(0)} MB)`,
    );

    at = performance.now();
    run(basebackup, [
      "-h",
      work,
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      base,
      "-X",
      "none",
      "-c",
      "fast",
    ]);
    const baseBackupS = seconds(at);
    const baseBackupBytes = folderBytes(base);
    log(`[drill] base backup: ${(baseBackupBytes / 1e6).toFixed(0)} MB in ${baseBackupS.toFixed(1)} s`);

    // After the backup: leads before the target time, the target, then leads after it.
    await write(source, options.leadsAfterBackup, options.leads + 1);
    const target =
      (await sql<{ at: string }>`select clock_timestamp()::text as at`.execute(source)).rows[0]?.at ?? "";
    // Rows carry clock_timestamp(), read after the target: every later lead is stamped after it.
    await write(source, 50, options.leads + options.leadsAfterBackup + 1);
    const expected = (
      await sql<{
        n: number;
        ids: string;
      }>`select count(*)::int as n, md5(coalesce(string_agg(id::text, ',' order by id), '')) as ids
        from leads where created_at <= ${target}::timestamptz`.execute(source)
    ).rows[0];

    // Close the current segment and time its way into the archive.
    at = performance.now();
    const segment =
      (await sql<{ name: string }>`select pg_walfile_name(pg_switch_wal()) as name`.execute(source)).rows[0]
        ?.name ?? "";
    while (!existsSync(path.join(archive, segment))) {
      if (seconds(at) > 120) throw new Error(`WAL segment ${segment} never reached the archive`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const segmentArchiveS = seconds(at);
    const archivedSegments = readdirSync(archive).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;
    log(
      `[drill] segment ${segment} archived ${segmentArchiveS.toFixed(2)} s after the switch; ${archivedSegments} segments in the archive`,
    );
    await source.destroy();
    source = null;
    // The primary is gone: everything from here has only the backup and the archive.
    run("pg_ctl", ["-D", primary, "-m", "immediate", "stop"]);
    running.splice(running.indexOf(primary), 1);

    at = performance.now();
    cpSync(base, restored, { recursive: true });
    own(restored);
    if (asRoot) execFileSync("chown", ["-R", `${ids.uid}:${ids.gid}`, restored]);
    // The server refuses a data folder others may read.
    chmodSync(restored, 0o700);
    writeFileSync(path.join(restored, "recovery.signal"), "");
    writeFileSync(
      path.join(restored, "postgresql.auto.conf"),
      `restore_command = 'cp ${archive}/%f %p'\nrecovery_target_time = '${target}'\nrecovery_target_action = 'promote'\narchive_mode = off\n`,
      { flag: "a" },
    );
    const restoredPort = await freePort();
    start(restored, restoredPort);
    copy = await dbAt(restoredPort);
    while ((await sql<{ r: boolean }>`select pg_is_in_recovery() as r`.execute(copy)).rows[0]?.r) {
      if (seconds(at) > 1800) throw new Error("The restored cluster never left recovery");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const got = (
      await sql<{ n: number; ids: string; after: number }>`select
        count(*) filter (where created_at <= ${target}::timestamptz)::int as n,
        md5(coalesce(string_agg(id::text, ',' order by id) filter (where created_at <= ${target}::timestamptz), '')) as ids,
        count(*) filter (where created_at > ${target}::timestamptz)::int as after
        from leads`.execute(copy)
    ).rows[0];
    const restoreS = seconds(at);
    log(`[drill] restored to ${target} and answering in ${restoreS.toFixed(1)} s`);
    const restoredBeforeTarget = got?.ids === expected?.ids ? (got?.n ?? 0) : -1;
    return {
      leads: options.leads,
      leadsAfterBackup: options.leadsAfterBackup,
      databaseBytes,
      baseBackupBytes,
      archivedSegments,
      generateS,
      baseBackupS,
      segmentArchiveS,
      restoreS,
      beforeTarget: expected?.n ?? 0,
      restoredBeforeTarget,
      restoredAfterTarget: got?.after ?? -1,
      ok: restoredBeforeTarget === expected?.n && got?.after === 0,
    };
  } finally {
    await source?.destroy().catch(() => {});
    await copy?.destroy().catch(() => {});
    for (const data of running) {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      } catch {
        // already stopped
      }
    }
    rmSync(work, { recursive: true, force: true });
  }
}
