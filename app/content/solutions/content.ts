/** Joins each catalog entry with its detailed page content. */
import type { SolutionEntry } from './catalog.ts';
import { individualDetails } from './particuliers.ts';
import { businessDetails } from './professionnels.ts';
import type { SolutionDetail } from './types.ts';

export type SolutionContent = SolutionEntry & SolutionDetail;

function detailsFor(audience: SolutionEntry['audience']) {
  return audience === 'particuliers' ? individualDetails : businessDetails;
}

/** The full content of one page. Every catalog slug has a detail (checked by content.test.ts). */
export function solutionContent(entry: SolutionEntry): SolutionContent {
  const detail = detailsFor(entry.audience)[entry.slug];
  if (!detail) throw new Error(`No page content for ${entry.audience}/${entry.slug}`);
  return { ...entry, ...detail };
}

/** 'Demande en ligne' target: business pages preselect their form product; individual ones do not. */
export function contactHref(entry: SolutionEntry): string {
  return entry.audience === 'professionnels'
    ? `/contact?produit=${encodeURIComponent(entry.productOption)}`
    : '/contact';
}
