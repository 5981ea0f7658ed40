/**
 * Reserve Now with a paid deposit (spec §9: deposit from the car, else $200; held 48 hours; 100%
 * refundable) on the payment seam, against real storage (PGlite in memory) and real requests to the
 * functions: a confirmed deposit holds the car, view.json shows it, the shopper cancels (refunded),
 * a refund made at the provider ends it, the hold expires at 48 h, a second deposit for a held car
 * is refunded, and every change reaches the dealer's CRM once. The concurrent case runs on real
 * PostgreSQL in reservations-postgres.test.ts.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AccountOptions,
  createSignInCodeHandler,
  createSignInVerifyHandler,
} from "~/features/account/account.server";
import { createHeldCarsHandler } from "~/features/checkout/held-cars.server";
import {
  createReserveCancelHandler,
  createReserveHandler,
  type ReserveOptions,
} from "~/features/checkout/reserve.server";
import { adfContextFor } from "~/features/leads/outbox/adf/context";
import { adfXml } from "~/features/leads/outbox/adf/document";
import { PAYMENT_TEXTS } from "~/features/payments/payments";
import { settlePayment } from "~/features/payments/payments.server";
import {
  createStripeWebhookHandler,
  createTestCheckoutHandler,
} from "~/features/payments/provider-results.server";
import {
  type PaymentProvider,
  stripeProvider,
  type TestPaymentProvider,
  testProvider,
} from "~/features/payments/providers.server";
import { RESERVE_TEXTS } from "~/features/payments/reservations";
import { cancelReservation } from "~/features/payments/reservations.server";
import { createCarViewHandler } from "~/features/vehicle/car-view.server";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeLocation, makeSite, NOW } from "./helpers";
import { startStripeStub } from "./stripe-stub";

const HOST = "hold-motors.localhost";
const car = (id: number, slug: string, reserve_deposit?: number | null) =>
  makeCar({
    id,
    slug,
    name: `2021 Mazda CX-5 ${id}`,
    make: "Mazda",
    model: "CX-5",
    stocknum: `HM${id}`,
    reserve_deposit,
  });
const CARS = {
  own: car(201, "own-deposit-car", 500),
  fallback: car(202, "fallback-deposit-car"),
  none: car(203, "no-deposit-car", 0),
  expires: car(204, "expiring-car", 500),
  race: car(205, "raced-car", 500),
  cancel: car(206, "cancelled-car", 500),
  dashboard: car(207, "dashboard-refund-car", 500),
  stuck: car(208, "refund-refused-car", 500),
  webhookRace: car(209, "webhook-raced-car", 500),
  lateCancel: car(211, "late-cancel-car", 500),
  bought: car(212, "bought-online-car", 500),
  /** Held here; another site lists a car of the same id, which that site's cards must not mark. */
  shared: car(213, "shared-id-car", 500),
  feedReserved: makeCar({ id: 210, slug: "feed-reserved-car", reserve_deposit: 500, reserved: true }),
};
const data: TenantData = {
  site: makeSite({ slug: "hold-motors", features: { checkout: true }, reserve_deposit: 200 } as never),
  locations: [],
  offers: [],
  pages: [],
  cars: Object.values(CARS),
  now: NOW.toISOString(),
};

let db: Db;
let clock = NOW;
let provider: TestPaymentProvider = testProvider();
const options = (): ReserveOptions => ({
  db: async () => db,
  tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
  snapshot: (slug) => (slug === "hold-motors" ? data : null),
  provider,
  now: () => clock,
});
const shoppers = { kim: "", lee: "" };
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
  for (const [who, phone] of [
    ["kim", "0412 555 666"],
    ["lee", "0412 777 888"],
  ] as const) {
    await createSignInCodeHandler(account)(post({ phone }));
    const verified = await createSignInVerifyHandler(account)(post({ phone, code: "123456" }));
    shoppers[who] = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }
}, 180_000);
afterAll(async () => {
  await db?.destroy();
});
afterEach(() => {
  clock = NOW;
  provider = testProvider();
  vi.restoreAllMocks();
});

