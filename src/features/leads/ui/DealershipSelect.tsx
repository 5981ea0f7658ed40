/** The dealership a lead goes to (spec §5: a sole location is chosen for the shopper, without a placeholder). */
import type { UseFormRegister } from "react-hook-form";
import { FORM_TEXTS } from "../forms";

export interface DealershipSelectProps {
  id: string;
  dealerships: readonly { slug: string; name: string }[];
  soleDealership: string | undefined;
  required: boolean;
  register: UseFormRegister<Record<string, unknown>>;
  error: { message?: unknown } | undefined;
}

export function DealershipSelect({
  id,
  dealerships,
  soleDealership,
  required,
  register,
  error,
}: DealershipSelectProps) {
  return (
    <div className="field">
      <label htmlFor={`${id}-dealership`}>Dealership{required && <span aria-hidden="true"> *</span>}</label>
      <select
        id={`${id}-dealership`}
        aria-invalid={error ? true : undefined}
        {...register("dealership_slug")}
      >
        {!soleDealership && <option value="">{FORM_TEXTS.dealershipPlaceholder}</option>}
        {dealerships.map((dealership) => (
          <option key={dealership.slug} value={dealership.slug}>
            {dealership.name}
          </option>
        ))}
      </select>
      {error && <p className="field-error">{String(error.message)}</p>}
    </div>
  );
}
