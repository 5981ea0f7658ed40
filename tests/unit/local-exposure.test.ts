/**
 * `HOST=0.0.0.0 npm start`: a local server open to the network turns off the stand-ins that are
 * safe only on the developer's machine (the no-charge test checkout, sign-in codes printed to the
 * log), unless ALLOW_NETWORK_STAND_INS=1 asks for them.
 */
import { describe, expect, it } from "vitest";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { paymentProviderFromEnv, testCheckoutAllowed } from "~/features/payments/providers.server";
import { isLoopbackHost, localExposure } from "../../scripts/lib/exposure";

describe("the local server's exposure", () => {
  it.each(["127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]"])("%s is this machine only", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(localExposure(host, {})).toEqual({ standIns: "on", warning: null });
  });

  it.each(["0.0.0.0", "::", "192.168.1.20", "dev.example.com"])(
    "%s turns the stand-ins off and says so",
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      expect(localExposure(host, {})).toEqual({
        standIns: "off",
        warning: `Listening on ${host}, beyond this machine: the no-charge test checkout, console sign-in codes and invented trade-in valuations are off (payments need STRIPE_SECRET_KEY, sign-in SMS_WEBHOOK_URL, valuations VALUATION_URL). ALLOW_NETWORK_STAND_INS=1 turns them on for a trusted network.`,
      });
    },
  );

  it("ALLOW_NETWORK_STAND_INS=1 keeps them on, with a warning", () => {
    const exposure = localExposure("0.0.0.0", { ALLOW_NETWORK_STAND_INS: "1" });
    expect(exposure.standIns).toBe("on");
    expect(exposure.warning).toMatch(
      /^WARNING: listening on 0\.0\.0\.0 with ALLOW_NETWORK_STAND_INS=1: anyone/,
    );
  });
});

describe("the stand-ins follow LOCAL_STAND_INS", () => {
  it("no test checkout when the server is open to the network", () => {
    expect(paymentProviderFromEnv({ PAYMENT_PROVIDER: "test" })?.name).toBe("test");
    expect(paymentProviderFromEnv({ PAYMENT_PROVIDER: "test", LOCAL_STAND_INS: "off" })).toBeNull();
    expect(testCheckoutAllowed({ LOCAL_STAND_INS: "off" })).toBe(false);
    expect(testCheckoutAllowed({})).toBe(true);
  });

  it("no console SMS (codes in the log) when the server is open to the network", () => {
    expect(smsAdapterFromEnv({ DATA_DIR: "memory" })?.name).toBe("console");
    expect(smsAdapterFromEnv({ DATA_DIR: "memory", LOCAL_STAND_INS: "off" })).toBeNull();
    // A real gateway still texts codes.
    expect(
      smsAdapterFromEnv({ LOCAL_STAND_INS: "off", SMS_WEBHOOK_URL: "https://sms.example/send" })?.name,
    ).toBe("webhook");
  });
});
