// Browser stand-in for `use-sync-external-store/shim` in react-instantsearch (see ../slim-browser-deps.ts):
// the shim backports React 18's hook to older Reacts; the site's React has it.
export { useSyncExternalStore } from "react";
