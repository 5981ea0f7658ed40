import { describe, expect, it } from "vitest";
import {
  allSearchPaths,
  buildCatalogue,
  hasSearchParams,
  modelsRedirect,
  parseQueryState,
  parseSearchPath,
  routeToState,
  type SearchPath,
  searchPathFilter,
  searchPathTitle,
  stateToQueryString,
  stateToRoute,
  stateToSearchParams,
} from "~/features/search/routing";
import { makeSite } from "./helpers";

const catalogue = buildCatalogue([
  { make: "Toyota", model: "HiLux", dealership_name: "Sunstate Toyota", dealership_slug: "sunstate-toyota" },
  {
    make: "Toyota",
    model: "LandCruiser Prado",
    dealership_name: "Sunstate Toyota",
    dealership_slug: "sunstate-toyota",
  },
  {
    make: "Land Rover",
    model: "Defender",
    dealership_name: "Sunstate Prestige",
    dealership_slug: "sunstate-prestige",
  },
  { make: "Mazda", model: "CX-5", dealership_name: "Mazda", dealership_slug: "mazda" },
]);

describe("search routes", () => {
  it.each<[string, SearchPath | null]>([
    ["/search/new-used-and-demo-cars", { kind: "all" }],
    ["/search/new-used-and-demo-cars/", { kind: "all" }],
    ["/search/new-cars", { kind: "car_type", carTypes: ["new"] }],
    ["/search/demo-cars", { kind: "car_type", carTypes: ["demo"] }],
    ["/search/used-cars", { kind: "car_type", carTypes: ["used"] }],
    ["/search/new-and-demo-cars", { kind: "car_type", carTypes: ["new", "demo"] }],
    ["/search/toyota", { kind: "make", make: "Toyota" }],
    ["/search/Toyota/HiLux", { kind: "make_model", make: "Toyota", model: "HiLux" }],
    ["/search/toyota/landcruiser-prado", { kind: "make_model", make: "Toyota", model: "LandCruiser Prado" }],
    ["/search/land-rover", { kind: "make", make: "Land Rover" }],
    ["/search/land%20rover", null],
    [
      "/search/sunstate-toyota",
      { kind: "dealership", dealership: "Sunstate Toyota", slug: "sunstate-toyota" },
    ],
    ["/search/mazda", { kind: "make", make: "Mazda" }],
    ["/search/ferrari", null],
    ["/search/toyota/corolla", null],
    ["/search/toyota/hilux/sr5", null],
    ["/search", null],
    ["/cars/toyota", null],
    ["/search/%E0%A4%A", null],
  ])("%s resolves to %j", (pathname, expected) => {
    expect(parseSearchPath(pathname, catalogue)).toEqual(expected);
  });

  it("prerenders every path once, a make beating a dealership with the same slug", () => {
    const urls = allSearchPaths(catalogue, ["new", "demo", "used"]).map((path) => stateToRoute(path, {}));
    expect(urls).toEqual([
      "/search/new-used-and-demo-cars",
      "/search/new-cars",
      "/search/demo-cars",
      "/search/used-cars",
      "/search/new-and-demo-cars",
      "/search/land-rover",
      "/search/land-rover/defender",
      "/search/mazda",
      "/search/mazda/cx-5",
      "/search/toyota",
      "/search/toyota/hilux",
      "/search/toyota/landcruiser-prado",
      "/search/sunstate-prestige",
      "/search/sunstate-toyota",
    ]);
    expect(allSearchPaths(catalogue, ["used"]).filter((path) => path.kind === "car_type")).toEqual([
      { kind: "car_type", carTypes: ["used"] },
    ]);
  });

  it.each<[SearchPath, string[], string]>([
    [{ kind: "all" }, [], "New, Pre-Owned and Demo Cars for Sale"],
    [{ kind: "car_type", carTypes: ["used"] }, ['car_type IN ["used"]'], "Pre-Owned Cars for Sale"],
    [
      { kind: "car_type", carTypes: ["new", "demo"] },
      ['car_type IN ["new", "demo"]'],
      "New and Demo Cars for Sale",
    ],
    [
      { kind: "make_model", make: "Toyota", model: 'Say "Hi"' },
      ['make = "Toyota"', 'model = "Say \\"Hi\\""'],
      'Toyota Say "Hi" for Sale',
    ],
    [
      { kind: "dealership", dealership: "Sunstate Toyota", slug: "sunstate-toyota" },
      ['dealership_name = "Sunstate Toyota"'],
      "Cars for Sale at Sunstate Toyota",
    ],
  ])("%j filters by %j and is titled %s", (path, filter, title) => {
    expect(searchPathFilter(path)).toEqual(filter);
    expect(searchPathTitle(path, makeSite({ used_keyword: "Pre-Owned" }))).toBe(title);
  });
});

