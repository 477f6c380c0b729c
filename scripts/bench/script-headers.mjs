// The status line and headers of a hashed script as the app sends it (HTTP/1.1, as Chromium counts it on the wire), at
// most, in bytes: backend/test/compression.test.ts holds the server to it, and a route's weight on the wire
// (route-scripts.mjs' routeWeight, tests/route-budgets.test.ts) counts this much per file.
export const SCRIPT_HEADER_BYTES = 400;
