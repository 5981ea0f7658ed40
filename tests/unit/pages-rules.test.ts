import { describe, expect, it } from "vitest";
import { parseContentPage } from "~/features/content/content.server";
import { carPictures, IMAGE_NOT_FOUND, showThumbnails } from "~/features/media/media";
import { footerGroups, headerNav, sisterBusinesses } from "~/features/navigation/navigation";
import { isOfferActive, offerDisclaimer, offerSummary } from "~/features/offers/offers";
import { toSlug } from "~/features/search/slugs";
import {
  bodyLabel,
  DEALER_COMMENTS_PENDING,
  hasDealerComments,
  specRows,
} from "~/features/stock/specifications";
import { makeCar, makeSite, NOW } from "./helpers";

const image = (n: number) => ({ url: `/media/${n}.jpg`, thumb: { url: `/media/${n}-t.jpg` } });

describe("vehicle page rules", () => {
  it("hides spec rows that are empty, null or the text null", () => {
    const rows = specRows(makeCar({ colour: "null", interior_colour: "  ", seats: null, doors: 5, km: 0 }));
    const labels = rows.map((row) => row.label);
    expect(labels).not.toContain("Colour");
    expect(labels).not.toContain("Interior");
    expect(labels).not.toContain("Seats");
    expect(rows).toContainEqual({ label: "Doors", value: "5" });
    expect(rows).toContainEqual({ label: "Odometer", value: "0 km" });
  });

  it.each([
    ["", false],
    [null, false],
    ["-", false],
    ["<p>---</p>", false],
    ["<p>&nbsp;</p>", false],
    ["<p>One owner</p>", true],
  ])("treats dealer comments %j as present: %s", (comments, present) => {
    expect(hasDealerComments(comments)).toBe(present);
  });

  it("uses the spec's pending text", () => {
    expect(DEALER_COMMENTS_PENDING).toBe("Dealer comments are pending. Please check back here later.");
  });

  it.each([
    [0, false],
    [3, false],
    [4, true],
  ])("shows thumbnails only with more than 3 images (%i images → %s)", (count, shown) => {
    const car = makeCar({ images: Array.from({ length: count }, (_, i) => image(i)) });
    expect(showThumbnails(car)).toBe(shown);
  });

  it("falls back to the image-not-found picture and skips video entries", () => {
    expect(carPictures(makeCar({ images: [] }))[0]?.url).toBe(IMAGE_NOT_FOUND);
    const car = makeCar({ images: [{ url: "/v.mp4", video: true }, image(1)] });
    expect(carPictures(car).map((p) => p.url)).toEqual(["/media/1.jpg"]);
  });

  it.each([
    ["peopleMover", "People Mover"],
    ["cabChassis", "Cab Chassis"],
    ["suv", "SUV"],
    ["sedan", "Sedan"],
  ])("labels body type %s as %s", (body, label) => expect(bodyLabel(body)).toBe(label));
});

describe("offers", () => {
  it.each([
    [{}, true],
    [{ start: "2026-06-15T02:00:00Z" }, true],
    [{ start: "2026-06-15T02:00:01Z" }, false],
    [{ expiry: "2026-06-15T02:00:00Z" }, true],
    [{ expiry: "2026-06-15T01:59:59Z" }, false],
  ])("promo window %j active at now: %s", (window, active) => {
    expect(isOfferActive(window, NOW)).toBe(active);
  });

  it("truncates descriptions longer than 200 characters at 160", () => {
    expect(offerSummary("a".repeat(200))).toBe("a".repeat(200));
    expect(offerSummary("a".repeat(201))).toBe(`${"a".repeat(160)}…`);
  });

  it("cuts an offer disclaimer longer than 200 characters at 200 behind Show More", () => {
    expect(offerDisclaimer("b".repeat(200))).toEqual({
      collapsible: false,
      short: "b".repeat(200),
      full: "b".repeat(200),
    });
    const long = offerDisclaimer(`<p>${"c".repeat(201)}</p>`);
    expect(long.collapsible).toBe(true);
    expect(long.short).toBe(`${"c".repeat(200)}…`);
    expect(long.full).toBe("c".repeat(201));
  });
});

