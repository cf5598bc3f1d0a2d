import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstScreenSize } from './build/firstScreenSize';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// The build names the commit it was made from: SESAME_BUILD when the build script gives it, else git.
function gitCommit(): string {
  if (process.env.SESAME_BUILD) return process.env.SESAME_BUILD;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

// The repository root: the README page imports ../docs/user-guide.md (the user guide).
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  // firstScreenSize: the build prints the first screen's gzipped size and fails above its ceiling (issue 53).
  plugins: [react(), firstScreenSize()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __APP_BUILD_COMMIT__: JSON.stringify(gitCommit()),
    __APP_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    fs: { allow: [repoRoot] },
    // `npm run dev` talks to a suite started with `make up` (or SESAME_API).
    proxy: { '/api': process.env.SESAME_API ?? 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
  },
});
