/**
 * What the search page's connectors share (one connector per file beside this one, as
 * instantsearch keeps its own): a connector for `useConnector` (react-instantsearch) built from what
 * the widget shows and how it keeps its part of the search state. Each connector keeps that part
 * the way instantsearch's own widget of that kind does (what it shows, what goes in the address,
 * what a change does) for the options this page uses; instantsearch's general widgets (every
 * option, several indices, click events) would weigh about 4 KB gzip more on the search page.
 *
 * A widget is what it shows, worked out from the index's helper (the search state) and its latest
 * results; and, for the state it owns, how that state reads from and writes to the address's
 * `uiState` (instantsearch drops any `uiState` key that no mounted widget owns).
 */
import type { Connector, IndexUiState, InitOptions, RenderOptions, Widget } from "instantsearch.js";

type SearchParameters = InitOptions["state"];
type Options = InitOptions | RenderOptions;

export interface OwnWidget<TRenderState> {
  /** `redraw` draws the widget again from the same options (for a change of its own, like "Show more"). */
  renderState: (options: Options, redraw: () => void) => TRenderState;
  /** The index's state with this widget's part taken out, when it unmounts. */
  dispose?: (state: SearchParameters) => SearchParameters;
  getWidgetUiState?: (uiState: IndexUiState, searchParameters: SearchParameters) => IndexUiState;
  getWidgetSearchParameters?: (state: SearchParameters, uiState: IndexUiState) => SearchParameters;
}

/**
 * A connector for `useConnector(connector, params)`: `create` runs once per mounted widget with its
 * params (so it may keep state of its own, e.g. the index the page started with).
 */
export function ownConnector<
  TRenderState extends Record<string, unknown>,
  TParams extends Record<string, unknown>,
>(
  $$type: string,
  create: (params: TParams) => OwnWidget<TRenderState>,
): Connector<{ $$type: string; renderState: TRenderState }, TParams> {
  type Render = (state: TRenderState & { widgetParams: TParams } & Partial<Options>, first: boolean) => void;
  const connector =
    (render: Render, unmount = () => {}) =>
    (widgetParams: TParams) => {
      const widget = create(widgetParams);
      const draw = (options: Options, first: boolean): void =>
        render(
          {
            ...widget.renderState(options, () => draw(options, false)),
            widgetParams,
            instantSearchInstance: options.instantSearchInstance,
          },
          first,
        );
      const { getWidgetUiState, getWidgetSearchParameters } = widget;
      return {
        $$type,
        init: (options: InitOptions) => draw(options, true),
        render: (options: RenderOptions) => draw(options, false),
        dispose: ({ state }: { state: SearchParameters }) => {
          unmount();
          return widget.dispose?.(state);
        },
        getWidgetRenderState: (options: Options) => ({
          ...widget.renderState(options, () => draw(options, false)),
          widgetParams,
        }),
        ...(getWidgetUiState && {
          getWidgetUiState: (
            uiState: IndexUiState,
            { searchParameters }: { searchParameters: SearchParameters },
          ) => getWidgetUiState(uiState, searchParameters),
        }),
        ...(getWidgetSearchParameters && {
          getWidgetSearchParameters: (parameters: SearchParameters, { uiState }: { uiState: IndexUiState }) =>
            getWidgetSearchParameters(parameters, uiState),
        }),
      } satisfies Partial<Widget>;
    };
  // instantsearch types a connector for its own widget descriptions; ours keeps to the same calls.
  return connector as unknown as Connector<{ $$type: string; renderState: TRenderState }, TParams>;
}
