/**
 * Online payment (spec §2 /online-payment; §4 always behind sign-in): amounts, the request's
 * rules, Stripe's signature and request, and the functions against real storage (PGlite in
 * memory): a payment is stored before the provider hears of it, and settled once, with one notice
 * for the dealer's CRM, however often the result arrives.
 */
import { sql } from "kysely";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AccountOptions,
  createSignInCodeHandler,
  createSignInVerifyHandler,
} from "~/features/account/account.server";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { paymentRequestSchema } from "~/features/payments/payment.schema";
import {
  formatCents,
  PAYMENT_TEXTS,
  parseAmountToCents,
  paymentDescription,
} from "~/features/payments/payments";
import {
  createOnlinePaymentHandler,
  type PaymentOptions,
  settlePayment,
} from "~/features/payments/payments.server";
import {
  createStripeWebhookHandler,
  createTestCheckoutHandler,
} from "~/features/payments/provider-results.server";
import {
  type PaymentProvider,
  paymentProviderFromEnv,
  stripeProvider,
  testProvider,
  verifiedStripeEvent,
} from "~/features/payments/providers.server";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { makeSite, NOW } from "./helpers";
import { type StripeStub, startStripeStub } from "./stripe-stub";

describe("amounts", () => {
  it.each([
    ["500", 50000],
    ["$1,250.50", 125050],
    ["1250.5", 125050],
    [" 80 ", 8000],
    ["0.99", 99],
  ])("%j is %d cents", (input, cents) => expect(parseAmountToCents(input)).toBe(cents));

  it.each(["", "abc", "12.345", "-5", "1e5", "$", "1.2.3"])("%j is not an amount", (input) =>
    expect(parseAmountToCents(input)).toBeNull(),
  );

  it("shows cents as dollars", () => expect(formatCents(125050)).toBe("$1,250.50"));
});

