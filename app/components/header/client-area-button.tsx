import { siteConfig } from '#config/site.ts';
import { shellText } from '#app/content/shell.ts';
import { UserRound } from '#app/components/ui/icons.tsx';
import { SoonBadge, soonName } from './soon-badge.tsx';

/** Links to the client portal when one is configured; otherwise a disabled, labelled button. */
export function ClientAreaButton({ className }: { className: string }) {
  const icon = <UserRound aria-hidden="true" className="size-4 shrink-0" />;
  if (siteConfig.clientPortalUrl) {
    return (
      <a href={siteConfig.clientPortalUrl} className={className}>
        {icon}
        {shellText.nav.clientArea}
      </a>
    );
  }
  return (
    <button
      type="button"
      disabled
      className={className}
      aria-label={soonName(shellText.nav.clientArea)}
    >
      {icon}
      {shellText.nav.clientArea}
      <SoonBadge />
    </button>
  );
}
