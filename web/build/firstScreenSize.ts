// Issue 53: the first screen (the sign-in page, the shell) must stay small. At the end of `vite build`,
// prints the gzipped size of what dist/index.html loads before anything shows (the entry script, the
// chunks it preloads, the stylesheets) and fails the build above the ceiling, so a regression (a heavy
// library imported by the entry instead of a lazily loaded screen) cannot land. docs/performance.md,
// « First screen », keeps the figures.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * In kB of 1,000 bytes, as Vite's own size report: the issue's aim of 150 kB, which the first screen meets
 * since the sign-in page and the shell load no antd (plain HTML and CSS; antd's theme and ConfigProvider
 * come with the screens' layouts, the notice host and the error page, all lazily): 113.5 kB on 2026-12-07,
 * React DOM and React Router most of it (docs/performance.md, « First screen »).
 */
export const FIRST_SCREEN_CEILING_KB = 150;
export const FIRST_SCREEN_AIM_KB = 150;

const kb = (bytes: number) => (bytes / 1000).toFixed(1).replace('.', ',');

export function firstScreenSize(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sesame:first-screen-size',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
      let js = 0;
      let css = 0;
      for (const tag of tags) {
        const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
        const eager = tag.startsWith('<script')
          ? /type="module"/.test(tag)
          : /rel="(?:modulepreload|stylesheet)"/.test(tag);
        if (!url || !eager || /^(?:[a-z]+:)?\/\//i.test(url)) continue;
        const size = gzipSync(readFileSync(join(outDir, url.slice(config.base.length)))).length;
        if (url.endsWith('.css')) css += size;
        else js += size;
      }
      const total = js + css;
      const line = `Premier écran : ${kb(total)} Ko gzippés (JS ${kb(js)} Ko, CSS ${kb(css)} Ko ; plafond ${FIRST_SCREEN_CEILING_KB} Ko, objectif ${FIRST_SCREEN_AIM_KB} Ko)`;
      if (total > FIRST_SCREEN_CEILING_KB * 1000) throw new Error(`${line} : au-dessus du plafond.`);
      config.logger.info(line);
    },
  };
}
