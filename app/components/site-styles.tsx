import { useEffect } from 'react';

/**
 * The site's stylesheet. Each built page carries, inline, only the CSS rules it uses: this renders
 * an empty `<style data-inline-css=…>` that the post-build step (scripts/postbuild.ts) fills, so the
 * first paint needs no stylesheet request. React does not compare the inner HTML of
 * `dangerouslySetInnerHTML` when hydrating, so the inlined rules stay in place. Once hydrated, the
 * full stylesheet is loaded (not render-blocking) for client-side navigation and interactive
 * states. In development (no post-build step) it is a plain stylesheet link.
 */
export function SiteStyles({ href }: { href: string }) {
  useEffect(() => {
    if (import.meta.env.DEV) return;
    if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }, [href]);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} />;
  return <style data-inline-css={href} dangerouslySetInnerHTML={{ __html: '' }} />;
}
