/** The detailed content of one solution page (the catalog holds slug, title, summary and savings). */

/** The illustration drawn on a solution page, one per family of work. */
export type IllustrationKind =
  | 'insulation'
  | 'heat-pump'
  | 'solar'
  | 'air'
  | 'water'
  | 'stove'
  | 'lighting'
  | 'data'
  | 'cold'
  | 'roof';

export interface SolutionDetail {
  /** Two to four sentences saying what the work is and for whom. */
  description: string;
  /** 4-6 concrete benefits. */
  benefits: readonly string[];
  /** 4-6 technical characteristics. */
  technicalDetails: readonly string[];
  /** Price indication: a price the reference states, or "Sur devis". */
  price: string;
  /** Financial aids and obligations that truly apply to this work and audience. */
  aides: readonly string[];
  /** Optional illustration (a decorative inline SVG drawn with theme colours). */
  image?: IllustrationKind;
  /** The page's meta description, 50-160 characters. */
  metaDescription: string;
}

/** Everything a solution page shows: the catalog entry merged with its detail. */
export type SolutionDetails = Readonly<Record<string, SolutionDetail>>;

/** Price text where the reference states no figure: we do not invent one. */
export const PRICE_ON_QUOTE = 'Sur devis';
