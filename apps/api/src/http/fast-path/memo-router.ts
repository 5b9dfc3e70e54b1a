import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Hono's own router (SmartRouter: RegExpRouter, else TrieRouter — ours falls back to the trie,
 * which walks and allocates per request) with its last answers kept by method and path (docs/decisions/028:
 * the cost of each request). A match depends on nothing else, and Hono only reads it. At most
 * `max` are kept, all forgotten when full (paths carrying ids would otherwise grow it) and when a
 * route is added.
 */
export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter';
  readonly #inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });
  readonly #memo = new Map<string, Result<T>>();

  constructor(private readonly max = 256) {}

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#memo.get(key);
    if (result === undefined) {
      result = this.#inner.match(method, path);
      if (this.#memo.size >= this.max) this.#memo.clear();
      this.#memo.set(key, result);
    }
    return result;
  }
}