describe("what a payment asks", () => {
  const schema = paymentRequestSchema({ maxAmount: 20000, dealershipSlugs: ["north", "south"] });
  const valid = {
    purpose: "Service invoice",
    reference: "INV-2041",
    amount: "1,250.50",
    name: "Kim",
    email: "kim@example.com.au",
    dealership_slug: "north",
  };

  it("keeps the amount in cents", () => expect(schema.parse(valid).amount).toBe(125050));

  it.each([
    [{ purpose: "" }, "purpose", PAYMENT_TEXTS.purpose],
    [{ reference: "" }, "reference", PAYMENT_TEXTS.reference],
    [{ reference: "INV#1" }, "reference", PAYMENT_TEXTS.referenceInvalid],
    [{ amount: "lots" }, "amount", PAYMENT_TEXTS.amount],
    [{ amount: "0.50" }, "amount", PAYMENT_TEXTS.amountRange("$20,000.00")],
    [{ amount: "20000.01" }, "amount", PAYMENT_TEXTS.amountRange("$20,000.00")],
    [{ name: "" }, "name", LEAD_TEXTS.name],
    [{ email: "kim@" }, "email", LEAD_TEXTS.emailInvalid],
    [{ dealership_slug: "" }, "dealership_slug", LEAD_TEXTS.dealership],
    [{ dealership_slug: "elsewhere" }, "dealership_slug", LEAD_TEXTS.dealership],
  ])("%j is refused on %s: %s", (change, field, message) => {
    const result = schema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it("takes exactly the limit, and needs no dealership on a one-dealership site", () => {
    expect(schema.parse({ ...valid, amount: "20,000" }).amount).toBe(2_000_000);
    const single = paymentRequestSchema({ maxAmount: 100, dealershipSlugs: ["only"] });
    expect(single.safeParse({ ...valid, amount: "100", dealership_slug: undefined }).success).toBe(true);
  });

  it("describes the payment for the statement", () =>
    expect(paymentDescription({ purpose: "Vehicle deposit", reference: "STK 1234" }, "Test Motors")).toBe(
      "Vehicle deposit STK 1234 – Test Motors",
    ));
});

describe("Stripe", () => {
  const secret = "whsec_test";
  let stub: StripeStub;
  beforeAll(async () => {
    stub = await startStripeStub();
  });
  afterAll(() => stub.close());
  const body = '{"type":"checkout.session.completed"}';

  const sign = (payload: string, at: Date, key = secret) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: key,
      timestamp: Math.floor(at.getTime() / 1000),
    });
  const verifies = (payload: string, header: string | null, key: string, at: Date) =>
    verifiedStripeEvent(payload, header, key, at) !== null;

  it("the SDK accepts Stripe's own signature within 5 minutes and nothing else", () => {
    const header = sign(body, NOW);
    expect(verifiedStripeEvent(body, header, secret, NOW)).toEqual({ type: "checkout.session.completed" });
    expect(verifies(body, header, secret, new Date(NOW.getTime() + 299_000))).toBe(true);
    expect(verifies(body, header, secret, new Date(NOW.getTime() + 301_000))).toBe(false);
    expect(verifies(`${body} `, header, secret, NOW)).toBe(false);
    expect(verifies(body, header, "whsec_other", NOW)).toBe(false);
    expect(verifies(body, null, secret, NOW)).toBe(false);
    expect(verifies(body, "t=abc,v1=00", secret, NOW)).toBe(false);
    // A rotated secret: Stripe sends a v1 per secret; one match is enough.
    expect(verifies(body, `${header},v1=${"0".repeat(64)}`, secret, NOW)).toBe(true);
  });

  describe("against a vector computed outside the code", () => {
    // Computed with openssl, not with the product's signer:
    //   printf '%s' '1781488800.{"type":"payment_intent.created","id":"evt_vector"}' \
    //     | openssl dgst -sha256 -hmac 'whsec_vector_2f9c41d07e5a8b63c94f1e02'
    const VECTOR_SECRET = "whsec_vector_2f9c41d07e5a8b63c94f1e02";
    const VECTOR_T = 1781488800; // 2026-06-15T02:00:00Z, the helpers' NOW
    const VECTOR_BODY = '{"type":"payment_intent.created","id":"evt_vector"}';
    const VECTOR_V1 = "24e5c801cb330432906bc3426c9d55c6354f51b628a2a0081e0c9124396820dc";

    it("the SDK's test signer signs as the vector says", () => {
      expect(NOW.getTime() / 1000).toBe(VECTOR_T);
      expect(sign(VECTOR_BODY, NOW, VECTOR_SECRET)).toBe(`t=${VECTOR_T},v1=${VECTOR_V1}`);
    });

    it("takes the vector, and refuses it with the timestamp or the body changed", () => {
      expect(verifies(VECTOR_BODY, `t=${VECTOR_T},v1=${VECTOR_V1}`, VECTOR_SECRET, NOW)).toBe(true);
      expect(verifies(VECTOR_BODY, `t=${VECTOR_T - 1},v1=${VECTOR_V1}`, VECTOR_SECRET, NOW)).toBe(false);
      expect(
        verifies(
          VECTOR_BODY.replace("created", "updated"),
          `t=${VECTOR_T},v1=${VECTOR_V1}`,
          VECTOR_SECRET,
          NOW,
        ),
      ).toBe(false);
    });

    it("the webhook answers 400 to the vector with the timestamp or the body changed", async () => {
      const webhook = createStripeWebhookHandler({
        db: async () => db,
        secret: VECTOR_SECRET,
        tenantFor: () => "pay-motors",
        now: () => NOW,
      });
      const post = (body: string, signature: string) =>
        webhook(
          new Request("http://localhost/api/online-payment/webhook", {
            method: "POST",
            headers: { "stripe-signature": signature },
            body,
          }),
        );
      expect((await post(VECTOR_BODY, `t=${VECTOR_T - 1},v1=${VECTOR_V1}`)).status).toBe(400);
      expect(
        (await post(VECTOR_BODY.replace("created", "updated"), `t=${VECTOR_T},v1=${VECTOR_V1}`)).status,
      ).toBe(400);
      const good = await post(VECTOR_BODY, `t=${VECTOR_T},v1=${VECTOR_V1}`);
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ received: true, ignored: "payment_intent.created" });
    });
  });

  it("opens a Checkout session in AUD for the amount, once per payment, through the SDK", async () => {
    stub.reply = () => ({
      body: { id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.test/cs_test_1" },
    });
    const provider = stripeProvider("sk_test_123", stub.api);
    const checkout = await provider.createCheckout({
      paymentId: "p-1",
      amountCents: 125050,
      description: "Service invoice INV-2041 – Test Motors",
      email: "kim@example.com.au",
      successUrl: "https://test.example/online-payment?payment=p-1",
      cancelUrl: "https://test.example/online-payment?payment=p-1&cancelled=1",
    });
    expect(checkout).toEqual({ url: "https://checkout.stripe.test/cs_test_1", providerRef: "cs_test_1" });
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(stub.calls[0]?.headers.authorization).toBe("Bearer sk_test_123");
    expect(stub.calls[0]?.headers["idempotency-key"]).toBe("checkout-p-1");
    expect(stub.calls[0]?.form).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "aud",
      "line_items[0][price_data][unit_amount]": "125050",
      "line_items[0][price_data][product_data][name]": "Service invoice INV-2041 – Test Motors",
      client_reference_id: "p-1",
      "metadata[payment_id]": "p-1",
      customer_email: "kim@example.com.au",
      success_url: "https://test.example/online-payment?payment=p-1",
      cancel_url: "https://test.example/online-payment?payment=p-1&cancelled=1",
    });
  });

  it("a refused session is an error, not a page to send the shopper to", async () => {
    stub.reply = () => ({
      status: 402,
      body: { error: { type: "invalid_request_error", message: "Refused" } },
    });
    const provider = stripeProvider("sk_test_123", stub.api);
    await expect(
      provider.createCheckout({
        paymentId: "p",
        amountCents: 100,
        description: "x",
        email: "a@b.co",
        successUrl: "https://a.example/",
        cancelUrl: "https://a.example/",
      }),
    ).rejects.toThrow(/Refused/);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: "sk" }, "stripe"],
    [{ STRIPE_SECRET_KEY: "sk", PAYMENT_PROVIDER: "test" }, "stripe"],
    [{ PAYMENT_PROVIDER: "test" }, "test"],
    [{}, null],
    [{ AWS_LAMBDA_FUNCTION_NAME: "fn" }, null],
    // Deployed, the no-charge checkout is never the provider, whatever PAYMENT_PROVIDER says.
    [{ PAYMENT_PROVIDER: "test", NETLIFY: "true" }, null],
    [{ PAYMENT_PROVIDER: "test", AWS_LAMBDA_FUNCTION_NAME: "fn" }, null],
  ])("provider for %j: %s", (env, name) => expect(paymentProviderFromEnv(env)?.name ?? null).toBe(name));
});

