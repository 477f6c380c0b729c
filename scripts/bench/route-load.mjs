// One route opened in Chromium as a first visit: the browser cache off, the bytes as they cross the wire (Chromium's
// own count per request, headers included, as tests/route-budgets.test.ts reckons them; and the bodies alone), and
// the time from navigation start to the first moment a page element that says "the page is here" (a form field, a
// heading) is visible. npm run bench:ui runs it for every route, on the
// machine's own network and on a slow phone network.
/* global document, window, performance, requestAnimationFrame -- used in functions Playwright evaluates in the page */

/** Chrome DevTools' "Slow 4G" as the issue names it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };

/** The first field of a settings form (its switches and selects count: a person can act on them). */
export const FORM_FIELD = [
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="switch"]',
  '[role="combobox"]',
  '[role="checkbox"]',
  '[role="radio"]',
]
  .map((field) => `form ${field}`)
  .join(', ');

/** A page's main content: its heading (public pages and the manage pages that are not settings forms). */
export const MAIN_CONTENT = 'h1';

const QUIET_MS = 500;

/**
 * Opens `url` in a new page of `context` and measures it until `ready` is visible and the network has been quiet for
 * half a second (chunks a page loads after it shows count too).
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url
 * @param {{ ready: string, network?: typeof SLOW_4G, timeoutMs?: number }} how
 * @returns {Promise<{ readyMs: number | null, jsBytes: number, jsBodyBytes: number, totalBytes: number, requests: number, jsFiles: number }>}
 */
export async function loadRoute(context, url, { ready, network, timeoutMs = 30_000 }) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network) await cdp.send('Network.emulateNetworkConditions', network);
    /** @type {Map<string, { url: string, js: boolean, bytes: number, headerBytes: number, done: boolean }>} */
    const requests = new Map();
    let lastActivity = Date.now();
    const isScript = (href, mime = '') => /javascript/.test(mime) || new URL(href).pathname.endsWith('.js');
    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = Date.now();
      // A redirect keeps its request id: the request is the one that finally answers.
      requests.set(e.requestId, { url: e.request.url, js: isScript(e.request.url), bytes: 0, headerBytes: 0, done: false });
    });
    cdp.on('Network.responseReceived', (e) => {
      const request = requests.get(e.requestId);
      if (!request) return;
      request.js ||= isScript(e.response.url, e.response.mimeType);
      // What had arrived when the response began: its status line and headers.
      request.headerBytes = e.response.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      lastActivity = Date.now();
      const request = requests.get(e.requestId);
      if (request) Object.assign(request, { bytes: e.encodedDataLength, done: true });
    });
    cdp.on('Network.loadingFailed', (e) => {
      lastActivity = Date.now();
      const request = requests.get(e.requestId);
      if (request) request.done = true;
    });

    // Checked on every frame from the document's first script on, so the time is the frame that first shows it.
    await page.addInitScript((selector) => {
      const check = () => {
        if ([...document.querySelectorAll(selector)].some((el) => el.checkVisibility())) window.__ready = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, ready);

    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const readyMs = await page
      .waitForFunction(() => window.__ready, undefined, { timeout: timeoutMs, polling: 100 })
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    while (Date.now() - started < timeoutMs) {
      const pending = [...requests.values()].some((r) => !r.done);
      if (!pending && Date.now() - lastActivity >= QUIET_MS) break;
      await page.waitForTimeout(100);
    }
    const all = [...requests.values()];
    const scripts = all.filter((r) => r.js);
    return {
      readyMs: readyMs === null ? null : Math.round(readyMs),
      jsBytes: scripts.reduce((sum, r) => sum + r.bytes, 0),
      jsBodyBytes: scripts.reduce((sum, r) => sum + Math.max(0, r.bytes - r.headerBytes), 0),
      totalBytes: all.reduce((sum, r) => sum + r.bytes, 0),
      requests: all.length,
      jsFiles: scripts.length,
    };
  } finally {
    await page.close();
  }
}
