/** POST /api/spin-to-win: the shopper's details in, one server-drawn spin out (spec §2 /spin-to-win). */
import { createSpinHandler } from "~/features/spin-to-win/spin-to-win.server";
import { callContext } from "~/server/context";

export default createSpinHandler(callContext());

export const config = { path: "/api/spin-to-win" };
