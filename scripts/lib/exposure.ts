/**
 * Whether the local server is open to the network, and what that turns off. Listening beyond
 * loopback (`HOST=0.0.0.0 npm start`) puts the no-charge test checkout, the console SMS adapter
 * (sign-in codes printed to the log) and the invented trade-in valuations in reach of anyone on the
 * network, so all three are off there
 * (`LOCAL_STAND_INS=off`) unless `ALLOW_NETWORK_STAND_INS=1` asks for them, which the log says
 * loudly.
 */

/** Names and addresses that reach only this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export interface Exposure {
  /** The value for `LOCAL_STAND_INS`: "off" turns the stand-ins off. */
  standIns: "on" | "off";
  /** What the log says, or null on loopback. */
  warning: string | null;
}

export function localExposure(hostname: string, env: NodeJS.ProcessEnv = process.env): Exposure {
  if (isLoopbackHost(hostname)) return { standIns: "on", warning: null };
  if (env.ALLOW_NETWORK_STAND_INS === "1") {
    return {
      standIns: "on",
      warning:
        `WARNING: listening on ${hostname} with ALLOW_NETWORK_STAND_INS=1: anyone who can reach this ` +
        "machine can pay through the no-charge test checkout, read sign-in codes printed to this log and " +
        "accept invented trade-in offers.",
    };
  }
  return {
    standIns: "off",
    warning:
      `Listening on ${hostname}, beyond this machine: the no-charge test checkout, console sign-in ` +
      "codes and invented trade-in valuations are off (payments need STRIPE_SECRET_KEY, sign-in " +
      "SMS_WEBHOOK_URL, valuations VALUATION_URL). " +
      "ALLOW_NETWORK_STAND_INS=1 turns them on for a trusted network.",
  };
}
