import { L, type TenantProfile } from "./profile";

/** A caravan, motorhome and camper trailer dealer. */
export const OUTBACK_CARAVANS: TenantProfile = {
  slug: "outback-caravans",
  name: "Outback Caravans",
  state: "QLD",
  seed: 4401,
  count: 120,
  idBase: 440000,
  dealerships: [
    {
      id: 401,
      slug: "outback-caravans",
      name: "Outback Caravans",
      makes: ["Jayco", "New Age", "Lotus", "Avida", "Sunliner"],
      prefix: "OC",
      rating: 4.8,
      reviews: 233,
    },
  ],
  locations: [
    L(
      4101,
      "Outback Caravans Toowoomba",
      "sales",
      401,
      ["277 Anzac Avenue", "Harristown", "QLD", "4350", -27.5805, 151.93],
      "(07) 5550 4100",
      "caravan",
      { primary: true, manufacturers: ["Jayco", "New Age", "Lotus", "Avida", "Sunliner"] },
    ),
    L(
      4103,
      "Outback Caravans Dalby",
      "sales",
      401,
      ["58 Drayton Street", "Dalby", "QLD", "4405", -27.183, 151.264],
      "(07) 5550 4130",
      "caravan",
    ),
    L(
      4102,
      "Outback Caravans Service & Repairs",
      "service-and-parts",
      401,
      ["9 Carroll Street", "Wilsonton", "QLD", "4350", -27.544, 151.918],
      "(07) 5550 4120",
      "service",
    ),
  ],
  mix: [
    ["new", 55],
    ["used", 45],
  ],
  ownMakeUsed: 0.6,
  rv: true,
};
