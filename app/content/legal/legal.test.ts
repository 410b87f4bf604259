import { describe, expect, it } from 'vitest';

import { formatFrenchDate, siteConfig, type SiteConfig } from '#config/site.ts';
import { legalNoticeContent } from './legal-notice.ts';
import { privacyContent } from './privacy.ts';
import { termsContent } from './terms.ts';
import type { LegalDocument, Rich } from './types.ts';

function richText(value: Rich): string {
  if (typeof value === 'string') return value;
  return value.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

/** The whole visible text of a document, section titles included. */
function plainText(document: LegalDocument): string {
  const parts: string[] = [document.title, richText(document.lead), document.meta ?? ''];
  for (const section of document.sections) {
    parts.push(section.title);
    for (const block of section.blocks) {
      if (block.kind === 'paragraph') parts.push(richText(block.text));
      if (block.kind === 'list') parts.push(...block.items.map(richText));
      if (block.kind === 'facts') {
        for (const row of block.rows) parts.push(row.term, richText(row.value));
      }
    }
  }
  return parts.join('\n');
}

const otherCompany: SiteConfig = {
  ...siteConfig,
  companyName: 'Autre Société',
  designer: 'Studio Test',
  rge: { body: 'Organisme Test', certificateNumber: 'N-42', validUntil: '2030-06-30' },
  mediator: { name: 'Médiateur Test', website: 'https://mediateur-test.example' },
  privacyPolicyRevisionDate: '2027-03-15',
};

describe('legal notice', () => {
  it('takes every company fact from the config', () => {
    const text = plainText(legalNoticeContent(otherCompany, false));
    for (const fact of [
      'Autre Société',
      siteConfig.legalForm,
      siteConfig.shareCapital,
      siteConfig.rcs,
      siteConfig.vatNumber,
      siteConfig.registeredOffice.city,
      siteConfig.phone.display,
      siteConfig.email,
      siteConfig.publicationDirector,
      siteConfig.host.name,
      siteConfig.host.address,
      siteConfig.host.phone,
      'Studio Test',
      'Organisme Test',
      'N-42',
      'Médiateur Test',
      'https://mediateur-test.example',
      'L.616-1',
      'tribunaux de Paris',
      ...siteConfig.insurers.map((insurer) => insurer.name),
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain(siteConfig.companyName);
  });

  it('presents a valid RGE certificate with its validity date', () => {
    const text = plainText(legalNoticeContent(otherCompany, false));
    expect(text).toContain('valable jusqu’au 30/06/2030');
    expect(text).not.toMatch(/expiré/);
  });

  it('never presents an expired RGE certificate as valid', () => {
    const text = plainText(legalNoticeContent(otherCompany, true));
    expect(text).toContain('a expiré le 30/06/2030');
    expect(text).toContain('disponible sur simple demande');
    expect(text).not.toMatch(/valable jusqu/);
  });
});

describe('privacy policy', () => {
  const text = plainText(privacyContent(otherCompany));

  it('names the CRM as a recipient when one is configured (CRM_NAME), and none otherwise', () => {
    expect(plainText(privacyContent({ ...otherCompany, crmName: '' }))).not.toContain(
      'gestion de la relation client',
    );
    const withCrm = plainText(privacyContent({ ...otherCompany, crmName: 'Pipedrive' }));
    expect(withCrm).toContain('logiciel de gestion de la relation client\u00a0: Pipedrive');
    expect(withCrm).toContain(
      'est transmise automatiquement à notre logiciel de gestion de la relation client, Pipedrive',
    );
  });

  it('shows the configured revision date, not today’s', () => {
    expect(text).toContain(`Dernière mise à jour\u00a0: ${formatFrenchDate('2027-03-15')}`);
  });

  it('states the promised retention periods and the one-month answer', () => {
    expect(text).toContain('3\u00a0ans à compter du dernier contact');
    expect(text).toContain('10\u00a0ans après la fin du contrat');
    expect(text).toMatch(/Prospects\n3\u00a0ans/);
    expect(text).toContain('13\u00a0mois maximum');
    expect(text).toContain('dans un délai d’un mois');
  });

  it('says, where it explains how we call back, that a commercial call needs prior consent', () => {
    const section = privacyContent(otherCompany).sections.find(({ id }) => id === 'recontact');
    expect(section?.title).toBe('Comment nous vous recontactons');
    const sectionText = plainText({ title: '', lead: '', sections: section ? [section] : [] });
    expect(sectionText).toContain(
      'Tout appel commercial (démarchage téléphonique) demande votre consentement préalable\u00a0: sans votre accord, la loi interdit de vous démarcher par téléphone',
    );
    expect(sectionText).toContain('loi n°\u00a02025-594');
  });

  it('says truthfully that there are no cookies, no storage and no third party', () => {
    expect(text).toContain('ne dépose aucun cookie');
    expect(text).toContain('n’utilise ni le stockage local ni le stockage de session');
    expect(text).toContain('aucun service tiers');
    expect(text).toContain('www.cnil.fr');
  });
});

describe('general terms', () => {
  it('explain that the terms come with every quote, how to get them, and the mediator', () => {
    const document = termsContent(otherCompany);
    const text = plainText(document);
    expect(text).toContain('avant toute signature');
    expect(text).toContain(siteConfig.phone.display);
    expect(text).toContain(siteConfig.email);
    expect(text).toContain('formulaire de contact');
    expect(text).toContain('Médiateur Test');
    expect(text).toContain('L.616-1');
  });
});
