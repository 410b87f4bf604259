/**
 * The code the contact form loads after the page's first load, on the visitor's first focus in
 * the form or at the latest on submit (ADR 0011): the schema (with Zod), and the wording of what
 * a check finds and of the call-back time (after-first-focus.ts).
 */
import type * as SchemaModule from '#contracts/contact/schema.ts';
import type * as AfterFirstFocus from './after-first-focus.tsx';

export interface Validation {
  schema: typeof SchemaModule;
  problems: typeof AfterFirstFocus.contactProblemsText;
  callbackSentenceOf: typeof AfterFirstFocus.callbackSentenceOf;
  FixLinks: typeof AfterFirstFocus.FixLinks;
}

let validation: Promise<Validation> | undefined;

/** Loads it once; a failed load is tried again next time. */
export function loadValidation(): Promise<Validation> {
  validation ??= Promise.all([
    import('#contracts/contact/schema.ts'),
    import('./after-first-focus.tsx'),
  ])
    .then(([schema, { contactProblemsText, callbackSentenceOf, FixLinks }]) => ({
      schema,
      problems: contactProblemsText,
      callbackSentenceOf,
      FixLinks,
    }))
    .catch((error: unknown) => {
      validation = undefined;
      throw error;
    });
  return validation;
}
