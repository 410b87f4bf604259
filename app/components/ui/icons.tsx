import type { SVGProps } from 'react';
import spriteUrl from 'virtual:icon-sprite';

import type { IconName } from './icon-names.ts';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
/** An icon component: an `<svg>` that draws one symbol of the site's sprite. */
export type IconComponent = ((props: IconProps) => React.JSX.Element) & { displayName: string };

/**
 * The icons are Lucide's, drawn from one cached SVG sprite (see icon-names.ts) rather than
 * repeated inline in every page. They are decorative by default (`aria-hidden`). As with Lucide's
 * own components, the viewBox gives them a fixed aspect ratio (a flex row never squeezes them) and
 * 24 px is their size when no class sets one.
 */
function spriteIcon(name: IconName): IconComponent {
  const Icon = (props: IconProps) => (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" {...props}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const AirVent = spriteIcon('air-vent');
export const ArrowDown = spriteIcon('arrow-down');
export const ArrowLeft = spriteIcon('arrow-left');
export const ArrowRight = spriteIcon('arrow-right');
export const ArrowUp = spriteIcon('arrow-up');
export const Award = spriteIcon('award');
export const BadgeCheck = spriteIcon('badge-check');
export const Building = spriteIcon('building');
export const ChartLine = spriteIcon('chart-line');
export const Check = spriteIcon('check');
export const ChevronDown = spriteIcon('chevron-down');
export const ChevronLeft = spriteIcon('chevron-left');
export const ChevronRight = spriteIcon('chevron-right');
export const CircleAlert = spriteIcon('circle-alert');
export const CircleCheck = spriteIcon('circle-check');
export const ClipboardCheck = spriteIcon('clipboard-check');
export const Clock = spriteIcon('clock');
export const FileCheck = spriteIcon('file-check');
export const GraduationCap = spriteIcon('graduation-cap');
export const HandCoins = spriteIcon('hand-coins');
export const HardHat = spriteIcon('hard-hat');
export const Layers = spriteIcon('layers');
export const Lightbulb = spriteIcon('lightbulb');
export const Mail = spriteIcon('mail');
export const MapPin = spriteIcon('map-pin');
export const Menu = spriteIcon('menu');
export const MessageSquare = spriteIcon('message-square');
export const PackageCheck = spriteIcon('package-check');
export const PaintRoller = spriteIcon('paint-roller');
export const Pause = spriteIcon('pause');
export const Phone = spriteIcon('phone');
export const Play = spriteIcon('play');
export const Receipt = spriteIcon('receipt');
export const Scale = spriteIcon('scale');
export const Send = spriteIcon('send');
export const ShieldCheck = spriteIcon('shield-check');
export const Snowflake = spriteIcon('snowflake');
export const Sparkles = spriteIcon('sparkles');
export const Sun = spriteIcon('sun');
export const ThumbsUp = spriteIcon('thumbs-up');
export const TrendingDown = spriteIcon('trending-down');
export const Umbrella = spriteIcon('umbrella');
export const UserRound = spriteIcon('user-round');
export const Wind = spriteIcon('wind');
export const Wrench = spriteIcon('wrench');
export const X = spriteIcon('x');
