/**
 * Loads the lead form's code on demand and renders it into a holder: vehicle-page dialogs
 * (DialogLeadForm) and the checkout's last step. If the code cannot load, the holder shows an
 * alert with Try again (focused), and the next try loads afresh.
 */
import type { LeadFormProps } from "./LeadForm";

export const FORM_LOAD_FAILED = "Sorry, the form could not load. Please check your connection and try again.";

let loading: Promise<typeof import("./mount-lead-form.client")> | null = null;

/** Starts (or reuses) the module load; a failed load is forgotten so a retry fetches again. */
export function loadLeadFormModule(): Promise<typeof import("./mount-lead-form.client")> {
  loading ??= import("./mount-lead-form.client").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Renders the form into `holder`; returns its unmount, or null when the code could not load (the
 * holder then shows the alert, and Try again calls `retry`).
 */
export async function mountLeadFormInto(
  holder: HTMLElement,
  props: LeadFormProps,
  retry: () => void,
): Promise<(() => void) | null> {
  try {
    const { mountLeadForm } = await loadLeadFormModule();
    holder.replaceChildren();
    return mountLeadForm(holder, props);
  } catch {
    const alert = document.createElement("p");
    alert.setAttribute("role", "alert");
    alert.className = "form-error";
    alert.textContent = FORM_LOAD_FAILED;
    const again = document.createElement("button");
    again.type = "button";
    again.className = "btn";
    again.textContent = "Try again";
    again.addEventListener("click", retry);
    holder.replaceChildren(alert, again);
    again.focus();
    return null;
  }
}
