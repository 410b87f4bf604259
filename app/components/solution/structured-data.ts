import { solutionPath } from '#app/content/solutions/catalog.ts';
import type { SolutionContent } from '#app/content/solutions/content.ts';
import { solutionTemplateText as text } from '#app/content/solutions/template.ts';
import { canonicalUrl } from '#app/seo.ts';
import { ORGANIZATION_ID } from '#app/structured-data.ts';

/** schema.org Service and BreadcrumbList of one solution page. No ratings, no reviews. */
export function solutionStructuredData(content: SolutionContent): Record<string, unknown> {
  const url = canonicalUrl(solutionPath(content));
  const home = canonicalUrl('/');
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Service',
        '@id': `${url}#service`,
        name: content.title,
        description: content.metaDescription,
        serviceType: content.title,
        url,
        areaServed: { '@type': 'Country', name: text.serviceAreaServed },
        audience: { '@type': 'Audience', audienceType: text.audience[content.audience] },
        provider: { '@id': ORGANIZATION_ID },
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: text.home, item: home },
          { '@type': 'ListItem', position: 2, name: text.audience[content.audience], item: home },
          { '@type': 'ListItem', position: 3, name: content.title, item: url },
        ],
      },
    ],
  };
}
