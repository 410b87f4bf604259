/** The shape of the legal pages' content: sections of paragraphs, lists and fact tables. */

/** A link inside a sentence: internal paths (`/…`), `tel:`, `mailto:` or external addresses. */
export interface InlineLink {
  text: string;
  href: string;
}

type Inline = string | InlineLink;

/** A sentence or paragraph: plain text, or text with links. */
export type Rich = string | readonly Inline[];

export type LegalBlock =
  | { kind: 'paragraph'; text: Rich }
  | { kind: 'list'; items: readonly Rich[] }
  | { kind: 'facts'; rows: readonly { term: string; value: Rich }[] }
  /** An interactive part the page's route renders (e.g. the audience objection, ADR 0023). */
  | { kind: 'control'; name: LegalControl };

export type LegalControl = 'audience-objection';

interface LegalSection {
  /** Fragment identifier, for the table of contents. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  lead: Rich;
  /** Shown under the title, e.g. the revision date. */
  meta?: string;
  sections: readonly LegalSection[];
}

export const legalUiText = {
  tableOfContents: 'Sommaire',
} as const;

export const p = (text: Rich): LegalBlock => ({ kind: 'paragraph', text });
export const list = (...items: Rich[]): LegalBlock => ({ kind: 'list', items });
export const facts = (rows: { term: string; value: Rich }[]): LegalBlock => ({
  kind: 'facts',
  rows,
});
export const link = (text: string, href: string): InlineLink => ({ text, href });
