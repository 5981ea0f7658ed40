/**
 * The trade-in flow's calls in order (spec §4): submit (userData and isLastStep) → lead stored →
 * valuation → saved with POST /api/miscellaneous → accept offer → /success. Cars with no online
 * estimate (spec §9) go straight to /success; with no online figure the dealer will call.
 */
import { FORM_TEXTS, formEventId } from "~/features/leads/forms";
import { rememberSuccessCategory } from "~/features/leads/success.store";
import { track } from "~/lib/analytics";
import type { submitAttempt } from "~/lib/ui/lead-submit.client";
import { acceptOffer, requestValuation, saveValuation, submitTradeIn } from "./flow.client";
import type { TradeInFlowStore } from "./flow.store";
import { estimateAvailable, userDataOf } from "./form";

export interface FlowSubmission {
  category: string;
  pageId: string;
  honeypot: string;
  startedAt: number;
  attempt: ReturnType<typeof submitAttempt>;
}

export function finish(category: string) {
  rememberSuccessCategory(category);
  window.location.assign("/success");
}

export async function submitFlow(store: TradeInFlowStore, s: FlowSubmission): Promise<void> {
  store.sending();
  const { values, car } = store.$flow.get();
  const lead = await submitTradeIn({
    userData: userDataOf(values),
    car,
    category: s.category,
    pageId: s.pageId,
    honeypot: s.honeypot,
    startedAt: s.startedAt,
    idempotencyKey: s.attempt.key(),
  });
  if (!lead.ok) {
    // Spec §8: an alert as well as the form error.
    window.alert(FORM_TEXTS.submitFailed);
    return store.refused(lead.error, lead.fields);
  }
  s.attempt.done();
  const leadId = lead.body.lead_id;
  track(formEventId("trade_in"), { kind: "trade_in", category: s.category, lead_id: leadId });
  if (estimateAvailable(values, new Date()) !== true) return finish(s.category);
  const valued = await requestValuation(leadId, values.adjustmentAnswers);
  store.valued();
  // The lead is stored: without an online figure the dealer calls, and the shopper is told so.
  if (!valued.ok || !valued.body.valuation) return store.byPhone(valued.ok ? valued.body.notice : undefined);
  if (!valued.body.valuation.result.eligible) return finish(s.category);
  void saveValuation(leadId, valued.body.valuation);
  store.offered({ leadId, valuation: valued.body.valuation });
}

export async function acceptFlowOffer(store: TradeInFlowStore, category: string): Promise<void> {
  const { offer } = store.$flow.get();
  if (!offer) return;
  store.accepting();
  const accepted = await acceptOffer(offer.leadId);
  if (accepted.ok) return finish(category);
  store.acceptFailed(accepted.error);
  window.alert(FORM_TEXTS.submitFailed);
}
