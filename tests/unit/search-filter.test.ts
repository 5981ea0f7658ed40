import { describe, expect, it } from "vitest";
import {
  compileFilter,
  extractFacetValues,
  FilterSyntaxError,
  matchesFilter,
  parseFilter,
} from "~/features/search/filter";

/** A dozen realistic stock rows (the shape of the search documents the build emits). */
const CARS: Record<string, unknown>[] = [
  {
    id: 1,
    make: "Toyota",
    model: "Hilux",
    badge: "SR5",
    price: 52990,
    year: 2021,
    car_type: "used",
    simple_body: "Ute",
    tags: ["4x4", "Diesel", "Towbar"],
    rank: 90,
    certified: true,
    location_name: "Brisbane Toyota",
  },
  {
    id: 2,
    make: "Toyota",
    model: "Hilux",
    badge: "Workmate",
    price: 32990,
    year: 2018,
    car_type: "used",
    simple_body: "Ute",
    tags: ["Diesel"],
    rank: 40,
    certified: false,
    location_name: "Ipswich Toyota",
  },
  {
    id: 3,
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent Sport",
    price: 24990,
    year: 2019,
    car_type: "used",
    simple_body: "Hatch",
    tags: ["Hybrid"],
    rank: 70,
    location_name: "Brisbane Toyota",
  },
  {
    id: 4,
    make: "Toyota",
    model: "LandCruiser",
    badge: "Sahara",
    price: 129990,
    year: 2025,
    car_type: "new",
    simple_body: "SUV",
    tags: ["4x4", "Diesel"],
    rank: 99,
    location_name: "Gold Coast Toyota",
  },
  {
    id: 5,
    make: "Mazda",
    model: "CX-5",
    badge: "Maxx Sport",
    price: 36990,
    year: 2023,
    car_type: "demo",
    simple_body: "SUV",
    tags: [],
    rank: 60,
    location_name: "Brisbane Mazda",
  },
  {
    id: 6,
    make: "Mazda",
    model: "BT-50",
    badge: "XTR",
    price: null,
    year: 2024,
    car_type: "new",
    simple_body: "Ute",
    tags: ["4x4"],
    rank: 10,
    location_name: "Brisbane Mazda",
  },
  {
    id: 7,
    make: "Ford",
    model: "Ranger",
    badge: "Wildtrak",
    price: 64990,
    year: 2024,
    car_type: "demo",
    simple_body: "Ute",
    tags: ["4x4", "Diesel", "Towbar"],
    rank: 85,
    location_name: "Gold Coast Ford",
  },
  {
    id: 8,
    make: "Ford",
    model: "Everest",
    badge: "Trend",
    price: 58990,
    year: 2022,
    car_type: "used",
    simple_body: "SUV",
    tags: ["Diesel"],
    rank: 55,
    location_name: "Gold Coast Ford",
  },
  {
    id: 9,
    make: "Hyundai",
    model: "i30",
    badge: "N Line",
    price: 27990,
    year: 2020,
    car_type: "used",
    simple_body: "Hatch",
    tags: [],
    rank: 30,
    location_name: "Ipswich Hyundai",
  },
  {
    id: 10,
    make: "Citroën",
    model: "C5 Aircross",
    badge: 'Shine "Launch Edition"',
    price: 34990,
    year: 2021,
    car_type: "used",
    simple_body: "SUV",
    tags: ["One owner"],
    rank: 20,
    location_name: "Brisbane Citroën",
  },
  {
    id: 11,
    make: "Škoda",
    model: "Octavia",
    badge: "RS",
    price: 39990,
    year: 2022,
    car_type: "used",
    simple_body: "Wagon",
    tags: ["Low kms"],
    rank: 50,
    location_name: "Ipswich Škoda",
  },
  {
    id: 12,
    make: "Volkswagen",
    model: "Amarok",
    badge: "Highline",
    price: 48990,
    year: 2019,
    car_type: "used",
    simple_body: "Ute",
    tags: ["4x4", "Diesel"],
    location_name: "Ipswich Volkswagen",
  },
];

