import { describe, expect, it } from 'vitest';

import { PRODUCT_OPTIONS } from '#contracts/contact/products.ts';
import { SOLUTION_PATHS } from '#contracts/solution-pages.ts';
import {
  allSolutions,
  businessSolutions,
  individualSolutions,
  solutionPath,
  type SolutionEntry,
} from './catalog.ts';
import { contactHref, solutionContent } from './content.ts';
import { individualDetails } from './particuliers.ts';
import { businessDetails } from './professionnels.ts';
import { solutionTemplateText } from './template.ts';
import { PRICE_ON_QUOTE } from './types.ts';

// The reference specification, "Screens and routes": the slugs exactly as the reference spells them.
const REFERENCE_INDIVIDUAL_SLUGS = [
  'isolation-thermique',
  'pompe-a-chaleur',
  'panneaux-solaires',
  'ventilation-vmc',
  'systeme-solaire-combine',
  'ballon-thermodynamique',
  'ballon-solaire',
  'ballon-electrique',
  'poele-a-granule',
  'optimisation-contrat-energie',
];
const REFERENCE_BUSINESS_SLUGS = [
  'decret-tertiaire',
  'audit-energetique',
  'eclairage-led',
  'monitoring-energetique',
  'optimisation-facture-energie',
  'hp-flottante',
  'isolation-thermique-exterieur',
  'peinture-thermoreulante',
  'centrale-photovoltaique',
  'ventilation-double-flux',
  'climatisation',
];

const NBSP = '\u00a0';
// The reference specification, "Business constants and limits": stated prices and savings, by page.
const STATED_PRICES: Record<string, string> = {
  'particuliers/isolation-thermique': `À partir de 20${NBSP}€/m²`,
  'particuliers/pompe-a-chaleur': `À partir de 8${NBSP}000${NBSP}€`,
  'particuliers/panneaux-solaires': `À partir de 9${NBSP}000${NBSP}€`,
  'particuliers/ventilation-vmc': `À partir de 2${NBSP}500${NBSP}€`,
  'professionnels/audit-energetique': `À partir de 2${NBSP}500${NBSP}€`,
  'professionnels/eclairage-led': `À partir de 50${NBSP}€ par point lumineux`,
  'professionnels/monitoring-energetique': `À partir de 150${NBSP}€ par mois`,
  'professionnels/hp-flottante': `À partir de 25${NBSP}000${NBSP}€`,
  'professionnels/isolation-thermique-exterieur': `À partir de 120${NBSP}€/m²`,
};
const STATED_SAVINGS: Record<string, string> = {
  'professionnels/eclairage-led': `Jusqu’à 80${NBSP}%`,
  'professionnels/optimisation-facture-energie': `Jusqu’à 20${NBSP}%`,
  'professionnels/hp-flottante': `Jusqu’à 70${NBSP}%`,
  'professionnels/isolation-thermique-exterieur': `Jusqu’à 40${NBSP}%`,
  'professionnels/peinture-thermoreulante': `Jusqu’à 15${NBSP}%`,
  'professionnels/centrale-photovoltaique': `Jusqu’à 80${NBSP}%`,
  'professionnels/ventilation-double-flux': `Jusqu’à 30${NBSP}%`,
  'professionnels/climatisation': `Jusqu’à 25${NBSP}%`,
};

const key = (entry: SolutionEntry) => `${entry.audience}/${entry.slug}`;

/** Every visitor-facing string of a page, for the typography checks. */
function allTexts(entry: SolutionEntry): string[] {
  const content = solutionContent(entry);
  return [
    content.title,
    content.summary,
    content.savings,
    content.description,
    content.price,
    content.metaDescription,
    ...content.benefits,
    ...content.technicalDetails,
    ...content.aides,
  ];
}

describe('solution content', () => {
  it('has the 21 slugs of the reference, unique, in both catalog and details', () => {
    expect(individualSolutions.map((entry) => entry.slug)).toEqual(REFERENCE_INDIVIDUAL_SLUGS);
    expect(businessSolutions.map((entry) => entry.slug)).toEqual(REFERENCE_BUSINESS_SLUGS);
    expect(new Set(allSolutions.map(key)).size).toBe(21);
    expect(Object.keys(individualDetails).sort()).toEqual([...REFERENCE_INDIVIDUAL_SLUGS].sort());
    expect(Object.keys(businessDetails).sort()).toEqual([...REFERENCE_BUSINESS_SLUGS].sort());
  });

  it('holds the same pages as the contract the server counts (contracts/solution-pages.ts)', () => {
    expect(allSolutions.map(solutionPath)).toEqual(SOLUTION_PATHS);
  });

  it.each(allSolutions.map((entry) => [key(entry), entry] as const))(
    '%s has complete content',
    (_name, entry) => {
      const content = solutionContent(entry);
      expect(content.description.length).toBeGreaterThan(150);
      expect(content.benefits.length).toBeGreaterThanOrEqual(4);
      expect(content.benefits.length).toBeLessThanOrEqual(6);
      expect(content.technicalDetails.length).toBeGreaterThanOrEqual(4);
      expect(content.technicalDetails.length).toBeLessThanOrEqual(6);
      expect(content.aides.length).toBeGreaterThanOrEqual(1);
      for (const text of allTexts(entry)) expect(text.trim()).not.toBe('');
      for (const list of [content.benefits, content.technicalDetails, content.aides]) {
        expect(new Set(list).size).toBe(list.length);
      }
      expect(content.metaDescription.length).toBeGreaterThanOrEqual(50);
      expect(content.metaDescription.length).toBeLessThanOrEqual(160);
      expect(content.savings).not.toBe('');
    },
  );

  it('maps every business page to its own contact form product option', () => {
    const options = businessSolutions.map((entry) => entry.productOption);
    expect([...options].sort()).toEqual([...PRODUCT_OPTIONS].sort());
    for (const entry of businessSolutions) {
      expect(contactHref(entry)).toBe(
        `/contact?produit=${encodeURIComponent(entry.productOption)}`,
      );
      expect(new URLSearchParams(contactHref(entry).split('?')[1]).get('produit')).toBe(
        entry.productOption,
      );
    }
    for (const entry of individualSolutions) expect(contactHref(entry)).toBe('/contact');
  });

  it('shows the prices the reference states, and "Sur devis" elsewhere', () => {
    for (const entry of allSolutions) {
      expect(solutionContent(entry).price, key(entry)).toBe(
        STATED_PRICES[key(entry)] ?? PRICE_ON_QUOTE,
      );
    }
  });

  it('shows the savings the reference states, and no invented percentage elsewhere', () => {
    for (const entry of allSolutions) {
      const stated = STATED_SAVINGS[key(entry)];
      if (stated) expect(entry.savings, key(entry)).toBe(stated);
      else if (entry.slug === 'decret-tertiaire') {
        // The legal target of the décret tertiaire, not a promise.
        expect(entry.savings).toBe(`Objectif −40${NBSP}% dès 2030`);
      } else expect(entry.savings, key(entry)).not.toMatch(/\d/);
    }
  });

  it('uses French typography: non-breaking spaces, typographic apostrophes', () => {
    const template = JSON.stringify(solutionTemplateText);
    for (const text of [...allSolutions.flatMap(allTexts), template]) {
      expect(text, text).not.toMatch(/ [%€:?!;]/);
      expect(text, text).not.toMatch(/\d \d{3}\b/);
      expect(text, text).not.toMatch(/[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/);
    }
  });
});
