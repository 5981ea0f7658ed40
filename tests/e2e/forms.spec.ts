/**
 * The site's enquiry forms (spec §2 form routes, §4 submit states and /success, §5 validation:
 * errors listed under "Please fix the following errors:", opt-in ticked by default with the spec's
 * text, a sole dealership chosen, a multi-dealership site asks to pick one, terms on some sites,
 * comments required unless the site flag is off; §8 form submit failure).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, tenantUrl, test } from "./support";

/**
 * Every form route (spec §2), each sending a real lead to the server, spread over the fixture
 * sites so each stays under the leads rate limit. Which site takes which route does not matter:
 * the form is one component, and the per-site differences are checked on /contact below.
 */
const ROUTES: { slug: string; path: string; category: string; extra?: (page: Page) => Promise<void> }[] = [
  { slug: "bayside-nissan", path: "/contact", category: "Contact Us" },
  { slug: "harbourside-toyota", path: "/book-test-drive", category: "Test Drive" },
  { slug: "outback-caravans", path: "/finance", category: "Finance Enquiry" },
  {
    slug: "sunstate-motor-group",
    path: "/finance-enquiry?vehiclePriceBudget=30000&car_type=used",
    category: "Finance Enquiry",
  },
  { slug: "westside-auto", path: "/apply-for-finance", category: "Apply for Finance" },
  { slug: "bayside-nissan", path: "/finance-pre-approval", category: "Finance Pre-Approval" },
  {
    slug: "harbourside-toyota",
    path: "/service",
    category: "Service Booking",
    extra: async (page) => {
      await page.getByLabel("Rego", { exact: true }).fill("123ABC");
    },
  },
  // /sell-my-car is the trade-in flow: tests/e2e/trade-in.spec.ts.
  { slug: "outback-caravans", path: "/careers", category: "Careers" },
  { slug: "sunstate-motor-group", path: "/contact-us", category: "Contact Us" },
];

/**
 * How each site's /contact form differs (site.json features, opt_in, dealerships). The form checks
 * the contact details first; once they are right, it lists what else the site asks for (`alsoAsks`).
 */
const CONTACT_FORMS: {
  slug: string;
  why: string;
  alsoAsks: string[];
  /** The opt-in box: ticked from the start only where the dealer accepts that as consent (privacy.accept_pre_ticked_opt_in). */
  optIn: "ticked" | "unticked" | "hidden";
  dealerships: string[];
}[] = [
  {
    slug: "bayside-nissan",
    why: "comments optional, opt-in hidden",
    // features.enquiry_comments_required false: nothing more to ask, the lead goes.
    alsoAsks: [],
    // opt_in.visible false.
    optIn: "hidden",
    dealerships: ["Bayside Nissan"],
  },
  {
    slug: "harbourside-toyota",
    why: "the defaults, and a pre-ticked opt-in it accepts as consent",
    alsoAsks: ["Please enter your comments."],
    optIn: "ticked",
    dealerships: ["Harbourside Toyota"],
  },
  {
    slug: "outback-caravans",
    why: "caravan template, a yard to choose",
    // forms.website_location shown (tests/e2e/website-location.spec.ts).
    alsoAsks: ["Please select a location.", "Please enter your comments."],
    optIn: "unticked",
    dealerships: ["Outback Caravans"],
  },
  {
    slug: "sunstate-motor-group",
    why: "six dealerships",
    alsoAsks: ["Please enter your comments.", "Please select a dealership."],
    optIn: "unticked",
    dealerships: [
      "Please select a dealership...",
      "Sunstate Mazda",
      "Sunstate Hyundai",
      "Sunstate Kia",
      "Sunstate Ford",
      "Sunstate Mitsubishi",
      "Sunstate Volkswagen",
    ],
  },
  {
    slug: "westside-auto",
    why: "terms to agree to",
    // features.terms_checkbox true.
    alsoAsks: [
      "Please enter your comments.",
      "* You must agree to the terms of use before submitting the form.",
    ],
    optIn: "unticked",
    dealerships: ["Westside Auto"],
  },
];

async function fillContact(page: Page) {
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Nguyen");
  await page.getByLabel("Email").fill("alex@example.com");
  await page.getByLabel("Phone").fill("0412 345 678");
  const comments = page.getByLabel(/^Comments/);
  if (await comments.count()) await comments.fill("Is this still available?");
  const dealership = page.getByLabel(/^Dealership/);
  if ((await dealership.count()) && !(await dealership.inputValue())) {
    await dealership.selectOption({ index: 1 });
  }
  const location = page.locator(".lead-form select[name=location]");
  if ((await location.count()) && !(await location.inputValue())) await location.selectOption({ index: 1 });
  const terms = page.getByLabel("I agree to the terms of use");
  if (await terms.count()) await terms.check();
}

