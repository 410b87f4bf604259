/**
 * The site's stylesheet. In the built pages it is inlined: this renders an empty
 * `<style data-inline-css=…>` that the post-build step (scripts/postbuild.ts) fills with the CSS
 * file's content, so the first paint needs no stylesheet request. React does not compare the
 * inner HTML of `dangerouslySetInnerHTML` when hydrating, so the inlined rules stay in place.
 * In development (no post-build step) it is a plain stylesheet link.
 */
export function SiteStyles({ href }: { href: string }) {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} />;
  return <style data-inline-css={href} dangerouslySetInnerHTML={{ __html: '' }} />;
}
