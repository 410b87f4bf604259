import { Link } from 'react-router';

import { siteConfig } from '#config/site.ts';
import type { ContactNoticeText } from '#app/content/contact-notice.ts';

const linkClasses =
  'font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700';

/**
 * The information article 13 GDPR requires where the data are collected, and what a visitor
 * typing a phone number must be told about commercial calls. Its text comes from the route's
 * loader (`app/content/contact-notice.ts`), not from the page's script.
 */
export function GdprNotice({ text }: { text: ContactNoticeText }) {
  return (
    <section aria-labelledby="gdpr-notice-title" className="space-y-2 text-sm text-slate-600">
      <h3 id="gdpr-notice-title" className="font-semibold text-slate-800">
        {text.title}
      </h3>
      <p>{text.purpose}</p>
      <p>{text.phoneCalls}</p>
      <p>{text.choice}</p>
      <p>
        {text.retention} {text.rightsBeforeEmail}{' '}
        <a href={`mailto:${siteConfig.email}`} className={`${linkClasses} break-all`}>
          {siteConfig.email}
        </a>
        .
      </p>
      <p>
        {text.policyLinkIntro}{' '}
        <Link to="/politique-confidentialite" className={linkClasses}>
          {text.policyLink}
        </Link>
        .
      </p>
    </section>
  );
}
