/**
 * Finance rules from the spec (§4 calculator state, §5 calculator validation and finance display
 * eligibility, §8 texts, §9 constants): the repayment calculator, the lender's finance estimate and
 * the weekly chip. Pure: the site, the car and `now` come in as arguments.
 */
export {
  amortise,
  amountRangeMessage,
  type CalculatorInput,
  type CalculatorSetup,
  calculateRepayment,
  calculatorSetup,
  comparisonRate,
  type Fee,
  financeRateNotes,
  formatDollars,
  roundRepayment,
} from "./calculator";
export * from "./constants";
export {
  collapseDisclaimer,
  financeDisclaimer,
  financeEstimate,
  financeExcluded,
  showsCalculator,
  showsFinance,
  weeklyChip,
} from "./estimate";
export { financeLender } from "./lender";
