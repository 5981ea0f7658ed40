// Browser stand-in for meilisearch-js 0.36 inside instant-meilisearch (see ../slim-browser-deps.ts).
// instant-meilisearch builds `new MeiliSearch(config)` and calls nothing but `multiSearch`; the full
// client (every admin route, tasks, token signing) would be about 7 KB gzip of the search page.
// This sends the same request as meilisearch-js 0.36 for that call (URL, headers, JSON body, a
// custom httpClient's answer returned as is) and fails with the same messages.
const AGENT = "Meilisearch JavaScript (v0.36.0)";

export class MeiliSearchError extends Error {
  name = "MeiliSearchError";
}

/** Meilisearch answered with an error body: its message, code and link, as meilisearch-js has them. */
export class MeiliSearchApiError extends Error {
  name = "MeiliSearchApiError";
  constructor(body, status) {
    super(body.message);
    this.code = body.code;
    this.type = body.type;
    this.link = body.link;
    this.httpStatus = status;
  }
}

/** The request never got a Meilisearch answer (network, or an error without a JSON body). */
export class MeiliSearchCommunicationError extends Error {
  name = "MeiliSearchCommunicationError";
  constructor(message, statusCode) {
    super(message);
    if (statusCode) this.statusCode = statusCode;
  }
}

export class MeiliSearch {
  constructor(config) {
    const host = /^https?:\/\//.test(config.host) ? config.host : `http://${config.host}`;
    try {
      this.url = new URL(host.endsWith("/") ? host : `${host}/`);
    } catch {
      throw new MeiliSearchError("The provided host is not valid.");
    }
    const agents = config.clientAgents ?? [];
    if (!Array.isArray(agents))
      throw new MeiliSearchError(
        'Meilisearch: The header "X-Meilisearch-Client" should be an array of string(s).\n',
      );
    this.requestConfig = config.requestConfig;
    this.httpClient = config.httpClient;
    const headers = new Headers(config.requestConfig?.headers);
    if (config.apiKey && !headers.has("Authorization"))
      headers.set("Authorization", `Bearer ${config.apiKey}`);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    headers.set("X-Meilisearch-Client", [...agents, AGENT].join(" ; "));
    this.headers = Object.fromEntries(headers);
  }

  async multiSearch(queries, config) {
    const url = new URL("multi-search", this.url).toString();
    const init = {
      ...config,
      ...this.requestConfig,
      method: "POST",
      body: JSON.stringify(queries),
      headers: this.headers,
    };
    let response;
    try {
      response = await (this.httpClient ?? fetch)(url, init);
    } catch (error) {
      throw new MeiliSearchCommunicationError(error?.message ?? String(error));
    }
    // A custom HTTP client answers with the parsed body and handles its own errors.
    if (this.httpClient) return response;
    if (!response.ok) {
      const body = await response.json().catch(() => undefined);
      if (body === undefined) throw new MeiliSearchCommunicationError(response.statusText, response.status);
      throw new MeiliSearchApiError(body, response.status);
    }
    return response.json().catch(() => undefined);
  }
}
