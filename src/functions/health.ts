/** GET /api/health: liveness for ops and the local server's smoke test. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { allow: "GET, HEAD" } });
  }
  return Response.json(
    { ok: true, time: new Date().toISOString() },
    { headers: { "cache-control": "no-store" } },
  );
};

export const config = { path: "/api/health" };
