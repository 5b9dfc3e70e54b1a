/**
 * Which SQL texts run as named (prepared) statements on PostgreSQL (docs/decisions/025, "prepared
 * statements"; docs/decisions/025-order-creation-cost.md, fourth round): a text becomes a named
 * statement once it has been run `minUses` times, up to `maxNames` texts for the process, as
 * Npgsql's automatic preparation does (its « Auto Prepare Min Usages » and « Max Auto Prepare »).
 * A named statement is parsed and planned once per connection, then each run sends only its
 * parameters: for an order's writing statement (about 3 KB of text with its common table
 * expressions) that is the backend's parse and plan, and the text on the wire, saved on every order.
 *
 * Only the frequent texts get a name, so that rare ones (the back office's, texts whose number of
 * parameters varies) never fill the bound nor the backends' memory; a text past the bound stays
 * unnamed, as every text was before. Names are the same on every connection of the process
 * (`s0`, `s1`…): one name always means one text, which pg checks.
 */
export class StatementNames {
  readonly #named = new Map<string, string>();
  readonly #uses = new Map<string, number>();
  #next = 0;

  /**
   * @param maxNames the most texts named for the process (each is a prepared statement on each pooled connection)
   * @param minUses runs of a text before it is named
   * @param maxCounted texts whose runs are counted at once; the counts start over past it
   */
  constructor(
    readonly maxNames = 100,
    readonly minUses = 3,
    readonly maxCounted = 1_000,
  ) {}

  /** The name `text` runs under, or undefined to run it unnamed (counts this run). */
  nameOf(text: string): string | undefined {
    const name = this.#named.get(text);
    if (name !== undefined || this.#named.size >= this.maxNames) return name;
    const uses = (this.#uses.get(text) ?? 0) + 1;
    if (uses < this.minUses) {
      if (this.#uses.size >= this.maxCounted) this.#uses.clear();
      this.#uses.set(text, uses);
      return undefined;
    }
    this.#uses.delete(text);
    const given = `s${this.#next++}`;
    this.#named.set(text, given);
    return given;
  }

  /**
   * Forgets `text`'s name: its next runs count again and then take a new name. For a statement
   * PostgreSQL can no longer run under its name (« cached plan must not change result type »,
   * after another instance's migration changed a table it reads).
   */
  forget(text: string): void {
    this.#named.delete(text);
  }

  /** How many texts have a name. */
  get size(): number {
    return this.#named.size;
  }
}

/**
 * PostgreSQL's error for a named statement whose result's columns changed since it was prepared
 * (a migration altered a table it reads): « cached plan must not change result type ».
 */
export function isChangedResultType(error: unknown): boolean {
  const { code, routine } = (error ?? {}) as { code?: string; routine?: string };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
}
