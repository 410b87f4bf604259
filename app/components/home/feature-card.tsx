import { cn } from '#app/components/ui/class-names.ts';
import type { IconComponent } from '#app/components/ui/icons.tsx';

const sizes = {
  lg: {
    badge: 'size-12',
    icon: 'size-6',
    title: 'mt-5 text-lg',
    text: 'mt-2',
  },
  md: {
    badge: 'size-11',
    icon: 'size-5',
    title: 'mt-4',
    text: 'mt-1.5 text-[0.95rem]',
  },
} as const;

/** A card of the home page's card grids: icon badge, title, short text; lifts on hover. */
export function FeatureCard({
  icon: Icon,
  title,
  description,
  size,
}: {
  icon: IconComponent;
  title: string;
  description: string;
  size: keyof typeof sizes;
}) {
  const style = sizes[size];
  return (
    <li className="flex flex-col rounded-card border border-slate-200 bg-white p-6 shadow-card transition duration-200 hover:shadow-card-hover motion-safe:hover:-translate-y-0.5">
      <span
        className={cn(
          'flex items-center justify-center rounded-control bg-brand-50 text-brand-700',
          style.badge,
        )}
      >
        <Icon aria-hidden="true" className={style.icon} />
      </span>
      <h3 className={cn('font-semibold text-brand-950', style.title)}>{title}</h3>
      <p className={cn('text-slate-600', style.text)}>{description}</p>
    </li>
  );
}
