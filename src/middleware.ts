/**
 * Every page Astro renders passes through here (at build time for this static site): its HTML is
 * made valid where Astro's own output is not (src/lib/island-style.ts).
 */
import { defineMiddleware } from "astro:middleware";
import { islandStyleInHead } from "~/lib/island-style";

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  return new Response(islandStyleInHead(html), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
