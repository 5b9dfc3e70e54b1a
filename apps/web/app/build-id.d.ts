/** The id of the running build, defined by vite.config.ts. */
declare const __BUILD_ID__: string;
