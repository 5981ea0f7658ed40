/**
 * The vehicle page's media as Astro renders it (Container API): the markup a shopper's browser
 * gets for cases the sample stock does not hold.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import CarMedia from "~/features/media/ui/CarMedia.astro";
import { makeCar, makeSite, photos } from "./helpers";

async function render(car: ReturnType<typeof makeCar>, site = makeSite()): Promise<string> {
  const container = await AstroContainer.create();
  return container.renderToString(CarMedia, { props: { car, site } });
}

describe("the video slide (spec §2: an embeddable address in a frame, else a muted looping autoplay video)", () => {
  it("a video file that is not embeddable plays muted, looping, on its own and inline", async () => {
    const html = await render(
      makeCar({ images: photos(3), video_url: "https://cdn.example.com/walkaround.mp4" }),
    );
    const video = /<video\b[^>]*>/.exec(html)?.[0] ?? "";
    expect(video).toContain('src="https://cdn.example.com/walkaround.mp4"');
    for (const attribute of ["muted", "loop", "autoplay", "playsinline"])
      expect(video).toMatch(new RegExp(`\\s${attribute}[\\s>=]`));
    expect(html).not.toContain("<iframe");
  });

  it("an embeddable address plays in a frame, and no video element is made", async () => {
    const html = await render(makeCar({ images: photos(3), video_url: "https://youtu.be/hRDZZC1tXxe" }));
    expect(html).toMatch(/<iframe\b[^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/hRDZZC1tXxe"/);
    expect(html).not.toContain("<video");
  });
});

describe("third-party 360 viewer by spin_code: loaded only when the shopper opens Spin", () => {
  const site = makeSite({
    spin_viewer: { name: "SpinCar", url: "https://viewer.spins.example.com/embed/{code}" },
  });

  it("offers Spin with the provider's address but no frame, and opens in the gallery", async () => {
    const html = await render(makeCar({ images: photos(3), spin_code: "HTS-HTN10046" }), site);
    expect(html).toMatch(/<input[^>]*value="spinner"[^>]*>/);
    expect(html).toMatch(/<input[^>]*value="gallery"[^>]*checked/);
    expect(html).not.toMatch(/<input[^>]*value="spinner"[^>]*checked/);
    expect(html).toContain('data-src="https://viewer.spins.example.com/embed/HTS-HTN10046"');
    expect(html).toContain("The 360° view by SpinCar opens here.");
    expect(html).not.toContain("<iframe");
  });

  it("shows no Spin for the same car on a site without a provider", async () => {
    const html = await render(makeCar({ images: photos(3), spin_code: "HTS-HTN10046" }));
    expect(html).not.toContain('value="spinner"');
    expect(html).not.toContain("data-spin-embed");
  });
});
