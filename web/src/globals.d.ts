// Injected by vite.config.ts `define` at build time.
declare const __APP_VERSION__: string;
declare const __APP_BUILD_COMMIT__: string;
declare const __APP_BUILD_TIME__: string;
