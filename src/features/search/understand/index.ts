/** Query understanding: the shopper's words as the search state's refinements, plus the text left over. */
export { describeUnderstanding } from "./describe";
export { understoodFilter } from "./filter";
export { type Understanding, understandQuery } from "./parse";
export { buildVocabulary, type Vocabulary } from "./vocabulary";