let ip = 1;
function request(path: string, method: "GET" | "POST", body?: unknown, cookie?: string) {
  return new Request(`http://${HOST}${path}`, {
    method,
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      "x-forwarded-for": `203.0.113.${ip++ % 250}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
/** POST /api/reservations for `slug` as a shopper. */
const reserve = async (cookie: string, slug: string) =>
  answer(
    await createReserveHandler(options())(
      request("/api/reservations", "POST", { car: slug, name: "Kim", email: "kim@example.com.au" }, cookie),
    ),
  );
const started = async (cookie: string, slug: string) => {
  const { status, body } = await reserve(cookie, slug);
  expect(status).toBe(201);
  return String(body.payment);
};
/** The test checkout's Pay button. */
const pay = (id: string) =>
  createTestCheckoutHandler({
    db: async () => db,
    provider,
    tenantFor: () => "hold-motors",
    now: () => clock,
  })(
    new Request(`http://${HOST}/api/online-payment/test-checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment: id, outcome: "paid" }),
    }),
  );
type Reservation = {
  id: string | null;
  outcome: string;
  reserved_until: string | null;
  text: string;
  offers?: unknown;
};
const statusOf = async (cookie: string, id: string) =>
  (
    await answer(
      await createReserveHandler(options())(
        request(`/api/reservations?payment=${id}`, "GET", undefined, cookie),
      ),
    )
  ).body.payment as { status: string; status_text: string; amount: string; reservation: Reservation };
const cancel = async (cookie: string, reservation: unknown) =>
  answer(
    await createReserveCancelHandler(options())(
      request("/api/reservations/cancel", "POST", { reservation }, cookie),
    ),
  );
const view = async (slug: string, query = "?count=0", depositsOnline = true) => {
  const response = await createCarViewHandler({
    ...options(),
    now: () => clock,
    depositsOnline: () => depositsOnline,
  })(request(`/cars/${slug}/view.json${query}`, "GET"));
  return {
    cache: response.headers.get("cache-control"),
    body: (await response.json()) as Record<string, unknown>,
  };
};
/** The CRM notices queued about a car's hold, oldest first: their subcategories. */
const notices = async (carId: number) =>
  (
    await sql<{ subcategory: string }>`select leads.fields->>'subcategory' as subcategory from leads
      join lead_outbox on lead_outbox.lead_id = leads.id
      where leads.kind = 'enquiry' and leads.fields->>'car_id' = ${String(carId)} order by leads.created_at, leads.fields->>'subcategory'`.execute(
      db,
    )
  ).rows.map((row) => row.subcategory);
const holdsOf = async (carId: number) =>
  (
    await sql<{
      state: string;
    }>`select state from reservations where car_id = ${carId} order by created_at`.execute(db)
  ).rows.map((row) => row.state);

