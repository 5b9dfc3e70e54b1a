import { parse, PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { isChangedResultType, StatementNames } from './statement-names.ts';

const { serialize } = protocol;

/** The protocol messages as one buffer: PGlite runs them in one call into its engine. */
function messages(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * PGlite running its frequent parameterised statements as named statements (statement-names.ts;
 * docs/decisions/025-order-creation-cost.md, fourth round). PGlite's `query` parses, describes,
 * binds, describes and executes every statement, one call into the engine each: a named statement
 * is parsed and described once, then each run is one call (bind, describe, execute, sync), its
 * plan kept by PostgreSQL after five runs. On PGlite directly, an order's writing statement went
 * from about 415 to 180 µs.
 *
 * Every text `query` runs may be named, with or without parameters (one statement each, always
 * through the extended protocol). Only `query` outside `transaction()` is concerned: a transaction's own queries are PGlite's.
 * What `query` does is kept: the same mutexes, parameters serialised by their types (PGlite's
 * serializers, or the call's), the same result parsing (`options.rowMode`, `options.parsers`),
 * notices, notifications (`pg_notify`: PGlite's listeners), the file-system sync outside a
 * transaction, the first database error thrown once the engine has reached the Sync (its state is
 * then the same as after a failed `query`). Queries with a file (`options.blob`: COPY) stay PGlite's.
 * A statement PostgreSQL refuses under its name because its result's columns changed (a migration
 * in this process, tests) loses its name and, outside a transaction, runs again unnamed.
 */
export class NamingPGlite extends PGlite {
  readonly statementNames = new StatementNames();
  /** Parameter type OIDs of each statement parsed under a name, by name. */
  readonly #parameterTypes = new Map<string, number[]>();

  override async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // Without parameters too: PGlite's `query` takes one statement and always runs the extended protocol.
    const name = options?.blob ? undefined : this.statementNames.nameOf(text);
    if (name === undefined) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const alone = !this.isInTransaction();
        try {
          return await this.#runNamed<T>(name, text, params, options);
        } catch (error) {
          if (!isChangedResultType(error)) throw error;
          this.statementNames.forget(text);
          if (!alone) throw error;
        }
        return undefined;
      }),
    ).then((result) => result ?? super.query<T>(text, params, options));
  }

  async #runNamed<T>(name: string, text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    const onNotice = options?.onNotice;
    let parameterTypes = this.#parameterTypes.get(name);
    if (!parameterTypes) {
      const described = await this.execProtocol(
        messages(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()),
        { syncToFs: false, onNotice },
      );
      parameterTypes = parse.parseDescribeStatementResults(described.messages);
      this.#parameterTypes.set(name, parameterTypes);
    }
    const types = parameterTypes;
    const values = (params ?? []).map((value, index) => {
      if (value === null || value === undefined) return null;
      const oid = types[index]!;
      const serializer = options?.serializers?.[oid] ?? this.serializers[oid];
      return serializer ? serializer(value) : String(value);
    });
    const ran = await this.execProtocol(
      messages(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
      { syncToFs: false, onNotice },
    );
    if (!this.isInTransaction()) await this.syncToFs();
    // PGlite merges the call's parsers into a copy of its own (hundreds of types, arrays included)
    // on every query; an object inheriting its own gives the same lookups for a few keys' copy.
    const parsers: PGlite['parsers'] = options?.parsers ? Object.assign(Object.create(this.parsers) as PGlite['parsers'], options.parsers) : this.parsers;
    return parse.parseResults(ran.messages, parsers, options?.parsers ? { ...options, parsers: undefined } : options)[0] as Results<T>;
  }
}
