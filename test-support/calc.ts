import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Opens CSV files in a real spreadsheet, LibreOffice Calc (Debian's `libreoffice-calc-nogui`,
 * headless, French locale), and reads back each cell as Calc holds and shows it: its type
 * (`string`, `float`, `date`…), its value, a formula if Calc made one, and the text it shows.
 * The files go through one `soffice` process (it starts in a few seconds), saved as flat ODF
 * spreadsheets (.fods, plain XML) that this module reads.
 */
export const SOFFICE = process.env.SOFFICE_PATH || '/usr/bin/soffice';

/**
 * The CSV import's options (LibreOffice's « Filter Options » for CSV): `;` (59) between cells,
 * `"` (34) around them, UTF-8 (76), from the first line, standard columns, French (France)
 * (1036), quoted cells not forced to text, special numbers (dates, times) detected, formulas
 * evaluated: the import that converts the most, as Excel does on opening a CSV.
 */
const CSV_IMPORT = 'CSV:59,34,76,1,,1036,false,true,,,false,,true';

export interface CalcCell {
  /** `office:value-type`: `string`, `float`, `date`, `time`, `percentage`…; `empty`. */
  type: string;
  /** The value Calc holds: `office:value`, `office:date-value` or `office:string-value`. */
  value?: string;
  /** The formula Calc made of the cell, if it made one. */
  formula?: string;
  /** The text Calc shows in the cell (its lines joined by `\n`). */
  text: string;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decode(xml: string): string {
  return xml.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

function shownText(content: string): string {
  return [...content.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
    .map(([, paragraph = '']) =>
      decode(
        paragraph
          .replace(/<text:s text:c="(\d+)"\/>/g, (_, count: string) => ' '.repeat(Number(count)))
          .replace(/<text:s\/>/g, ' ')
          .replace(/<[^>]+>/g, ''),
      ),
    )
    .join('\n');
}

function attributes(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value = '']) => [name, decode(value)]),
  );
}

/** The first sheet of a flat ODF spreadsheet, as rows of cells (repeated cells expanded). */
function readFods(xml: string): CalcCell[][] {
  const start = xml.indexOf('<table:table ');
  const table = xml.slice(start, xml.indexOf('</table:table>', start));
  return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(
    ([, row = '']) =>
      [
        ...row.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g),
      ].flatMap(([, attributeText = '', content]) => {
        const attrs = attributes(attributeText);
        const cell: CalcCell = {
          type: attrs['office:value-type'] ?? 'empty',
          value:
            attrs['office:value'] ?? attrs['office:date-value'] ?? attrs['office:string-value'],
          formula: attrs['table:formula'],
          text: shownText(content ?? ''),
        };
        return Array.from({ length: Number(attrs['table:number-columns-repeated'] ?? 1) }, () => ({
          ...cell,
        }));
      }),
  );
}

/**
 * Opens each CSV (name → content) in LibreOffice Calc with the French locale and returns its
 * sheet by name. `workDir` holds the files, the converted sheets and Calc's own profile.
 */
export async function openInCalc(
  workDir: string,
  files: Record<string, string>,
): Promise<Record<string, CalcCell[][]>> {
  const input = join(workDir, 'csv');
  const output = join(workDir, 'calc');
  mkdirSync(input, { recursive: true });
  const paths = Object.entries(files).map(([name, content]) => {
    const path = join(input, `${name}.csv`);
    writeFileSync(path, content);
    return path;
  });
  const profile = pathToFileURL(join(workDir, 'profile')).href;
  await promisify(execFile)(
    SOFFICE,
    [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--norestore',
      `--infilter=${CSV_IMPORT}`,
      '--convert-to',
      'fods',
      '--outdir',
      output,
      ...paths,
    ],
    {
      timeout: 120_000,
      // Calc formats the dates it detects in the locale of its process.
      env: { ...process.env, HOME: workDir, LANG: 'fr_FR.UTF-8', LC_ALL: 'fr_FR.UTF-8' },
    },
  );
  return Object.fromEntries(
    Object.keys(files).map((name) => [
      name,
      readFods(readFileSync(join(output, `${name}.fods`), 'utf8')),
    ]),
  );
}
