import { describe, expect, it } from 'vitest';

import {
  CONTACT_FIELDS,
  ContactFormSchema,
  ContactRequestSchema,
  fieldErrors,
  isPlausiblePhone,
  isRequiredField,
  normalizePhone,
  PHONE_INPUT_PATTERN,
} from './schema.ts';

const valid = {
  clientType: 'professionnel',
  nom: 'N’Diaye-Lefèvre',
  prenom: "Anne-Marie d'Arc",
  adresse: '3 rue de la Paix, 75002 Paris',
  telephone: '06 12 34 56 78',
  email: 'anne@entreprise.fr',
  produit: 'HP flottante',
  message: 'Bonjour',
  rgpdConsent: true,
  website: '',
};

describe('ContactRequestSchema', () => {
  it('accepts a complete request with accents, apostrophes and hyphens in names', () => {
    expect(ContactRequestSchema.safeParse(valid).success).toBe(true);
  });

  it('accepts an empty product and a missing message', () => {
    const { message: _message, ...rest } = valid;
    const result = ContactRequestSchema.safeParse({ ...rest, produit: '' });
    expect(result.success).toBe(true);
    expect(result.data?.message).toBe('');
  });

  it.each([
    'a@b.com,c@d.com',
    'a@b.com;c@d.com',
    'Anne <a@b.com>',
    'a@b.com\nBcc: x@y.com',
    'a@b.com\r\n',
    'pas-une-adresse',
  ])('rejects the e-mail %j with a French message', (email) => {
    const result = ContactRequestSchema.safeParse({ ...valid, email });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!).email).toMatch(/adresse e-mail/);
  });

  it('requires consent, the professional client type and a known product', () => {
    expect(ContactRequestSchema.safeParse({ ...valid, rgpdConsent: false }).success).toBe(false);
    expect(ContactRequestSchema.safeParse({ ...valid, clientType: 'particulier' }).success).toBe(
      false,
    );
    const result = ContactRequestSchema.safeParse({ ...valid, produit: 'Piscine' });
    expect(fieldErrors(result.error!).produit).toBe('Choisissez un produit dans la liste.');
  });

  it('enforces the length bounds', () => {
    expect(ContactRequestSchema.safeParse({ ...valid, nom: 'A'.repeat(101) }).success).toBe(false);
    expect(ContactRequestSchema.safeParse({ ...valid, nom: 'A'.repeat(100) }).success).toBe(true);
    expect(ContactRequestSchema.safeParse({ ...valid, adresse: 'x'.repeat(301) }).success).toBe(
      false,
    );
    expect(ContactRequestSchema.safeParse({ ...valid, message: 'x'.repeat(5_001) }).success).toBe(
      false,
    );
  });

  it('names the required fields: those that cannot be left out', () => {
    expect(
      (['nom', 'prenom', 'adresse', 'telephone', 'email', 'rgpdConsent'] as const).every(
        isRequiredField,
      ),
    ).toBe(true);
    expect(isRequiredField('produit')).toBe(false);
    expect(isRequiredField('message')).toBe(false);
  });

  it('lists the fields the page renders in the schema’s order, required as the schema says', () => {
    expect(Object.keys(ContactFormSchema.shape)).toEqual(CONTACT_FIELDS);
    for (const field of CONTACT_FIELDS) {
      const refusesMissing = !ContactFormSchema.shape[field].safeParse(undefined).success;
      expect(isRequiredField(field), field).toBe(refusesMissing);
    }
  });

  it('reports every missing field in French', () => {
    const result = ContactRequestSchema.safeParse({ clientType: 'professionnel' });
    const errors = fieldErrors(result.error!);
    expect(errors.nom).toBe('Le nom est obligatoire.');
    expect(errors.prenom).toBe('Le prénom est obligatoire.');
    expect(errors.telephone).toBe('Le numéro de téléphone est obligatoire.');
    expect(errors.rgpdConsent).toMatch(/accepter/);
  });
});

const PLAUSIBLE_PHONES = [
  '06 12 34 56 78',
  '01.99.00.12.34',
  '+33 6 12 34 56 78',
  '+33 (0)6 12 34 56 78',
  '0033612345678',
  '+44 20 7946 0958',
  '+1 (415) 555-0100',
  '06-12-34-56-78',
];

/** How a browser applies `pattern`: the whole value, compiled with the `v` flag. */
const browserPattern = new RegExp(`^(?:${PHONE_INPUT_PATTERN})$`, 'v');

describe('phone numbers', () => {
  it.each(PLAUSIBLE_PHONES)('accepts %s', (phone) => expect(isPlausiblePhone(phone)).toBe(true));
  it.each(PLAUSIBLE_PHONES)('lets %s through the input pattern too', (phone) =>
    expect(browserPattern.test(phone)).toBe(true),
  );
  it('leaves to the server numbers it cannot judge, and stops obvious mistakes early', () => {
    // Passes the pattern, refused by the schema: the server explains why.
    expect(browserPattern.test('123456')).toBe(true);
    expect(isPlausiblePhone('123456')).toBe(false);
    for (const typo of ['appelez-moi', '06 12', 'a@b.fr']) {
      expect(browserPattern.test(typo)).toBe(false);
    }
  });
  it.each(['12345', '06 12 34', '+33 0 6 12 34 56 78', 'appelez-moi', '+0 123456789', '0012'])(
    'rejects %s',
    (phone) => expect(isPlausiblePhone(phone)).toBe(false),
  );
  it('normalizes separators and the 00 prefix', () => {
    expect(normalizePhone('0033 6-12.34 56 78')).toBe('+33612345678');
  });
});
