/** Which pictures a car shows, and the fallback when it has none (spec §8: missing image). */
import type { Car } from "~/features/stock/car.schema";

export const IMAGE_NOT_FOUND = "/media/image-not-found.svg";
/** Gallery thumbnails only appear when a car has more than this many images (spec §9). */
export const THUMBNAILS_AFTER = 3;

export interface Picture {
  url: string;
  thumb: string;
  alt: string;
}

/** Still photos of a car in feed order (video entries excluded). */
export function carPictures(car: Car): Picture[] {
  const photos = car.images
    .filter((image) => !image.video)
    .map((image, index) => ({
      url: image.url,
      thumb: image.thumb?.url ?? image.url,
      alt: image.alt ?? `${car.name}, photo ${index + 1}`,
    }));
  if (photos.length > 0) return photos;
  if (car.primary_image_url)
    return [{ url: car.primary_image_url, thumb: car.primary_image_url, alt: car.name }];
  return [{ url: IMAGE_NOT_FOUND, thumb: IMAGE_NOT_FOUND, alt: `${car.name}: image coming soon` }];
}

export function showThumbnails(car: Car): boolean {
  return carPictures(car).length > THUMBNAILS_AFTER;
}
