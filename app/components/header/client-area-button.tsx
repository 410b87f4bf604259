import { siteConfig } from '../../../config/site';
import { shellText } from '../../content/shell';
import { UserRound } from '../ui/icons';
import { SoonBadge } from './soon-badge';

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
      aria-label={`${shellText.nav.clientArea} ${shellText.nav.unavailableSuffix}`}
    >
      {icon}
      {shellText.nav.clientArea}
      <SoonBadge />
    </button>
  );
}
