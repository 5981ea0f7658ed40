/** GET /api/health: liveness for ops and the local server's smoke test. */
import { json } from "~/server/http";

export default async (req: Request): Promise<Response> => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return json({ error: "Method not allowed" }, 405, { allow: "GET, HEAD" });
  }
  return json({ ok: true, time: new Date().toISOString() });
};

export const config = { path: "/api/health" };
