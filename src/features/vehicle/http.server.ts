/**
 * The vehicle page's calls' own error texts (phone reveal, view counter, delivery, appointments,
 * PDF), beside the shared ones of src/server/errors.ts.
 */
import { REQUEST_ERRORS } from "~/server/errors";

export const CALL_ERRORS = {
  ...REQUEST_ERRORS,
  unknownCar: "We couldn't find that vehicle. It may have been sold or removed.",
  unknownLocation: "We couldn't find that dealership location.",
} as const;

export { json, methodNotAllowed, NO_STORE } from "~/lib/http.server";
export { type CallContext, fieldErrors, guarded, type Resolved, resolveTenant } from "~/server/context";
