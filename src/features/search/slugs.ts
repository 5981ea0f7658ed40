/** URL slugs for makes, models and body types, as the old sites wrote them (`/search/land-rover`). */
export function toSlug(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** `/search/{make}` or `/search/{make}/{model}`. */
export function makeModelPath(make: string, model?: string): string {
  return model ? `/search/${toSlug(make)}/${toSlug(model)}` : `/search/${toSlug(make)}`;
}

export const DEFAULT_SEARCH_PATH = "/search/new-used-and-demo-cars";
