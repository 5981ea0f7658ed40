/**
 * How every form sends (spec §4 submit states, §8 errors): what goes over the wire, what the
 * shopper reads for each kind of answer, and one idempotency key per attempt.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendJson, submitAttempt } from "~/lib/ui/lead-submit.client";

const TEXTS = {
  failed: "An error occurred when submitting this form",
  offline: "We couldn't reach the server. Please check your connection and try again.",
  unexpected: "An unexpected error occured",
};

function answering(response: Response | Error) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("what goes over the wire", () => {
  it("posts the body as JSON with the caller's headers", async () => {
    const fetch = answering(json({ lead_id: "L1" }, 201));
    await sendJson("/api/leads", TEXTS, { body: { name: "Ana" }, headers: { "idempotency-key": "lead-1" } });
    expect(fetch).toHaveBeenCalledWith("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "lead-1" },
      body: '{"name":"Ana"}',
    });
  });

  it("asks with GET when there is no body", async () => {
    const fetch = answering(json({ lookup: true }, 200));
    await sendJson("/api/trade-in/rego", TEXTS);
    expect(fetch).toHaveBeenCalledWith("/api/trade-in/rego", { method: "GET" });
  });
});

describe("what the shopper reads", () => {
  it("a yes with a JSON answer is a success carrying the answer", async () => {
    answering(json({ lead_id: "L1" }, 201));
    expect(await sendJson("/api/leads", TEXTS, { body: {} })).toEqual({
      ok: true,
      status: 201,
      body: { lead_id: "L1" },
    });
  });

  it("a refusal shows the server's words and marks its fields", async () => {
    answering(
      json({ error: "Please fix the following errors:", fields: { email: "Email is invalid" } }, 400),
    );
    expect(await sendJson("/api/leads", TEXTS, { body: {} })).toEqual({
      ok: false,
      status: 400,
      error: "Please fix the following errors:",
      fields: { email: "Email is invalid" },
    });
  });

  it.each<[string, Response, string]>([
    ["a refusal without words", new Response("Bad gateway", { status: 502 }), TEXTS.failed],
    ["a refusal with an empty error", json({ error: "" }, 500), TEXTS.failed],
    ["a yes that is not JSON", new Response("<html>", { status: 200 }), TEXTS.unexpected],
  ])("%s reads as the form's own text", async (_, response, error) => {
    answering(response);
    expect(await sendJson("/api/leads", TEXTS, { body: {} })).toEqual({
      ok: false,
      status: response.status,
      error,
    });
  });

  it("a yes that is not JSON reads as the failure text when the form has no word for it", async () => {
    answering(new Response("", { status: 200 }));
    const result = await sendJson("/api/unsubscribe", {
      failed: "Unsubscribing is unavailable",
      offline: "Offline",
    });
    expect(result).toEqual({ ok: false, status: 200, error: "Unsubscribing is unavailable" });
  });

  // Firefox and Safari word a lost connection their own way; the shopper reads the form's text.
  it.each([
    new TypeError("Failed to fetch"),
    new TypeError("NetworkError when attempting to fetch resource."),
    new TypeError("Load failed"),
  ])("a lost connection (%s) reads as the offline text", async (error) => {
    answering(error);
    expect(await sendJson("/api/leads", TEXTS, { body: {} })).toEqual({
      ok: false,
      status: 0,
      error: TEXTS.offline,
    });
  });
});

describe("one idempotency key per attempt", () => {
  it("keeps the key across retries and starts a new one once the lead is stored", () => {
    const ids = ["a1", "b2"];
    const attempt = submitAttempt(() => ids.shift() ?? "none");
    expect(attempt.key()).toBe("lead-a1");
    expect(attempt.key()).toBe("lead-a1");
    attempt.done();
    expect(attempt.key()).toBe("lead-b2");
  });
});
