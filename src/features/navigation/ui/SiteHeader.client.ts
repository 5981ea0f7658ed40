/** The site header: its bar fits the width it has. */
import { fitHeaderBar } from "./site-header.client";

const header = document.querySelector<HTMLElement>("[data-site-header]");
const barStyle = document.querySelector<HTMLStyleElement>("style[data-site-header-bar]");
if (header && barStyle) fitHeaderBar(header, barStyle);
