/**
 * A schema.org JSON-LD block. Rendered into the prerendered HTML; the server allows it by the
 * SHA-256 hash of its content (no 'unsafe-inline'). `<` is escaped so no value can close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
