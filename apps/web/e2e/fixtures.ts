import { test as base, type BrowserContext, type Page, type Request, type TestInfo } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request, Response, TestInfo } from '@playwright/test';

/** How many of the last browser events a failed test prints. */
const timelineLength = Number(process.env.E2E_TIMELINE_LENGTH ?? 120);

/**
 * Playwright's `test`, with one addition: when a test fails, what its browser contexts did is
 * printed in the log (the CI's only output): the main frame's navigations, console messages and
 * page errors, every request with its status, timing and whether the service worker answered it,
 * the requests still pending, the service worker's state, and each page's URL. That covers the
 * test's own `context` and every context it opens itself with `browser.newContext()` or
 * `browser.newPage()` (a staff tablet beside a customer's phone). A failure seen once in ten CI
 * runs (e2e/tracking.spec.ts) left only a page snapshot; with this, it leaves what the
 * page was waiting for. Costs nothing when the test passes and no trace is recorded.
 * E2E_TIMELINE=1 prints it for every test.
 */
export const test = base.extend<{ context: BrowserContext; watchOpenedContexts: void }>({
  context: async ({ context }, use, testInfo) => {
    testContexts.add(context);
    const timeline = watch(context);
    await use(context);
    if (failedOrAsked(testInfo)) await printTimeline(context, timeline, testInfo, 'context of the test');
  },
  watchOpenedContexts: [
    async ({ browser }, use, testInfo) => {
      const opened: { context: BrowserContext; timeline: Timeline }[] = [];
      // browser.newPage() opens its context through browser.newContext(): one hook sees both.
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const context = await newContext.apply(browser, args);
        opened.push({ context, timeline: watch(context) });
        return context;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      if (!failedOrAsked(testInfo)) return;
      // Playwright makes the test's own context through the same call: it is printed above.
      for (const [index, { context, timeline }] of opened.filter(({ context }) => !testContexts.has(context)).entries()) {
        await printTimeline(context, timeline, testInfo, `context ${index + 1} opened by the test`);
      }
    },
    { auto: true },
  ],
});

/** The contexts of Playwright's `context` fixture, which the `context` override prints itself. */
const testContexts = new WeakSet<BrowserContext>();

const failedOrAsked = (testInfo: TestInfo) => testInfo.status !== testInfo.expectedStatus || Boolean(process.env.E2E_TIMELINE);

/** Paths of the build's files and pictures, which the timeline counts instead of listing when they answered 2xx. */
const staticFile = /^\/(assets|images)\/|^\/favicon\.svg$/;

interface Timeline {
  events: string[];
  /** Build files and pictures answered 2xx, counted rather than listed. */
  staticFiles: number;
  pending: Map<Request, number>;
  started: number;
}

function watch(context: BrowserContext): Timeline {
  const started = Date.now();
  const timeline: Timeline = { events: [], staticFiles: 0, pending: new Map(), started };
  const at = () => `+${((Date.now() - started) / 1000).toFixed(2)}s`;
  const record = (line: string) => {
    timeline.events.push(`${at()} ${line}`);
    if (timeline.events.length > timelineLength) timeline.events.shift();
  };
  const watchPage = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) record(`navigated ${frame.url()}`);
    });
    page.on('console', (message) => record(`console.${message.type()} ${message.text().slice(0, 300)}`));
    page.on('pageerror', (error) => record(`pageerror ${error.message.slice(0, 300)}`));
    page.on('close', () => record('page closed'));
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  context.on('serviceworker', (worker) => record(`service worker ${worker.url()}`));
  context.on('request', (request) => {
    timeline.pending.set(request, Date.now());
    if (request.isNavigationRequest()) record(`request ${request.method()} ${request.url()} (navigation)`);
  });
  context.on('requestfinished', (request) => {
    const began = timeline.pending.get(request) ?? Date.now();
    timeline.pending.delete(request);
    const line = `${request.method()} ${request.url()}`;
    const took = Date.now() - began;
    // The answer is read asynchronously: the context may close first, which rejects (never let
    // that become an unhandled rejection, which Playwright pins on whatever test runs then).
    void request.response().then(
      (response) => {
        // A page loads dozens of scripts and pictures: kept out of the timeline when they answered,
        // or the last events before a failure were all pictures (offline.spec.ts).
        if (response?.ok() && staticFile.test(new URL(request.url()).pathname)) timeline.staticFiles += 1;
        else record(`${line} ${response?.status() ?? '?'} in ${took} ms${response?.fromServiceWorker() ? ' (service worker)' : ''}`);
      },
      () => record(`${line} finished in ${took} ms (answer no longer readable)`),
    );
  });
  context.on('requestfailed', (request) => {
    const began = timeline.pending.get(request) ?? Date.now();
    timeline.pending.delete(request);
    record(`FAILED ${request.method()} ${request.url()} after ${Date.now() - began} ms: ${request.failure()?.errorText ?? '?'}`);
  });
  return timeline;
}

/** Prints the timeline of one context; a context the test already closed has no pages left to read. */
async function printTimeline(context: BrowserContext, timeline: Timeline, testInfo: TestInfo, which: string): Promise<void> {
  const lines = [
    `--- ${testInfo.title}: the browser (${which}), last ${timelineLength} events (and ${timeline.staticFiles} build files and pictures answered, not listed) ---`,
    ...timeline.events,
  ];
  for (const [request, began] of timeline.pending) {
    lines.push(`PENDING ${request.method()} ${request.url()} for ${Date.now() - began} ms`);
  }
  for (const page of context.pages()) {
    const state = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker?.getRegistration();
        return JSON.stringify({
          controller: navigator.serviceWorker?.controller?.state ?? null,
          active: registration?.active?.state ?? null,
          installing: registration?.installing?.state ?? null,
          waiting: registration?.waiting?.state ?? null,
          hydrated: document.documentElement.dataset.hydrated ?? null,
        });
      })
      .catch((error: unknown) => `not readable: ${String(error)}`);
    lines.push(`page ${page.url()} service worker ${state}`);
  }
  lines.push('--- end ---');
  console.log(lines.join('\n'));
}
