import type { PGlite } from '@electric-sql/pglite';

type PgliteModule = typeof import('@electric-sql/pglite');
type BackendMessage = { name: string };
type RowMode = 'array' | 'object';
type Statement = { name: string; paramTypes: number[]; description: BackendMessage | undefined };

/** Statements worth keeping: data statements, which Drizzle sends from a small set of texts. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Errors after which a statement is prepared again: its plan's result changed, or it is gone. */
const STALE = new Set(['0A000', '26000']);

// names unique in the process, so two sets of statements on one database never collide
let counter = 0;

const concat = (parts: Uint8Array[]): Uint8Array => {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

/**
 * Named prepared statements for the embedded database. PGlite's `query` sends every statement through six
 * separate calls into the WebAssembly engine (parse, describe, bind, describe, execute, sync), and Postgres
 * parses and plans the text each time: about 280 µs for the patient read. Prepared once per text (as
 * postgres.js does on a server), a statement is one call with bind, execute and sync: about 80 µs.
 * Results are parsed by PGlite's own parser with its type parsers, so callers see what `query` returns.
 */
export function createPreparedStatements(
  client: PGlite,
  pglite: Pick<PgliteModule, 'protocol' | 'parse'>,
  opts: { max?: number } = {},
) {
  const max = opts.max ?? 1000;
  const serialize = pglite.protocol.serialize;
  // insertion order is recency order: a hit is moved to the end, the first entry is the least recent
  const statements = new Map<string, Statement>();
  const toClose: string[] = [];

  const prepare = async (text: string): Promise<Statement> => {
    const name = `p${++counter}`;
    const closing = toClose.splice(0).map((n) => serialize.close({ type: 'S', name: n }));
    const { messages } = await client.execProtocol(
      concat([
        ...closing,
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const params = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement: Statement = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      description: messages.find((m) => m.name === 'rowDescription'),
    };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        toClose.push(oldest[1].name);
      }
    }
    return statement;
  };

  const execute = async (statement: Statement, params: unknown[], rowMode: RowMode | undefined) => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[i] ?? -1];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const all = statement.description ? [statement.description, ...messages] : messages;
    return pglite.parse.parseResults(all as never, client.parsers, rowMode ? { rowMode } : undefined)[0];
  };

  const run = async (text: string, params: unknown[], rowMode: RowMode | undefined, retry: boolean) => {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    try {
      return await execute(statement, params, rowMode);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code && STALE.has(code)) {
        statements.delete(text);
        toClose.push(statement.name);
        if (retry) return run(text, params, rowMode, false);
      }
      throw Object.assign(error as object, { query: text, params });
    }
  };

  return {
    /** Whether `text` goes through a prepared statement (otherwise the caller uses PGlite's `query`). */
    handles: (text: string) => CACHEABLE.test(text),
    /** A statement outside a transaction: waits for any transaction, as PGlite's `query` does. */
    query(text: string, params: unknown[] = [], rowMode?: RowMode) {
      return client._runExclusiveTransaction(() =>
        client.runExclusive(async () => {
          const result = await run(text, params, rowMode, true);
          await client.syncToFs();
          return result;
        }),
      );
    },
    /** A statement inside the transaction that holds the database: retried only by a new transaction. */
    queryInTransaction(text: string, params: unknown[] = [], rowMode?: RowMode) {
      return client.runExclusive(() => run(text, params, rowMode, false));
    },
    size: () => statements.size,
  };
}
export type PreparedStatements = ReturnType<typeof createPreparedStatements>;
