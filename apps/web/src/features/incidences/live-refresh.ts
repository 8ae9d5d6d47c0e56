// The incidence lists follow the rules engine by themselves: asked again every 15 s, and not while the
// browser tab is hidden (RTK Query's polling skips while the window is unfocused; store.ts sets up the
// visibility listeners), then at once when the tab shows again.
export const INCIDENCE_LIST_REFRESH_MS = 15_000;

export const LIVE_LIST_POLLING = {
  pollingInterval: INCIDENCE_LIST_REFRESH_MS,
  skipPollingIfUnfocused: true,
  refetchOnFocus: true,
  refetchOnMountOrArgChange: true,
} as const;
