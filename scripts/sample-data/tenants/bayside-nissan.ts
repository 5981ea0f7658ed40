import { L, type TenantProfile } from "./profile";

/** A Nissan dealer. */
export const BAYSIDE_NISSAN: TenantProfile = {
  slug: "bayside-nissan",
  name: "Bayside Nissan",
  state: "VIC",
  seed: 5501,
  count: 200,
  idBase: 550000,
  dealerships: [
    {
      id: 501,
      slug: "bayside-nissan",
      name: "Bayside Nissan",
      makes: ["Nissan"],
      prefix: "BN",
      rating: 4.6,
      reviews: 718,
    },
  ],
  locations: [
    L(
      5101,
      "Bayside Nissan Moorabbin",
      "sales",
      501,
      ["950 Nepean Highway", "Moorabbin", "VIC", "3189", -37.941, 145.042],
      "(03) 5550 5100",
      "sales",
      { primary: true, manufacturers: ["Nissan"] },
    ),
    L(
      5102,
      "Bayside Nissan Service",
      "service",
      501,
      ["21 Chesterville Road", "Cheltenham", "VIC", "3192", -37.955, 145.06],
      "(03) 5550 5110",
      "service",
      { manufacturers: ["Nissan"] },
    ),
    L(
      5103,
      "Bayside Nissan Parts",
      "parts",
      501,
      ["23 Chesterville Road", "Cheltenham", "VIC", "3192", -37.9553, 145.0604],
      "(03) 5550 5120",
      "parts",
      { manufacturers: ["Nissan"] },
    ),
  ],
  mix: [
    ["new", 50],
    ["demo", 12],
    ["used", 38],
  ],
  ownMakeUsed: 0.55,
};
