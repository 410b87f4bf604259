/**
 * Post-build steps on build/client: warn about an expired RGE certificate in the config, then
 * precompress every text asset (brotli and gzip) so the server never compresses on a request.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import { formatFrenchDate, isRgeExpired, siteConfig } from '../config/site';
import { COMPRESSIBLE_EXTENSIONS } from '../server/static-site';

const CLIENT_DIR = join(process.cwd(), 'build', 'client');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

function precompress(): number {
  let count = 0;
  for (const file of listFiles(CLIENT_DIR)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(file))) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

if (isRgeExpired(siteConfig, new Date())) {
  console.warn(
    `WARNING: the RGE certificate in config/site.ts was valid until ${formatFrenchDate(siteConfig.rge.validUntil)}; ` +
      'update rge.validUntil before publishing.',
  );
}
const compressed = precompress();
writeFileSync(join(process.cwd(), 'build', '.build-stamp'), new Date().toISOString());
console.log(`postbuild: precompressed ${compressed} files (brotli, gzip)`);
