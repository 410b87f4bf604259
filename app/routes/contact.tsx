import { ContactAside } from '../components/contact/contact-aside';
import { ContactForm } from '../components/contact/contact-form';
import { GdprNotice } from '../components/contact/gdpr-notice';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { Container } from '../components/ui/container';
import { contactPageText } from '../content/contact';
import { pageMetaText } from '../content/page-meta';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    ...pageMetaText.contact,
    path: '/contact',
  });

export default function ContactRoute() {
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
            <GdprNotice />
          </div>
        </Card>
        <ContactAside />
      </Container>
    </>
  );
}
