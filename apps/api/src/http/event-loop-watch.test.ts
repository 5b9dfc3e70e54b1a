import { describe, expect, it } from 'vitest';
import { watchEventLoop } from './event-loop-watch.ts';

/** Holds this thread for `ms` milliseconds, as a long synchronous query would. */
function block(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else runs meanwhile
  }
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchEventLoop', () => {
  it('warns with the delay when the loop was held longer than the threshold', async () => {
    const warnings: { details: Record<string, unknown>; message: string }[] = [];
    const stop = watchEventLoop({ warn: (details, message) => warnings.push({ details, message }) }, { thresholdMs: 150, windowMs: 100 });
    await tick(30);
    block(400);
    await tick(250);
    stop();
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    const worst = Math.max(...warnings.map((w) => Number(w.details.blockedMs)));
    expect(worst).toBeGreaterThanOrEqual(380);
    expect(warnings[0]?.message).toMatch(/^boucle d’événements bloquée \d+ ms : les requêtes ont attendu$/);
  });

  it('stays quiet while the loop turns freely', async () => {
    const warnings: unknown[] = [];
    // 2 s: a busy CI machine delays a free loop by far less, a stalled one by more.
    const stop = watchEventLoop({ warn: (details) => warnings.push(details) }, { thresholdMs: 2000, windowMs: 50 });
    await tick(300);
    stop();
    expect(warnings).toEqual([]);
  });

  it('says nothing once stopped, however long the loop is held', async () => {
    const warnings: unknown[] = [];
    const stop = watchEventLoop({ warn: (details) => warnings.push(details) }, { thresholdMs: 150, windowMs: 50 });
    await tick(100);
    stop();
    const beforeStop = warnings.length;
    block(400);
    await tick(150);
    expect(warnings.length).toBe(beforeStop);
  });
});
