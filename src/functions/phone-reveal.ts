/** POST /api/phone-reveal: stores the phone reveal record of the call-the-dealer box. */
import { createPhoneRevealHandler } from "~/features/vehicle/phone-reveal.server";
import { callContext } from "~/server/context";

export default createPhoneRevealHandler(callContext());

export const config = { path: "/api/phone-reveal" };
