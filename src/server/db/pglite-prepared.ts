import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { timeQuery } from "../metrics/index.ts";

/**
 * A query that carries this comment is planned for its own parameter values every time instead of
 * being kept as a prepared statement, whose generic plan may suit some values badly (a feed filtered
 * by a rare topic walks the whole time index under the plan made for common ones).
 */
export const PLAN_EACH_TIME = "/* plan-each-time */";

/**
 * The PGlite release whose private members this file uses (`_checkReady`, `_runExclusiveQuery`,
 * `_runExclusiveTransaction`, `execProtocolStream`, `parsers`, `serializers`, the `parse` and
 * `protocol` helpers). package.json pins exactly this version; pglite-private-api.test.ts fails on
 * any other, so an upgrade is a deliberate step: re-run that test and pglite-prepared.test.ts.
 */
export const VERIFIED_PGLITE_VERSION = "0.5.16";

/** Enough for every query the app builds; the oldest statement is closed beyond it. */
const MAX_STATEMENTS = 256;

type Statement = { name: string; paramTypes: number[] };
type ParserMap = PGlite["parsers"];

/** invalid_sql_statement_name, feature_not_supported ("cached plan must not change result type"). */
const STALE_STATEMENT_CODES = new Set(["26000", "0A000"]);

const { serialize } = protocol;
const DESCRIBE_PORTAL = serialize.describe({ type: "P" });
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The parsers for a result: the query's own (Drizzle passes a few with each query) over the
 * client's. PGlite would copy its ~300 default parsers into a new object for every query that
 * brings its own (~0.1–0.2 ms a query); here the query's few sit over the defaults as a
 * prototype, made once per parsers object.
 */
function layeredParsers(client: PGlite): (own: ParserMap | undefined) => ParserMap {
  const parsersWithDefaults = new WeakMap<ParserMap, ParserMap>();
  return function parsersFor(own: ParserMap | undefined): ParserMap {
    if (!own) return client.parsers;
    let merged = parsersWithDefaults.get(own);
    if (!merged) {
      merged = Object.assign(Object.create(client.parsers) as ParserMap, own);
      parsersWithDefaults.set(own, merged);
    }
    return merged;
  };
}

/** Runs protocol messages ending in Sync; PGlite throws the backend's error, if any. */
type Run = (messages: Uint8Array[]) => ReturnType<PGlite["execProtocolStream"]>;

/** Each SQL text's prepared statement, parsed once; the least used closed beyond MAX_STATEMENTS. */
function statementCache(run: Run) {
  const statements = new Map<string, Statement>();
  let counter = 0;
  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Map order is insertion order: re-inserting keeps the most used statements last.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `ylt_${++counter}`;
    const described = await run([
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      SYNC,
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await run([serialize.close({ type: "S", name: oldest.name }), SYNC]);
    }
    return statement;
  }
  return {
    statementFor,
    /** A statement a schema change invalidated: the next call parses anew. */
    forget: (text: string) => statements.delete(text),
  };
}

/**
 * PGlite's `query()` makes six calls into its WebAssembly backend (parse, describe, bind, describe,
 * execute, sync) and parses and plans the SQL every time: about 0.4 ms for the join behind one
 * post, most of a simple API read. This client keeps each distinct SQL text as a named prepared
 * statement, parsed once, then binds and executes it in one call: about 0.08 ms. Queries inside
 * a transaction (Drizzle's `db.transaction`) take the same path; everything else is PGlite's own.
 */
export function withPreparedStatements(client: PGlite): PGlite {
  const parsersFor = layeredParsers(client);
  const run: Run = (messages: Uint8Array[]) =>
    timeQuery("pglite", client.execProtocolStream(concat(messages), { syncToFs: false }));

  const statements = statementCache(run);

  /** Binds and runs `text`'s statement; the caller holds PGlite's query lock. */
  async function runPrepared<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const { name, paramTypes } = await statements.statementFor(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    let messages: Awaited<ReturnType<typeof run>>;
    try {
      messages = await run([
        serialize.bind({ statement: name, values }),
        DESCRIBE_PORTAL,
        EXECUTE,
        SYNC,
      ]);
    } catch (error) {
      // A schema change invalidated the statement: forget it, so the next call parses anew.
      if (STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? "")) {
        statements.forget(text);
        await run([serialize.close({ type: "S", name }), SYNC]).catch(() => {});
      }
      throw error;
    }
    const resultOptions = options?.parsers ? { ...options, parsers: undefined } : options;
    return parse.parseResults(
      messages,
      parsersFor(options?.parsers as ParserMap | undefined),
      resultOptions,
    )[0] as Results<T>;
  }

  async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (text.includes(PLAN_EACH_TIME)) return client.query<T>(text, params, options);
    await client._checkReady();
    // The same locks as PGlite's own query(): not inside another caller's transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await runPrepared<T>(text, params, options);
        } finally {
          await client.syncToFs();
        }
      }),
    );
  }

  /**
   * PGlite's transaction (its lock, BEGIN, COMMIT or ROLLBACK) whose queries take the prepared
   * path too: otherwise every statement of a write is parsed and planned again, ~0.3 ms each
   * (bench/chat-cpu.ts). The transaction's lock is held already; each query takes the query lock,
   * as PGlite's own transaction queries do, and the commit writes to disk.
   */
  function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return client.transaction((tx) => {
      const preparedQuery = async <R>(
        text: string,
        params: unknown[] = [],
        options?: QueryOptions,
      ) => {
        if (tx.closed) throw new Error("Transaction is closed");
        if (text.includes(PLAN_EACH_TIME)) return tx.query<R>(text, params, options);
        return client._runExclusiveQuery(() => runPrepared<R>(text, params, options));
      };
      return callback(
        new Proxy(tx, {
          get(target, property) {
            if (property === "query") return preparedQuery;
            const value = Reflect.get(target, property, target);
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
      );
    });
  }

  // Everything else goes to the client itself.
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
