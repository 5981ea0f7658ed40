/** The finance disclaimer dialog: loads the disclaimer text the first time it opens. */
const LOADING = "Loading the finance disclaimer…";
const FAILED =
  "Sorry, we couldn't load the finance disclaimer. Please try again, or call us for the details.";
const dialog = document.querySelector<HTMLDialogElement>("#finance-disclaimer-dialog");
const body = dialog?.querySelector<HTMLElement>("[data-disclaimer-body]");
let state: "idle" | "loading" | "loaded" = "idle";

function show(text: string, kind: "muted" | "error" | "text"): void {
  if (!body) return;
  const paragraph = document.createElement("p");
  paragraph.textContent = text;
  if (kind !== "text") paragraph.className = kind === "error" ? "fin-dialog-error" : "muted";
  if (kind === "error") paragraph.setAttribute("role", "alert");
  body.replaceChildren(paragraph);
}

async function load(endpoint: string): Promise<void> {
  state = "loading";
  body?.setAttribute("aria-busy", "true");
  show(LOADING, "muted");
  try {
    const response = await fetch(endpoint, { headers: { accept: "application/json" } });
    const data: unknown = response.ok ? await response.json() : null;
    const text = (data as { disclaimer?: unknown } | null)?.disclaimer;
    if (typeof text !== "string" || text.trim() === "") throw new Error(`answered ${response.status}`);
    show(text, "text");
    state = "loaded";
  } catch (error) {
    console.warn("finance disclaimer", error);
    show(FAILED, "error");
    state = "idle";
  } finally {
    body?.setAttribute("aria-busy", "false");
  }
}

dialog?.addEventListener("dialog:open", () => {
  const endpoint = dialog.dataset.endpoint;
  if (endpoint && state === "idle") void load(endpoint);
});

// A module, so its names stay its own.
export {};
