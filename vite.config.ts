import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

import { parseBuildEnv } from './config/build-env.ts';
import { deferredImports } from './scripts/vite/deferred-import.ts';
import { iconSprite } from './scripts/vite/icon-sprite-plugin.ts';
import { shellChunkBanner, shellChunkGroup } from './scripts/vite/shell-chunk.ts';

export default defineConfig({
  plugins: [tailwindcss(), iconSprite(), reactRouter(), deferredImports()],
  define: {
    // Deployment settings baked into the static pages at build time, validated first: a wrong
    // value stops the build with a message naming it (see config/build-env.ts).
    __BUILD_ENV__: JSON.stringify(parseBuildEnv(process.env)),
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // What every page loads anyway, in one chunk (scripts/vite/shell-chunk.ts).
        codeSplitting: { groups: [shellChunkGroup()] },
        postBanner: shellChunkBanner,
      },
    },
  },
});
