/**
 * A published car of a tenant's data by slug or id, indexed once per snapshot: every function that
 * answers about one car (view counter, car PDF, phone reveal, watchlist) looks it up here. Pure.
 */
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "./tenant.server";

const byData = new WeakMap<TenantData, { bySlug: Map<string, Car>; byId: Map<number, Car> }>();

/** A published car of the snapshot by slug or id (ids arrive as strings in query strings). */
export function findCarIn(
  data: TenantData,
  key: { slug?: string | null; id?: number | string | null },
): Car | null {
  let index = byData.get(data);
  if (!index) {
    index = {
      bySlug: new Map(data.cars.map((car) => [car.slug, car])),
      byId: new Map(data.cars.map((car) => [car.id, car])),
    };
    byData.set(data, index);
  }
  if (key.slug) return index.bySlug.get(key.slug) ?? null;
  if (key.id != null && key.id !== "") return index.byId.get(Number(key.id)) ?? null;
  return null;
}
