/**
 * Throwaway PostgreSQL clusters for the tests and the benches that need a real server: where the
 * server binaries are, what to install when they are missing, and a cluster on a free port.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

const PG_BINARIES = ["initdb", "pg_ctl", "postgres"] as const;

/**
 * Where PostgreSQL's server binaries are: `PG_BIN` when set, else /usr/local/bin, else the newest
 * Debian package's /usr/lib/postgresql/<version>/bin (what `apt-get install postgresql` puts
 * there, off the PATH). Null when none of these holds all of them. `root` stands for / in tests.
 */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env, root = "/"): string | null {
  const hasAll = (dir: string) => PG_BINARIES.every((binary) => existsSync(path.join(dir, binary)));
  if (env.PG_BIN) return hasAll(env.PG_BIN) ? env.PG_BIN : null;
  const debian = path.join(root, "usr/lib/postgresql");
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return (
    [path.join(root, "usr/local/bin"), ...versions.map((v) => path.join(debian, v, "bin"))].find(hasAll) ??
    null
  );
}

/** What a machine without a usable PostgreSQL server is told: the tests need one, never skip. */
export const POSTGRES_MISSING =
  "These tests run on a real PostgreSQL server (15 or newer). Install one with " +
  "`apt-get install -y postgresql` (.ci/run does when it is missing), or set PG_BIN to the folder " +
  "holding initdb, pg_ctl and postgres; they are looked for in /usr/local/bin and " +
  "/usr/lib/postgresql/<version>/bin.";

export interface Postgres {
  url: string;
  stop(): void;
}

/**
 * A throwaway PostgreSQL cluster in a temp dir, run as the `postgres` OS user (when this runs as
 * root) on a free port, durability off (fsync and synchronous commit: it is thrown away). Throws,
 * saying what to install, when this machine cannot run one.
 */
export async function startPostgresCluster(env: NodeJS.ProcessEnv = process.env): Promise<Postgres> {
  const bin = postgresBinDir(env);
  if (!bin) {
    throw new Error(
      `${env.PG_BIN ? `PG_BIN=${env.PG_BIN} does not hold initdb, pg_ctl and postgres. ` : "No PostgreSQL server binaries found. "}${POSTGRES_MISSING}`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  let uid: number | undefined;
  let gid: number | undefined;
  if (asRoot) {
    try {
      uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
      gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    } catch {
      throw new Error(
        "Running as root, PostgreSQL needs a `postgres` OS user to run as (the server refuses root): " +
          "`apt-get install -y postgresql` creates one, or `useradd --system postgres`.",
      );
    }
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "leads-pg-"));
  if (asRoot && uid !== undefined && gid !== undefined) chownSync(dir, uid, gid);
  const data = path.join(dir, "data");
  const run = (binary: string, args: string[]) =>
    execFileSync(path.join(bin, binary), args, {
      stdio: "pipe",
      ...(asRoot ? { uid, gid } : {}),
      env: { ...process.env, LC_ALL: "C" },
    });
  try {
    run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
      "-w",
      "start",
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`Could not start PostgreSQL from ${bin}: ${stderr || (error as Error).message}`);
  }
  const cluster: Postgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}

/** A port nothing on this machine listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