/** The form hydrates when visible. */
async function openForm(page: Page, url: string) {
  await page.goto(url);
  const submit = page.locator(".lead-form button[type=submit]");
  await submit.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island:has(.lead-form)")).not.toHaveAttribute("ssr", /.*/);
  return submit;
}

for (const route of ROUTES) {
  test(`${route.slug} ${route.path} sends a lead and lands on /success`, async ({ page }) => {
    const submit = await openForm(page, tenantUrl(route.slug, route.path));
    await fillContact(page);
    await route.extra?.(page);
    // The server refuses forms sent under 3 seconds after the page opened: move the page's clock on.
    await page.clock.fastForward(3_100);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
    await submit.click();
    const request = await sent;
    expect(request.headers()["idempotency-key"]).toMatch(/^lead-/);
    const body = request.postDataJSON();
    expect(body.name).toBe("Alex");
    if (route.path.includes("vehiclePriceBudget")) {
      expect(body.vehiclePriceBudget).toBe(30000);
      expect(body.car_type).toBe("used");
    }
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
    await expect(page.getByText(`Your ${route.category} has been sent`)).toBeVisible();
  });
}

for (const form of CONTACT_FORMS) {
  test(`${form.slug} /contact (${form.why}): the form lists what to fix; a failed submission alerts, keeps what was typed, and the retry is the same lead`, async ({
    page,
  }) => {
    const keys: string[] = [];
    let fail = true;
    await page.route("**/api/leads", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (fail)
        return route.fulfill({ status: 503, json: { error: "Leads are unavailable. Please try again." } });
      return route.fulfill({ status: 201, json: { lead_id: "00000000-0000-4000-8000-000000000000" } });
    });
    // The alert is answered as it opens (a waiting alert blocks the page's scripts).
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const submit = await openForm(page, tenantUrl(form.slug, "/contact"));

    // Spec §5: the opt-in has the spec's text (hidden on some sites), ticked from the start only
    // where the dealer accepts a pre-ticked box as consent; a sole dealership is chosen, several
    // start at the placeholder.
    const optIn = page.getByLabel(
      "Yes, I would like to subscribe to receive latest offers & product updates.",
    );
    if (form.optIn === "ticked") await expect(optIn).toBeChecked();
    else if (form.optIn === "unticked") await expect(optIn).not.toBeChecked();
    else await expect(optIn).toHaveCount(0);
    await expect(page.getByLabel(/^Dealership/).locator("option")).toHaveText(form.dealerships);

    // Nothing filled in: the contact details, listed, each field marked; nothing is sent.
    await submit.click();
    const alert = page.getByRole("alert");
    await expect(alert.getByText("Please fix the following errors:")).toBeVisible();
    await expect(alert.getByRole("listitem")).toHaveText([
      "Please enter your first name.",
      "Please enter your email address.",
      "Please enter your phone number.",
    ]);
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Phone").fill("12345");
    await submit.click();
    await expect(alert).toContainText("Please enter a valid Australian phone number, e.g. 0412 345 678.");
    await expectNoAxeViolations(page);

    // The contact details right: what else this site asks for.
    await page.getByLabel("First name").fill("Alex");
    await page.getByLabel("Last name").fill("Nguyen");
    await page.getByLabel("Email").fill("alex@example.com");
    await page.getByLabel("Phone").fill("0412 345 678");
    await submit.click();
    if (form.alsoAsks.length > 0) {
      await expect(alert.getByRole("listitem")).toHaveText(form.alsoAsks);
      expect(keys).toEqual([]);
      await fillContact(page);
      await submit.click();
    }

    // Spec §8: the server fails: an alert, and its message as the form error.
    await expect.poll(() => alerts).toEqual(["An error occurred when submitting this form"]);
    expect(keys).toHaveLength(1);
    await expect(page.getByRole("alert")).toHaveText("Leads are unavailable. Please try again.");
    await expect(page.getByLabel("First name")).toHaveValue("Alex");
    await expect(submit).toBeEnabled();
    // The retry is the same attempt: same idempotency key, so the server stores one lead.
    fail = false;
    await submit.click();
    await expect(page).toHaveURL(/\/success$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
}
