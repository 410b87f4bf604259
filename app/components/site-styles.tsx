/**
 * The site's stylesheet and what comes after the first paint. Each built page carries, inline,
 * only the CSS its first paint needs: this renders an empty `<style data-inline-css=…>` that the
 * post-build step (scripts/postbuild.ts) fills, so the first paint needs no stylesheet request.
 * React does not compare the inner HTML of `dangerouslySetInnerHTML` when hydrating, so the
 * inlined rules stay in place.
 *
 * The empty script after it is filled by the same step (scripts/lib/after-first-paint.ts, ADR
 * 0010) with a loader that, once the page has painted, requests the rest of the stylesheet for
 * that page (interactive and scripted states, what client-side navigation needs; ADR 0018; the
 * full stylesheet on the SPA fallback page) and starts hydration. It does not wait for any
 * module: hover and focus styles never depend on hydration. The server allows the script by its
 * hash (server/http/security-headers.ts). In development (no post-build step) it is a plain stylesheet
 * link.
 */
export function SiteStyles({ href }: { href: string }) {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} />;
  return (
    <>
      <style data-inline-css={href} dangerouslySetInnerHTML={{ __html: '' }} />
      <script data-after-first-paint={href} dangerouslySetInnerHTML={{ __html: '' }} />
    </>
  );
}
