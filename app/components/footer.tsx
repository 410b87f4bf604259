import { Link } from 'react-router';

import { formatPostalAddress, siteConfig } from '#config/site.ts';
import { shellText } from '#app/content/shell.ts';
import { businessSolutions, solutionPath } from '#app/content/solutions/catalog.ts';
import { Container } from './ui/container.tsx';
import { LogoMark } from './header/logo.tsx';
import { Mail, MapPin, Phone } from './ui/icons.tsx';

const text = shellText.footer;
const [emailLocalPart, emailDomain] = siteConfig.email.split('@');

const linkClasses =
  'inline-flex min-h-11 items-center text-brand-100 underline-offset-4 hover:text-white hover:underline sm:min-h-8';

function FooterBrand() {
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2.5 text-lg font-bold text-white">
        <LogoMark />
        {siteConfig.companyName}
      </p>
      <p className="text-sm leading-relaxed text-brand-200">{text.tagline}</p>
    </div>
  );
}

function FooterSolutions() {
  return (
    <nav aria-labelledby="footer-solutions">
      <h2 id="footer-solutions" className="text-sm font-semibold tracking-wide text-white">
        {text.solutionsTitle}
      </h2>
      <ul className="mt-3 space-y-0.5 text-sm">
        {businessSolutions.slice(0, 6).map((entry) => (
          <li key={entry.slug}>
            <Link to={solutionPath(entry)} prefetch="intent" className={linkClasses}>
              {entry.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FooterLegal() {
  return (
    <nav aria-labelledby="footer-legal">
      <h2 id="footer-legal" className="text-sm font-semibold tracking-wide text-white">
        {text.legalTitle}
      </h2>
      <ul className="mt-3 space-y-0.5 text-sm">
        <li>
          <Link to="/mentions-legales" className={linkClasses}>
            {text.legalNotice}
          </Link>
        </li>
        <li>
          <Link to="/politique-confidentialite" className={linkClasses}>
            {text.privacy}
          </Link>
        </li>
        <li>
          <Link to="/cgv" className={linkClasses}>
            {text.terms}
          </Link>
        </li>
        <li>
          <Link to="/contact" className={linkClasses}>
            {text.contactPage}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function FooterContact() {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white">{text.contactTitle}</h2>
      <address className="mt-3 space-y-2 text-sm not-italic">
        <a href={siteConfig.phone.href} className={linkClasses}>
          <Phone aria-hidden="true" className="mr-2 size-4 shrink-0" />
          {siteConfig.phone.display}
        </a>
        <a href={`mailto:${siteConfig.email}`} className={linkClasses}>
          <Mail aria-hidden="true" className="mr-2 size-4 shrink-0" />
          <span>
            {/* Lets long addresses wrap after the @ rather than mid-word. */}
            {emailLocalPart}@<wbr />
            {emailDomain}
          </span>
        </a>
        <p className="flex gap-2 text-brand-200">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {formatPostalAddress(siteConfig.registeredOffice)}
        </p>
        <p className="text-brand-200">{text.callBack}</p>
      </address>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="bg-brand-950 text-brand-100">
      <Container className="grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-4">
        <FooterBrand />
        <FooterSolutions />
        <FooterLegal />
        <FooterContact />
      </Container>
      <div className="border-t border-brand-800">
        {/* Room under the last line for the floating buttons, so nothing ends up beneath them. */}
        <Container className="pt-5 pb-32 text-xs text-brand-200 sm:pb-24">
          © {siteConfig.companyName}. {text.rights}
        </Container>
      </div>
    </footer>
  );
}
