import { solutionPath } from '../../content/solutions/catalog';
import type { SolutionContent } from '../../content/solutions/content';
import { solutionTemplateText as text } from '../../content/solutions/template';
import { canonicalUrl } from '../../seo';
import { ORGANIZATION_ID } from '../../structured-data';

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
