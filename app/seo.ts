import type { MetaDescriptor } from 'react-router';

import { siteConfig } from '#config/site.ts';

export interface PageMetaInput {
  /** The page's own part of the title; the company name is appended unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  path: string;
  noindex?: boolean;
}

function documentTitle({ title, fullTitle }: Pick<PageMetaInput, 'title' | 'fullTitle'>) {
  return fullTitle ? title : `${title} | ${siteConfig.companyName}`;
}

export function canonicalUrl(path: string): string {
  return `${siteConfig.siteUrl}${path === '/' ? '/' : path}`;
}

/** Title, description, canonical URL and social-preview tags of one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = documentTitle(input);
  const url = canonicalUrl(input.path);
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:site_name', content: siteConfig.companyName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
  ];
  if (input.noindex) {
    meta.push({ name: 'robots', content: 'noindex' });
  } else {
    meta.push({ tagName: 'link', rel: 'canonical', href: url });
    meta.push({ property: 'og:url', content: url });
  }
  return meta;
}
