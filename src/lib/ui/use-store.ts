/** An island's view of a nanostores store: it renders again when the store changes, on the server too. */
import type { ReadableAtom } from "nanostores";
import { useSyncExternalStore } from "react";

export function useStore<T>($store: ReadableAtom<T>): T {
  return useSyncExternalStore($store.listen, $store.get, $store.get);
}
