import type { APIRoute } from "astro";
import { currentTenant } from "~/tenant/tenant.server";

export const GET: APIRoute = async () => {
  const { site } = await currentTenant();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    `Sitemap: ${new URL("/sitemap.xml", site.url).href}`,
    "",
  ];
  return new Response(body.join("\n"), { headers: { "content-type": "text/plain; charset=utf-8" } });
};
