import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

import {
  type LegalBlock,
  type LegalControl,
  type LegalDocument,
  legalUiText,
  type Rich,
} from '#app/content/legal/types.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { Container } from '#app/components/ui/container.tsx';

const linkClasses =
  'font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700 break-words';

function RichText({ value }: { value: Rich }) {
  if (typeof value === 'string') return value;
  return value.map((part, index) => {
    if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
    if (part.href.startsWith('/')) {
      return (
        <Link key={index} to={part.href} className={linkClasses}>
          {part.text}
        </Link>
      );
    }
    return (
      <a key={index} href={part.href} className={linkClasses}>
        {part.text}
      </a>
    );
  });
}

/** Interactive parts a document places among its text, given by its route (`LegalControl`). */
export type LegalControls = Partial<Record<LegalControl, ReactNode>>;

function Block({ block, controls }: { block: LegalBlock; controls?: LegalControls }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <RichText value={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul className="list-disc space-y-1.5 pl-6 marker:text-brand-600">
          {block.items.map((item, index) => (
            <li key={index}>
              <RichText value={item} />
            </li>
          ))}
        </ul>
      );
    case 'facts':
      return (
        <dl className="divide-y divide-slate-200 rounded-control border border-slate-200">
          {block.rows.map((row) => (
            <div key={row.term} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
              <dt className="font-medium text-slate-900">{row.term}</dt>
              <dd className="text-slate-700 sm:col-span-2">
                <RichText value={row.value} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'control':
      return controls?.[block.name] ?? null;
  }
}

/** Short documents read best without a table of contents. */
const TOC_MIN_SECTIONS = 6;

/** A legal page: header band, table of contents when long, then one h2 section per topic. */
export function LegalDocumentView({
  document,
  controls,
}: {
  document: LegalDocument;
  /** Rendered where the document has a `control` block (the route's own code, not this chunk's). */
  controls?: LegalControls;
}) {
  const showToc = document.sections.length >= TOC_MIN_SECTIONS;
  return (
    <>
      <PageHeader
        title={document.title}
        lead={<RichText value={document.lead} />}
        eyebrow={document.meta}
      />
      <Container className="py-10 sm:py-14">
        <div className={showToc ? 'lg:grid lg:grid-cols-4 lg:gap-12' : undefined}>
          {showToc ? (
            <nav
              aria-labelledby="legal-toc-title"
              className="mb-10 rounded-card border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:mb-0 lg:self-start"
            >
              <h2
                id="legal-toc-title"
                className="text-sm font-semibold tracking-wide text-slate-900"
              >
                {legalUiText.tableOfContents}
              </h2>
              <ol className="mt-3 space-y-1 text-sm">
                {document.sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="inline-flex min-h-8 items-center text-brand-800 underline-offset-4 hover:underline"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <div className="max-w-prose space-y-10 lg:col-span-3">
            {document.sections.map((section) => (
              <section key={section.id} aria-labelledby={section.id} className="space-y-4">
                <h2
                  id={section.id}
                  className="scroll-mt-24 text-xl font-bold text-brand-950 sm:text-2xl"
                >
                  {section.title}
                </h2>
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} controls={controls} />
                ))}
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}
