import type { Config } from '@react-router/dev/config';

import { isClientRendered, NOT_FOUND_PAGE_PATH } from './app/routes-list.ts';

export default {
  ssr: false,
  // Every route without a parameter (the pages of app/routes.ts) but the client-rendered staff
  // pages, plus the 404 screen that the server sends for unknown paths.
  prerender: ({ getStaticPaths }) => [
    ...getStaticPaths().filter((path) => !isClientRendered(path)),
    NOT_FOUND_PAGE_PATH,
  ],
} satisfies Config;
