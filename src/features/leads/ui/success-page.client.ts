/** /success names the category of the lead just sent, when this browser kept it. */
import { $successCategory } from "~/features/leads/success.store";
import { storageAvailable } from "~/lib/saved-list.store";

const target = document.querySelector("[data-success] [data-category]");
const category = storageAvailable() ? $successCategory.get() : undefined;
// Storage blocked or nothing kept: the heading keeps its generic word.
if (target && category) target.textContent = category;
