/**
 * Serves the function zips zip-it-and-ship-it made (the files a deploy uploads) with Netlify's own
 * local function runtime, @netlify/functions-dev: the runtime `netlify dev` and `netlify serve` use.
 * It unpacks each zip, routes requests by the manifest's routes, and runs every call in a fresh
 * worker thread through the zip's own Netlify bootstrap with lambda-local, which sets
 * AWS_LAMBDA_FUNCTION_NAME as Lambda does (so the functions behave as deployed).
 *
 * Run with plain Node (its type stripping), never tsx: the functions must run as the zips hold them,
 * without a loader in between.
 *
 *   node scripts/lib/netlify-functions-serve.ts <folder of zips and manifest.json> <work folder>
 *
 * Prints `listening http://127.0.0.1:<port>` once every function is unpacked. The environment is
 * the functions' environment (TENANT, DATABASE_URL, …).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { mockLocation, Reactive } from "@netlify/dev-utils";
import { FunctionsHandler } from "@netlify/functions-dev";

interface ManifestRoute {
  pattern: string;
  literal?: string;
  expression?: string;
}
interface ManifestFunction {
  name: string;
  routes?: ManifestRoute[];
  buildData?: Record<string, unknown>;
}

const [zipsArg, workArg] = process.argv.slice(2);
if (!zipsArg || !workArg) {
  console.error("usage: node scripts/lib/netlify-functions-serve.ts <zips folder> <work folder>");
  process.exit(2);
}
const zipsDir: string = zipsArg;
const workDir: string = workArg;

const manifest = JSON.parse(readFileSync(path.join(zipsDir, "manifest.json"), "utf8")) as {
  functions: ManifestFunction[];
};
const functions = new FunctionsHandler({
  config: new Reactive({ functions: {} }),
  destPath: workDir,
  geolocation: mockLocation,
  manifest: manifest as never,
  projectRoot: workDir,
  settings: {},
  siteId: "deploy-check",
  userFunctionsPath: zipsDir,
});

/** The function a path reaches: by its manifest routes, or by name under /.netlify/functions/. */
function functionFor(pathname: string): string | null {
  const byName = /^\/\.netlify\/functions\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (byName) return byName;
  for (const fn of manifest.functions) {
    for (const route of fn.routes ?? []) {
      if (route.literal === pathname) return fn.name;
      if (route.expression && new RegExp(route.expression).test(pathname)) return fn.name;
    }
  }
  return null;
}

// Lambda runs a function with its unpacked zip as the working directory, and the functions read
// their included files (tenants/*/site.json, .cache/<slug>/tenant.json) relative to it. Worker
// threads share the process's directory, so calls run one at a time, each in its function's folder.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

async function answer(request: Request): Promise<Response> {
  const name = functionFor(new URL(request.url).pathname);
  const match = await functions.match(request);
  if (!name || !match) return new Response("Not Found", { status: 404 });
  process.chdir(path.join(workDir, ".unzipped", name));
  const response = await match.handle(request);
  // Read the body while still in the function's folder: a streamed answer is still being written.
  const body = await response.arrayBuffer();
  return new Response(request.method === "HEAD" ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

// Started by a test with a pipe on stdin: when that process goes, so does this one.
if (!process.stdin.isTTY) process.stdin.on("close", () => process.exit(0)).resume();

// Registering unpacks every zip; a first match waits for that.
await functions.match(new Request("http://127.0.0.1/.netlify/functions/none"));
// functions-dev 2.0.8 half-supports zips: it drops a zipped function's manifest routes and build
// data (its setRoutes needs build data, which only a build from source sets), so it would route
// zips by name only and call them as V1 functions, and before each call it tries to build the zip's
// entry file from source, which fails. netlify-cli's registry, from which it was extracted, takes
// both from the manifest for `netlify serve` and never rebuilds a zip; so do we (`routes` is where
// functions-dev's matcher looks).
interface Registered {
  buildData?: unknown;
  routes?: ManifestRoute[];
  build: () => Promise<object>;
}
const registry = (functions as unknown as { registry: { functions: Map<string, Registered> } }).registry;
for (const entry of manifest.functions) {
  const fn = registry.functions.get(entry.name);
  if (!fn) throw new Error(`functions-dev did not register ${entry.name}`);
  fn.buildData = { ...entry.buildData, routes: entry.routes ?? [] };
  fn.routes = entry.routes ?? [];
  fn.build = async () => ({});
}
serve(
  {
    fetch: (request) =>
      oneAtATime(() => answer(request)).catch((error: unknown) => {
        // The runtime itself failed (a function's own errors come back as its 500 answer).
        console.error(error);
        return new Response(`Function runtime error: ${String(error)}`, { status: 502 });
      }),
    hostname: "127.0.0.1",
    port: 0,
  },
  (info) => {
    console.log(`listening http://127.0.0.1:${info.port}`);
  },
);