describe("POST /api/reservations: paying a car's reserve deposit", () => {
  it("charges the car's own deposit, else the site's $200, and refuses a car with no deposit", async () => {
    const own = await started(shoppers.kim, CARS.own.slug);
    const fallback = await started(shoppers.kim, CARS.fallback.slug);
    const { rows } = await sql<{
      id: string;
      amount_cents: number;
      purpose: string;
      reference: string;
      car_id: number;
    }>`
      select id, amount_cents, purpose, reference, car_id from payments where id in (${own}, ${fallback})`.execute(
      db,
    );
    expect(rows.find((row) => row.id === own)).toMatchObject({
      amount_cents: 50000,
      purpose: "Vehicle deposit",
      reference: "HM201",
      car_id: 201,
    });
    expect(rows.find((row) => row.id === fallback)).toMatchObject({ amount_cents: 20000, car_id: 202 });
    expect(await reserve(shoppers.kim, CARS.none.slug)).toEqual({
      status: 409,
      body: { error: RESERVE_TEXTS.noDeposit },
    });
    // Nothing is held until the provider confirms the payment, nor by a checkout abandoned.
    const abandoned = await createTestCheckoutHandler({
      db: async () => db,
      provider,
      tenantFor: () => "hold-motors",
    })(
      new Request(`http://${HOST}/api/online-payment/test-checkout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ payment: own, outcome: "cancelled" }),
      }),
    );
    expect((await statusOf(shoppers.kim, fallback)).reservation).toEqual({
      id: null,
      car_slug: "fallback-deposit-car",
      outcome: "none",
      reserved_until: null,
      text: PAYMENT_TEXTS.status.pending,
    });
    expect(abandoned.headers.get("location")).toBe(
      `http://${HOST}/cars/own-deposit-car/checkout?payment=${own}&cancelled=1`,
    );
    expect(await holdsOf(201)).toEqual([]);
    expect(await notices(201)).toEqual([]);
    expect((await view(CARS.own.slug)).body.reserved_until).toBeNull();
  });

  it("refuses a car the feed marks reserved, an unknown car and hostile input, storing nothing", async () => {
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from payments`.execute(db)).rows[0]?.n;
    const before = await count();
    expect(await reserve(shoppers.kim, CARS.feedReserved.slug)).toEqual({
      status: 409,
      body: { error: RESERVE_TEXTS.notOffered },
    });
    expect((await reserve(shoppers.kim, "no-such-car")).status).toBe(404);
    const hostile = await answer(
      await createReserveHandler(options())(
        request(
          "/api/reservations",
          "POST",
          { car: CARS.own.slug, name: "K".repeat(10_000), email: "kim@", amount: 1 },
          shoppers.kim,
        ),
      ),
    );
    expect(hostile).toEqual({
      status: 400,
      body: {
        error: "Please fix the following errors:",
        fields: {
          name: "Please keep this under 80 characters.",
          email: "Please enter a valid email address.",
        },
      },
    });
    expect(await count()).toBe(before);
  });

  it("asks a signed-out shopper to sign in, and says unavailable where no provider is configured", async () => {
    expect(await reserve("", CARS.own.slug)).toEqual({
      status: 401,
      body: { error: RESERVE_TEXTS.signInNeeded },
    });
    provider = null as unknown as TestPaymentProvider;
    expect(await reserve(shoppers.kim, CARS.own.slug)).toEqual({
      status: 503,
      body: { error: PAYMENT_TEXTS.unavailable },
    });
  });
});

describe("the checkout page's deposit", () => {
  it("view.json says whether the deposit is paid here: a provider and a deposit, else the request", async () => {
    expect((await view(CARS.own.slug)).body.deposit_online).toBe(true);
    expect((await view(CARS.none.slug)).body.deposit_online).toBe(false);
    expect((await view(CARS.own.slug, "?count=0", false)).body.deposit_online).toBe(false);
  });

  it("checks the plan with the page's rules, and the dealer reads it in every notice", async () => {
    const buy = (body: Record<string, string>) =>
      createReserveHandler(options())(
        request(
          "/api/reservations",
          "POST",
          { car: CARS.bought.slug, name: "Kim", email: "kim@example.com.au", ...body },
          shoppers.kim,
        ),
      );
    expect(await answer(await buy({ plan: "buy", trade_in: "Yes" }))).toEqual({
      status: 400,
      body: {
        error: "Please fix the following errors:",
        fields: { payment: "Please choose how you would like to pay." },
      },
    });
    expect((await answer(await buy({ plan: "lease", trade_in: "Yes" }))).status).toBe(400);
    const started = await answer(await buy({ plan: "buy", payment: "finance", trade_in: "Yes" }));
    expect(started.status).toBe(201);
    const id = String(started.body.payment);
    await pay(id);
    const { rows } = await sql<{ fields: Record<string, unknown> }>`select fields from leads
      where fields->>'payment_id' = ${id}`.execute(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fields.subcategory).toBe("Reserve Online – deposit paid");
    expect(rows[0]?.fields.message).toBe(
      "Reserve deposit of $500.00 paid online: the car is held for this shopper for 48 hours.\n\n" +
        "I would like to buy the 2021 Mazda CX-5 212 ($29,990).\nPayment: finance.\nTrade-in: yes.\n" +
        "Pick-up from Test Motors.",
    );
    expect(rows[0]?.fields).not.toHaveProperty("checkout_request");
  });
});

describe("a confirmed deposit holds the car", () => {
  it("for 48 hours from payment: view.json says until when (briefly cached), the CRM hears once", async () => {
    const id = await started(shoppers.kim, CARS.own.slug);
    const paid = await pay(id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://${HOST}/cars/own-deposit-car/checkout?payment=${id}`);
    const read = await view(CARS.own.slug);
    expect(read.body.reserved_until).toBe("2026-06-17T02:00:00.000Z");
    expect(read.cache).toBe("public, max-age=30");
    // The counting call still counts, and is never cached.
    const counted = await view(CARS.own.slug, "");
    expect(counted.cache).toBe("no-store");
    expect(counted.body).toMatchObject({ views: 1, reserved_until: "2026-06-17T02:00:00.000Z" });
    const status = await statusOf(shoppers.kim, id);
    expect(status.status).toBe("paid");
    expect(status.reservation).toMatchObject({
      outcome: "held",
      reserved_until: "2026-06-17T02:00:00.000Z",
      text: RESERVE_TEXTS.state.held,
    });
    // The result again changes nothing; the notice is a Reserve Online enquiry about the car.
    expect((await pay(id)).status).toBe(303);
    expect(await notices(201)).toEqual(["Reserve Online – deposit paid"]);
    const { rows } = await sql<{
      kind: string;
      fields: Record<string, unknown>;
    }>`select kind, fields from leads
      where fields->>'payment_id' = ${id}`.execute(db);
    expect(rows[0]?.kind).toBe("enquiry");
    expect(rows[0]?.fields).toMatchObject({
      category: "General Enquiry",
      car_id: 201,
      stock_number: "HM201",
      "Vehicle Make": "Mazda",
      phone: "+61412555666",
      amount: "$500.00",
      reserved_until: "2026-06-17T02:00:00.000Z",
    });
    // In ADF too: a vehicle lead about the car, the change and the hold in its comments.
    const [stored] = (
      await sql<{
        id: string;
        kind: string;
        fields: Record<string, unknown>;
        created_at: Date;
      }>`select id, kind,
        fields, created_at from leads where fields->>'payment_id' = ${id}`.execute(db)
    ).rows;
    if (!stored) throw new Error("no notice stored");
    const xml = adfXml(stored, adfContextFor(data, stored, { valuationFromProvider: false }));
    expect(xml).toContain('<vehicle interest="buy" status="used">');
    expect(xml).toContain("<make>Mazda</make>");
    expect(xml).toContain("Subcategory: Reserve Online – deposit paid");
    expect(xml).toContain("Reserved until: 2026-06-17T02:00:00.000Z");
    // No second deposit can be started for the held car.
    expect(await reserve(shoppers.lee, CARS.own.slug)).toMatchObject({
      status: 409,
      body: { error: RESERVE_TEXTS.alreadyReserved, reserved_until: "2026-06-17T02:00:00.000Z" },
    });
  });

  it("expires at 48 h: free from that instant, recorded expired once when first seen", async () => {
    const id = await started(shoppers.kim, CARS.expires.slug);
    await pay(id);
    clock = new Date("2026-06-17T01:59:59.000Z");
    expect((await view(CARS.expires.slug)).body.reserved_until).toBe("2026-06-17T02:00:00.000Z");
    clock = new Date("2026-06-17T02:00:00.000Z");
    expect((await view(CARS.expires.slug)).body.reserved_until).toBeNull();
    expect((await view(CARS.expires.slug)).body.reserved_until).toBeNull();
    expect(await holdsOf(204)).toEqual(["expired"]);
    expect(await notices(204)).toEqual(["Reserve Online – deposit paid", "Reserve Online – hold expired"]);
    expect((await statusOf(shoppers.kim, id)).reservation).toMatchObject({
      outcome: "expired",
      reserved_until: null,
    });
    // The car can be reserved again.
    const next = await started(shoppers.lee, CARS.expires.slug);
    await pay(next);
    expect(await holdsOf(204)).toEqual(["expired", "held"]);
  });

  it("a deposit confirmed while another holds the car is refunded through the provider, and the shopper told", async () => {
    const first = await started(shoppers.kim, CARS.race.slug);
    const second = await started(shoppers.lee, CARS.race.slug);
    await pay(first);
    await pay(second);
    expect(provider.refunds).toEqual([{ paymentId: second, paymentRef: `test_pi_${second}` }]);
    expect(await holdsOf(205)).toEqual(["held"]);
    const told = await statusOf(shoppers.lee, second);
    expect(told.status).toBe("refunded");
    expect(told.reservation).toEqual({
      id: null,
      car_slug: "raced-car",
      outcome: "taken",
      reserved_until: null,
      text: RESERVE_TEXTS.taken(true),
      offers: [
        { kind: "similar", label: "Find Me Something Similar", href: "/cars/raced-car#enquire" },
        { kind: "watchlist", label: "Your Watchlist", href: "/watchlist" },
      ],
    });
    expect(await notices(205)).toEqual([
      "Reserve Online – deposit paid",
      "Reserve Online – already reserved, deposit refunded",
    ]);
  });
});