const ALL = CARS.map((car) => car.id as number);
const matching = (filter: unknown) => CARS.filter((car) => matchesFilter(car, filter)).map((car) => car.id);
const except = (...ids: number[]) => ALL.filter((id) => !ids.includes(id));

describe("filter operators (Meilisearch semantics)", () => {
  it.each<[string, unknown, number[]]>([
    ["= on a string", "make = Toyota", [1, 2, 3, 4]],
    ["= is case-insensitive", "make = tOYOTA", [1, 2, 3, 4]],
    ["= with a quoted value", 'make = "TOYOTA"', [1, 2, 3, 4]],
    ["= on a number", "price = 32990", [2]],
    ["= with a float spelling of the number", "price = 32990.0", [2]],
    ["= with a quoted number still matches numbers", 'year = "2021"', [1, 10]],
    ["= on a boolean", "certified = true", [1]],
    ["= false", "certified = false", [2]],
    ["!= keeps documents without the value (complement)", "make != Toyota", except(1, 2, 3, 4)],
    ["!= on booleans keeps documents without the field", "certified != true", except(1)],
    ["> numeric", "price > 58990", [4, 7]],
    [">= numeric", "price >= 58990", [4, 7, 8]],
    ["< numeric (null never matches)", "price < 30000", [3, 9]],
    ["<= numeric", "price <= 27990", [3, 9]],
    ["TO is inclusive on both ends", "price 32990 TO 39990", [2, 5, 10, 11]],
    ["TO on years", "year 2023 TO 2025", [4, 5, 6, 7]],
    ["comparison on strings is lexicographic (milli)", "make >= t", [1, 2, 3, 4, 12]],
    ["IN", "make IN [Mazda, ford]", [5, 6, 7, 8]],
    ["IN with quoted values and trailing comma", "model IN ['Hilux', \"BT-50\",]", [1, 2, 6]],
    ["IN with numbers", "year IN [2018, 2025]", [2, 4]],
    ["empty IN matches nothing", "make IN []", []],
    ["NOT IN", "make NOT IN [Toyota, Mazda, Ford]", [9, 10, 11, 12]],
    ["array attribute matches when any element does", "tags = diesel", [1, 2, 4, 7, 8, 12]],
    ["array attribute with IN", "tags IN [Hybrid, 'One owner']", [3, 10]],
    ["EXISTS (null and empty count as existing)", "price EXISTS", ALL],
    ["EXISTS on a missing attribute", "rank EXISTS", except(12)],
    ["NOT EXISTS", "rank NOT EXISTS", [12]],
    ["NOT … EXISTS", "NOT rank EXISTS", [12]],
    ["IS NULL", "price IS NULL", [6]],
    ["IS NOT NULL", "price IS NOT NULL", except(6)],
    ["IS EMPTY (empty array)", "tags IS EMPTY", [5, 9]],
    ["IS NOT EMPTY keeps documents without the field", "certified IS NOT EMPTY", ALL],
    ["NOT", "NOT make = Toyota", except(1, 2, 3, 4)],
    ["NOT NOT", "NOT NOT make = Mazda", [5, 6]],
    ["NOT on a range includes missing values", "NOT price > 40000", [2, 3, 5, 6, 9, 10, 11]],
    ["AND", "make = Toyota AND simple_body = Ute", [1, 2]],
    ["OR", "make = Mazda OR make = Ford", [5, 6, 7, 8]],
    ["AND binds tighter than OR", "make = Mazda OR make = Ford AND price > 60000", [5, 6, 7]],
    ["parentheses override", "(make = Mazda OR make = Ford) AND price > 60000", [7]],
    ["NOT binds tighter than AND", "NOT make = Toyota AND price > 50000", [7, 8]],
    ["NOT over a group", "NOT (make = Toyota AND price > 50000)", except(1, 4)],
    ["nested parentheses", "((make = Ford) OR (make = Mazda AND (year = 2023)))", [5, 7, 8]],
    ["quoted attribute (instant-meilisearch facet filter)", '"simple_body"="Ute"', [1, 2, 6, 7, 12]],
    ["quoted attribute numeric filter", '"price">=58990', [4, 7, 8]],
    ["quoted attribute range (instant-meilisearch numeric filter)", '"price" 24990 TO 27990', [3, 9]],
    ["single quotes with spaces", "location_name = 'Gold Coast Ford'", [7, 8]],
    ["escaped double quotes", 'badge = "Shine \\"Launch Edition\\""', [10]],
    ["double quotes inside single quotes", "badge = 'Shine \"Launch Edition\"'", [10]],
    ["diacritics are kept: Citroën", "make = Citroën", [10]],
    ["diacritics are kept: citroen is another value", "make = citroen", []],
    ["lower-case and/or are values, not operators", "badge = 'N Line'", [9]],
    ["values with dashes and dots", "model = CX-5 OR model = i30", [5, 9]],
    ["blank filter matches everything", "   ", ALL],
    ["array form: outer AND, inner OR", ["make = Toyota", ["price < 30000", "price > 100000"]], [3, 4]],
    ["array form: single string element", ["make = Ford"], [7, 8]],
    ["array form: empty strings are ignored", ["", ["make = Mazda", ""]], [5, 6]],
    ["array form: empty array matches everything", [], ALL],
    [
      "array form as instant-meilisearch sends it",
      [['"make"="Toyota"', '"make"="Mazda"'], '"price">=30000', '"car_type"="used"'],
      [1, 2],
    ],
  ])("%s", (_name, filter, expected) => {
    expect(matching(filter)).toEqual(expected);
  });

  it("reads nested attributes with dot notation, through arrays of objects", () => {
    const doc = { id: 1, specs: { fuel: "Diesel" }, options: [{ name: "Towbar" }, { name: "Canopy" }] };
    expect(matchesFilter(doc, "specs.fuel = diesel")).toBe(true);
    expect(matchesFilter(doc, "options.name = canopy")).toBe(true);
    expect(matchesFilter(doc, "options.name = bullbar")).toBe(false);
    expect(matchesFilter(doc, "specs EXISTS")).toBe(true);
  });

  it("treats empty strings and objects as empty, null as null", () => {
    expect(extractFacetValues({ a: "" }, "a")).toMatchObject({ exists: true, isEmpty: true, strings: [] });
    expect(extractFacetValues({ a: {} }, "a")).toMatchObject({ exists: true, isEmpty: true });
    expect(extractFacetValues({ a: null }, "a")).toMatchObject({
      exists: true,
      isNull: true,
      isEmpty: false,
    });
    expect(extractFacetValues({}, "a")).toMatchObject({ exists: false });
    expect(extractFacetValues({ a: [" Blue", "blue", 3, 3] }, "a")).toMatchObject({
      strings: ["blue"],
      originals: [" Blue"],
      numbers: [3],
    });
  });
});

