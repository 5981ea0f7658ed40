import { useId, useRef, useState } from "react";
import { ANALYTICS_EVENTS, track } from "~/lib/analytics";
import {
  type CalculatorInput,
  type CalculatorSetup,
  COMPARISON_EXAMPLE_TEXT,
  COMPARISON_RATE_WARNING,
  calculateRepayment,
  FREQUENCIES,
  FREQUENCY_LABELS,
  formatDollars,
  PER_PERIOD,
} from "../finance";
import { RangeField } from "./RangeField";

interface Props {
  setup: CalculatorSetup;
  carId: number;
}

const money = (value: number) => formatDollars(value);
const years = (value: number) => `${value} ${value === 1 ? "year" : "years"}`;
const percent = (value: number) => `${value}% p.a.`;

/** Spec §4 finance calculator: every change recalculates; the first use sends event 26 once. */
export default function FinanceCalculator({ setup, carId }: Props) {
  const id = useId();
  const [input, setInput] = useState<CalculatorInput>(setup.initial);
  const used = useRef(false);
  const result = calculateRepayment(setup, input);
  const dealer = setup.variant === "dealer";

  const change =
    <K extends keyof CalculatorInput>(key: K) =>
    (value: CalculatorInput[K]) => {
      if (!used.current) {
        used.current = true;
        track(ANALYTICS_EVENTS.financeCalculator, { car_id: carId });
      }
      setInput((current) => ({ ...current, [key]: value }));
    };
  const field = (key: "amount" | "term" | "interest" | "tradeIn" | "residual") => ({
    id: `${id}-${key}`,
    value: input[key],
    used: result.used[key],
    onChange: change(key),
  });

  return (
    <div className="fc">
      <div className="fc-inputs">
        <RangeField
          {...field("amount")}
          {...setup.amount}
          label={dealer ? "Purchase price" : "Loan amount"}
          prefix="$"
          valueText={money}
          error={result.amountError}
        />
        {/* The spec's 0.5 step holds for typed figures; a 0.5-dollar slider step would take a
            shopper 500,000 key presses, so the sliders move in the amount's 500. */}
        {dealer && (
          <>
            <RangeField
              {...field("tradeIn")}
              {...setup.extras}
              step={setup.amount.step}
              label="Deposit / trade-in"
              prefix="$"
              valueText={money}
            />
            <RangeField
              {...field("residual")}
              {...setup.extras}
              step={setup.amount.step}
              label="Residual (balloon)"
              prefix="$"
              valueText={money}
            />
          </>
        )}
        <RangeField {...field("term")} {...setup.term} label="Loan term" suffix="years" valueText={years} />
        <RangeField
          {...field("interest")}
          {...setup.interest}
          label="Interest rate"
          suffix="% p.a."
          valueText={percent}
        />
        <fieldset className="fc-frequency">
          <legend>Repayment frequency</legend>
          {FREQUENCIES.map((frequency) => (
            <label key={frequency}>
              <input
                type="radio"
                name={`${id}-frequency`}
                value={frequency}
                checked={input.frequency === frequency}
                onChange={() => change("frequency")(frequency)}
              />
              <span>{FREQUENCY_LABELS[frequency]}</span>
            </label>
          ))}
        </fieldset>
      </div>

      <output className="fc-result" aria-live="polite" htmlFor={`${id}-amount ${id}-term ${id}-interest`}>
        <span className="fc-result-label">
          Estimated {FREQUENCY_LABELS[input.frequency].toLowerCase()} repayment
        </span>
        <span className="fc-repayment" data-testid="finance-repayment">
          {result.repaymentText}
          {result.repayment !== null && <small> {PER_PERIOD[input.frequency]}</small>}
        </span>
        <span className="fc-total">
          Total of repayments: <strong data-testid="finance-total">{result.totalText}</strong>
        </span>
        <span className="fc-rate">
          Comparison rate <strong>{result.comparisonRateText}</strong> p.a.*
        </span>
      </output>

      {setup.fees.length > 0 && (
        <ul className="fc-fees" aria-label="Fees included">
          {setup.fees.map((fee) => (
            <li key={fee.label}>
              {fee.label}: {money(fee.amount)}
              {fee.per === "month" ? " per month" : ""}
            </li>
          ))}
        </ul>
      )}
      {setup.rateNotes.map((note) => (
        <p key={note} className="fc-rate-note">
          {note}
        </p>
      ))}
      <p className="fc-small">
        *{COMPARISON_EXAMPLE_TEXT} {COMPARISON_RATE_WARNING} This calculator is a guide only and is not a
        quote or an offer of finance.
      </p>
    </div>
  );
}
