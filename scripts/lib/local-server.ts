/**
 * Driving `npm start` (scripts/serve.ts) from another process, as the bench and the process-level
 * tests do: a free port, a request that names the site by its Host (fetch cannot set Host), and a
 * server started with its own environment and awaited until its functions answer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A port nothing listens on right now (on loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A request to 127.0.0.1:`port` for the site named by `host`. */
export function hostRequest(
  port: number,
  host: string,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: init.method ?? "GET",
        headers: { host, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/**
 * The environment of a server that builds and serves from `work` only: its tenants, output,
 * reports, caches and an in-memory database, with none of the caller's settings that would pin a
 * tenant, skip the build or point elsewhere.
 */
export function workEnv(work: string): Record<string, string | undefined> {
  return {
    TENANTS_DIR: path.join(work, "tenants"),
    DIST_DIR: path.join(work, "dist"),
    REPORTS_DIR: path.join(work, "reports"),
    TENANT_CACHE_DIR: path.join(work, "cache"),
    DATA_DIR: "memory",
    TENANT: undefined,
    SKIP_BUILD: undefined,
    DATABASE_URL: undefined,
    NETLIFY: undefined,
    BUILD_FRESH: undefined,
  };
}

export interface LocalServer {
  port: number;
  child: ChildProcess;
  /** Everything it printed so far. */
  log: string[];
  /** Stops it as Ctrl-C would, and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `npm start` on a free port with `env` (on top of this process's environment; `undefined`
 * removes a variable) and waits until `/api/health` answers; fails with its output if it exits first.
 */
export async function startLocalServer(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<LocalServer> {
  const port = await freePort();
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  const log: string[] = [];
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/serve.ts"],
    {
      cwd: ROOT,
      env: merged,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk) => log.push(String(chunk)));
  child.stderr?.on("data", (chunk) => log.push(String(chunk)));
  const server: LocalServer = {
    port,
    child,
    log,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${log.join("").slice(-3000)}`);
    const healthy = await hostRequest(port, `localhost:${port}`, "/api/health").then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() - started > timeoutMs) {
      await server.stop();
      throw new Error(`npm start did not answer within ${timeoutMs / 1000} s:\n${log.join("").slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
