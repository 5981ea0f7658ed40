/** The spam trap every lead form carries: hidden from people and from assistive technology. */
import { HONEYPOT_FIELD } from "../schemas";

export function Honeypot({ id }: { id: string }) {
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor={`${id}-hp`}>Fax</label>
      <input id={`${id}-hp`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** What a bot typed into the trap (empty for people). */
export function honeypotValue(id: string): string {
  return (document.getElementById(`${id}-hp`) as HTMLInputElement | null)?.value ?? "";
}