const HOST = "pay-motors.localhost";
const data: TenantData = {
  site: makeSite({ slug: "pay-motors", online_payment: { max_amount: 20000 } }),
  locations: [],
  offers: [],
  pages: [],
  cars: [],
  now: NOW.toISOString(),
};
/** Pins a handler to the site the payments are made on, as a deployed site's TENANT does. */
const payMotors = () => "pay-motors";
let db: Db;
let provider: PaymentProvider | null = testProvider();
const options = (): PaymentOptions => ({
  db: async () => db,
  tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
  snapshot: (slug) =>
    slug === "pay-motors" ? data : slug === "plain-motors" ? { ...data, site: makeSite() } : null,
  provider,
  now: () => NOW,
});
let cookie = "";
beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
  const account: AccountOptions = {
    ...options(),
    sms: { name: "test", async send() {} },
    newCode: () => "123456",
  };
  const post = (body: unknown) =>
    new Request("http://localhost/api", {
      method: "POST",
      headers: { "content-type": "application/json", host: HOST, "x-forwarded-for": "192.0.2.5" },
      body: JSON.stringify(body),
    });
  await createSignInCodeHandler(account)(post({ phone: "0412 555 666" }));
  const verified = await createSignInVerifyHandler(account)(post({ phone: "0412 555 666", code: "123456" }));
  cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}, 180_000);
