/**
 * The search box's connector
 * (src/features/search/ui/connectors/query.ts), against instantsearch's search state.
 */
import { describe, expect, it } from "vitest";
import { connectQuery } from "~/features/search/ui/connectors/query";
import { makeHelper, mount, renderOptions, SearchParameters } from "./helpers";

describe("search box", () => {
  it("keeps the query in the address, and a new query goes back to the first page", () => {
    const widget = mount(connectQuery);
    const state = widget.getWidgetSearchParameters(new SearchParameters({}), { uiState: { query: "hilux" } });
    expect(state.query).toBe("hilux");
    expect(widget.getWidgetUiState({}, { searchParameters: state })).toEqual({ query: "hilux" });
    expect(widget.getWidgetUiState({}, { searchParameters: state.setQuery("") })).toEqual({});

    const helper = makeHelper({ page: 2 });
    widget.getWidgetRenderState(renderOptions(helper)).refine("kia");
    expect(helper.state.query).toBe("kia");
    expect(helper.state.page).toBe(0);
  });
});
