import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2]!;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result!.lhr;
  const m = (lhr.audits.metrics.details as any).items[0];
  console.log('score', lhr.categories.performance.score, 'FCP', m.firstContentfulPaint, 'LCP', m.largestContentfulPaint, 'TBT', m.totalBlockingTime, 'SI', m.speedIndex);
  console.log('observed: FCP', m.observedFirstContentfulPaint, 'LCP', m.observedLargestContentfulPaint, 'DCL', m.observedDomContentLoaded, 'load', m.observedLoad);
  const trace = (result!.artifacts as any).Trace.traceEvents as any[];
  const nav = trace.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const t0 = nav?.ts ?? 0;
  for (const e of trace.filter((e) => e.name === 'largestContentfulPaint::Candidate' || e.name === 'firstContentfulPaint' || e.name === 'firstPaint'))
    console.log(((e.ts - t0) / 1000).toFixed(1), e.name, JSON.stringify(e.args?.data ?? {}).slice(0, 200));
  const reqs = (result!.artifacts as any).DevtoolsLog.filter((e: any) => e.method === 'Network.loadingFinished' || e.method === 'Network.requestWillBeSent');
  const sent = new Map<string, any>();
  for (const e of reqs) if (e.method === 'Network.requestWillBeSent') sent.set(e.params.requestId, e.params);
  const navTs = [...sent.values()].find((p) => p.type === 'Document')?.timestamp ?? 0;
  for (const e of reqs) if (e.method === 'Network.loadingFinished') { const s = sent.get(e.params.requestId); if (s) console.log('  net', ((s.timestamp - navTs) * 1000).toFixed(1), '→', ((e.params.timestamp - navTs) * 1000).toFixed(1), s.request.url.replace(/^http:\/\/[^/]+/, '')); }
} finally {
  await chrome.kill();
}
