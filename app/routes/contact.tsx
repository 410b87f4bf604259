import { useLoaderData } from 'react-router';

import { ContactAside } from '#app/components/contact/contact-aside.tsx';
import { ContactForm } from '#app/components/contact/contact-form.tsx';
import { GdprNotice } from '#app/components/contact/gdpr-notice.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Container } from '#app/components/ui/container.tsx';
import { contactPageText } from '#app/content/contact.ts';
import { contactNoticeText } from '#app/content/contact-notice.ts';
import { pageMetaText } from '#app/content/page-meta.ts';
import { pageMeta } from '#app/seo.ts';

export const meta = () =>
  pageMeta({
    ...pageMetaText.contact,
    path: '/contact',
  });

/**
 * Runs when the page is prerendered, never in the browser: the information notice travels in the
 * page's HTML and its `.data` file, not in the contact page's script, whose weight is held to the
 * home page's (`e2e/budget.spec.ts`; ADR 0012 does the same for the solution pages).
 */
export function loader() {
  return { notice: contactNoticeText };
}

export default function ContactRoute() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={contactPageText.title} lead={contactPageText.lead} />
      <Container className="grid gap-8 py-10 sm:py-14 lg:grid-cols-3 lg:items-start">
        <Card className="p-5 sm:p-8 lg:col-span-2">
          <h2 id="contact-form-title" className="text-2xl font-bold text-brand-950">
            {contactPageText.form.title}
          </h2>
          <div className="mt-4">
            <ContactForm />
          </div>
          <div className="mt-8 border-t border-slate-200 pt-6">
            <GdprNotice text={notice} />
          </div>
        </Card>
        <ContactAside />
      </Container>
    </>
  );
}
