/** Request fields that depend on the index's settings: where to search, and how to sort. */
import { isAttributeFilterable } from "../filter";
import { invalid } from "./errors";
import type { Rule } from "./rules";

/** One byte per searchable attribute, 1 where `attributesToSearchOn` allows it (undefined: all). */
export function attributeFilter(
  searchable: readonly string[],
  attributesToSearchOn: string[] | undefined,
): Uint8Array | undefined {
  if (!attributesToSearchOn || attributesToSearchOn.includes("*")) return undefined;
  const allowed = new Uint8Array(searchable.length);
  for (const attribute of attributesToSearchOn) {
    const index = searchable.indexOf(attribute);
    if (index === -1) {
      throw invalid(
        "invalid_search_attributes_to_search_on",
        `Attribute \`${attribute}\` is not searchable. Available searchable attributes are: \`${searchable.join(", ")}\`.`,
      );
    }
    allowed[index] = 1;
  }
  return allowed;
}

/** The request's `sort` as criteria; Meilisearch needs the `sort` rule listed to accept one. */
export function sortCriteria(
  rules: readonly Rule[],
  sortable: readonly string[],
  sort: string[] | undefined,
): { attribute: string; direction: "asc" | "desc" }[] {
  if (!sort || sort.length === 0) return [];
  if (!rules.some((r) => r.kind === "sort")) {
    throw invalid(
      "invalid_search_sort",
      "You must specify where `sort` is listed in the rankingRules setting to use the sort parameter at search time.",
    );
  }
  return sort.map((entry) => {
    const colon = entry.lastIndexOf(":");
    const attribute = colon === -1 ? "" : entry.slice(0, colon).trim();
    const direction = colon === -1 ? "" : entry.slice(colon + 1).trim();
    if (!attribute || (direction !== "asc" && direction !== "desc")) {
      throw invalid(
        "invalid_search_sort",
        `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${entry}\`.`,
      );
    }
    if (attribute.startsWith("_geo")) {
      throw invalid(
        "invalid_search_sort",
        `\`${attribute}\` is not supported by the embedded search engine.`,
      );
    }
    if (!isAttributeFilterable(attribute, sortable)) {
      const available = [...sortable].sort();
      throw invalid(
        "invalid_search_sort",
        available.length === 0
          ? `Attribute \`${attribute}\` is not sortable. This index does not have configured sortable attributes.`
          : `Attribute \`${attribute}\` is not sortable. Available sortable attributes are: \`${available.join(", ")}\`.`,
      );
    }
    return { attribute, direction };
  });
}
