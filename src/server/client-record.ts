/**
 * What is kept of a client's address with what it sent (a lead, a phone reveal, an unsubscribe):
 * never the address itself. Abuse review needs to see a run of submissions from one place and
 * report it to that network's owner; the rate limits need nothing stored (they count live
 * requests). So a record keeps the network (IPv4 by /24, IPv6 by /64, the unit an IPv6 client is
 * limited by) and, where the deploy has IP_HASH_SECRET, a keyed hash of the whole address, which
 * matches one address's submissions within a site and cannot be turned back into it.
 */
import { createHash } from "node:crypto";
import { isIPv4 } from "node:net";
import { clientKey, ipv6Groups } from "./client";

/**
 * The network `ip` belongs to: `203.0.113.0/24`, `2001:db8:1:2::/64` (written as Postgres writes a
 * `cidr`); an IPv4-mapped IPv6 address as its IPv4 network. Null when `ip` is not an address.
 */
export function clientNetwork(ip: string | null): string | null {
  const key = clientKey(ip);
  if (isIPv4(key)) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  const groups = ipv6Groups(ip?.trim() ?? "");
  if (!groups) return null;
  const prefix = [...groups.slice(0, 4), 0, 0, 0, 0].map((group) => group.toString(16)).join(":");
  // The URL parser writes IPv6 the canonical way (RFC 5952: lower case, longest zero run as ::).
  return `${new URL(`http://[${prefix}]`).hostname.slice(1, -1)}/64`;
}

/**
 * Where a request came from, without keeping the address: sha256 of the deploy's secret, the site
 * and the address. The site makes one address's hashes differ from dealer to dealer; the secret
 * keeps anyone holding only the table from trying all IPv4 addresses.
 */
export function addressHash(tenant: string, ip: string, secret: string | null = null): string {
  return createHash("sha256")
    .update(`${secret ?? ""}\0${tenant}\0${ip}`)
    .digest("hex");
}

/** The deploy's IP_HASH_SECRET, or null. */
export function ipHashSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.IP_HASH_SECRET || null;
}

export interface ClientRecord {
  client_network: string | null;
  /**
   * Only with a secret: beside the network, an unkeyed hash of an IPv4 address would give the
   * address back in 256 tries.
   */
  client_hash: string | null;
}

/** What a stored record keeps of the client at `ip` on `tenant`'s site. */
export function clientRecord(tenant: string, ip: string | null, secret: string | null): ClientRecord {
  const network = clientNetwork(ip);
  return {
    client_network: network,
    client_hash: network !== null && ip !== null && secret ? addressHash(tenant, ip.trim(), secret) : null,
  };
}
