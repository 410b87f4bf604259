import { solutionTemplateText as text } from '#app/content/solutions/template.ts';
import { Award, ShieldCheck, ThumbsUp } from '#app/components/ui/icons.tsx';

const icons = [Award, ShieldCheck, ThumbsUp] as const;

/** The fixed "Pourquoi nous choisir ?" block of every solution page. */
export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-us-title" className="rounded-card bg-brand-900 p-6 sm:p-8">
      <h2 id="why-us-title" className="text-2xl font-bold text-white">
        {text.whyUs.title}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {text.whyUs.items.map((item, index) => {
          const Icon = icons[index % icons.length] ?? Award;
          return (
            <li key={item.title}>
              <Icon className="size-7 text-accent-300" aria-hidden="true" focusable="false" />
              <p className="mt-3 text-lg font-semibold text-white">{item.title}</p>
              <p className="mt-1 text-sm leading-relaxed text-brand-100">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
