/** My Garage brand variants (spec §2 "/my-garage (plus brand variants)", §4 gated). */
import { describe, expect, it } from "vitest";
import { garageVariants } from "~/features/brands/brands";

const group = {
  garage_enabled: true,
  manufacturer: null,
  dealerships: [{ manufacturers: ["Mazda"] }, { manufacturers: ["Land Rover", "mazda"] }],
};

describe("my-garage brand variants: one per make the site is a dealer for, only with a garage", () => {
  it("gives each franchised make its own door, slugged and titled with the make", () => {
    expect(garageVariants(group)).toEqual([
      { make: "Mazda", slug: "mazda", path: "/my-garage/mazda", title: "My Mazda Garage" },
      {
        make: "Land Rover",
        slug: "land-rover",
        path: "/my-garage/land-rover",
        title: "My Land Rover Garage",
      },
    ]);
  });

  it("puts the site's own manufacturer first", () => {
    expect(
      garageVariants({
        garage_enabled: true,
        manufacturer: "Toyota",
        dealerships: [{ manufacturers: ["Toyota"] }],
      }).map((variant) => variant.path),
    ).toEqual(["/my-garage/toyota"]);
  });

  it("has none on a site without a garage, or one that is a dealer for no make", () => {
    expect(garageVariants({ ...group, garage_enabled: false })).toEqual([]);
    expect(garageVariants({ garage_enabled: true, manufacturer: null, dealerships: [] })).toEqual([]);
  });
});
