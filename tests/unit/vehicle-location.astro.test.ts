/** The vehicle page's location block as Astro renders it (Container API). */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import VehicleLocation from "~/features/vehicle/ui/VehicleLocation.astro";
import { makeLocation, makeSite } from "./helpers";

async function render(showMap: boolean): Promise<string> {
  const container = await AstroContainer.create();
  const site = makeSite({ vdp_config: { show_map_section: showMap } });
  return container.renderToString(VehicleLocation, { props: { site, location: makeLocation() } });
}

describe("map toggle on the location block: open, and closable without script (spec: open/closed marker)", () => {
  it("is a disclosure that starts open, its summary naming the map and the frame inside it", async () => {
    const html = await render(true);
    const details = /<details\b[^>]*id="vehicle-map"[^>]*>([\s\S]*?)<\/details>/.exec(html);
    expect(details?.[0]).toMatch(/^<details\b[^>]*\sopen[\s>]/);
    expect(details?.[1]).toMatch(/<summary\b[^>]*>Map<\/summary>/);
    expect(details?.[1]).toMatch(/<iframe\b[^>]*title="Map of Test Motors Brisbane"/);
  });

  it("is absent with the tenant's map turned off", async () => {
    const html = await render(false);
    expect(html).not.toContain("vehicle-map");
    expect(html).not.toContain("<iframe");
  });
});
