// Browser stand-in for cross-fetch/polyfill in meilisearch-js (see ../slim-browser-deps.ts): it is
// required only when `fetch` is missing, and every browser we support has fetch.
export {};
