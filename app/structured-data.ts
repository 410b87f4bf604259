import { siteConfig } from '#config/site.ts';

/** The schema.org id of the business; solution pages reference it as the provider. */
export const ORGANIZATION_ID = `${siteConfig.siteUrl}/#organization`;

/** The business, as shown in the footer and on the contact page (no review markup). */
export function businessJsonLd(): Record<string, unknown> {
  const office = siteConfig.registeredOffice;
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': ORGANIZATION_ID,
    name: siteConfig.companyName,
    url: `${siteConfig.siteUrl}/`,
    telephone: siteConfig.phone.href.replace(/^tel:/, ''),
    email: siteConfig.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      postalCode: office.postalCode,
      addressLocality: office.city,
      addressCountry: office.countryCode,
    },
    areaServed: { '@type': 'Country', name: office.country },
  };
}
