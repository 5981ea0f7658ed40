/** Query understanding: the shopper's words as the search state's refinements, plus the text left over. */
export { describeUnderstanding } from "./describe";
export { understoodFilter } from "./filter";
export { type Bounds, type Understanding, understandQuery, understoodAnything } from "./parse";
export {
  buildVocabulary,
  UNDERSTOOD_LISTS,
  UNDERSTOOD_RANGES,
  type UnderstoodList,
  type UnderstoodRange,
  type Vocabulary,
} from "./vocabulary";
