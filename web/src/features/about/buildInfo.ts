// The web application's version (package.json) and build (commit and time), injected by vite.config.ts.
export const webVersion = __APP_VERSION__;
export const webBuildCommit = __APP_BUILD_COMMIT__;
export const webBuildTime = __APP_BUILD_TIME__;
