/** Where the console is served: every route is under it (the server serves the built console at /admin/). */
export const APP_BASE = '/admin';
