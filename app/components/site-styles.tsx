/**
 * The site's stylesheet. Each built page carries, inline, only the CSS its first paint needs: this
 * renders an empty `<style data-inline-css=…>` that the post-build step (scripts/postbuild.ts)
 * fills, so the first paint needs no stylesheet request. React does not compare the inner HTML of
 * `dangerouslySetInnerHTML` when hydrating, so the inlined rules stay in place.
 *
 * The inline script right after it requests the full stylesheet at once, while the page is still
 * being parsed: a stylesheet inserted by a script never blocks rendering, and it brings the
 * interactive states (hover, focus) and what client-side navigation needs. The server allows the
 * script by its hash (server/security-headers.ts). In development (no post-build step) it is a
 * plain stylesheet link.
 */
export function SiteStyles({ href }: { href: string }) {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} />;
  return (
    <>
      <style data-inline-css={href} dangerouslySetInnerHTML={{ __html: '' }} />
      <script dangerouslySetInnerHTML={{ __html: loadStylesheetScript(href) }} />
    </>
  );
}

function loadStylesheetScript(href: string): string {
  return `(function(){var l=document.createElement("link");l.rel="stylesheet";l.href=${JSON.stringify(href)};document.head.appendChild(l)})()`;
}