describe("search titles follow what the tenant stocks", () => {
  it.each([
    [["new", "used", "demo"], "franchise", "New, Pre-Owned and Demo Cars for Sale"],
    [["used"], "independent", "Pre-Owned Cars for Sale"],
    [["new", "used"], "franchise", "New and Pre-Owned Cars for Sale"],
    [["demo", "new"], "franchise", "New and Demo Cars for Sale"],
    [["new", "used"], "caravan", "New and Pre-Owned Caravans for Sale"],
    [[], "franchise", "Cars for Sale"],
  ] as const)("a site stocking %j (%s) titles its default route %s", (types, template, title) => {
    const site = makeSite({ used_keyword: "Pre-Owned", template });
    expect(searchPathTitle({ kind: "all" }, site, types)).toBe(title);
  });

  it("names caravans on caravan sites", () => {
    const site = makeSite({ used_keyword: "Used", template: "caravan" });
    expect(searchPathTitle({ kind: "make", make: "Jayco" }, site)).toBe("Jayco Caravans for Sale");
    expect(searchPathTitle({ kind: "car_type", carTypes: ["new"] }, site)).toBe("New Caravans for Sale");
  });
});

describe("search state in the query string", () => {
  it.each([
    ["?query=hilux&page=2&sortBy=price_asc", { query: "hilux", page: 2, sortBy: "price_asc" }],
    [
      "?refinementList[make][0]=Toyota&refinementList[make][1]=Mazda",
      { refinementList: { make: ["Toyota", "Mazda"] } },
    ],
    ["?refinementList%5Bmake%5D%5B0%5D=Toyota", { refinementList: { make: ["Toyota"] } }],
    ["?refinementList[body][]=suv&refinementList[body][]=ute", { refinementList: { body: ["suv", "ute"] } }],
    [
      "?refinementList[make][1]=Mazda&refinementList[make][0]=Toyota",
      { refinementList: { make: ["Toyota", "Mazda"] } },
    ],
    ["?range[price]=10000:30000", { range: { price: { min: 10000, max: 30000 } } }],
    ["?range[price]=:30000", { range: { price: { max: 30000 } } }],
    ["?range[km]=5000:", { range: { km: { min: 5000 } } }],
    // a caravan's berths ("sleeps 4" in the search box)
    ["?range[sleeps]=4:", { range: { sleeps: { min: 4 } } }],
    ["?sortBy=production_cars:price:desc", { sortBy: "price_desc" }],
    ["?sortBy=cars_created_at_timestamp_desc", { sortBy: "latest" }],
  ])("reads %s", (search, state) => {
    expect(parseQueryState(search)).toEqual(state);
  });

  it.each([
    "?page=abc",
    "?page=-3",
    "?page=0",
    "?range[colour]=1:2",
    "?refinementList[notAnAttr][0]=x",
    "?sortBy=unknown",
    "?utm_source=facebook&fbclid=123",
    "?refinementList[make][0]=",
  ])("ignores malformed or unknown %s", (search) => {
    expect(parseQueryState(search)).toEqual({});
    expect(hasSearchParams(`https://x/search/new-cars${search}`)).toBe(false);
  });

  it.each([
    ["?range[price]=abc:def", ["range[price]=abc:def"]],
    ["?range[price]=30000:10000", ["range[price]=30000:10000"]],
    ["?range[price]=1:2:3", ["range[price]=1:2:3"]],
  ])("says a malformed filter %s was ignored rather than dropping it silently", (search, ignored) => {
    expect(parseQueryState(search)).toEqual({ ignored });
    expect(hasSearchParams(`https://x/search/new-cars${search}`)).toBe(true);
  });

  it.each([
    "/search/toyota?query=sr5&refinementList[body][0]=ute&range[price]=20000:60000&sortBy=price_asc&page=3",
    "/search/new-used-and-demo-cars?refinementList[price_range][0]=$100,000 - $150,000&refinementList[price_range][1]=Under $10,000",
    "/search/used-cars?range[weekly]=100:200&range[created_at_timestamp]=1790000000:",
    "/search/new-used-and-demo-cars?range[subscription_price]=1:",
    "/search/new-used-and-demo-cars?refinementList[make][0]=Land Rover&refinementList[make][1]=Mazda",
    "/search/used-cars?range[km]=:50000",
    "/search/new-used-and-demo-cars",
  ])("round-trips %s", (url) => {
    const route = routeToState(url, catalogue);
    if (!route) throw new Error(`${url} did not resolve`);
    const again = routeToState(stateToRoute(route.path, route.state), catalogue);
    expect(again).toEqual(route);
  });

  it("writes a canonical order and omits defaults", () => {
    expect(
      stateToQueryString({
        page: 1,
        sortBy: "relevance",
        query: "",
        refinementList: { model: ["HiLux"], make: ["Toyota"] },
      }),
    ).toBe("?refinementList%5Bmake%5D%5B0%5D=Toyota&refinementList%5Bmodel%5D%5B0%5D=HiLux");
    expect(stateToQueryString({})).toBe("");
  });
});

