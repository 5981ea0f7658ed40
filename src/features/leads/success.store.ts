/**
 * The last lead's category as a store (key SUCCESS_CATEGORY_KEY, plain text; spec §7: stored
 * locally after success), which /success names in its heading.
 */
import { persistentAtom } from "@nanostores/persistent";
import { SUCCESS_CATEGORY_KEY } from "./forms";

export const $successCategory = persistentAtom<string | undefined>(SUCCESS_CATEGORY_KEY, undefined);

export function rememberSuccessCategory(category: string): void {
  try {
    $successCategory.set(category);
  } catch {
    // Private mode: the success page falls back to its default text.
  }
}