describe("POST /api/reservations/cancel", () => {
  it("refunds the deposit through the provider and ends the hold; once", async () => {
    const id = await started(shoppers.kim, CARS.cancel.slug);
    await pay(id);
    const hold = (await statusOf(shoppers.kim, id)).reservation.id;
    // The account page lists it, newest first, with Cancel; another shopper sees none of it.
    const listed = async (cookie: string) =>
      (
        await answer(
          await createReserveHandler(options())(request("/api/reservations", "GET", undefined, cookie)),
        )
      ).body;
    expect((await listed(shoppers.kim)).reservations).toContainEqual({
      id: hold,
      car_id: 206,
      car_slug: "cancelled-car",
      car_name: "2021 Mazda CX-5 206",
      state: "held",
      reserved_until: "2026-06-17T02:00:00.000Z",
      amount: "$500.00",
      text: "Reserved for you.",
      cancellable: true,
    });
    expect(((await listed(shoppers.kim)).reservations as { id: string }[])[0]?.id).toBe(hold);
    expect(((await listed(shoppers.lee)).reservations as { id: string }[]).map((r) => r.id)).not.toContain(
      hold,
    );
    expect(await listed("")).toEqual({ available: true });
    expect(await cancel("", hold)).toEqual({ status: 401, body: { error: RESERVE_TEXTS.signInToManage } });
    expect(await cancel(shoppers.lee, hold)).toEqual({
      status: 404,
      body: { error: RESERVE_TEXTS.notFound },
    });
    expect(await cancel(shoppers.kim, hold)).toEqual({
      status: 200,
      body: { reservation: { id: hold, state: "cancelled", text: RESERVE_TEXTS.state.cancelled } },
    });
    expect(provider.refunds).toEqual([{ paymentId: id, paymentRef: `test_pi_${id}` }]);
    expect((await view(CARS.cancel.slug)).body.reserved_until).toBeNull();
    expect((await statusOf(shoppers.kim, id)).status).toBe("refunded");
    expect(((await listed(shoppers.kim)).reservations as unknown[])[0]).toMatchObject({
      id: hold,
      state: "cancelled",
      reserved_until: null,
      text: "Reservation cancelled. Your deposit is being refunded in full.",
      cancellable: false,
    });
    // Again: nothing more is refunded or noticed.
    expect((await cancel(shoppers.kim, hold)).status).toBe(200);
    expect(provider.refunds).toHaveLength(1);
    expect(await notices(206)).toEqual([
      "Reserve Online – deposit paid",
      "Reserve Online – cancelled, deposit refunded",
    ]);
  });

  it("after 48 h the deposit is still refundable: the hold is seen expired, then cancelled and refunded", async () => {
    const id = await started(shoppers.kim, CARS.lateCancel.slug);
    await pay(id);
    const hold = (await statusOf(shoppers.kim, id)).reservation.id;
    clock = new Date("2026-06-18T09:00:00.000Z");
    expect(await cancel(shoppers.kim, hold)).toMatchObject({
      status: 200,
      body: { reservation: { state: "cancelled" } },
    });
    expect(provider.refunds).toEqual([{ paymentId: id, paymentRef: `test_pi_${id}` }]);
    expect(await holdsOf(211)).toEqual(["cancelled"]);
    expect(await notices(211)).toEqual([
      "Reserve Online – deposit paid",
      "Reserve Online – cancelled, deposit refunded",
      "Reserve Online – hold expired",
    ]);
  });

  it("keeps the hold when the provider refuses the refund, and says to try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await started(shoppers.kim, CARS.stuck.slug);
    await pay(id);
    const hold = (await statusOf(shoppers.kim, id)).reservation.id;
    const refusing: PaymentProvider = {
      ...testProvider(),
      async refund() {
        throw new Error("Stripe answered 500");
      },
    };
    provider = refusing as TestPaymentProvider;
    expect(await cancel(shoppers.kim, hold)).toEqual({
      status: 502,
      body: { error: RESERVE_TEXTS.refundFailed },
    });
    expect((await view(CARS.stuck.slug)).body.reserved_until).toBe("2026-06-17T02:00:00.000Z");
    expect(await notices(208)).toEqual(["Reserve Online – deposit paid"]);
  });
});

