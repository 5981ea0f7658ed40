// Browser stand-in for instantsearch.js's template helpers (see ../slim-browser-deps.ts): highlight,
// snippet and insights helpers for instantsearch.js's string templates. The search page draws its
// widgets with React and never renders a string template.
export default () => ({});