afterAll(async () => {
  await db?.destroy();
});

let ip = 1;
function paymentRequest(
  method: "GET" | "POST",
  body?: unknown,
  init: { cookie?: string; query?: string } = {},
) {
  return new Request(`http://${HOST}/api/online-payment${init.query ?? ""}`, {
    method,
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      "x-forwarded-for": `203.0.113.${ip++ % 250}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const valid = {
  purpose: "Vehicle deposit",
  reference: "STK-1234",
  amount: "500",
  name: "Kim",
  email: "kim@example.com.au",
};
async function call(req: Request) {
  const response = await createOnlinePaymentHandler(options())(req);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const notices = (paymentId: string) =>
  leadsDb(db)
    .selectFrom("leads")
    .innerJoin("lead_outbox", "lead_outbox.lead_id", "leads.id")
    .select(["leads.fields"])
    .where("leads.kind", "=", "online_payment")
    .where(sql<string>`leads.fields->>'payment_id'`, "=", paymentId)
    .execute();
const statusOf = async (id: string) =>
  (await call(paymentRequest("GET", undefined, { cookie, query: `?payment=${id}` }))).body.payment as
    | { status: string; status_text: string; amount: string }
    | undefined;

const paymentCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from payments`.execute(db)).rows[0]?.n);

describe("/api/online-payment", () => {
  it("says whether payments can be taken here, and only where the site offers them", async () => {
    expect(await call(paymentRequest("GET"))).toEqual({ status: 200, body: { available: true } });
    const plain = await createOnlinePaymentHandler(options())(
      new Request("http://plain-motors.localhost/api/online-payment", {
        headers: { host: "plain-motors.localhost" },
      }),
    );
    expect(plain.status).toBe(404);
  });

  it("a signed-out shopper is asked to sign in (spec §4: always gated)", async () => {
    expect(await call(paymentRequest("POST", valid))).toEqual({
      status: 401,
      body: { error: PAYMENT_TEXTS.signInNeeded },
    });
  });

  it("answers the shopper's words for each field that is wrong", async () => {
    const { status, body } = await call(paymentRequest("POST", { ...valid, amount: "0" }, { cookie }));
    expect(status).toBe(400);
    expect(body.fields).toEqual({ amount: PAYMENT_TEXTS.amountRange("$20,000.00") });
  });

  it.each([
    [
      "a lone surrogate in the name",
      { name: "Ki\ud800m" },
      { name: "This has characters we can't read. Please retype it." },
    ],
    [
      "a 10,000-character last name",
      { last_name: "K".repeat(10_000) },
      { last_name: "Please keep this under 80 characters." },
    ],
    ["a 10,000-character amount", { amount: "5".repeat(10_000) }, { amount: PAYMENT_TEXTS.amount }],
    [
      "another site's dealership on a one-dealership site",
      { dealership_slug: "elsewhere" },
      { dealership_slug: LEAD_TEXTS.dealership },
    ],
    [
      "a dealership of 10,000 characters",
      { dealership_slug: "d".repeat(10_000) },
      { dealership_slug: LEAD_TEXTS.dealership },
    ],
  ])("answers %s with 400 and stores nothing", async (_what, change, fields) => {
    const before = await paymentCount();
    const { status, body } = await call(paymentRequest("POST", { ...valid, ...change }, { cookie }));
    expect(status).toBe(400);
    expect(body.fields).toEqual(fields);
    expect(await paymentCount()).toBe(before);
  });

  it("drops a NUL from the shopper's text instead of failing the payment (201, not 503)", async () => {
    const { status, body } = await call(
      paymentRequest("POST", { ...valid, name: "Ki\u0000m", last_name: "Le\u0000e" }, { cookie }),
    );
    expect(status).toBe(201);
    const { rows } =
      await sql`select name, last_name from payments where id = ${String(body.payment)}`.execute(db);
    expect(rows).toEqual([{ name: "Kim", last_name: "Lee" }]);
  });

  it("stores the payment before the provider's checkout, then the test provider settles it once", async () => {
    const { status, body } = await call(paymentRequest("POST", valid, { cookie }));
    expect(status).toBe(201);
    const id = String(body.payment);
    expect(body.url).toBe(`http://${HOST}/api/online-payment/test-checkout?payment=${id}`);
    expect(await statusOf(id)).toMatchObject({ status: "pending", amount: "$500.00" });

    const checkout = createTestCheckoutHandler({
      db: async () => db,
      provider: testProvider(),
      tenantFor: payMotors,
    });
    const page = await checkout(new Request(String(body.url)));
    expect(await page.text()).toContain("no card is charged");
    const paid = await checkout(
      new Request(`http://${HOST}/api/online-payment/test-checkout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ payment: id, outcome: "paid" }),
      }),
    );
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://${HOST}/online-payment?payment=${id}`);
    expect(await statusOf(id)).toMatchObject({ status: "paid", status_text: PAYMENT_TEXTS.status.paid });
    const sent = await notices(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.fields).toMatchObject({
      phone: "+61412555666",
      purpose: "Vehicle deposit",
      reference: "STK-1234",
      amount: "$500.00",
      amount_cents: 50000,
      provider: "test",
    });
    // The result again, or a late cancel, changes nothing.
    expect(await settlePayment(db, "pay-motors", id, "paid")).toBe("paid");
    expect(await settlePayment(db, "pay-motors", id, "cancelled")).toBe("paid");
    expect(await notices(id)).toHaveLength(1);
    // Another shopper cannot read it.
    expect((await call(paymentRequest("GET", undefined, { query: `?payment=${id}` }))).status).toBe(401);
  });

  it("a provider that fails leaves the payment failed and asks the shopper to try again", async () => {
    provider = {
      name: "stripe",
      async createCheckout() {
        throw new Error("Stripe is down");
      },
      async refund() {
        throw new Error("Stripe is down");
      },
    };
    const { status, body } = await call(paymentRequest("POST", valid, { cookie }));
    provider = testProvider();
    expect(status).toBe(502);
    expect(body).toEqual({ error: PAYMENT_TEXTS.failed });
    const row = await db
      .selectFrom("payments" as never)
      .select(["status" as never])
      .orderBy("created_at" as never, "desc")
      .executeTakeFirst();
    expect(row).toEqual({ status: "failed" });
  });

  it("one address may start only so many payments, and is told so without enquiry wording", async () => {
    const limited = { ...options(), rateLimit: { hits: 1, windowMs: 60_000 } };
    const send = () =>
      createOnlinePaymentHandler(limited)(
        new Request(`http://${HOST}/api/online-payment`, {
          method: "POST",
          headers: {
            host: HOST,
            "content-type": "application/json",
            cookie,
            "x-forwarded-for": "198.51.100.44",
          },
          body: JSON.stringify(valid),
        }),
      );
    expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(
      /^That's a lot of tries in a short time\. Please try again in \d+ seconds\.$/,
    );
  });

  it("deployed without a provider: unavailable, and nothing is stored", async () => {
    provider = null;
    const available = await call(paymentRequest("GET"));
    const started = await call(paymentRequest("POST", valid, { cookie }));
    provider = testProvider();
    expect(available.body).toEqual({ available: false });
    expect(started).toEqual({ status: 503, body: { error: PAYMENT_TEXTS.unavailable } });
  });
});

describe("POST /api/online-payment/webhook (Stripe)", () => {
  const secret = "whsec_unit";
  const webhook = createStripeWebhookHandler({
    db: async () => db,
    secret,
    tenantFor: payMotors,
    now: () => NOW,
  });
  const send = (event: unknown, signature?: string, to = webhook) => {
    const raw = JSON.stringify(event);
    return to(
      new Request("http://localhost/api/online-payment/webhook", {
        method: "POST",
        headers: {
          "stripe-signature":
            signature ??
            Stripe.webhooks.generateTestHeaderString({
              payload: raw,
              secret,
              timestamp: NOW.getTime() / 1000,
            }),
        },
        body: raw,
      }),
    );
  };
  const started = async () => String((await call(paymentRequest("POST", valid, { cookie }))).body.payment);
  /** Stripe's event for the payment's own checkout session (the test provider names it test_<id>). */
  const completed = (id: string, amount = 50000, session = `test_${id}`) => ({
    type: "checkout.session.completed",
    data: {
      object: {
        id: session,
        metadata: { payment_id: id },
        payment_status: "paid",
        amount_total: amount,
        currency: "aud",
      },
    },
  });
  const alerts = () => vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses an unsigned or forged result", async () => {
    const id = await started();
    expect((await send(completed(id), "t=1,v1=00")).status).toBe(400);
    expect(await statusOf(id)).toMatchObject({ status: "pending" });
  });

  it("a paid session settles the payment once, with one CRM notice, however often it arrives", async () => {
    const id = await started();
    expect((await send(completed(id))).status).toBe(200);
    expect((await send(completed(id))).status).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: "paid" });
    expect(await notices(id)).toHaveLength(1);
  });

  it("a paid amount that differs from the one asked is left for a person to check, with an alert", async () => {
    const logged = alerts();
    const id = await started();
    await send(completed(id, 100));
    expect(await statusOf(id)).toMatchObject({ status: "pending" });
    expect(await notices(id)).toHaveLength(0);
    const lines = logged.mock.calls.map((args) => String(args[0]));
    expect(lines.filter((line) => line.startsWith("[online-payment] amount mismatch"))).toEqual([
      `[online-payment] amount mismatch: payment ${id} paid 100 cents, asked 50000; left pending for a person to check`,
    ]);
  });

  it("a result for another checkout session than the payment's is ignored and logged, never settled", async () => {
    const logged = alerts();
    const id = await started();
    const forged = await send(completed(id, 50000, "cs_live_someone_elses"));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toEqual({ received: true, status: "pending", ignored: "session mismatch" });
    const unnamed = completed(id);
    delete (unnamed.data.object as { id?: string }).id;
    expect(await (await send(unnamed)).json()).toMatchObject({ ignored: "session mismatch" });
    expect(await statusOf(id)).toMatchObject({ status: "pending" });
    expect(await notices(id)).toHaveLength(0);
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual([
      `[online-payment] session mismatch: payment ${id} belongs to session test_${id}, the result named cs_live_someone_elses; ignored`,
      `[online-payment] session mismatch: payment ${id} belongs to session test_${id}, the result named none; ignored`,
    ]);
    // Its own session's result still settles it.
    expect((await send(completed(id))).status).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: "paid" });
  });

  it("another site's webhook never settles this site's payment, even for its own session's event", async () => {
    // One Stripe account, two dealers' sites: Stripe sends each endpoint every event.
    const otherSite = createStripeWebhookHandler({
      db: async () => db,
      secret,
      tenantFor: () => "other-motors",
      now: () => NOW,
    });
    const id = await started();
    const answer = await send(completed(id), undefined, otherSite);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, status: null });
    const expired = {
      type: "checkout.session.expired",
      data: { object: { id: `test_${id}`, client_reference_id: id } },
    };
    expect(await (await send(expired, undefined, otherSite)).json()).toEqual({
      received: true,
      status: null,
    });
    expect(await statusOf(id)).toMatchObject({ status: "pending" });
    expect(await notices(id)).toHaveLength(0);
    // Its own site's webhook settles it.
    expect(await (await send(completed(id))).json()).toEqual({ received: true, status: "paid" });
    expect(await notices(id)).toHaveLength(1);
  });

  it("answers 404 where no site is pinned (deployed without TENANT), settling nothing", async () => {
    const unpinned = createStripeWebhookHandler({ db: async () => db, secret, tenantFor: () => null });
    const id = await started();
    expect((await send(completed(id), undefined, unpinned)).status).toBe(404);
    expect(await statusOf(id)).toMatchObject({ status: "pending" });
  });

  it("an expired session says nothing was charged; unknown payments and other events are acknowledged", async () => {
    const id = await started();
    await send({
      type: "checkout.session.expired",
      data: { object: { id: `test_${id}`, client_reference_id: id } },
    });
    expect(await statusOf(id)).toMatchObject({
      status: "expired",
      status_text: PAYMENT_TEXTS.status.expired,
    });
    expect((await send(completed("00000000-0000-0000-0000-000000000000"))).status).toBe(200);
    expect(await (await send({ type: "customer.created", data: { object: {} } })).json()).toEqual({
      received: true,
      ignored: "customer.created",
    });
    // A refund event that is not a full refund of money we know of changes nothing.
    expect(await (await send({ type: "charge.refunded", data: { object: {} } })).json()).toEqual({
      received: true,
      ignored: "not a full refund",
    });
  });
});

