import type { Context } from 'hono';

import type { ExportColumnSet, ExportScope, InboxFilter } from '#contracts/staff/contract.ts';
import { ExportRequestSchema } from '#contracts/staff/schemas.ts';

/**
 * The export form's fields (`application/x-www-form-urlencoded`, posted by the inbox without
 * script): empty fields left out, then checked like a JSON filter; which requests (`portee`)
 * and which columns (`colonnes`, the list's by default). `type`: not such a form;
 * `invalid`: an unknown, repeated or malformed field.
 */
export async function readExportForm(
  c: Context,
): Promise<
  { scope: ExportScope; columns: ExportColumnSet; filter: InboxFilter } | 'type' | 'invalid'
> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return 'type';
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(await c.req.text())) {
    if (value.trim() === '') continue;
    if (fields.has(key)) return 'invalid';
    fields.set(key, value);
  }
  // fromEntries defines own properties: a `__proto__` field is refused by the strict schema.
  const parsed = ExportRequestSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) return 'invalid';
  const { portee, colonnes, ...filter } = parsed.data;
  return {
    scope: portee,
    columns: colonnes,
    filter: portee === 'tout' ? { vue: 'toutes' } : filter,
  };
}
