/**
 * The PostgreSQL tests never skip themselves: a machine without a server fails them with what to
 * install, and the server is found where Debian's package puts it as well as in /usr/local/bin.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { postgresBinDir, startPgBouncer, startPostgres } from "./leads-helpers";

let root = "";
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = "";
});

/** A stand-in for / holding the server binaries (empty files) in each of `dirs`. */
function fakeRoot(dirs: string[]): string {
  root = mkdtempSync(path.join(os.tmpdir(), "pg-bin-"));
  for (const dir of dirs) {
    mkdirSync(path.join(root, dir), { recursive: true });
    for (const binary of ["initdb", "pg_ctl", "postgres"]) writeFileSync(path.join(root, dir, binary), "");
  }
  return root;
}

describe("finding PostgreSQL's server binaries", () => {
  it("takes Debian's newest /usr/lib/postgresql/<version>/bin when /usr/local/bin has none", () => {
    const at = fakeRoot([
      "usr/lib/postgresql/9/bin",
      "usr/lib/postgresql/15/bin",
      "usr/lib/postgresql/13/bin",
    ]);
    expect(postgresBinDir({}, at)).toBe(path.join(at, "usr/lib/postgresql/15/bin"));
  });

  it("prefers /usr/local/bin, and PG_BIN over both", () => {
    const at = fakeRoot(["usr/local/bin", "usr/lib/postgresql/15/bin", "opt/pg/bin"]);
    expect(postgresBinDir({}, at)).toBe(path.join(at, "usr/local/bin"));
    expect(postgresBinDir({ PG_BIN: path.join(at, "opt/pg/bin") }, at)).toBe(path.join(at, "opt/pg/bin"));
  });

  it("finds nothing in a folder that lacks one of initdb, pg_ctl and postgres", () => {
    const at = fakeRoot(["usr/local/bin"]);
    rmSync(path.join(at, "usr/local/bin/pg_ctl"));
    expect(postgresBinDir({}, at)).toBeNull();
    expect(postgresBinDir({ PG_BIN: path.join(at, "usr/local/bin") }, at)).toBeNull();
  });

  it("a missing server fails the test, saying what to install, instead of skipping it", async () => {
    const empty = fakeRoot([]);
    await expect(startPostgres({ PG_BIN: empty })).rejects.toThrow(
      `PG_BIN=${empty} does not hold initdb, pg_ctl and postgres. These tests run on a real PostgreSQL server (15 or newer). Install one with \`apt-get install -y postgresql\``,
    );
  });
});

describe("finding PgBouncer", () => {
  it("a missing pgbouncer fails the pooled tests, saying what to install, instead of skipping them", async () => {
    const server = { url: "postgres://postgres@127.0.0.1:1/postgres", stop() {} };
    await expect(startPgBouncer(server, { env: { PGBOUNCER: "/nonexistent/pgbouncer" } })).rejects.toThrow(
      "PGBOUNCER=/nonexistent/pgbouncer does not exist. These tests run through PgBouncer in transaction mode. Install it with `apt-get install -y pgbouncer`",
    );
  });
});
