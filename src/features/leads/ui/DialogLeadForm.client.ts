/** Lead forms in dialogs: their buttons open them. */
import type { LeadFormProps } from "~/features/leads/ui/LeadForm";
import { loadLeadFormModule, mountLeadFormInto } from "~/features/leads/ui/load-lead-form.client";

async function mount(holder: HTMLElement): Promise<void> {
  if (holder.dataset.state === "loading" || holder.dataset.state === "ready") return;
  holder.dataset.state = "loading";
  const props = JSON.parse(holder.dataset.props ?? "{}") as LeadFormProps;
  const mounted = await mountLeadFormInto(holder, props, () => void mount(holder));
  holder.dataset.state = mounted ? "ready" : "failed";
}

// `dialog:open` does not bubble; a capturing listener on the document still sees it.
document.addEventListener(
  "dialog:open",
  (event) => {
    for (const holder of (event.target as Element).querySelectorAll<HTMLElement>("[data-lead-form]")) {
      void mount(holder);
    }
  },
  true,
);
// A dialog a deep link opened before this script ran (`/cars/{slug}#test-drive`).
for (const holder of document.querySelectorAll<HTMLElement>("dialog[open] [data-lead-form]"))
  void mount(holder);
const warm = (event: Event) => {
  if ((event.target as Element | null)?.closest?.("[data-open-dialog]"))
    void loadLeadFormModule().catch(() => {});
};
document.addEventListener("pointerover", warm, { passive: true });
document.addEventListener("focusin", warm);
