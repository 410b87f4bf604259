import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * The design tokens of app/app.css (`@theme`) whose names tailwind-merge cannot guess. Colours need
 * nothing (any `bg-*`/`text-*`/`border-*` name it does not know is read as a colour), but a custom
 * font size such as `text-title` would otherwise be taken for a colour and survive next to
 * `text-xl`. class-names.test.tsx checks this list against the stylesheet.
 */
export const THEME_TOKENS = {
  text: ['display', 'title'],
  radius: ['card', 'control'],
  shadow: ['card', 'card-hover'],
  animate: ['marquee', 'fade-in'],
} as const;

const mergeClasses = extendTailwindMerge({
  extend: {
    theme: {
      text: [...THEME_TOKENS.text],
      radius: [...THEME_TOKENS.radius],
      shadow: [...THEME_TOKENS.shadow],
      animate: [...THEME_TOKENS.animate],
    },
  },
});

/**
 * Joins class names (skipping falsy ones) and resolves Tailwind conflicts: of two utilities that
 * set the same property, the later one wins, whatever their order in the built CSS. So a caller's
 * `className` overrides a component's default (`p-5` replaces `p-6`).
 */
export function cn(...classes: ClassValue[]): string {
  return mergeClasses(clsx(classes));
}
