/** The search page's connectors, one per file (as instantsearch keeps its own). */
export { connectActiveFilters } from "./active-filters";
export { connectFacet } from "./facet";
export { connectPage } from "./page";
export { connectQuery } from "./query";
export { connectRange } from "./range";
export { connectSort, type SortItem } from "./sort";
