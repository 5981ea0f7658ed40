/** The vehicle page's dialogs open from their buttons, and from the address's hash. */
import { openDialogFromHash, wireDialogs } from "~/lib/ui/dialog.client";

wireDialogs();
// Result cards link to `#test-drive`, `#enquire` and `#reserve`.
openDialogFromHash();