describe("GET /api/reservations/held: the cars the result cards mark", () => {
  // Another site, with holds of its own made the way a confirmed deposit makes them.
  const CARDS = "card-motors";
  const cardCar = (id: number, overrides: Record<string, unknown> = {}) =>
    makeCar({ id, slug: `card-car-${id}`, stocknum: `CM${id}`, reserve_deposit: 500, ...overrides });
  const cards: TenantData = {
    site: makeSite({ slug: CARDS, features: { checkout: true }, default_state: "wa" } as never),
    locations: [
      makeLocation({
        id: 7,
        address: {
          street: "1 King William St",
          city: "Adelaide",
          state: "sa",
          postcode: "5000",
          lat: -34.93,
          long: 138.6,
        },
      }),
    ],
    offers: [],
    pages: [],
    cars: [
      cardCar(301, { location_id: 7, tag: "Hot Deal" }),
      cardCar(302, { simple_fuel: "Hybrid" }),
      cardCar(303),
      cardCar(304),
      // The id hold-motors holds (CARS.shared): free on this site.
      cardCar(213),
    ],
    now: NOW.toISOString(),
  };
  const held = (at = NOW, site = CARDS, method = "GET") =>
    createHeldCarsHandler({
      db: async () => db,
      tenantFor: () => site,
      snapshot: (slug) =>
        slug === CARDS
          ? cards
          : slug === "hold-motors"
            ? data
            : slug === "plain-motors"
              ? { ...cards, site: makeSite({ slug: "plain-motors" }) }
              : null,
      now: () => at,
    })(new Request(`http://${CARDS}.localhost/api/reservations/held`, { method }));
  /** A $500 deposit for `carId` on card-motors, confirmed at `paidAt`: the hold it makes. */
  async function holdOnCards(carId: number, userId: string, paidAt = NOW): Promise<string> {
    const id = randomUUID();
    await sql`insert into payments (id, tenant, user_id, phone, purpose, reference, amount_cents, name, email,
        status, provider, provider_ref, return_url, car_id, car_slug, car_fields)
      values (${id}, ${CARDS}, ${userId}, '+61412555666', 'Vehicle deposit', ${`CM${carId}`}, 50000, 'Kim',
        'kim@example.com.au', 'pending', 'test', ${`test_${id}`}, 'https://example.test/', ${carId},
        ${`card-car-${carId}`}, ${JSON.stringify({ car_id: carId })})`.execute(db);
    expect(
      await settlePayment(db, CARDS, id, "paid", 50000, { paymentRef: `test_pi_${id}`, at: paidAt }),
    ).toBe("paid");
    const { rows } = await sql<{ id: string }>`select id from reservations where payment_id = ${id}`.execute(
      db,
    );
    return rows[0]?.id ?? "";
  }

  it("lists this site's live holds only, with the text and tag the cards show; briefly cached", async () => {
    const userId = randomUUID();
    await sql`insert into users (id, tenant, phone) values (${userId}, ${CARDS}, '+61412555666')`.execute(db);
    // hold-motors holds car 213 through the whole flow; card-motors' car 213 stays free.
    await pay(await started(shoppers.kim, CARS.shared.slug));
    await holdOnCards(301, userId);
    await holdOnCards(302, userId);
    const cancelled = await holdOnCards(303, userId);
    expect(await cancelReservation(db, testProvider(), CARDS, userId, cancelled, NOW)).toEqual({
      ok: true,
      state: "cancelled",
    });
    // Paid 49 hours ago: its 48 hours ended an hour ago.
    await holdOnCards(304, userId, new Date("2026-06-13T01:00:00.000Z"));
    // Held, but the car has left the published stock: no card shows it.
    await holdOnCards(399, userId);

    const response = await held();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=5");
    expect(await response.json()).toEqual({
      held: [
        {
          id: 301,
          slug: "card-car-301",
          reserved_until: "2026-06-17T02:00:00.000Z",
          // The car's own yard, in Adelaide; "Reserved" takes the custom tag's place.
          until_text: "Reserved until Wed 17 Jun, 11:30am",
          tag: true,
        },
        {
          id: 302,
          slug: "card-car-302",
          reserved_until: "2026-06-17T02:00:00.000Z",
          // No yard: the site's default state, Western Australia; the fuel tag stays first.
          until_text: "Reserved until Wed 17 Jun, 10:00am",
          tag: false,
        },
      ],
    });
    // From the instant a hold ends, it is no longer listed.
    expect(await (await held(new Date("2026-06-17T02:00:00.000Z"))).json()).toEqual({ held: [] });
  });

  it("answers nothing for a site without checkout, and only GET", async () => {
    const plain = await held(NOW, "plain-motors");
    expect(plain.status).toBe(404);
    expect((await held(NOW, CARDS, "POST")).status).toBe(405);
    expect((await held(NOW, "no-such-site")).status).toBe(404);
  });
});