describe("filter parsing", () => {
  it("caches compiled filters by their text", () => {
    expect(compileFilter("make = Toyota")).toBe(compileFilter("make = Toyota"));
    expect(compileFilter(["make = Toyota"])).toBe(compileFilter(["make = Toyota"]));
    expect(compileFilter("make = Toyota")).not.toBe(compileFilter("make = Mazda"));
  });

  it("lists the attributes a filter reads", () => {
    expect(compileFilter("(make = a OR price > 1) AND NOT tags IN [x] AND make EXISTS").attributes).toEqual([
      "make",
      "price",
      "tags",
    ]);
  });

  it("returns null for empty filters", () => {
    expect(parseFilter("")).toBeNull();
    expect(parseFilter(null)).toBeNull();
    expect(parseFilter([])).toBeNull();
  });

  it("keeps AND/OR children flat and folds double negation", () => {
    expect(parseFilter("a = 1 AND b = 2 AND c = 3")).toMatchObject({ kind: "and", children: [{}, {}, {}] });
    expect(parseFilter("NOT NOT a = 1")).toMatchObject({
      kind: "compare",
      attribute: "a",
      op: "=",
      value: "1",
    });
    expect(parseFilter("a != 1")).toMatchObject({ kind: "not", child: { kind: "compare", op: "=" } });
  });

  it.each<[string, unknown, string]>([
    ["missing value", "make =", "Was expecting a value but instead got nothing.\n7:7 make ="],
    [
      "missing operator",
      "make Toyota",
      "Was expecting an operation `=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`",
    ],
    ["unknown operator", "make & Toyota", "at `make & Toyota`.\n1:14 make & Toyota"],
    [
      "missing AND between conditions",
      "make = Toyota price > 5",
      "Found unexpected characters at the end of the filter: `price > 5`. You probably forgot an `OR` or an `AND` rule.",
    ],
    [
      "lower-case and is not an operator",
      "make = Toyota and model = Hilux",
      "Found unexpected characters at the end of the filter: `and model = Hilux`",
    ],
    [
      "unclosed parenthesis",
      "(make = Toyota",
      "Expression `(make = Toyota` is missing the following closing delimiter: `)`.",
    ],
    [
      "unclosed quote",
      "make = 'Toyota",
      "Expression `'Toyota` is missing the following closing delimiter: `'`.",
    ],
    [
      "unclosed IN list",
      "make IN [Toyota, Mazda",
      "Expected matching `]` after the list of field names given to `IN[`",
    ],
    ["IN without bracket", "make IN Toyota", "Expected `[` after `IN` keyword."],
    [
      "reserved keyword as value",
      "make = AND",
      "Was expecting a value but instead got `AND`, which is a reserved keyword. To use `AND` as a field name or a value, surround it by quotes.",
    ],
    ["dangling TO", "price 10 TO", "Was expecting a value but instead got nothing."],
    ["leading AND", "AND make = Toyota", "Was expecting an operation"],
    ["trailing OR", "make = Toyota OR", "but instead got nothing."],
    ["dangling NOT", "NOT", "but instead got nothing."],
    ["IS without NULL/EMPTY", "price IS 5", "Was expecting an operation"],
    ["lone bang", "price ! 5", "Was expecting an operation"],
    ["unsupported escape", 'make = "To\\qyota"', "Malformed value"],
    ["not a value", "make = 🦀 AND model = x", "Was expecting a value but instead got `🦀`."],
    ["geo filters", "_geoRadius(1, 2, 3)", "not supported by the embedded search engine"],
    ["array nested three deep", [[["make = Toyota"]]], "Invalid syntax for the filter parameter"],
    [
      "array with a number",
      ["make = Toyota", 5],
      "Invalid syntax for the filter parameter: `expected String, [String], found: 5`.",
    ],
    [
      "neither string nor array",
      42,
      "Invalid syntax for the filter parameter: `expected String, Array, found: 42`.",
    ],
    [
      "error inside an array element",
      ["make = Toyota", ["price >"]],
      "Was expecting a value but instead got nothing.\n8:8 price >",
    ],
  ])("rejects %s", (_name, filter, message) => {
    let caught: unknown;
    try {
      compileFilter(filter);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterSyntaxError);
    const error = caught as FilterSyntaxError;
    expect(error.code).toBe("invalid_search_filter");
    expect(error.type).toBe("invalid_request");
    expect(error.message).toContain(message);
  });

  it("serialises errors like Meilisearch", () => {
    try {
      compileFilter("make =");
      expect.unreachable();
    } catch (error) {
      expect(JSON.parse(JSON.stringify(error))).toEqual({
        message: "Was expecting a value but instead got nothing.\n7:7 make =",
        code: "invalid_search_filter",
        type: "invalid_request",
        link: "https://docs.meilisearch.com/errors#invalid_search_filter",
      });
    }
  });

  it("rejects attributes that are not filterable, with the token's columns", () => {
    const compiled = compileFilter("make = Toyota AND vin = ABC");
    expect(() => compiled.assertFilterable(["make", "price"])).toThrow(
      "Attribute `vin` is not filterable. Available filterable attributes are: `make, price`.\n19:22 make = Toyota AND vin = ABC",
    );
    expect(() => compileFilter("x = 1").assertFilterable([])).toThrow(
      "This index does not have configured filterable attributes.",
    );
    // Nested attributes are filterable through their parent (Meilisearch's legacy pattern).
    expect(() => compileFilter("specs.fuel = diesel").assertFilterable(["specs"])).not.toThrow();
  });
});