describe("the test checkout", () => {
  it("exists only while the test provider is the provider", async () => {
    const handler = createTestCheckoutHandler({
      db: async () => db,
      provider: stripeProvider("sk"),
      tenantFor: payMotors,
    });
    expect(
      (await handler(new Request("http://localhost/api/online-payment/test-checkout?payment=x"))).status,
    ).toBe(404);
  });

  it.each([{ NETLIFY: "true" }, { AWS_LAMBDA_FUNCTION_NAME: "online-payment-test-checkout" }])(
    "is refused on a deployed site (%j), even with the test provider: nothing is shown or settled",
    async (env) => {
      const id = String((await call(paymentRequest("POST", valid, { cookie }))).body.payment);
      const handler = createTestCheckoutHandler({
        db: async () => db,
        provider: testProvider(),
        tenantFor: payMotors,
        env,
      });
      const viewed = await handler(
        new Request(`http://localhost/api/online-payment/test-checkout?payment=${id}`),
      );
      expect(viewed.status).toBe(404);
      const paid = await handler(
        new Request("http://localhost/api/online-payment/test-checkout", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ payment: id, outcome: "paid" }),
        }),
      );
      expect(paid.status).toBe(404);
      expect(await statusOf(id)).toMatchObject({ status: "pending" });
      expect(await notices(id)).toHaveLength(0);
    },
  );

  it("another site's test checkout neither shows nor settles this site's payment", async () => {
    const id = String((await call(paymentRequest("POST", valid, { cookie }))).body.payment);
    const handler = createTestCheckoutHandler({
      db: async () => db,
      provider: testProvider(),
      tenantFor: () => "other-motors",
    });
    const url = "http://other-motors.localhost/api/online-payment/test-checkout";
    expect((await handler(new Request(`${url}?payment=${id}`))).status).toBe(404);
    const paid = await handler(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ payment: id, outcome: "paid" }),
      }),
    );
    expect(paid.status).toBe(404);
    expect(await statusOf(id)).toMatchObject({ status: "pending" });
  });

  it("a payment id that is not one is not found, whether viewed or paid", async () => {
    const handler = createTestCheckoutHandler({
      db: async () => db,
      provider: testProvider(),
      tenantFor: payMotors,
    });
    const viewed = await handler(new Request("http://localhost/api/online-payment/test-checkout?payment=x"));
    expect(viewed.status).toBe(404);
    const paid = await handler(
      new Request("http://localhost/api/online-payment/test-checkout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ payment: "not-a-payment", outcome: "paid" }),
      }),
    );
    expect(paid.status).toBe(404);
  });
});
