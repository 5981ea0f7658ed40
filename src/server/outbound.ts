/**
 * Our outbound POSTs (leads to a CRM or ADF endpoint, codes to an SMS gateway, the build hook)
 * never follow a redirect: a 307 would resend the signed lead or code, body and signature, to
 * wherever the receiver points, an `http:` address or one inside the network included. A redirect
 * is a refusal, reported with where it pointed, so the operator sets the receiver's final address.
 */

/** Fetch options for an outbound POST: redirects come back as answers, never followed. */
export const NO_REDIRECTS = { redirect: "manual" } as const satisfies RequestInit;

/** Why `response` is a refusal because it redirects, or null when it is not a redirect. */
export function redirectRefusal(response: Response, receiver: string): string | null {
  const redirected = response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400);
  if (!redirected) return null;
  const location = response.headers.get("location");
  return (
    `${receiver} answered with a redirect (HTTP ${response.status}${location ? ` to ${location}` : ""}), ` +
    "which is not followed: set its final https: address"
  );
}
