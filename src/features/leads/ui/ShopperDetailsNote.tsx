/**
 * Spec §3 stored user details: "Not you?" under a form the remembered details filled, and the
 * announcement once they are cleared.
 */
import { useStore } from "~/lib/ui/use-store";
import { SHOPPER_DETAILS_TEXTS } from "../shopper-details";
import type { LeadFormStore } from "./lead-form.store";

export function ShopperDetailsNote({ store, onClear }: { store: LeadFormStore; onClear: () => void }) {
  const { prefilled, detailsCleared } = useStore(store.$form);
  return (
    <>
      {prefilled.length > 0 && (
        <p className="details-note">
          <button type="button" onClick={onClear}>
            {SHOPPER_DETAILS_TEXTS.notYou}
          </button>
        </p>
      )}
      <p className="visually-hidden" role="status">
        {detailsCleared ? SHOPPER_DETAILS_TEXTS.cleared : ""}
      </p>
    </>
  );
}
