/** /print: fills the printable sheet from the car's public fields, then offers to print. */
import { cdnImage } from "~/features/media/media";
import type { CarFields } from "~/features/vehicle/car-fields";
import { loadCarFields } from "~/features/vehicle/car-fields.client";

const root = document.querySelector<HTMLElement>("[data-print-page]");
const $ = <T extends HTMLElement = HTMLElement>(name: string) =>
  root?.querySelector<T>(`[data-print-${name}]`) ?? null;
const setText = (name: string, text: string | null | undefined) => {
  const element = $(name);
  if (element) element.textContent = text ?? "";
};

function render(car: CarFields) {
  document.title = `${car.name} | ${root?.dataset.siteName ?? ""}`;
  setText("name", car.name);
  setText(
    "sub",
    [car.badge, car.car_type_label, car.stocknum ? `Stock no. ${car.stocknum}` : null]
      .filter(Boolean)
      .join(" · "),
  );
  setText("price", car.sold ? `${car.price_text} (Sold)` : car.price_text);
  setText("was", car.was_price_text);
  if (car.image.url) {
    const img = document.createElement("img");
    img.src = cdnImage(car.image.url, 1200);
    img.alt = car.image.alt;
    img.width = 1200;
    img.height = 800;
    $("photo")?.append(img);
  }
  const specs = $("specs");
  for (const row of car.specs) {
    const item = document.createElement("div");
    const label = document.createElement("dt");
    const value = document.createElement("dd");
    label.textContent = row.label;
    value.textContent = row.value;
    item.append(label, value);
    specs?.append(item);
  }
  setText("dealer-name", car.dealer.name);
  setText("dealer-address", car.dealer.address);
  const phone = $<HTMLAnchorElement>("dealer-phone");
  if (phone && car.dealer.phone && car.dealer.tel) {
    phone.textContent = `Phone ${car.dealer.phone}`;
    phone.href = car.dealer.tel;
  }
  if (car.features.length > 0) {
    const list = $("features");
    for (const feature of car.features) {
      const item = document.createElement("li");
      item.textContent = feature;
      list?.append(item);
    }
    const block = $("features-block");
    if (block) block.hidden = false;
  }
  setText("url", car.url);
  const back = $<HTMLAnchorElement>("back");
  if (back) back.href = `/cars/${car.slug}`;
  setText("status", "");
  const body = $("body");
  if (body) body.hidden = false;
  const print = $<HTMLButtonElement>("now");
  if (print) print.disabled = false;
}

async function load() {
  const slug = new URLSearchParams(window.location.search).get("car_id") ?? "";
  const result = await loadCarFields(slug, root?.dataset.websiteId ?? "");
  if (result.ok) render(result.car);
  else setText("status", result.message);
}

$<HTMLButtonElement>("now")?.addEventListener("click", () => window.print());
void load();