describe("Stripe's webhook", () => {
  const secret = "whsec_holds";
  const send = (
    event: unknown,
    to = createStripeWebhookHandler({
      db: async () => db,
      secret,
      provider,
      tenantFor: () => "hold-motors",
      now: () => clock,
    }),
  ) => {
    const raw = JSON.stringify(event);
    return to(
      new Request("http://localhost/api/online-payment/webhook", {
        method: "POST",
        headers: {
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({
            payload: raw,
            secret,
            timestamp: Math.floor(clock.getTime() / 1000),
          }),
        },
        body: raw,
      }),
    );
  };
  const completed = (id: string, intent: string) => ({
    type: "checkout.session.completed",
    data: {
      object: {
        id: `test_${id}`,
        metadata: { payment_id: id },
        payment_status: "paid",
        amount_total: 50000,
        currency: "aud",
        payment_intent: intent,
      },
    },
  });
  const refunded = (intent: string) => ({
    type: "charge.refunded",
    data: { object: { id: "ch_1", payment_intent: intent, refunded: true, amount_refunded: 50000 } },
  });

  it("a refund made in the dashboard (charge.refunded) ends the hold; the event again changes nothing", async () => {
    const id = await started(shoppers.kim, CARS.dashboard.slug);
    expect(await answer(await send(completed(id, "pi_dashboard")))).toEqual({
      status: 200,
      body: { received: true, status: "paid" },
    });
    expect((await view(CARS.dashboard.slug)).body.reserved_until).toBe("2026-06-17T02:00:00.000Z");
    expect(await answer(await send(refunded("pi_dashboard")))).toEqual({
      status: 200,
      body: { received: true, changed: true },
    });
    expect((await view(CARS.dashboard.slug)).body.reserved_until).toBeNull();
    expect(await answer(await send(refunded("pi_dashboard")))).toEqual({
      status: 200,
      body: { received: true, changed: false },
    });
    // The payment's own result again holds nothing and refunds nothing more.
    expect(await answer(await send(completed(id, "pi_dashboard")))).toEqual({
      status: 200,
      body: { received: true, status: "refunded" },
    });
    expect(provider.refunds).toEqual([]);
    expect(await holdsOf(207)).toEqual(["refunded"]);
    expect(await notices(207)).toEqual([
      "Reserve Online – deposit paid",
      "Reserve Online – deposit refunded",
    ]);
    expect((await statusOf(shoppers.kim, id)).reservation).toMatchObject({
      outcome: "refunded",
      reserved_until: null,
    });
    // Another site's money, or a partial refund, is not ours to act on.
    expect(await answer(await send(refunded("pi_unknown")))).toMatchObject({
      body: { ignored: "unknown payment" },
    });
  });

  it("a second deposit's refund that fails is answered 500, so Stripe sends it again and it is retried", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const first = await started(shoppers.kim, CARS.webhookRace.slug);
    const second = await started(shoppers.lee, CARS.webhookRace.slug);
    await send(completed(first, "pi_first"));
    const refusing = {
      ...testProvider(),
      async refund() {
        throw new Error("Stripe answered 500");
      },
    };
    const failing = createStripeWebhookHandler({
      db: async () => db,
      secret,
      provider: refusing,
      tenantFor: () => "hold-motors",
      now: () => clock,
    });
    expect(await answer(await send(completed(second, "pi_second"), failing))).toEqual({
      status: 500,
      body: { received: false, status: "refund_pending" },
    });
    expect((await statusOf(shoppers.lee, second)).reservation).toMatchObject({
      outcome: "taken",
      text: RESERVE_TEXTS.taken(false),
    });
    expect(await answer(await send(completed(second, "pi_second")))).toEqual({
      status: 200,
      body: { received: true, status: "refunded" },
    });
    expect(provider.refunds).toEqual([{ paymentId: second, paymentRef: "pi_second" }]);
    expect(await holdsOf(209)).toEqual(["held"]);
  });
});

