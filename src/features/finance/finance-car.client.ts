/**
 * The car on /personalised/finance?car_id={id} (GET /api/finance/car): its photo, type, name (a link
 * to its page) and price; a car that is gone or unknown says so, and the application stays open.
 */
import { cdnImage } from "~/features/media/media";
import type { FinanceCar } from "./finance-car.server";

export const FINANCE_CAR_TEXTS = {
  noCar: "No car was chosen. Tell us about the car you're after and our finance team will help.",
  gone: "We couldn't find that car. It may have been sold. You can still apply and our finance team will help you find another.",
  failed: "We couldn't load the car right now. You can still apply below.",
} as const;

export async function loadFinanceCar(root: HTMLElement, carId: string | null): Promise<void> {
  const status = root.querySelector<HTMLElement>("[data-finance-car-status]");
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const id = carId?.trim() ?? "";
  if (!/^[1-9]\d{0,15}$/.test(id)) return say(FINANCE_CAR_TEXTS.noCar);
  let car: FinanceCar;
  try {
    const response = await fetch(`/api/finance/car?car_id=${id}`, {
      headers: { accept: "application/json" },
    });
    if (response.status === 404) return say(FINANCE_CAR_TEXTS.gone);
    if (!response.ok) return say(FINANCE_CAR_TEXTS.failed);
    car = ((await response.json()) as { car: FinanceCar }).car;
  } catch {
    return say(FINANCE_CAR_TEXTS.failed);
  }
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-finance-car-${name}]`);
  const photo = part("image");
  if (photo && car.image) {
    const image = new Image(160, 107);
    image.src = cdnImage(car.image.url, 320);
    image.alt = car.image.alt;
    photo.append(image);
  } else photo?.remove();
  const type = part("type");
  if (type) type.textContent = car.car_type_label;
  const link = part<HTMLAnchorElement>("link");
  if (link) {
    link.href = `/cars/${car.slug}`;
    link.textContent = car.name;
  }
  const price = part("price");
  if (price) price.textContent = car.price_text;
  say(`Applying for finance on the ${car.name}.`);
  status?.classList.add("visually-hidden");
  const body = part("body");
  if (body) body.hidden = false;
}
