/**
 * What a lead form fills in for the shopper, who sees it and can change it: the URL's query values
 * (finance routes, the service form) and, in the fields still empty, the details given in an
 * earlier enquiry on this site (spec §3 stored user details; "Not you?" clears them).
 */
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { type FieldDef, queryValues } from "../forms";
import { prefillFor } from "../shopper-details";
import { $shopperDetails, forgetShopperDetails } from "../shopper-details.store";
import type { LeadFormStore } from "./lead-form.store";

export function useRememberedValues(
  form: UseFormReturn<Record<string, unknown>>,
  fields: readonly FieldDef[],
  queryFields: readonly string[] | undefined,
  store: LeadFormStore,
) {
  const { getValues, setFocus, setValue } = form;
  const [query, setQuery] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!queryFields?.length) return;
    // Query values fill the matching fields; the rest travel along with the lead.
    const values = queryValues(window.location.search, queryFields);
    for (const [name, value] of Object.entries(values)) {
      if (fields.some((field) => field.name === name)) setValue(name, value);
    }
    setQuery(values);
  }, [queryFields, fields, setValue]);
  useEffect(() => {
    const filled = prefillFor(
      $shopperDetails.get(),
      fields.map((field) => field.name),
      getValues(),
    );
    for (const [name, value] of Object.entries(filled)) setValue(name, value);
    store.prefilledWith(Object.keys(filled));
  }, [fields, getValues, setValue, store]);
  const clearDetails = () => {
    forgetShopperDetails();
    for (const name of store.$form.get().prefilled) setValue(name, "");
    store.detailsCleared();
    setFocus("name");
  };
  return { query, clearDetails };
}
