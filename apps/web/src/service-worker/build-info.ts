/** Written into the worker by vite.sw.config.ts from the app's build (dist/.vite/manifest.json). */
declare const __SW_BUILD__: {
  /** A hash of the build: a new deploy is a new worker, whose activate deletes the older caches. */
  version: string;
  /** Cached at install: the offline page and its script, the home page's initial JavaScript and CSS. */
  precache: string[];
};

export const BUILD = __SW_BUILD__;
