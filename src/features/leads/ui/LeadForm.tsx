/**
 * Every lead form on the sites: react-hook-form with the kind's shared zod schema (the same one
 * POST /api/leads validates with). Submit states: idle, submitting (button disabled with a
 * spinner), success (→ /success), failure (alert and form error). One idempotency key per attempt,
 * kept across retries, so a double click or a retry after a lost answer stores one lead.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { submitAttempt } from "~/lib/ui/lead-submit.client";
import { useStore } from "~/lib/ui/use-store";
import { formFields, submitButton, websiteLocationField, withoutNulls } from "../forms";
import { DEFAULT_CATEGORY, type LeadKind } from "../kinds";
import { LEAD_TEXTS, type LeadFormRules, leadSchema } from "../schemas";
import { AppointmentPicker } from "./AppointmentPicker";
import { ConsentChecks } from "./ConsentChecks";
import { DealershipSelect } from "./DealershipSelect";
import { FormAlert } from "./FormAlert";
import { Honeypot, honeypotValue } from "./Honeypot";
import { LeadField } from "./LeadField";
import { createLeadFormStore } from "./lead-form.store";
import { ShopperDetailsNote } from "./ShopperDetailsNote";
import { sendLead } from "./send-lead.client";
import { useRememberedValues } from "./use-remembered-values";

export interface LeadFormProps {
  kind: LeadKind;
  rules: LeadFormRules;
  submitLabel: string;
  dealerships: { slug: string; name: string }[];
  optIn: { visible: boolean; default_checked: boolean; text: string };
  /** Fixed fields sent with every submission (car, page, location). */
  hidden?: Record<string, string | number>;
  /**
   * Query parameters read from the URL (queryFieldsFor): finance routes' preferredDealership,
   * vehiclePriceBudget, car_id, car_type, vin; the service form's Rego, Vehicle Make and Model.
   */
  queryFields?: readonly string[];
  successPath?: string;
  /** Analytics event id on success; defaults to the kind's (22, or 51 for careers). */
  eventId?: number;
  /** Values the shopper sees filled in and can change (a sold car's similar-car request). */
  defaults?: Record<string, string>;
  /** The car's location: the preferred date-time offers its test-drive times (GET /api/appointments). */
  appointments?: { locationId: number; timeZone: string };
}

type Values = Record<string, unknown>;

export default function LeadForm(props: LeadFormProps) {
  const { kind, rules } = props;
  const id = useId();
  const pageLocation = props.hidden?.location;
  const websiteLocation = useMemo(
    () => websiteLocationField(kind, rules, pageLocation),
    [kind, rules, pageLocation],
  );
  const fields = useMemo(
    () => formFields(kind, { commentsRequired: rules.commentsRequired, websiteLocation }),
    [kind, rules.commentsRequired, websiteLocation],
  );
  const soleDealership = props.dealerships.length === 1 ? props.dealerships[0]?.slug : undefined;
  const form = useForm<Values>({
    resolver: zodResolver(z.preprocess(withoutNulls, leadSchema(kind, rules)) as never) as never,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: {
      kind,
      opt_in: props.optIn.visible ? props.optIn.default_checked : true,
      // Spec §4: a category select starts at the kind's own category (General Enquiry).
      ...(fields.some((field) => field.name === "category") ? { category: DEFAULT_CATEGORY[kind] } : {}),
      // Spec §5: a sole location is chosen for the shopper.
      ...(soleDealership ? { dealership_slug: soleDealership } : {}),
      // Fixed fields (the car a dialog is about) are validated with the rest: request photos needs car_id.
      ...props.hidden,
      ...props.defaults,
      // The website location is the shopper's to choose (a page's own location that the select
      // does not offer is not theirs); a sole one is chosen for them (spec §5).
      ...(websiteLocation ? { location: websiteLocation.defaultValue ?? "" } : {}),
    },
  });
  const { register, handleSubmit, formState, setValue } = form;
  const [store] = useState(createLeadFormStore);
  const [attempt] = useState(() => submitAttempt());
  const startedAt = useRef(Date.now());
  const { status, formError } = useStore(store.$form);
  const { query, clearDetails } = useRememberedValues(form, fields, props.queryFields, store);

  const errors = formState.errors as FieldErrors<Values>;
  const messages = Object.entries(errors)
    .map(([name, error]) => [name, typeof error?.message === "string" ? error.message : LEAD_TEXTS.invalid])
    .filter(([name]) => name !== "root") as [string, string][];
  const errorOf = (name: string) => messages.find(([n]) => n === name)?.[1];

  const onValid = (lead: Values) =>
    sendLead(
      {
        kind,
        lead,
        extra: { ...query, ...props.hidden },
        honeypot: honeypotValue(id),
        startedAt: startedAt.current,
        eventId: props.eventId,
        successPath: props.successPath,
      },
      { store, attempt, setError: form.setError, typedValues: form.getValues },
    );

  const button = submitButton(status, props.submitLabel);
  return (
    <form className="lead-form" noValidate onSubmit={handleSubmit(onValid)} aria-busy={button.disabled}>
      <FormAlert messages={messages} formError={formError} />
      {fields.map((def) =>
        def.name === "date_time" && props.appointments ? (
          <AppointmentPicker
            key={def.name}
            id={id}
            locationId={props.appointments.locationId}
            timeZone={props.appointments.timeZone}
            field={register(def.name)}
            clear={() => setValue(def.name, "")}
            error={errorOf(def.name)}
          />
        ) : (
          <LeadField key={def.name} def={def} id={id} register={register} error={errorOf(def.name)} />
        ),
      )}
      {props.dealerships.length > 0 && (
        <DealershipSelect
          id={id}
          dealerships={props.dealerships}
          soleDealership={soleDealership}
          required={rules.dealershipRequired}
          register={register}
          error={errors.dealership_slug}
        />
      )}
      <ConsentChecks
        optIn={props.optIn}
        termsRequired={rules.termsRequired}
        termsInvalid={Boolean(errors.terms_conditions)}
        register={register}
      />
      <Honeypot id={id} />
      <ShopperDetailsNote store={store} onClear={clearDetails} />
      {formError && messages.length === 0 && (
        <p className="form-error" id={`${id}-form-error`}>
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-accent" disabled={button.disabled}>
        {button.spinner && <span className="spinner" aria-hidden="true" />}
        {button.text}
      </button>
    </form>
  );
}
