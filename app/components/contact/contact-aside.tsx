import { formatPostalAddress, siteConfig } from '#config/site.ts';
import { contactPageText } from '#app/content/contact.ts';
import { Card } from '#app/components/ui/card.tsx';
import { CircleCheck, Clock, Mail, MapPin, Phone } from '#app/components/ui/icons.tsx';

const text = contactPageText;

const [emailLocal, emailDomain] = siteConfig.email.split('@');

const linkClasses =
  'font-semibold text-brand-800 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700 break-words';

/** The coordinates card and the 'Réponse rapide' card beside (or below) the form. */
export function ContactAside() {
  return (
    <div className="space-y-6 lg:sticky lg:top-24">
      <Card>
        <h2 className="text-xl font-bold text-brand-950">{text.coordinates.title}</h2>
        <dl className="mt-5 space-y-5">
          <div className="flex gap-3">
            <dt className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Phone aria-hidden="true" className="size-5" />
              <span className="sr-only">{text.coordinates.phoneLabel}</span>
            </dt>
            <dd className="self-center">
              <a href={siteConfig.phone.href} className={linkClasses}>
                {siteConfig.phone.display}
              </a>
            </dd>
          </div>
          <div className="flex gap-3">
            <dt className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Mail aria-hidden="true" className="size-5" />
              <span className="sr-only">{text.coordinates.emailLabel}</span>
            </dt>
            <dd className="min-w-0 self-center">
              <a href={`mailto:${siteConfig.email}`} className={linkClasses}>
                {emailLocal}@<wbr />
                {emailDomain}
              </a>
            </dd>
          </div>
          <div className="flex gap-3">
            <dt className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <MapPin aria-hidden="true" className="size-5" />
              <span className="sr-only">{text.coordinates.addressLabel}</span>
            </dt>
            <dd className="self-center text-slate-700">
              {formatPostalAddress(siteConfig.registeredOffice)}
            </dd>
          </div>
        </dl>
      </Card>
      <Card className="border-brand-100 bg-brand-50">
        <h2 className="flex items-center gap-2 text-xl font-bold text-brand-950">
          <Clock aria-hidden="true" className="size-5 text-brand-700" />
          {text.quickAnswer.title}
        </h2>
        <p className="mt-3 text-slate-700">{text.quickAnswer.text}</p>
        <ul className="mt-4 space-y-2">
          {text.quickAnswer.points.map((point) => (
            <li key={point} className="flex items-center gap-2 text-slate-800">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              {point}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
