/**
 * Imported first by the server (docs/decisions/009): with NODE_ENV unset, the process is a
 * production one, so React and the libraries that read NODE_ENV when they are loaded run their
 * production builds. A NODE_ENV set by the caller (tests set `test`) is kept.
 */
process.env.NODE_ENV ??= 'production';
