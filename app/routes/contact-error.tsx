import { useLocation } from 'react-router';

import { OutcomePage } from '#app/components/contact/outcome-page.tsx';
import { NotFoundScreen } from '#app/components/not-found-screen.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { CircleAlert } from '#app/components/ui/icons.tsx';
import { contactErrorCommon as common, contactErrorText } from '#app/content/contact-outcome.ts';
import { CONTACT_ERROR_PATHS, type RefusalReason } from '#contracts/contact/paths.ts';
import { pageMeta } from '#app/seo.ts';
import type { Route } from './+types/contact-error';

/** The refusal a path explains (one static route per reason, see routes.ts). */
function reasonOf(pathname: string): RefusalReason | undefined {
  const path = pathname.replace(/\/+$/, '');
  const entry = Object.entries(CONTACT_ERROR_PATHS).find(([, known]) => known === path);
  return entry?.[0] as RefusalReason | undefined;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const reason = reasonOf(location.pathname);
  if (!reason) return [];
  const text = contactErrorText[reason];
  return pageMeta({
    title: text.metaTitle,
    description: text.metaDescription,
    path: CONTACT_ERROR_PATHS[reason],
    noindex: true,
  });
};

/** Where a refused native form post lands: what went wrong, what to do, the way back. */
export default function ContactErrorRoute() {
  const reason = reasonOf(useLocation().pathname);
  if (!reason) return <NotFoundScreen />;
  const text = contactErrorText[reason];
  return (
    <OutcomePage
      icon={<CircleAlert aria-hidden="true" className="size-8 shrink-0 text-danger-700" />}
      title={text.title}
      lead={text.lead}
      callIntro={common.callIntro}
      actions={
        <ButtonLink to="/contact" variant="primary" size="lg">
          {common.backToForm}
        </ButtonLink>
      }
    >
      <p className="text-slate-700">{text.explanation}</p>
      <h2 className="text-xl font-bold text-brand-950">{text.adviceTitle}</h2>
      <ul className="list-disc space-y-2 pl-5 text-slate-700">
        {text.advice.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="rounded-control border border-brand-100 bg-brand-50 p-4 text-slate-800">
        {common.backHint}
      </p>
    </OutcomePage>
  );
}
