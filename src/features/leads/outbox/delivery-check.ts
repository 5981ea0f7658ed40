/**
 * The daily delivery check: once a day each site queues one synthetic lead, marked as a test
 * everywhere it goes (the CRM payload's `test: true`; in ADF its service, its comments' first line
 * and, by email, its subject), so the whole path from the database to each of the tenant's channels
 * is proven every day rather than on the first real lead after a CRM change. Pure.
 */

/** The notice's kind: never a form's (POST /api/leads takes only LEAD_KINDS). */
export const DELIVERY_CHECK_KIND = "delivery_check";

/** What the dealer's CRM and inbox read first: this is a test, and no one should act on it. */
export const DELIVERY_CHECK_NOTICE =
  "TEST LEAD: the daily delivery check of the platform, proving leads reach this CRM. Do not action it.";

/** One check per tenant per UTC day: a retried or doubled schedule run stores it once. */
export const deliveryCheckKey = (now: Date) => `delivery-check-${now.toISOString().slice(0, 10)}`;

export interface DeliveryCheckNotice {
  kind: typeof DELIVERY_CHECK_KIND;
  name: string;
  last_name: string;
  email: string;
}

/** The synthetic lead: a contact that names itself and an address that can never receive mail. */
export const deliveryCheckNotice = (): DeliveryCheckNotice => ({
  kind: DELIVERY_CHECK_KIND,
  name: "Delivery",
  last_name: "Check",
  email: "delivery-check@example.invalid",
});