describe("navigation", () => {
  const cars = [
    makeCar({ id: 1, car_type: "used", simple_body: "hatch" }),
    makeCar({ id: 2, slug: "x-2", car_type: "new", make: "Mazda", model: "CX-5", simple_body: "suv" }),
  ];

  it("has the spec's header items in order", () => {
    expect(headerNav(makeSite(), cars).map((item) => item.label)).toEqual([
      "Home",
      "Vehicles",
      "Stock",
      "Offers",
      "Finance",
      "Trade In",
      "Service",
      "About Us",
    ]);
  });

  it("drops Trade In when the site has no trade-in", () => {
    const site = makeSite({ features: { trade_in: false } });
    expect(headerNav(site, cars).map((item) => item.label)).not.toContain("Trade In");
  });

  it("lists car types in the spec's order new, demo, used with the site's used keyword", () => {
    const site = makeSite({ used_keyword: "Pre-Owned" });
    const vehicles = headerNav(site, cars).find((item) => item.label === "Vehicles");
    expect(vehicles?.children?.slice(0, 2).map((child) => child.label)).toEqual([
      "New Vehicles",
      "Pre-Owned Vehicles",
    ]);
  });

  it("lists the most common bodies, models and makes in alphabetical order, so one car more or less keeps the menus", () => {
    let id = 100;
    const stock = (count: number, make: string, model: string, simple_body: string) =>
      Array.from({ length: count }, () => makeCar({ id: id++, slug: `car-${id}`, make, model, simple_body }));
    const before = [
      ...stock(5, "Toyota", "HiLux", "ute"),
      ...stock(4, "Mazda", "CX-5", "suv"),
      ...stock(4, "Mazda", "CX-60", "suv"),
      ...stock(3, "Kia", "Cerato", "sedan"),
      ...stock(2, "Toyota", "Corolla", "hatch"),
      ...stock(1, "Ford", "Transit", "cabChassis"),
    ];
    const footer = (cars: typeof before) =>
      footerGroups(makeSite(), cars)
        .slice(0, 2)
        .map((group) => group.links.map((link) => link.label));
    expect(footer(before)).toEqual([
      ["Cab Chassis", "Hatch", "Sedan", "SUV", "Ute"],
      ["Ford Transit", "Kia Cerato", "Mazda CX-5", "Mazda CX-60", "Toyota Corolla", "Toyota HiLux"],
    ]);
    // A CX-5 sold: CX-60 now outnumbers it, and the footer stays as it was.
    const sold = before.filter((car) => car.id !== 105);
    expect(footer(sold)).toEqual(footer(before));
    const vehicles = headerNav(makeSite(), before).find((item) => item.label === "Vehicles");
    expect(vehicles?.children?.map((child) => child.label).slice(-4)).toEqual([
      "Ford",
      "Kia",
      "Mazda",
      "Toyota",
    ]);
  });

  it("has the spec's footer groups", () => {
    expect(footerGroups(makeSite(), cars).map((group) => group.title)).toEqual([
      "Vehicles by body type",
      "Models",
      "Buyer Tools",
      "Servicing and Parts",
      "Test Motors",
    ]);
  });

  it("links the shopper's favourites and comparison from Buyer Tools, unless the site keeps neither", () => {
    const tools = (favourites: boolean) =>
      footerGroups(makeSite({ features: { favourites } }), cars)
        .find((group) => group.title === "Buyer Tools")
        ?.links.map((link) => `${link.label} ${link.href}`);
    expect(tools(true)?.slice(-2)).toEqual(["Your Favourites /favourites", "Compare Cars /compare"]);
    expect(tools(false)?.join()).not.toMatch(/favourites|compare/);
  });

  it("Buyer Tools links Your Watchlist only where the site keeps a watchlist", () => {
    const tools = (watchlist: boolean) =>
      footerGroups(makeSite({ features: { watchlist } }), cars)
        .find((group) => group.title === "Buyer Tools")
        ?.links.map((link) => `${link.label} ${link.href}`);
    expect(tools(true)?.at(-1)).toBe("Your Watchlist /watchlist");
    expect(tools(false)?.join()).not.toMatch(/watchlist/i);
  });

  it("links optional content pages (warranty, roadside assist …) only for tenants that have them", () => {
    const servicing = (pages: string[]) =>
      footerGroups(makeSite(), cars, new Set(pages))
        .find((group) => group.title === "Servicing and Parts")
        ?.links.map((link) => link.href);
    expect(servicing([])).toEqual(["/service"]);
    expect(servicing(["warranty", "roadside-assist"])).toEqual(["/service", "/roadside-assist", "/warranty"]);
    const service = (pages: string[]) =>
      headerNav(makeSite(), cars, new Set(pages))
        .find((item) => item.label === "Service")
        ?.children?.map((child) => child.href);
    expect(service([])).toEqual(["/service"]);
    expect(service(["vehicle-parts-and-accessories"])).toEqual([
      "/service",
      "/vehicle-parts-and-accessories",
    ]);
  });

  it("links every servicing page the tenant has from the Service menu and Servicing and Parts, in one order", () => {
    const all = [
      "warranty",
      "roadside-assist",
      "vehicle-parts-and-accessories",
      "diamond-advantage",
      "capped-price-servicing",
    ];
    const expected = [
      "Book a Service /service",
      "Capped Price Servicing /capped-price-servicing",
      "Diamond Advantage /diamond-advantage",
      "Parts and Accessories /vehicle-parts-and-accessories",
      "Roadside Assist /roadside-assist",
      "Warranty /warranty",
    ];
    expect(
      headerNav(makeSite(), cars, new Set(all))
        .find((item) => item.label === "Service")
        ?.children?.map((link) => `${link.label} ${link.href}`),
    ).toEqual(expected);
    expect(
      footerGroups(makeSite(), cars, new Set(all))
        .find((group) => group.title === "Servicing and Parts")
        ?.links.map((link) => `${link.label} ${link.href}`),
    ).toEqual(expected);
  });

  it("lists a group's sister businesses: a path stays on the site, an https address is another site", () => {
    const site = makeSite({
      sister_businesses: [
        { label: "TWG Cars", href: "/twg-cars" },
        {
          label: "TWG Tyres",
          href: "https://tyres.example.com.au/",
          logo: { url: "/media/logos/tyres.svg", width: 64, height: 64 },
        },
      ],
    });
    expect(sisterBusinesses(site)).toEqual([
      { label: "TWG Cars", href: "/twg-cars", external: false, logo: null },
      {
        label: "TWG Tyres",
        href: "https://tyres.example.com.au/",
        external: true,
        logo: { url: "/media/logos/tyres.svg", width: 64, height: 64 },
      },
    ]);
    expect(sisterBusinesses(makeSite())).toEqual([]);
  });

  it.each(["javascript:alert(1)", "http://tyres.example.com.au", "//tyres.example.com.au", "twg-cars"])(
    "refuses a sister business at %j",
    (href) => expect(() => makeSite({ sister_businesses: [{ label: "TWG", href }] })).toThrow(),
  );

  it("links a group's fleet and buying pages only where it has them", () => {
    const hrefs = (pages: string[]) =>
      footerGroups(makeSite(), cars, new Set(pages)).flatMap((group) => group.links.map((link) => link.href));
    expect(hrefs([])).not.toContain("/fleet");
    expect(hrefs([])).not.toContain("/buying");
    const group = footerGroups(makeSite(), cars, new Set(["fleet", "buying"]));
    expect(group.find((g) => g.title === "Test Motors")?.links.map((link) => link.label)).toContain(
      "Fleet Sales",
    );
    expect(
      group.find((g) => g.title === "Buyer Tools")?.links.map((link) => `${link.label} ${link.href}`),
    ).toContain("We Buy Cars /buying");
  });

  it.each([
    ["Land Rover", "land-rover"],
    ["Mercedes-Benz", "mercedes-benz"],
    ["CX-5", "cx-5"],
    ["Škoda", "skoda"],
  ])("slugs %s as %s", (value, slug) => expect(toSlug(value)).toBe(slug));
});

describe("content pages", () => {
  it("parses frontmatter, renders markdown and strips scripts", () => {
    const page = parseContentPage(
      "about-us.md",
      "---\ntitle: About\ndescription: Who we are\n---\n# Hi\n\n**Bold**<script>x()</script>",
    );
    expect(page).toMatchObject({ slug: "about-us", title: "About", description: "Who we are" });
    expect(page.html).toContain("<h2>Hi</h2>");
    expect(page.html).toContain("<strong>Bold</strong>");
    expect(page.html).not.toContain("script");
  });

  it("names the file and field when frontmatter is wrong", () => {
    expect(() => parseContentPage("x.md", "---\ntitle: About\n---\nbody")).toThrow(
      /x.md is invalid:\n.*description: is required/,
    );
    expect(() => parseContentPage("y.md", "no frontmatter")).toThrow(/y.md is invalid:\n.*YAML frontmatter/);
  });
});
