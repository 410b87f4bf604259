import { describe, expect, it } from 'vitest';

import { siteConfig } from '#config/site.ts';
import { allSolutions, solutionPath } from '#app/content/solutions/catalog.ts';
import { solutionContent } from '#app/content/solutions/content.ts';
import { businessJsonLd } from '#app/structured-data.ts';
import { hasInAppHistory } from './solution-breadcrumb.tsx';
import { solutionStructuredData } from './structured-data.ts';

describe('solution structured data', () => {
  it.each(allSolutions.map((entry) => [solutionPath(entry), entry] as const))(
    '%s publishes a Service by the organisation and a three-step breadcrumb',
    (path, entry) => {
      const content = solutionContent(entry);
      const data = solutionStructuredData(content);
      const graph = data['@graph'] as Record<string, unknown>[];
      expect(graph.map((node) => node['@type'])).toEqual(['Service', 'BreadcrumbList']);
      expect(graph[0]).toMatchObject({
        name: content.title,
        description: content.metaDescription,
        url: `${siteConfig.siteUrl}${path}`,
        provider: { '@id': businessJsonLd()['@id'] },
      });
      expect(graph[1]).toMatchObject({
        itemListElement: [
          { position: 1, name: 'Accueil', item: `${siteConfig.siteUrl}/` },
          {
            position: 2,
            name: entry.audience === 'particuliers' ? 'Particuliers' : 'Professionnels',
          },
          { position: 3, name: content.title, item: `${siteConfig.siteUrl}${path}` },
        ],
      });
      expect(JSON.stringify(data)).not.toMatch(/aggregateRating|review/i);
    },
  );
});

describe('hasInAppHistory', () => {
  it('is true only when React Router has an earlier entry', () => {
    expect(hasInAppHistory({ idx: 2, key: 'a' })).toBe(true);
    expect(hasInAppHistory({ idx: 0, key: 'a' })).toBe(false);
    expect(hasInAppHistory(null)).toBe(false);
    expect(hasInAppHistory({})).toBe(false);
    expect(hasInAppHistory({ idx: '3' })).toBe(false);
  });
});
