import type { IllustrationKind } from '#app/content/solutions/types.ts';
import { scenes } from './illustration-scenes.tsx';

/**
 * Decorative artwork for a family of work: inline SVG drawn with theme colours, fixed aspect
 * ratio (no layout shift), hidden from assistive technologies.
 */
export function SolutionIllustration({ kind }: { kind: IllustrationKind }) {
  const Scene = scenes[kind];
  return (
    <div className="overflow-hidden rounded-card border border-brand-100">
      <svg
        viewBox="0 0 480 240"
        width="480"
        height="240"
        className="block h-auto w-full"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="480" height="240" className="fill-brand-50" />
        <rect y="200" width="480" height="40" className="fill-brand-100" />
        <Scene />
      </svg>
    </div>
  );
}
