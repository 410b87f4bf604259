import type { Config } from '@react-router/dev/config';

import { prerenderPaths } from './app/routes-list';

export default {
  ssr: false,
  prerender: () => prerenderPaths(),
} satisfies Config;
