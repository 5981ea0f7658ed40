/**
 * Fills the YouX figures on the page (`[data-youx-quote]` holders: the estimate card, the sticky
 * header) from POST /api/youx/quote, late: after the page is idle and a holder is in view. Spec §8:
 * a failed or odd answer is ignored silently and the figures keep their dashes.
 */
import { formatMoney } from "~/lib/format";

const QUOTE_PATH = "/api/youx/quote";

type Quote = Record<"weeklyRepaymentAmount" | "advertisedRate" | "comparisonRate", number>;

const FIELDS: Record<string, (quote: Quote) => string> = {
  weekly: (quote) => formatMoney(Math.round(quote.weeklyRepaymentAmount)),
  advertisedRate: (quote) => `${quote.advertisedRate.toFixed(2)}%`,
  comparisonRate: (quote) => `${quote.comparisonRate.toFixed(2)}%`,
};

function asQuote(data: unknown): Quote | null {
  if (typeof data !== "object" || data === null) return null;
  const record = data as Record<string, unknown>;
  const keys = ["weeklyRepaymentAmount", "advertisedRate", "comparisonRate"] as const;
  const ok = keys.every((key) => typeof record[key] === "number" && Number.isFinite(record[key]));
  return ok && (record.weeklyRepaymentAmount as number) > 0 ? (record as Quote) : null;
}

async function fetchQuote(body: string): Promise<Quote | null> {
  try {
    const response = await fetch(QUOTE_PATH, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body,
    });
    return response.ok ? asQuote(await response.json()) : null;
  } catch {
    return null;
  }
}

function fill(holders: HTMLElement[], quote: Quote): void {
  for (const holder of holders) {
    for (const field of holder.querySelectorAll<HTMLElement>("[data-youx]")) {
      const format = FIELDS[field.dataset.youx ?? ""];
      if (format) field.textContent = format(quote);
    }
    holder.dataset.youxState = "filled";
  }
}

function start(holders: HTMLElement[]): void {
  const body = holders[0]?.dataset.youxQuote;
  if (!body) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      for (const holder of holders) holder.setAttribute("aria-busy", "true");
      void fetchQuote(body).then((quote) => {
        if (quote) fill(holders, quote);
        for (const holder of holders) holder.removeAttribute("aria-busy");
      });
    },
    // No margin: the sticky header waits off-screen until it slides in, and asks only then.
    { rootMargin: "0px" },
  );
  for (const holder of holders) observer.observe(holder);
}

const holders = [...document.querySelectorAll<HTMLElement>("[data-youx-quote]")];
if (holders.length > 0) {
  const later = () => start(holders);
  if ("requestIdleCallback" in window) requestIdleCallback(later, { timeout: 2000 });
  else setTimeout(later, 300);
}
