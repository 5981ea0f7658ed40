/**
 * Frames the provider's 360° viewer when the shopper first opens Spin (MediaSpinEmbed.astro).
 * A frame cannot tell its page that it failed, so the provider is asked once first (an opaque
 * request, which fails only when the host cannot be reached): unreachable or too slow, the box
 * says the view cannot load and offers the photos instead of leaving an empty or broken frame.
 */

/** How long the provider has to answer before the view counts as unavailable. */
const PROVIDER_WAIT_MS = 8000;

export const SPIN_EMBED_TEXT = {
  loading: "Loading the 360° view…",
  failed: "The 360° view cannot load right now. The photos are all in Gallery.",
} as const;

async function reachable(src: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROVIDER_WAIT_MS);
  try {
    await fetch(src, { mode: "no-cors", credentials: "omit", cache: "no-store", signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function setUp(embed: HTMLElement) {
  const root = embed.closest<HTMLElement>("[data-car-media]");
  const spin = root?.querySelector<HTMLInputElement>('[data-mode-input][value="spinner"]');
  const gallery = root?.querySelector<HTMLInputElement>('[data-mode-input][value="gallery"]');
  const status = embed.querySelector<HTMLElement>("[data-spin-status]");
  const toGallery = embed.querySelector<HTMLButtonElement>("[data-spin-to-gallery]");
  const src = embed.dataset.src;
  if (!spin || !status || !src) return;
  let started = false;

  const start = async () => {
    if (started) return;
    started = true;
    status.textContent = SPIN_EMBED_TEXT.loading;
    if (!(await reachable(src))) {
      status.textContent = SPIN_EMBED_TEXT.failed;
      if (toGallery && gallery) toGallery.hidden = false;
      // A later visit to Spin tries again.
      started = false;
      return;
    }
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.title = embed.dataset.title ?? "360° view";
    frame.allow = "fullscreen; accelerometer; gyroscope";
    frame.referrerPolicy = "no-referrer";
    status.classList.add("visually-hidden");
    embed.append(frame);
  };

  spin.addEventListener("change", () => {
    if (spin.checked) void start();
  });
  if (spin.checked) void start();
  toGallery?.addEventListener("click", () => {
    if (!gallery) return;
    gallery.checked = true;
    gallery.dispatchEvent(new Event("change", { bubbles: true }));
    gallery.focus();
  });
}

for (const embed of document.querySelectorAll<HTMLElement>("[data-spin-embed]")) setUp(embed);
