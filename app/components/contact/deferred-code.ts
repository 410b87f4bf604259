/**
 * The code the contact form loads after the page's first load, on the visitor's first focus in
 * the form or at the latest on submit (ADR 0011): the check of a request with the schema (with
 * Zod), the wording of what a check finds and of the call-back time, and the request's post
 * (submit-contact.tsx and what it imports).
 */
import type * as SubmitContact from './submit-contact.tsx';

export interface Validation {
  checkAndSend: typeof SubmitContact.checkAndSend;
}

/**
 * The import alone, in a function of its own: scripts/vite/deferred-import.ts unwraps it from
 * Vite's preload helper, which the page then does not carry.
 */
const importSubmitContact = () => import('./submit-contact.tsx');

let validation: Promise<Validation> | undefined;

/** Loads it once; a failed load is tried again next time. */
export function loadValidation(): Promise<Validation> {
  validation ??= importSubmitContact()
    .then((module) => ({ checkAndSend: module.checkAndSend }))
    .catch((error: unknown) => {
      validation = undefined;
      throw error;
    });
  return validation;
}
