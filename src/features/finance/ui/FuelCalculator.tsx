import { useId, useState } from "react";
import { FUEL_RANGES, type FuelInput, formatFuelCost, weeklyFuelCost } from "../fuel";
import { RangeField } from "./RangeField";

interface Props {
  initial: FuelInput;
}

const clampTo = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

/** Spec §9 fuel calculator: cost = km / 100 × consumption × price, per week. */
export default function FuelCalculator({ initial }: Props) {
  const id = useId();
  const [input, setInput] = useState<FuelInput>(initial);
  const cost = weeklyFuelCost(input);
  const field = (key: keyof FuelInput) => ({
    id: `${id}-${key}`,
    value: input[key],
    used: clampTo(input[key], FUEL_RANGES[key]),
    ...FUEL_RANGES[key],
    onChange: (value: number) => setInput((current) => ({ ...current, [key]: value })),
  });

  return (
    <div className="fc">
      <div className="fc-inputs">
        <RangeField
          {...field("pricePerLitre")}
          label="Fuel price"
          prefix="$"
          suffix="per litre"
          decimals={2}
          valueText={(value) => `${formatFuelCost(value)} per litre`}
        />
        <RangeField
          {...field("kmPerWeek")}
          label="Kilometres per week"
          suffix="km"
          valueText={(value) => `${value} km per week`}
        />
        <RangeField
          {...field("litresPer100Km")}
          label="Fuel consumption"
          suffix="L/100km"
          valueText={(value) => `${value} litres per 100 km`}
        />
      </div>
      <output className="fc-result" aria-live="polite">
        <span className="fc-result-label">Estimated fuel cost</span>
        <span className="fc-repayment" data-testid="fuel-cost">
          {formatFuelCost(cost)}
          <small> per week</small>
        </span>
      </output>
    </div>
  );
}
