import type { Config } from '@react-router/dev/config';

import { NOT_FOUND_PAGE_PATH } from './app/routes-list.ts';

export default {
  ssr: false,
  // Every route without a parameter (the pages of app/routes.ts), plus the 404 screen that the
  // server sends for unknown paths.
  prerender: ({ getStaticPaths }) => [...getStaticPaths(), NOT_FOUND_PAGE_PATH],
} satisfies Config;
