import { siteConfig } from '#config/site.ts';
import { solutionTemplateText as text } from '#app/content/solutions/template.ts';
import { ButtonAnchor, ButtonLink } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/class-names.ts';
import { Phone, Send } from '#app/components/ui/icons.tsx';

/** The two ways to ask for a quote: call, or the contact form with the product preselected. */
export function QuoteActions({
  contactHref,
  className,
}: {
  contactHref: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <ButtonLink to={contactHref} variant="accent" size="lg">
        <Send className="size-5" aria-hidden="true" focusable="false" />
        {text.quote.online}
      </ButtonLink>
      <ButtonAnchor
        href={siteConfig.phone.href}
        variant="outline"
        size="lg"
        className="tabular-nums"
      >
        <Phone className="size-5" aria-hidden="true" focusable="false" />
        {text.quote.call} {siteConfig.phone.display}
      </ButtonAnchor>
    </div>
  );
}

/** The "Demander un devis" card: sticky beside the content on desktop, at the end on phones. */
export function QuoteCard({ contactHref }: { contactHref: string }) {
  return (
    <section
      aria-labelledby="quote-card-title"
      className="rounded-card border border-brand-100 bg-white p-6 shadow-card"
    >
      <h2 id="quote-card-title" className="text-xl font-bold text-brand-950">
        {text.quote.title}
      </h2>
      <p className="mt-2 text-slate-700">{text.quote.text}</p>
      <QuoteActions contactHref={contactHref} className="mt-5" />
    </section>
  );
}
