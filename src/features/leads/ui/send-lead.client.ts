/**
 * Sends a lead form's answers (spec §4 submit states, §7 analytics, §8 errors) with the attempt's
 * idempotency key. A stored lead remembers its category and the shopper's details, is tracked and
 * goes to /success; a refusal marks the fields the server named, shows the form error and an alert.
 */
import { track } from "~/lib/analytics";
import { sendJson, type submitAttempt } from "~/lib/ui/lead-submit.client";
import { FORM_TEXTS, formEventId, leadAnswer } from "../forms";
import { DEFAULT_CATEGORY, type LeadKind } from "../kinds";
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from "../schemas";
import { rememberShopperDetails } from "../shopper-details.store";
import { rememberSuccessCategory } from "../success.store";
import type { LeadFormStore } from "./lead-form.store";

const TEXTS = {
  failed: FORM_TEXTS.submitFailed,
  offline: FORM_TEXTS.submitFailed,
  unexpected: FORM_TEXTS.unexpected,
};

type Values = Record<string, unknown>;

export interface LeadSubmission {
  kind: LeadKind;
  /** What the shopper entered, as the form validated it. */
  lead: Values;
  /** Query values and fixed fields that travel along (the form's own values win). */
  extra: Values;
  honeypot: string;
  startedAt: number;
  eventId?: number | undefined;
  successPath?: string | undefined;
}

export interface LeadFormHandle {
  store: LeadFormStore;
  attempt: ReturnType<typeof submitAttempt>;
  setError: (name: string, error: { message: string }) => void;
  /** The values as typed, not as normalised for the CRM (+61…): the shopper sees them again so. */
  typedValues: () => Values;
}

export async function sendLead(s: LeadSubmission, form: LeadFormHandle): Promise<void> {
  form.store.sending();
  const sent = await sendJson<unknown>("/api/leads", TEXTS, {
    headers: { "idempotency-key": form.attempt.key() },
    body: {
      ...s.extra,
      ...Object.fromEntries(Object.entries(s.lead).filter(([, value]) => value !== undefined)),
      kind: s.kind,
      [HONEYPOT_FIELD]: s.honeypot,
      [STARTED_AT_FIELD]: s.startedAt,
    },
  });
  const answer = sent.ok ? leadAnswer(true, sent.body) : { status: "failure" as const, message: sent.error };
  if (answer.status === "success") {
    form.store.sent();
    form.attempt.done();
    const category = String(s.lead.category ?? DEFAULT_CATEGORY[s.kind]);
    rememberSuccessCategory(category);
    rememberShopperDetails(form.typedValues());
    track(s.eventId ?? formEventId(s.kind), { kind: s.kind, category, lead_id: answer.leadId });
    window.location.assign(s.successPath ?? "/success");
    return;
  }
  if (!sent.ok && sent.fields) {
    for (const [name, message] of Object.entries(sent.fields)) form.setError(name, { message });
  }
  form.store.failed(answer.message);
  // Spec §8: an alert as well as the form error.
  window.alert(FORM_TEXTS.submitFailed);
}