describe("old links keep the spec's search-state filters", () => {
  it.each([
    // categories: a car type or a body, in the old sites' spellings
    ["?refinementList[categories][0]=New Cars", { refinementList: { car_type: ["new"] } }],
    ["?categories=Pre-Owned", { refinementList: { car_type: ["used"] } }],
    ["?categories[0]=SUVs&categories[1]=Utes", { refinementList: { body: ["suv", "ute"] } }],
    ["?refinementList[categories][0]=Cars > People Movers", { refinementList: { body: ["peopleMover"] } }],
    // price_range: the facet's bands in any spelling, other ranges as the price range
    [
      "?refinementList[price_range][0]=$10,000 - $20,000",
      { refinementList: { price_range: ["$10,000 - $20,000"] } },
    ],
    ["?price_range=10000:20000", { refinementList: { price_range: ["$10,000 - $20,000"] } }],
    ["?price_range=10k-20k", { refinementList: { price_range: ["$10,000 - $20,000"] } }],
    ["?price_range=under 10000", { refinementList: { price_range: ["Under $10,000"] } }],
    ["?price_range=$150,000%2B", { refinementList: { price_range: ["$150,000 and over"] } }],
    ["?price_range=15000-25000", { range: { price: { min: 15000, max: 25000 } } }],
    // weekly_price_range: the weekly estimate the cards show
    ["?refinementList[weekly_price_range][0]=$100 - $200 p/w", { range: { weekly: { min: 100, max: 200 } } }],
    ["?weekly_price_range=150:", { range: { weekly: { min: 150 } } }],
    ["?range[weekly_price_range]=:250", { range: { weekly: { max: 250 } } }],
    // created_at_timestamp: listed since, seconds or milliseconds
    ["?created_at_timestamp=1790000000", { range: { created_at_timestamp: { min: 1790000000 } } }],
    [
      "?range[created_at_timestamp]=1790000000000:1800000000000",
      { range: { created_at_timestamp: { min: 1790000000, max: 1800000000 } } },
    ],
    // subscription_price: offered at all, or a range
    ["?subscription_price=true", { range: { subscription_price: { min: 1 } } }],
    [
      "?refinementList[subscription_price][0]=100:300",
      { range: { subscription_price: { min: 100, max: 300 } } },
    ],
    // isMinRange / isMaxRange: the old slider's handle at its end leaves that side open
    ["?range[price]=5000:100000&isMaxRange=true", { range: { price: { min: 5000 } } }],
    ["?range[price]=5000:100000&isMinRange=true&isMaxRange=false", { range: { price: { max: 100000 } } }],
  ])("reads %s", (search, state) => {
    expect(parseQueryState(search)).toEqual(state);
  });

  it.each([
    ["?price_range=cheap", ["price_range=cheap"]],
    ["?weekly_price_range=affordable", ["weekly_price_range=affordable"]],
    ["?categories=Cars %26 Trucks!", ["categories=Cars & Trucks!"]],
    ["?subscription_price=soon", ["subscription_price=soon"]],
    ["?created_at_timestamp=yesterday", ["created_at_timestamp=yesterday"]],
  ])("names %s as ignored rather than showing unfiltered stock", (search, ignored) => {
    expect(parseQueryState(search)).toEqual({ ignored });
  });

  it("writes the canonical address and never writes the ignored filters back", () => {
    const state = parseQueryState(
      "?price_range=10000:20000&weekly_price_range=100-200&categories=SUVs&price_range=cheap",
    );
    expect(stateToQueryString(state)).toBe(
      "?refinementList%5Bbody%5D%5B0%5D=suv&refinementList%5Bprice_range%5D%5B0%5D=%2410%2C000%20-%20%2420%2C000&range%5Bweekly%5D=100%3A200",
    );
  });

  it("filters the search by the weekly estimate and the price-range facet", () => {
    const params = stateToSearchParams(
      { kind: "all" },
      {
        refinementList: { price_range: ["$10,000 - $20,000"] },
        range: { weekly: { min: 100, max: 200 } },
      },
      makeSite(),
    );
    expect(params.filter).toEqual([['price_range = "$10,000 - $20,000"'], "weekly >= 100", "weekly <= 200"]);
  });
});

