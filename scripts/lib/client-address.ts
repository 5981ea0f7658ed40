/**
 * The client's address as a function sees it locally: taken from the socket and handed over the way
 * Netlify does (`x-nf-client-connection-ip`), never from what the client sent. A client-sent
 * `X-Forwarded-For` would otherwise let anyone pick their rate-limit bucket and the address a lead
 * is recorded with. Shared by `npm start` (scripts/lib/app.ts) and `npm run dev` (functions-dev.ts).
 */
export function withSocketAddress(req: Request, address: string | undefined): Request {
  const headers = new Headers(req.headers);
  headers.delete("x-nf-client-connection-ip");
  headers.delete("x-forwarded-for");
  if (address) headers.set("x-nf-client-connection-ip", address);
  return new Request(req, { headers, duplex: "half" } as RequestInit);
}
