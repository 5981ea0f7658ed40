/** Holiday hours: the dialogs open, and special days already past in the location's zone are dropped. */

import { DEFAULT_TIME_ZONE } from "~/features/locations/locations";
import { calendarDate } from "~/lib/dates";
import { wireDialogs } from "~/lib/ui/dialog.client";

wireDialogs();
// Drop special days that have passed in the location's own zone since the page was built; with
// none left, the button goes too.
for (const dialog of document.querySelectorAll<HTMLDialogElement>(".holiday-dialog")) {
  const today = calendarDate(new Date(), dialog.dataset.timeZone ?? DEFAULT_TIME_ZONE);
  for (const row of dialog.querySelectorAll<HTMLElement>("tr[data-date]")) {
    if ((row.dataset.date ?? "") < today) row.remove();
  }
  if (!dialog.querySelector("tr[data-date]")) {
    for (const button of document.querySelectorAll<HTMLElement>(`[data-open-dialog="${dialog.id}"]`))
      button.hidden = true;
  }
}
