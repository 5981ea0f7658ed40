/**
 * The local server behind `npm start`: each tenant's static site chosen by Host
 * (`<slug>.localhost`), functions from src/functions under /api/* on the same origin, and an index
 * of tenants on plain `localhost`. Same routing rules as the Netlify deploy.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { CHECKOUT_PAGE, isCarCheckoutPath } from "~/features/checkout/checkout";
import { requeueParked } from "~/features/leads/outbox/stats.server";
import { locationAliasRedirect } from "~/features/locations/locations";
import { imageCdnResponse } from "~/features/media/images.server";
import { EOFY_PATH, isEofyShortPath } from "~/features/offers/eofy";
import { offerAliasRedirect } from "~/features/offers/offers";
import { modelsRedirect } from "~/features/search/routing";
import { pinnedTenant, slugFromHost } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import { ROOT } from "./build-tenants";
import { withSocketAddress } from "./client-address";
import { type LocalRebuilds, localRebuilds } from "./local-rebuild";
import { opsData, opsPage, REQUEUE_PATH } from "./ops-view";
import { localStaticHeaders } from "./page-headers";

export interface FunctionModule {
  default: (req: Request) => Response | Promise<Response>;
  config: { path: string | string[] };
}

/** Imports every src/functions/*.ts module that exports a handler and a path. */
export async function loadFunctions(dir: string): Promise<FunctionModule[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((file) => /\.(ts|js|mjs)$/.test(file) && !file.endsWith(".d.ts"));
  const modules = await Promise.all(files.map((file) => import(pathToFileURL(path.join(dir, file)).href)));
  return modules.filter(
    (mod): mod is FunctionModule => typeof mod.default === "function" && Boolean(mod.config?.path),
  );
}

/** `<slug>.localhost:4321` → `slug`; plain `localhost` → null (the same rule functions use). */
export function tenantFromHost(host: string | undefined): string | null {
  return slugFromHost(host);
}

export function listBuiltTenants(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  return readdirSync(distDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(distDir, entry.name, "index.html")))
    .map((entry) => entry.name)
    .sort();
}