describe("search request", () => {
  it("combines path, refinements (OR inside), ranges and the price-ascending rule", () => {
    const site = makeSite();
    const params = stateToSearchParams(
      { kind: "make", make: "Toyota" },
      {
        query: "sr5",
        page: 2,
        sortBy: "price_asc",
        refinementList: { body: ["ute", "suv"] },
        range: { price: { min: 10000 } },
      },
      site,
    );
    expect(params).toEqual({
      q: "sr5",
      filter: ['make = "Toyota"', ['body = "ute"', 'body = "suv"'], "price >= 10000", "price > 0"],
      sort: ["price:asc"],
      page: 2,
      hitsPerPage: 21,
    });
  });

  it("keeps unpriced cars on sites that do not drop them", () => {
    const site = makeSite({ search: { price_asc_excludes_zero: false } });
    expect(stateToSearchParams({ kind: "all" }, { sortBy: "price_asc" }, site).filter).toEqual([]);
  });
});

describe("/models?body=", () => {
  it.each([
    ["https://x/models?body=suv", "/search/new-used-and-demo-cars?refinementList%5Bbody%5D%5B0%5D=suv"],
    [
      "https://x/models?body=peopleMover",
      "/search/new-used-and-demo-cars?refinementList%5Bbody%5D%5B0%5D=peopleMover",
    ],
    ["https://x/models", "/search/new-used-and-demo-cars"],
    ["https://x/modelsx?body=suv", null],
  ])("%s redirects to %s", (url, target) => {
    expect(modelsRedirect(new URL(url))).toBe(target);
  });
});
