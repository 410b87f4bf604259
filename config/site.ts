/**
 * The company's facts: the one source for every page, e-mail and legal text.
 *
 * Defaults are plainly fictional (a phone number from the range ARCEP reserves for fiction,
 * addresses under the reserved `.example` domain). Replace them here for a real deployment;
 * the deployment-specific values (site URL, backend, portal, menus) are environment settings,
 * see docs/settings.md.
 */
import { booleanFromSpelling, isBooleanSpelling } from './boolean-setting.ts';
import type { PublicSettings } from './build-env.ts';
import {
  callDaysOf,
  callSlotsOf,
  DEFAULT_CALL_DAYS,
  DEFAULT_CALL_SLOTS,
  type MinuteRange,
} from './call-settings.ts';

/**
 * In the pages: the settings the build validated and baked in. Under Node (server, scripts,
 * tests): the same names from the environment, read leniently (the server and the build are the
 * ones that reject a wrong value).
 */
function readSettings(): PublicSettings {
  if (typeof __BUILD_ENV__ !== 'undefined') return __BUILD_ENV__;
  const env =
    (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  const text = (name: keyof PublicSettings) => env[name]?.trim() || undefined;
  const flag = text('ENABLE_PARTICULIERS_MENU');
  return {
    SITE_URL: text('SITE_URL'),
    BACKEND_URL: text('BACKEND_URL'),
    BACKEND_ANON_KEY: text('BACKEND_ANON_KEY'),
    CLIENT_PORTAL_URL: text('CLIENT_PORTAL_URL'),
    ENABLE_PARTICULIERS_MENU: flag && isBooleanSpelling(flag) ? booleanFromSpelling(flag) : false,
    CRM_NAME: text('CRM_NAME'),
    WORKING_DAYS: callDaysOf(text('WORKING_DAYS') ?? ''),
    CALL_WINDOWS: callSlotsOf(text('CALL_WINDOWS') ?? ''),
  };
}

const settings = readSettings();

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  country: string;
  /** ISO 3166-1 alpha-2, for structured data. */
  countryCode: string;
}

interface Insurer {
  /** What the policy covers, in French, as shown on the legal notice. */
  coverage: string;
  name: string;
  policyNumber: string;
}

export interface SiteConfig {
  companyName: string;
  legalForm: string;
  shareCapital: string;
  rcs: string;
  siren: string;
  vatNumber: string;
  registeredOffice: PostalAddress;
  phone: { display: string; href: string };
  email: string;
  publicationDirector: string;
  designer: string;
  host: { name: string; address: string; phone: string };
  rge: { body: string; certificateNumber: string; validUntil: string };
  insurers: Insurer[];
  mediator: { name: string; website: string };
  privacyPolicyRevisionDate: string;
  /** Years of activity shown in the claims ("3+ ans d'expérience"). */
  yearsOfExperience: number;
  siteUrl: string;
  /** Where the form posts; empty means the site's own origin. */
  backendUrl: string;
  backendAnonKey: string;
  /** Client portal; empty renders the 'Espace Client' button disabled. */
  clientPortalUrl: string;
  particuliersMenuEnabled: boolean;
  /** The CRM that receives the requests (CRM_NAME), named in the privacy policy; empty: none. */
  crmName: string;
  /** The days the form offers to be called on (WORKING_DAYS), ISO weekdays ascending. */
  callDays: readonly number[];
  /** The slots the form offers (CALL_WINDOWS), in minutes of the company's day, sorted. */
  callSlots: readonly MinuteRange[];
}

function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export const siteConfig: SiteConfig = {
  companyName: 'Calora Énergies',
  legalForm: 'SAS (société par actions simplifiée)',
  shareCapital: '10 000 €',
  rcs: 'RCS Nanterre 000 000 000',
  siren: '000 000 000',
  vatNumber: 'FR00 000000000',
  registeredOffice: {
    street: '12 rue Anatole France',
    postalCode: '92300',
    city: 'Levallois-Perret',
    country: 'France',
    countryCode: 'FR',
  },
  phone: { display: '01 99 00 12 34', href: 'tel:+33199001234' },
  email: 'contact@calora-energies.example',
  publicationDirector: 'Camille Durand, présidente',
  designer: 'Calora Énergies (conception et développement internes)',
  host: {
    name: 'Hébergeur Exemple SAS',
    address: '1 avenue de l’Exemple, 75000 Paris, France',
    phone: '01 99 00 98 76',
  },
  rge: {
    body: 'Qualibat',
    certificateNumber: 'E-E000000 (exemple)',
    validUntil: '2025-12-31',
  },
  insurers: [
    {
      coverage: 'Responsabilité civile professionnelle',
      name: 'Assureur Exemple Mutuelle',
      policyNumber: 'RCP-000000',
    },
    {
      coverage: 'Garantie décennale',
      name: 'Assureur Exemple Mutuelle',
      policyNumber: 'DEC-000000',
    },
  ],
  mediator: {
    name: 'Médiateur de la consommation (exemple)',
    website: 'https://mediateur.example',
  },
  privacyPolicyRevisionDate: '2026-11-28',
  yearsOfExperience: 3,
  siteUrl: trimTrailingSlash(settings.SITE_URL ?? 'http://localhost:3000'),
  backendUrl: trimTrailingSlash(settings.BACKEND_URL ?? ''),
  backendAnonKey: settings.BACKEND_ANON_KEY ?? 'public-anon-key',
  clientPortalUrl: settings.CLIENT_PORTAL_URL ?? '',
  particuliersMenuEnabled: settings.ENABLE_PARTICULIERS_MENU ?? false,
  crmName: settings.CRM_NAME ?? '',
  callDays: settings.WORKING_DAYS ?? DEFAULT_CALL_DAYS,
  callSlots: settings.CALL_WINDOWS ?? DEFAULT_CALL_SLOTS,
};

export function formatPostalAddress(address: PostalAddress): string {
  return `${address.street}, ${address.postalCode} ${address.city}, ${address.country}`;
}

/** `2025-12-31` → `31/12/2025`, the way French legal texts show dates. */
export function formatFrenchDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

export function isRgeExpired(config: SiteConfig, today: Date): boolean {
  return new Date(`${config.rge.validUntil}T23:59:59Z`).getTime() < today.getTime();
}
