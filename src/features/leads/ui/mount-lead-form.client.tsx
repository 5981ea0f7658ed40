/**
 * Renders a lead form into a dialog's mount point. Loaded with `import()` the first time a dialog
 * that holds a form opens (see DialogLeadForm.astro), so vehicle pages ship and render no form
 * until a shopper asks for one.
 */
import { createRoot } from "react-dom/client";
import LeadForm, { type LeadFormProps } from "./LeadForm";

/** Renders the form; the returned function removes it again (the checkout's Back). */
export function mountLeadForm(holder: HTMLElement, props: LeadFormProps): () => void {
  const root = createRoot(holder);
  root.render(<LeadForm {...props} />);
  return () => root.unmount();
}