describe("Stripe refunds, through the SDK", () => {
  it("posts the payment intent to /v1/refunds, once per payment", async () => {
    const stub = await startStripeStub();
    try {
      stub.reply = () => ({ body: { id: "re_1", object: "refund", status: "succeeded" } });
      const stripe = stripeProvider("sk_test_123", stub.api);
      expect(await stripe.refund({ paymentId: "p-1", paymentRef: "pi_123" })).toEqual({ refundRef: "re_1" });
      expect(stub.calls).toHaveLength(1);
      expect(stub.calls[0]).toMatchObject({
        method: "POST",
        path: "/v1/refunds",
        form: { payment_intent: "pi_123", "metadata[payment_id]": "p-1" },
      });
      expect(stub.calls[0]?.headers.authorization).toBe("Bearer sk_test_123");
      expect(stub.calls[0]?.headers["idempotency-key"]).toBe("refund-p-1");
    } finally {
      await stub.close();
    }
  });

  it.each([
    [
      "a 4xx",
      {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "Charge already refunded",
          },
        },
      },
      /Charge already refunded/,
    ],
    [
      "a failed refund",
      { body: { id: "re_2", object: "refund", status: "failed" } },
      /Stripe answered refund re_2 failed/,
    ],
  ])("%s is an error, never a refund", async (_what, reply, error) => {
    const stub = await startStripeStub();
    try {
      stub.reply = () => reply;
      const stripe = stripeProvider("sk", stub.api);
      await expect(stripe.refund({ paymentId: "p", paymentRef: "pi_1" })).rejects.toThrow(error);
      await expect(stripe.refund({ paymentId: "p", paymentRef: null })).rejects.toThrow(/no payment intent/);
    } finally {
      await stub.close();
    }
  });
});
