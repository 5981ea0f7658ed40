/** /spin-to-win: starts the game on the page. */
import { startSpinPage } from "~/features/spin-to-win/spin-to-win.client";

const root = document.querySelector<HTMLElement>("[data-spin]");
if (root) startSpinPage(root);
