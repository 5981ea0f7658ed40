/**
 * What the stock generator knows of a dealer: its dealerships, locations, stock mix and features.
 */
export type State = "QLD" | "NSW" | "VIC" | "WA";

export type CarKind = "new" | "demo" | "used";

export type HoursKind =
  | "sales"
  | "sales-late"
  | "service"
  | "parts"
  | "caravan"
  | "service-ford"
  | "parts-ford";

interface DealershipDef {
  id: number;
  slug: string;
  name: string;
  makes: string[];
  prefix: string;
  rating: number;
  reviews: number;
}

interface LocationDef {
  id: number;
  name: string;
  type: "sales" | "service" | "parts" | "service-and-parts";
  dealership: number;
  street: string;
  city: string;
  state: State;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  hours: HoursKind;
  primary?: boolean;
  visible?: boolean;
  subtype?: string[];
  manufacturers?: string[];
  /** Holds stock (cars are placed at sales locations with this flag). */
  stock?: boolean;
}

export interface TenantProfile {
  slug: string;
  name: string;
  state: State;
  seed: number;
  count: number;
  idBase: number;
  dealerships: DealershipDef[];
  locations: LocationDef[];
  mix: [CarKind, number][];
  /** Share of used cars that are the dealership's own makes (the rest are trade-ins of any make). */
  ownMakeUsed: number;
  /** Restrict trade-ins to these makes (default: every make in the catalogue). */
  usedMakes?: string[];
  rv?: boolean;
  spin?: boolean;
  autograb?: boolean;
  /** Autogauge results (and market averages where Autograb gave none) on used cars. */
  autogauge?: boolean;
  reserve?: boolean;
  certified?: "toyota" | "any";
  youx?: boolean;
  privateSellers?: boolean;
  suburbs?: [string, string][];
}

export const L = (
  id: number,
  name: string,
  type: LocationDef["type"],
  dealership: number,
  address: [string, string, State, string, number, number],
  phone: string,
  hours: HoursKind,
  extra: Partial<LocationDef> = {},
): LocationDef => {
  const [street, city, state, postcode, lat, long] = address;
  return {
    id,
    name,
    type,
    dealership,
    street,
    city,
    state,
    postcode,
    lat,
    long,
    phone,
    hours,
    stock: type === "sales",
    ...extra,
  };
};
