// Browser stand-in for instantsearch.js's default state mapping (see ../slim-browser-deps.ts): the
// router middleware imports it for when no `stateMapping` is given; the search page gives its own
// (src/features/search/ui/SearchApp.tsx, our address format from routing.ts).
export default function simpleStateMapping() {
  throw new Error(
    "instantsearch's default state mapping is not in the browser bundle: give routing.stateMapping (src/features/search/ui/SearchApp.tsx).",
  );
}
