import { siteConfig } from '#config/site.ts';
import { Mail, Phone } from '#app/components/ui/icons.tsx';
import { visitorText as text } from '#app/content/visitor.ts';

const linkClasses =
  'font-semibold text-brand-800 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700';

/** The company's phone and e-mail: what the page offers when it cannot open a request. */
export function ReachUs({ intro = text.reachUs }: { intro?: string }) {
  return (
    <div className="space-y-2 text-slate-700">
      <p>{intro}</p>
      <ul className="space-y-2">
        <li className="flex gap-2">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            {text.phoneLabel}{' '}
            <a href={siteConfig.phone.href} className={linkClasses}>
              {siteConfig.phone.display}
            </a>
          </span>
        </li>
        <li className="flex gap-2">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            {text.emailLabel}{' '}
            <a href={`mailto:${siteConfig.email}`} className={linkClasses}>
              {siteConfig.email}
            </a>
          </span>
        </li>
      </ul>
    </div>
  );
}