/** The peer's address under @hono/node-server; none when the app is called in-process (tests). */
function socketAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export async function createApp(options: {
  distDir: string;
  functionsDir: string;
  port: number;
  cacheDir: string;
  /** A tenant's image hosts (site.json `image_hosts`); by default from its published snapshot. */
  imageHosts?: (slug: string) => readonly string[];
  /**
   * Serve as this one tenant's deployed site (`TENANT=<slug> npm start`): every Host gets its pages
   * and functions answer only for it. Default: the TENANT of the environment; null serves every
   * built tenant by `<slug>.localhost`.
   */
  tenant?: string | null;
  /** Build and feed reports for the ops view on the tenant index (default REPORTS_DIR or reports/). */
  reportsDir?: string;
  /** The database and rebuilds the ops view reads (default: this `npm start` process's). */
  live?: () => Pick<LocalRebuilds, "db" | "running"> | null;
  /** The ops view's clock (tests pin it). */
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  const live = options.live ?? localRebuilds;
  const pinned = options.tenant === undefined ? pinnedTenant() : options.tenant;
  const siteFor = (host: string | undefined) => pinned ?? tenantFromHost(host);
  const imageHosts = options.imageHosts ?? ((slug: string) => tenantSnapshot(slug)?.site.image_hosts ?? []);
  const app = new Hono();
  const functions = await loadFunctions(options.functionsDir);
  app.use("*", compress());
  // Netlify adds netlify.toml's and the site's _headers to the files it serves, never to what a
  // function answers: the same here, so tests see the headers production sends.
  const staticHeaders = localStaticHeaders(
    options.distDir,
    functions.flatMap((fn) => [fn.config.path].flat()),
  );
  app.use("*", async (c, next) => {
    await next();
    const wanted = staticHeaders(siteFor(c.req.header("host")), c.req.path);
    const missing = Object.entries(wanted).filter(([name]) => !c.res.headers.has(name));
    if (missing.length === 0) return;
    // Some responses (redirects, fetch results) have immutable headers: copy into a new one.
    const headers = new Headers(c.res.headers);
    for (const [name, value] of missing) headers.set(name, value);
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  });

  for (const fn of functions) {
    for (const route of [fn.config.path].flat()) {
      // Functions see the client's address the way Netlify gives it (rate limits key on it).
      app.all(route, (c) => fn.default(withSocketAddress(c.req.raw, socketAddress(c))));
    }
  }
  app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));
  app.get("/.netlify/images", (c) => {
    const slug = siteFor(c.req.header("host"));
    if (!slug) return c.text("Not found", 404);
    return imageCdnResponse(
      c.req.raw,
      path.join(options.distDir, slug),
      path.join(options.cacheDir, "images"),
      imageHosts(slug),
    );
  });

  const statics = new Map<string, MiddlewareHandler>();
  const staticFor = (slug: string) => {
    let handler = statics.get(slug);
    if (!handler) {
      handler = serveStatic({
        root: path.join(options.distDir, slug),
        onFound: (file, c) => {
          // Astro fingerprints /_astro/ assets, so they can be cached forever; pages must revalidate.
          c.header(
            "cache-control",
            file.includes("/_astro/")
              ? "public, max-age=31536000, immutable"
              : "public, max-age=0, must-revalidate",
          );
        },
      });
      statics.set(slug, handler);
    }
    return handler;
  };

  // The ops view's requeue button: a parked tenant's deliveries back in line. Only from the view
  // itself (a form on another site cannot post here: the browser says where a form came from).
  app.post(REQUEUE_PATH, async (c) => {
    const db = live()?.db;
    if (siteFor(c.req.header("host")) || !db) return c.text("Not found", 404);
    if (
      c.req.header("sec-fetch-site") !== "same-origin" &&
      c.req.header("origin") !== new URL(c.req.url).origin
    )
      return c.text("Forbidden: requeue from the ops view", 403);
    const tenant = String((await c.req.parseBody()).tenant ?? "");
    if (!listBuiltTenants(options.distDir).includes(tenant)) return c.text("Unknown site", 400);
    const requeued = await requeueParked(db, tenant);
    console.log(`[ops] ${tenant}: ${requeued} parked deliveries requeued from the ops view`);
    return c.redirect("/", 303);
  });

  app.get("*", async (c) => {
    const slug = siteFor(c.req.header("host"));
    if (!slug) {
      if (c.req.path !== "/") return c.text("Not found", 404);
      // The ops view: each tenant's builds, feed report and webhook state, always current.
      const reportsDir =
        options.reportsDir ?? path.resolve(process.env.REPORTS_DIR || path.join(ROOT, "reports"));
      const at = now();
      const tenants = await opsData(listBuiltTenants(options.distDir), reportsDir, live(), at);
      c.header("cache-control", "no-store");
      return c.html(opsPage(tenants, options.port, at));
    }
    // Same redirects as netlify.toml: old body-type links land on the refined search, old location
    // links on the location's page, a manufacturer's offer link on the offer's page. Like Netlify,
    // a target without a query of its own gets the request's (tests/unit/netlify-routing.test.ts).
    const url = new URL(c.req.url);
    const redirect =
      modelsRedirect(url) ?? locationAliasRedirect(c.req.path) ?? offerAliasRedirect(c.req.path);
    if (redirect) return c.redirect(redirect.includes("?") ? redirect : `${redirect}${url.search}`, 301);
    const root = path.join(options.distDir, slug);
    // Same rewrites as netlify.toml: every car's checkout address serves the one checkout page, and
    // the EOFY sale's short address its page (a site without the sale answers 404 at both).
    const rewrite = isCarCheckoutPath(c.req.path)
      ? CHECKOUT_PAGE
      : isEofyShortPath(c.req.path)
        ? EOFY_PATH
        : null;
    const page = rewrite && path.join(root, rewrite, "index.html");
    if (page && existsSync(page)) {
      c.header("cache-control", "public, max-age=0, must-revalidate");
      return c.html(readFileSync(page, "utf8"));
    }
    if (!existsSync(root)) {
      return c.html(
        `<!doctype html><html lang="en-AU"><title>Unknown site</title><h1>No site called "${slug}" has been built</h1>`,
        404,
      );
    }
    // A no-op `next`: when no file matches we answer with the tenant's own 404 page below.
    const response = await staticFor(slug)(c, async () => {});
    if (response) return response;
    const notFound = path.join(root, "404.html");
    return c.html(existsSync(notFound) ? readFileSync(notFound, "utf8") : "Not found", 404);
  });
  return app;
}
