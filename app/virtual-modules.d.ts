/** URL of the SVG sprite of the site's icons (scripts/vite/icon-sprite-plugin.ts). */
declare module 'virtual:icon-sprite' {
  const spriteUrl: string;
  export default spriteUrl;
}
