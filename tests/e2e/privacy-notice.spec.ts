/**
 * APP 5: every form that collects personal information shows its collection notice in the form:
 * who collects (the dealership's legal name, site.json privacy.legal_name), why, who else receives
 * the details, and a link to the site's privacy policy; axe-clean with it. One tenant,
 * harbourside-toyota, which names its legal entity and runs every form (checkout, online payment
 * and Spin to Win behind sign-in); the notice is the same component everywhere.
 */
import type { Locator, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  footerLinkThroughSignIn,
  openLeadDialog,
  tenantUrl,
  test,
} from "./support";

const SLUG = "harbourside-toyota";
const WHO = "Harbourside Toyota Pty Ltd";
const LINK = "Our privacy policy says how to see, correct or complain about them.";
const CRM = "We share them with our customer management system.";
const NOTICES = {
  enquiry: `${WHO} collects these details to answer your enquiry and, if you tick the box, to send you offers. ${CRM}`,
  checkout: `${WHO} collects these details to arrange the car you reserve or buy and, if you tick the box, to send you offers. ${CRM}`,
  tradeIn: `${WHO} collects these details to value your car and contact you about it. We share them with our customer management system and our vehicle valuation service.`,
  signIn: `${WHO} collects these details to text you a sign-in code and keep your account. We share them with our SMS provider.`,
  payment: `${WHO} collects these details to take your payment and contact you about it. We share them with our payment provider Stripe, which may process them outside Australia, and our customer management system.`,
  spin: `${WHO} collects these details to run the draw, contact you about your prize and, if you tick the box, to send you offers. We share them with our SMS provider and our customer management system.`,
  unsubscribe: `${WHO} collects these details to stop sending you offers. ${CRM}`,
  garage: `${WHO} collects these details to keep your vehicles in My Garage. We share them with no one else.`,
};
/** A car harbourside-toyota sells online (features.checkout, gated behind sign-in). */
const CHECKOUT_CAR = {
  slug: "2025-toyota-bz4x-fwd-110016",
  pickUp: "Pick up from Harbourside Toyota Pre-Owned Nundah",
};

/** The notice in `scope` reads `text` and links the privacy policy. */
async function expectNotice(scope: Locator | Page, text: string) {
  const notice = scope.getByText(text);
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: LINK })).toHaveAttribute("href", "/privacy-policy");
}

test("lead forms open to anyone: a contact page, a vehicle's enquiry dialog and the trade-in", async ({
  page,
}) => {
  await page.goto(tenantUrl(SLUG, "/contact"));
  await expect(page.getByLabel("First name")).toBeVisible();
  await expectNotice(page.getByRole("region", { name: "Send us your details" }), NOTICES.enquiry);
  await expectNoAxeViolations(page);

  await page.goto(tenantUrl(SLUG, `/cars/${CHECKOUT_CAR.slug}`));
  const dialog = await openLeadDialog(page, "Enquire Now", "Enquire Now");
  await expectNotice(dialog, NOTICES.enquiry);
  await expectNoAxeViolations(page);

  await page.goto(tenantUrl(SLUG, "/trade-in"));
  await expectNotice(page.getByRole("region", { name: "Trade-in valuation form" }), NOTICES.tradeIn);
  await expectNoAxeViolations(page);
});

test("forms open to anyone: sign-in, unsubscribe and an open Spin to Win's code step", async ({ page }) => {
  await page.goto(tenantUrl(SLUG, "/sign-in"));
  await expect(page.getByLabel("Mobile number")).toBeVisible();
  await expectNotice(page, NOTICES.signIn);
  await expectNoAxeViolations(page);

  await page.goto(tenantUrl(SLUG, "/pages/unsubscribe"));
  await expectNotice(page, NOTICES.unsubscribe);
  await expectNoAxeViolations(page);

  // westside-auto's open Spin to Win proves the mobile on the page itself; it names no legal entity.
  await page.goto(tenantUrl("westside-auto", "/spin-to-win"));
  await expectNotice(
    page.getByRole("region", { name: "Confirm your mobile" }),
    "Westside Auto collects these details to text you a sign-in code and keep your account. We share them with our SMS provider.",
  );
  await expectNoAxeViolations(page);
});

test("forms behind sign-in: online payment, My Garage, Spin to Win and checkout", async ({ page }) => {
  await footerLinkThroughSignIn(page, SLUG, {
    link: "Make a Payment",
    type: "online-payment",
    path: "/online-payment",
  });
  await expectNotice(page, NOTICES.payment);
  await expectNoAxeViolations(page);

  await page.goto(tenantUrl(SLUG, "/my-garage"));
  await expectNotice(page.getByRole("region", { name: "Add a vehicle" }), NOTICES.garage);
  await expectNoAxeViolations(page);

  await page.goto(tenantUrl(SLUG, "/spin-to-win"));
  await expectNotice(page.locator("[data-spin-form]"), NOTICES.spin);
  await expectNoAxeViolations(page);

  // The checkout's details step, where the form is.
  await page.goto(tenantUrl(SLUG, `/cars/${CHECKOUT_CAR.slug}/checkout`));
  const plan = page.getByRole("form", { name: "Step 1 of 2: Your plan" });
  await plan.getByRole("radio", { name: "No" }).check();
  await plan.getByRole("radio", { name: CHECKOUT_CAR.pickUp }).check();
  await plan.getByRole("button", { name: "Continue" }).click();
  await expectNotice(page.getByRole("region", { name: "Step 2 of 2: Your details" }), NOTICES.checkout);
  await expectNoAxeViolations(page);
});
