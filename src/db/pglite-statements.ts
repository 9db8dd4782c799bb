// Statements with parameters on PGlite, prepared once under a name and then only bound and executed.
//
// PGlite's query() sends each statement as the unnamed one: parsed, analysed and planned again at every call, on this
// process's main thread. For the statements the service runs all the time that was most of their cost (a product's
// preview source: 0.64 ms of CPU by query(), 0.17 ms prepared; pg-boss's fetch and completion; the editing batch's
// long statements). So every statement text with parameters is kept prepared, as a
// server driver does with named statements, the most recently used MAX_PREPARED of them (PostgreSQL keeps each one's
// plan: custom plans first, then a generic one if it costs no more).
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { QueryResult } from './database';

/** Prepared statements kept at once; the least recently used one is closed past it. */
export const MAX_PREPARED = 300;
// "cached plan must not change result type": a table a prepared `SELECT *` reads has changed its columns. The
// statement is prepared again at its next use (and at once when outside a transaction).
const PLAN_CHANGED = '0A000';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription; none for a statement that returns no rows. */
  rowDescription?: BackendMessage;
}

/** Array types whose elements' binary form is their text: text[], json[], varchar[], and their element types. */
const TEXT_ARRAY_ELEMENTS = new Map([[1009, 25], [199, 114], [1015, 1043]]);

/**
 * A one-dimensional array of strings (or nulls) in the binary format: each element's bytes as they are, where the
 * text format makes PostgreSQL scan every character for quotes and backslashes (an editing batch sends its undo
 * steps and acks, about 200 KB of JSON, as such arrays).
 */
function binaryTextArray(elements: (string | null)[], elementType: number): Buffer {
  const encoded = elements.map((element) => (element === null ? null : Buffer.from(element)));
  // Dimensions, has-nulls, element type; the one dimension's length and lower bound (none for an empty array).
  const header = Buffer.alloc(elements.length === 0 ? 12 : 20);
  header.writeInt32BE(elements.length === 0 ? 0 : 1, 0);
  header.writeInt32BE(encoded.includes(null) ? 1 : 0, 4);
  header.writeUInt32BE(elementType, 8);
  if (elements.length > 0) {
    header.writeInt32BE(elements.length, 12);
    header.writeInt32BE(1, 16);
  }
  const parts = [header];
  for (const element of encoded) {
    const length = Buffer.alloc(4);
    length.writeInt32BE(element === null ? -1 : element.length);
    parts.push(length);
    if (element) parts.push(element);
  }
  return Buffer.concat(parts);
}

/** A parameter as Bind carries it: its format (0 text, 1 binary) and bytes (null for SQL null). */
interface BoundValue { format: 0 | 1; bytes: Buffer | null }

/** The parameter in the binary format where that saves the database work (see binaryTextArray), else as text. */
function boundValue(value: unknown, type: number, serialize: ((value: unknown) => unknown) | undefined): BoundValue {
  if (value === null || value === undefined) return { format: 0, bytes: null };
  const elementType = TEXT_ARRAY_ELEMENTS.get(type);
  if (elementType && Array.isArray(value) && value.every((element) => element === null || typeof element === 'string')) {
    return { format: 1, bytes: binaryTextArray(value as (string | null)[], elementType) };
  }
  // As PGlite's query() does: its serializer for the parameter's type, else the value's text.
  return { format: 0, bytes: Buffer.from(serialize ? String(serialize(value)) : String(value)) };
}

/**
 * A Bind message of the unnamed portal to the statement, results as text. Written here rather than by PGlite's
 * serializer, which measures each string's UTF-8 length in a JavaScript loop over its characters, twice: with the
 * kilobytes of JSON that an editing batch sends, that was a sizeable part of the statement's cost.
 */
function bindMessage(statement: string, values: BoundValue[]): Buffer {
  const name = Buffer.from(statement);
  // Length, portal '' and the statement's name (each NUL-ended), each parameter's format, the parameters (each its
  // length, -1 for null, and its bytes), result formats (none: text).
  const size = 4 + 1 + name.length + 1 + 2 + 2 * values.length + 2 + values.reduce((sum, value) => sum + 4 + (value.bytes?.length ?? 0), 0) + 2;
  const message = Buffer.allocUnsafe(1 + size);
  let at = message.write('B', 0, 'latin1');
  at = message.writeInt32BE(size, at);
  at = message.writeUInt8(0, at);
  at += name.copy(message, at);
  at = message.writeUInt8(0, at);
  at = message.writeInt16BE(values.length, at);
  for (const value of values) at = message.writeInt16BE(value.format, at);
  at = message.writeInt16BE(values.length, at);
  for (const { bytes } of values) {
    at = message.writeInt32BE(bytes ? bytes.length : -1, at);
    if (bytes) at += bytes.copy(message, at);
  }
  message.writeInt16BE(0, at);
  return message;
}

export function createPreparedStatements(client: PGlite, max = MAX_PREPARED) {
  const { serialize } = protocol;
  // In order of last use: the first is the next to close.
  const prepared = new Map<string, Prepared>();
  /** Close messages of statements dropped from the map, sent ahead of the next execution. */
  const closing: Uint8Array[] = [];
  let named = 0;

  const forget = (text: string) => {
    const statement = prepared.get(text);
    if (!statement) return;
    prepared.delete(text);
    closing.push(serialize.close({ type: 'S', name: statement.name }));
  };

  // Messages and a Sync in one call: the backend reads them as from a socket, and after an error skips to the Sync,
  // so the session is ready for the next statement either way (execProtocolStream throws the error after the Sync).
  const send = (messages: Uint8Array[]) => client.execProtocolStream(Buffer.concat([...messages, serialize.sync()]), { syncToFs: false });

  async function prepare(text: string): Promise<Prepared> {
    const name = `photobook_${(named += 1)}`;
    const described = await send([...closing.splice(0), serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name })]);
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(text, statement);
    if (prepared.size > max) forget(prepared.keys().next().value!);
    return statement;
  }

  async function execute<Row>(text: string, params: unknown[]): Promise<QueryResult<Row>> {
    let statement = prepared.get(text);
    if (statement) {
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const values = params.map((value, index) => boundValue(value, statement.paramTypes[index], client.serializers[statement.paramTypes[index]]));
    const results = await send([...closing.splice(0), bindMessage(statement.name, values), serialize.execute({})]);
    const [result] = parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...results] : results, client.parsers);
    return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length };
  }

  return {
    /**
     * Runs one statement with parameters. The caller holds PGlite's query lock (client.runExclusive), and outside a
     * transaction its transaction lock too, as PGlite's own query() does.
     */
    async query<Row>(text: string, params: unknown[], inTransaction: boolean): Promise<QueryResult<Row>> {
      try {
        return await execute<Row>(text, params);
      } catch (error) {
        // Named, as PGlite's query() names it, so that a log says which statement failed (never with its parameters).
        if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query: text });
        if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
        forget(text);
        // Inside a transaction the error has aborted it: the caller's retry prepares the statement again.
        if (inTransaction) throw error;
        return execute<Row>(text, params);
      }
    },
  };
}

export type PreparedStatements = ReturnType<typeof createPreparedStatements>;
