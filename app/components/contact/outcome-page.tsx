import type { ReactNode } from 'react';

import { siteConfig } from '#config/site.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Container } from '#app/components/ui/container.tsx';
import { Phone } from '#app/components/ui/icons.tsx';

const linkClasses =
  'font-semibold text-brand-800 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700';

/**
 * The frame of the pages a native form post lands on: a header band with the outcome, a card
 * with what it means, the company's phone, and the way on.
 */
export function OutcomePage({
  icon,
  title,
  lead,
  callIntro,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  lead: string;
  callIntro: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            {icon}
            {title}
          </span>
        }
        lead={lead}
      />
      <Container className="py-10 sm:py-14">
        <Card className="max-w-3xl space-y-5 p-5 sm:p-8">
          {children}
          <p className="flex gap-2 text-slate-700">
            <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              {callIntro}{' '}
              <a href={siteConfig.phone.href} className={linkClasses}>
                {siteConfig.phone.display}
              </a>
            </span>
          </p>
          <div className="flex flex-col gap-3 pt-2 sm:flex-row">{actions}</div>
        </Card>
      </Container>
    </>
  );
}
