// Browser stand-in for `qs` in instantsearch.js's history router (see ../slim-browser-deps.ts):
// the router only calls it from its default createURL and parseURL, and ours passes both.
function notBundled() {
  throw new Error(
    "qs is not in the browser bundle: give the history router createURL and parseURL (src/features/search/ui/SearchApp.tsx).",
  );
}
export default { parse: notBundled, stringify: notBundled };
