import type { PublicSettings } from './build-env.ts';

declare global {
  /** Replaced by Vite at build time; undefined under Node (server, tests). */
  const __BUILD_ENV__: PublicSettings | undefined;
}
