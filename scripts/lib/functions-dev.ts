/**
 * Astro integration for `npm run dev`: answers /api/* from src/functions through Vite's module
 * loader, so functions hot-reload like pages.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { AstroIntegration } from "astro";
import { buildEnv } from "../../src/tenant/build-env";
import { withSocketAddress } from "./client-address";

/** Function routes that live beside the car pages (`/cars/:slug/autogauge`, `/cars/:slug/view.json`). */
const CAR_CALLS = /^\/cars\/[^/]+\/(?:autogauge|view\.json)\/?$/;

/** A Netlify-style route (`/cars/:slug/autogauge`) as a regular expression. */
function routePattern(route: string): RegExp {
  const source = route
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`);
}

export default function functionsDev(functionsDir: string): AstroIntegration {
  return {
    name: "functions-dev",
    hooks: {
      "astro:server:setup": ({ server }) => {
        const listener = getRequestListener(async (received, { incoming }) => {
          // From the socket, as `npm start` does: never the client's own X-Forwarded-For.
          const request = withSocketAddress(received, incoming.socket.remoteAddress);
          if (new URL(request.url).pathname === "/.netlify/images") {
            const { imageCdnResponse } = await server.ssrLoadModule("~/features/media/images.server");
            const hosts = buildEnv().imageHosts ?? [];
            return imageCdnResponse(request, path.resolve("public"), path.resolve(".cache/images"), hosts);
          }
          const files = readdirSync(functionsDir).filter((file) => file.endsWith(".ts"));
          for (const file of files) {
            const mod = await server.ssrLoadModule(path.join(functionsDir, file));
            const paths = [mod.config?.path ?? []].flat() as string[];
            const { pathname } = new URL(request.url);
            if (paths.some((route) => routePattern(route).test(pathname))) return mod.default(request);
          }
          return Response.json({ error: "Not found" }, { status: 404 });
        });
        server.middlewares.use((req, res, next) => {
          const pathname = (req.url ?? "").split("?")[0] ?? "";
          if (
            pathname.startsWith("/api/") ||
            pathname.startsWith("/.netlify/images") ||
            CAR_CALLS.test(pathname)
          ) {
            listener(req, res);
          } else next();
        });
      },
    },
  };
}
