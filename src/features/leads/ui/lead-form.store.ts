/**
 * What a lead form's parts share (spec §4 submit states, §3 stored user details): the submit status
 * the button and the form show, the form error the alert and the line above the button show, and
 * the fields the remembered details filled ("Not you?" and what it announces). One store per form,
 * as a page can hold several.
 */
import { atom } from "nanostores";
import type { SubmitStatus } from "../forms";

export interface LeadFormState {
  status: SubmitStatus;
  formError: string | null;
  prefilled: readonly string[];
  detailsCleared: boolean;
}

export function createLeadFormStore() {
  const $form = atom<LeadFormState>({
    status: "idle",
    formError: null,
    prefilled: [],
    detailsCleared: false,
  });
  const update = (change: Partial<LeadFormState>) => $form.set({ ...$form.get(), ...change });
  return {
    $form,
    sending: () => update({ status: "submitting", formError: null }),
    sent: () => update({ status: "success" }),
    failed: (formError: string) => update({ status: "failure", formError }),
    prefilledWith: (prefilled: readonly string[]) => update({ prefilled }),
    detailsCleared: () => update({ prefilled: [], detailsCleared: true }),
  };
}

export type LeadFormStore = ReturnType<typeof createLeadFormStore>;
