/** The call box: a masked number shows (and is recorded as revealed) on click; every tap is tracked. */
import { ANALYTICS_EVENTS, track } from "~/lib/analytics";
import { PHONE_REVEAL_PATH } from "../phone";

// Same payload as the page's other phone links (data-phone-tap); this box tracks its own taps.
// The 'New Car' / 'Used Car' label is worked out at build time (phoneTapLabel).
function tapped(box: HTMLElement) {
  track(ANALYTICS_EVENTS.phoneTap, { label: box.dataset.phoneLabel });
}

function sendReveal(box: HTMLElement) {
  const body = JSON.stringify({
    car_id: Number(box.dataset.carId),
    dealership_id: Number(box.dataset.dealershipId),
    website_id: box.dataset.websiteId,
  });
  fetch(PHONE_REVEAL_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
  })
    .then(async (response) => {
      const answer = await response.json().catch(() => null);
      if (response.ok) console.info("phone reveal recorded", answer);
      else console.error("phone reveal not recorded", response.status, answer);
    })
    .catch((error) => console.error("phone reveal not recorded", error));
}

function reveal(button: HTMLButtonElement, box: HTMLElement, focus = true) {
  const link = document.createElement("a");
  link.className = "btn cd-number";
  link.href = button.dataset.tel ?? "";
  link.dataset.callLink = "";
  const icon = button.querySelector("svg");
  if (icon) link.append(icon);
  const text = document.createElement("span");
  text.textContent = button.dataset.phone ?? "";
  link.append(text);
  button.replaceWith(link);
  if (focus) link.focus();
  sendReveal(box);
}

for (const box of document.querySelectorAll<HTMLElement>("[data-call-dealer]")) {
  box.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("[data-call-reveal]");
    if (button) {
      tapped(box);
      reveal(button, box);
    } else if (target?.closest("[data-call-link]")) {
      tapped(box);
    }
  });
  // The bar's link tracks its own tap (data-phone-tap) and dials; focus stays on it.
  document.querySelector("[data-cta-call]")?.addEventListener("click", () => {
    const button = box.querySelector<HTMLButtonElement>("[data-call-reveal]");
    if (button) reveal(button, box, false);
  });
}
