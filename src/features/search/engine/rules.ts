/**
 * Settings as Meilisearch resolves them: its defaults filled in, and the ranking rules in the order
 * they apply (words, typo, proximity, attribute, sort, exactness, then custom `attr:asc|desc`, by
 * default `rank:desc`).
 */
import type { EngineSettings, SearchEngine, TypoToleranceSettings } from "./types";

const DEFAULT_RANKING_RULES = ["words", "typo", "proximity", "attribute", "sort", "exactness", "rank:desc"];
const BUILT_IN_RULES = new Set([
  "words",
  "typo",
  "proximity",
  "attribute",
  "sort",
  "exactness",
  "attributeRank",
  "wordPosition",
]);
const RELEVANCE_RULES = new Set([
  "typo",
  "proximity",
  "attribute",
  "exactness",
  "attributeRank",
  "wordPosition",
]);
const CUSTOM_RULE = /^(.+):(asc|desc)$/;

export type Rule =
  | { kind: "words" | "typo" | "proximity" | "attributeRank" | "wordPosition" | "exactness" | "sort" }
  | { kind: "custom"; attribute: string; direction: "asc" | "desc" };

export function resolveRules(rules: readonly string[]): Rule[] {
  const out: Rule[] = [];
  for (const rule of rules) {
    if (rule === "attribute") {
      out.push({ kind: "attributeRank" }, { kind: "wordPosition" });
    } else if (BUILT_IN_RULES.has(rule)) {
      out.push({ kind: rule as Exclude<Rule["kind"], "custom"> });
    } else {
      const match = CUSTOM_RULE.exec(rule);
      if (!match)
        throw new Error(
          `Invalid ranking rule \`${rule}\`: expected a built-in rule or \`attribute:asc|desc\`.`,
        );
      out.push({ kind: "custom", attribute: match[1] as string, direction: match[2] as "asc" | "desc" });
    }
  }
  // Meilisearch always ranks by `words` before the other relevance rules, listed or not.
  const words = out.findIndex((r) => r.kind === "words");
  const firstRelevance = out.findIndex((r) => RELEVANCE_RULES.has(r.kind));
  if (words === -1 || (firstRelevance !== -1 && words > firstRelevance)) {
    if (words !== -1) out.splice(words, 1);
    const at = out.findIndex((r) => RELEVANCE_RULES.has(r.kind));
    out.splice(at === -1 ? out.length : at, 0, { kind: "words" });
  }
  return out;
}

/** The engine's settings with Meilisearch's defaults (1 typo from 5 characters, 2 from 9). */
export function resolveSettings(input: EngineSettings): SearchEngine["settings"] {
  const typo: Required<TypoToleranceSettings> =
    typeof input.typoTolerance === "object"
      ? {
          enabled: input.typoTolerance.enabled ?? true,
          minWordSizeForTypos: {
            oneTypo: input.typoTolerance.minWordSizeForTypos?.oneTypo ?? 5,
            twoTypos: input.typoTolerance.minWordSizeForTypos?.twoTypos ?? 9,
          },
          disableOnWords: input.typoTolerance.disableOnWords ?? [],
        }
      : {
          enabled: input.typoTolerance ?? true,
          minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
          disableOnWords: [],
        };
  return {
    searchableAttributes: [...input.searchableAttributes],
    filterableAttributes: [...input.filterableAttributes],
    sortableAttributes: [...input.sortableAttributes],
    rankingRules: [...(input.rankingRules ?? DEFAULT_RANKING_RULES)],
    maxValuesPerFacet: input.maxValuesPerFacet ?? 100,
    sortFacetValuesBy: { "*": "alpha", ...input.sortFacetValuesBy },
    typoTolerance: typo,
    maxTotalHits: input.maxTotalHits ?? Number.POSITIVE_INFINITY,
    displayedAttributes: [...(input.displayedAttributes ?? ["*"])],
  };
}
