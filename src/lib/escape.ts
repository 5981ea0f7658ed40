/** Text for XML or HTML5 markup built as a string (the sitemap, the test checkout page). */
export function escapeMarkup(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}
