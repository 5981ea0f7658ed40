/**
 * What the vehicle page's calls (phone reveal, view counter, delivery, PDF) share: the error texts
 * of src/server/errors.ts and the function kit.
 */
import { REQUEST_ERRORS } from "~/server/errors";

export const CALL_ERRORS = REQUEST_ERRORS;

export { json, methodNotAllowed, NO_STORE } from "~/lib/http.server";
export { type CallContext, fieldErrors, guarded, type Resolved, resolveTenant } from "~/server/context";
