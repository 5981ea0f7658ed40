// Browser stand-in for node's crypto in meilisearch-js (see ../slim-browser-deps.ts): the client
// uses it only to sign tenant tokens, which is server work.
function serverOnly() {
  throw new Error("Meilisearch tenant tokens are signed on the server, not in the browser.");
}
export default { createHmac: serverOnly };
