// Browser stand-in for instantsearch.js's history router (see ../slim-browser-deps.ts): the router
// middleware imports it as the default when no router is given; the search page gives its own
// (src/features/search/ui/history-router.ts).
export default function historyRouter() {
  throw new Error(
    "instantsearch's history router is not in the browser bundle: give routing.router (src/features/search/ui/history-router.ts).",
  );
}
