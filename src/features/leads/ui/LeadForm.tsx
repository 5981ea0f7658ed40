/**
 * Every lead form on the sites: react-hook-form with the kind's shared zod schema (the same one
 * POST /api/leads validates with). Submit states: idle, submitting (button disabled with a
 * spinner), success (→ /success), failure (alert and form error). One idempotency key per attempt,
 * kept across retries, so a double click or a retry after a lost answer stores one lead.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { track } from "~/lib/analytics";
import {
  type FieldDef,
  FORM_TEXTS,
  formEventId,
  formFields,
  leadAnswer,
  newIdempotencyKey,
  queryValues,
  type SubmitStatus,
  submitButton,
  withoutNulls,
} from "../forms";
import { DEFAULT_CATEGORY, type LeadKind } from "../kinds";
import { HONEYPOT_FIELD, LEAD_TEXTS, type LeadFormRules, leadSchema, STARTED_AT_FIELD } from "../schemas";
import { prefillFor, SHOPPER_DETAILS_TEXTS } from "../shopper-details";
import { $shopperDetails, forgetShopperDetails, rememberShopperDetails } from "../shopper-details.store";
import { rememberSuccessCategory } from "../success.store";
import { AppointmentPicker } from "./AppointmentPicker";

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
type Status = SubmitStatus;

function Field({
  def,
  id,
  register,
  error,
}: {
  def: FieldDef;
  id: string;
  register: ReturnType<typeof useForm<Values>>["register"];
  error?: string | undefined;
}) {
  const inputId = `${id}-${def.name.replace(/\W+/g, "-")}`;
  const errorId = `${inputId}-error`;
  const common = {
    id: inputId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    ...register(def.name),
  };
  const label = (
    <label htmlFor={inputId}>
      {def.label}
      {def.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  let control: React.ReactNode;
  if (def.type === "textarea") control = <textarea rows={4} {...common} />;
  else if (def.type === "select") {
    control = (
      <select aria-required={def.required ? true : undefined} {...common}>
        {def.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (def.type === "yes-no") {
    return (
      <fieldset className="field" aria-describedby={error ? errorId : undefined}>
        <legend>{def.label}</legend>
        {["Yes", "No"].map((answer) => (
          <label key={answer} className="inline">
            <input type="radio" value={answer} {...register(def.name)} /> {answer}
          </label>
        ))}
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </fieldset>
    );
  } else {
    control = (
      <input
        type={def.type === "number" ? "text" : def.type}
        autoComplete={def.autocomplete}
        placeholder={def.placeholder}
        inputMode={def.inputMode}
        aria-required={def.required ? true : undefined}
        {...common}
      />
    );
  }
  return (
    <div className="field">
      {label}
      {control}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

export default function LeadForm(props: LeadFormProps) {
  const { kind, rules } = props;
  const id = useId();
  const fields = useMemo(
    () => formFields(kind, { commentsRequired: rules.commentsRequired }),
    [kind, rules.commentsRequired],
  );
  const soleDealership = props.dealerships.length === 1 ? props.dealerships[0]?.slug : undefined;
  const showDealership = props.dealerships.length > 0;
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
    },
  });
  const { register, handleSubmit, formState, setError } = form;
  const [status, setStatus] = useState<Status>("idle");
  const [formError, setFormError] = useState<string | null>(null);
  const startedAt = useRef(Date.now());
  const attemptKey = useRef<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState<Record<string, string>>({});
  const { setValue } = form;
  const { queryFields } = props;
  useEffect(() => {
    if (!queryFields?.length) return;
    // Query values fill the matching fields (the shopper sees and can change them); the rest travel along.
    const values = queryValues(window.location.search, queryFields);
    for (const [name, value] of Object.entries(values)) {
      if (fields.some((field) => field.name === name)) setValue(name, value);
    }
    setQuery(values);
  }, [queryFields, fields, setValue]);
  // Spec §3 stored user details: what the shopper gave in an earlier enquiry on this site fills
  // the fields still empty; they see it and can change it or clear it ("Not you?").
  const [prefilled, setPrefilled] = useState<string[]>([]);
  const [detailsCleared, setDetailsCleared] = useState(false);
  const { getValues, setFocus } = form;
  useEffect(() => {
    const filled = prefillFor(
      $shopperDetails.get(),
      fields.map((field) => field.name),
      getValues(),
    );
    for (const [name, value] of Object.entries(filled)) setValue(name, value);
    setPrefilled(Object.keys(filled));
  }, [fields, getValues, setValue]);
  const clearDetails = () => {
    forgetShopperDetails();
    for (const name of prefilled) setValue(name, "");
    setPrefilled([]);
    setDetailsCleared(true);
    setFocus("name");
  };

  const errors = formState.errors as FieldErrors<Values>;
  const messages = Object.entries(errors)
    .map(([name, error]) => [name, typeof error?.message === "string" ? error.message : LEAD_TEXTS.invalid])
    .filter(([name]) => name !== "root") as [string, string][];

  useEffect(() => {
    if (messages.length > 0 || formError) alertRef.current?.focus();
  }, [messages.length, formError]);

  const onValid = async (lead: Values) => {
    setStatus("submitting");
    setFormError(null);
    attemptKey.current ??= newIdempotencyKey();
    const honeypot = (document.getElementById(`${id}-hp`) as HTMLInputElement | null)?.value ?? "";
    try {
      const response = await fetch("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": attemptKey.current },
        body: JSON.stringify({
          ...query,
          ...props.hidden,
          ...Object.fromEntries(Object.entries(lead).filter(([, value]) => value !== undefined)),
          kind,
          [HONEYPOT_FIELD]: honeypot,
          [STARTED_AT_FIELD]: startedAt.current,
        }),
      });
      const body: unknown = await response.json().catch(() => null);
      const answer = leadAnswer(response.ok, body);
      if (answer.status === "success") {
        const leadId = answer.leadId;
        setStatus("success");
        attemptKey.current = null;
        const category = String(lead.category ?? DEFAULT_CATEGORY[kind]);
        rememberSuccessCategory(category);
        // As typed, not as normalised for the CRM (+61…): the shopper sees them again as they wrote them.
        rememberShopperDetails(getValues());
        track(props.eventId ?? formEventId(kind), { kind, category, lead_id: leadId });
        window.location.assign(props.successPath ?? "/success");
        return;
      }
      const fieldErrors = (body as { fields?: Record<string, string> } | null)?.fields;
      if (fieldErrors) {
        for (const [name, message] of Object.entries(fieldErrors)) setError(name, { message });
      }
      throw new Error(answer.message);
    } catch (error) {
      const message =
        error instanceof Error && error.message !== "Failed to fetch"
          ? error.message
          : FORM_TEXTS.submitFailed;
      setStatus("failure");
      setFormError(message);
      // Spec §8: an alert as well as the form error.
      window.alert(FORM_TEXTS.submitFailed);
    }
  };

  const button = submitButton(status, props.submitLabel);
  const submitting = button.disabled;
  return (
    <form className="lead-form" noValidate onSubmit={handleSubmit(onValid)} aria-busy={submitting}>
      {(messages.length > 0 || formError) && (
        <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {messages.length > 0 ? (
            <>
              <p>{LEAD_TEXTS.fixErrors}</p>
              <ul>
                {messages.map(([name, message]) => (
                  <li key={name}>{message}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{formError}</p>
          )}
        </div>
      )}
      {fields.map((def) =>
        def.name === "date_time" && props.appointments ? (
          <AppointmentPicker
            key={def.name}
            id={id}
            locationId={props.appointments.locationId}
            timeZone={props.appointments.timeZone}
            field={register(def.name)}
            clear={() => setValue(def.name, "")}
            error={messages.find(([n]) => n === def.name)?.[1]}
          />
        ) : (
          <Field
            key={def.name}
            def={def}
            id={id}
            register={register}
            error={messages.find(([n]) => n === def.name)?.[1]}
          />
        ),
      )}
      {showDealership && (
        <div className="field">
          <label htmlFor={`${id}-dealership`}>
            Dealership{rules.dealershipRequired && <span aria-hidden="true"> *</span>}
          </label>
          <select
            id={`${id}-dealership`}
            aria-invalid={errors.dealership_slug ? true : undefined}
            {...register("dealership_slug")}
          >
            {!soleDealership && <option value="">{FORM_TEXTS.dealershipPlaceholder}</option>}
            {props.dealerships.map((dealership) => (
              <option key={dealership.slug} value={dealership.slug}>
                {dealership.name}
              </option>
            ))}
          </select>
          {errors.dealership_slug && <p className="field-error">{String(errors.dealership_slug.message)}</p>}
        </div>
      )}
      {props.optIn.visible && (
        <label className="inline check">
          <input type="checkbox" {...register("opt_in")} /> {props.optIn.text}
        </label>
      )}
      {rules.termsRequired && (
        <label className="inline check">
          <input
            type="checkbox"
            aria-invalid={errors.terms_conditions ? true : undefined}
            {...register("terms_conditions")}
          />{" "}
          I agree to the terms of use
        </label>
      )}
      {/* Spam trap: hidden from people and from assistive technology. */}
      <div className="hp" aria-hidden="true">
        <label htmlFor={`${id}-hp`}>Fax</label>
        <input id={`${id}-hp`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {prefilled.length > 0 && (
        <p className="details-note">
          <button type="button" onClick={clearDetails}>
            {SHOPPER_DETAILS_TEXTS.notYou}
          </button>
        </p>
      )}
      <p className="visually-hidden" role="status">
        {detailsCleared ? SHOPPER_DETAILS_TEXTS.cleared : ""}
      </p>
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
