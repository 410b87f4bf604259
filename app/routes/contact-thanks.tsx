import { CallbackPromise } from '#app/components/contact/callback-promise.tsx';
import { EarlierLinkNote } from '#app/components/contact/earlier-link-note.tsx';
import { OutcomePage } from '#app/components/contact/outcome-page.tsx';
import { SOLUTIONS_SECTION_ID } from '#app/components/home/section-ids.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { CircleCheck } from '#app/components/ui/icons.tsx';
import { contactThanksText as text } from '#app/content/contact-outcome.ts';
import { CONTACT_THANKS_PATH } from '#contracts/contact/paths.ts';
import { pageMeta } from '#app/seo.ts';

export const meta = () =>
  pageMeta({
    title: text.metaTitle,
    description: text.metaDescription,
    path: CONTACT_THANKS_PATH,
    noindex: true,
  });

/** Where a native form post lands once the request is stored. */
export default function ContactThanksRoute() {
  return (
    <OutcomePage
      icon={<CircleCheck aria-hidden="true" className="size-8 shrink-0 text-brand-700" />}
      title={text.title}
      lead={text.lead}
      callIntro={text.callIntro}
      actions={
        <>
          <ButtonLink to="/" variant="primary" size="lg">
            {text.home}
          </ButtonLink>
          <ButtonLink
            to={{ pathname: '/', hash: SOLUTIONS_SECTION_ID }}
            variant="outline"
            size="lg"
          >
            {text.solutions}
          </ButtonLink>
        </>
      }
    >
      <h2 className="text-xl font-bold text-brand-950">{text.nextTitle}</h2>
      <ul className="list-disc space-y-2 pl-5 text-slate-700">
        <li>
          <CallbackPromise rule={text.callbackRule} />
        </li>
        <EarlierLinkNote text={text.earlierLink} />
        {text.nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </OutcomePage>
  );
}
