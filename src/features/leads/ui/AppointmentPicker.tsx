/**
 * The test-drive dialog's optional date-time (spec §2 dialogs, §7 "Appointments fetch for
 * test-drive date-time"): a day from the location's calendar, then one of the times it offers that
 * day (GET /api/appointments). Choosing a time fills the lead's `date_time` ("2026-06-20T10:30",
 * the location's wall clock). If the times cannot load, a free date-time box takes over, so the
 * shopper can still say when.
 */
import { useEffect, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { APPOINTMENT_TEXTS, bookableDays, todayIn } from "~/features/appointments/appointment-days";
import type { AppointmentSlot } from "~/features/appointments/appointments";
import { fetchAppointments } from "~/features/appointments/appointments.client";

export interface AppointmentPickerProps {
  id: string;
  locationId: number;
  timeZone: string;
  /** `register("date_time")` from the lead form. */
  field: UseFormRegisterReturn;
  /** Clears the chosen time when the day changes. */
  clear: () => void;
  error?: string | undefined;
}

type Times =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; slots: AppointmentSlot[] }
  | { state: "failed" };

export function AppointmentPicker({ id, locationId, timeZone, field, clear, error }: AppointmentPickerProps) {
  const [days] = useState(() => bookableDays(todayIn(timeZone, new Date())));
  const [day, setDay] = useState("");
  const [times, setTimes] = useState<Times>({ state: "idle" });
  const errorId = `${id}-date-time-error`;

  useEffect(() => {
    if (!day) {
      setTimes({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    setTimes({ state: "loading" });
    fetchAppointments(locationId, day, { signal: controller.signal })
      .then((slots) => setTimes({ state: "ready", slots }))
      .catch(() => {
        if (!controller.signal.aborted) setTimes({ state: "failed" });
      });
    return () => controller.abort();
  }, [day, locationId]);

  if (times.state === "failed") {
    return (
      <div className="field">
        <label htmlFor={`${id}-date-time`}>Preferred date and time</label>
        <p className="muted" id={`${id}-date-time-help`}>
          {APPOINTMENT_TEXTS.failed}
        </p>
        <input
          id={`${id}-date-time`}
          type="datetime-local"
          aria-describedby={`${id}-date-time-help`}
          aria-invalid={error ? true : undefined}
          {...field}
        />
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  }

  const slots = times.state === "ready" ? times.slots : [];
  return (
    <fieldset className="field appointment" aria-describedby={error ? errorId : undefined}>
      <legend>Preferred date and time</legend>
      <div className="appointment-row">
        <label htmlFor={`${id}-day`}>
          Day
          <select
            id={`${id}-day`}
            value={day}
            onChange={(event) => {
              clear();
              setDay(event.target.value);
            }}
          >
            <option value="">{APPOINTMENT_TEXTS.anyDay}</option>
            {days.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-date-time`}>
          Time
          <select
            id={`${id}-date-time`}
            disabled={times.state !== "ready" || slots.length === 0}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-times-status`}
            {...field}
          >
            <option value="">{APPOINTMENT_TEXTS.anyTime}</option>
            {slots.map((slot) => (
              <option key={slot.value} value={slot.value}>
                {slot.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted appointment-status" id={`${id}-times-status`} role="status">
        {times.state === "loading"
          ? APPOINTMENT_TEXTS.loading
          : times.state === "ready" && slots.length === 0
            ? APPOINTMENT_TEXTS.none
            : ""}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
