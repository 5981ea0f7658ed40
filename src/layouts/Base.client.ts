/** Every page: notes the visit for a later lead. */
// The pages a shopper saw this visit and the query they landed with travel with a trade-in
// lead (spec §3 lead_attributes: visited_pages, linked_query_params).
try {
  const pages = JSON.parse(sessionStorage.getItem("lead:visited-pages") ?? "[]") as string[];
  pages.push(location.pathname + location.search);
  sessionStorage.setItem("lead:visited-pages", JSON.stringify(pages.slice(-50)));
  if (!sessionStorage.getItem("lead:landing-params")) {
    sessionStorage.setItem(
      "lead:landing-params",
      JSON.stringify(Object.fromEntries(new URLSearchParams(location.search))),
    );
  }
} catch {
  // Storage blocked: the lead is sent without the visit trail.
}

// A module, so its names stay its own.
export {};
