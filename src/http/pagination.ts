import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import type { Executor } from '../db/client.js';

export const LIMIT_MESSAGE = 'limit must be between 1 and 100';
export const OFFSET_MESSAGE = 'offset must be non-negative';
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

// The bounds live in the patterns so that schema validation (before the handler) rejects them;
// the validation formatter maps any failure on these two fields to the texts above.
const LIMIT_PATTERN = '^0*([1-9][0-9]?|100)$';
// 15 digits keeps every accepted offset inside PostgreSQL's bigint and JavaScript's safe integers.
const OFFSET_PATTERN = '^[0-9]{1,15}$';

export const paginationQueryProperties = {
  limit: Type.Optional(
    Type.String({
      pattern: LIMIT_PATTERN,
      default: String(DEFAULT_LIMIT),
      description: 'Page size, 1 to 100 (default 20)',
    }),
  ),
  offset: Type.Optional(
    Type.String({
      pattern: OFFSET_PATTERN,
      default: '0',
      description: 'Items to skip, 0 or more (default 0)',
    }),
  ),
};

/** Query schema of a paginated route: limit, offset and the route's own filters; nothing else. */
export function PaginatedQuery<P extends TProperties>(filters: P = {} as P) {
  return Type.Object({ ...paginationQueryProperties, ...filters }, { additionalProperties: false });
}

export const PaginationSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT }),
  offset: Type.Integer({ minimum: 0 }),
  has_more: Type.Boolean(),
});

/** The `data` of a paginated response: the items under their own name, beside `pagination`. */
export function PaginatedData<K extends string, T extends TSchema>(itemsKey: K, item: T) {
  return Type.Object({
    [itemsKey]: Type.Array(item),
    pagination: PaginationSchema,
  } as { [key in K]: ReturnType<typeof Type.Array<T>> } & { pagination: typeof PaginationSchema });
}

export interface Page {
  limit: number;
  offset: number;
}

export interface Pagination extends Page {
  total: number;
  has_more: boolean;
}

/** Turns validated query strings into numbers (defaults already applied by the schema). */
export function pageOf(query: { limit?: string; offset?: string }): Page {
  return {
    limit: query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit),
    offset: query.offset === undefined ? 0 : Number(query.offset),
  };
}

export function paginationOf(page: Page, total: number): Pagination {
  return {
    total,
    limit: page.limit,
    offset: page.offset,
    has_more: page.offset + page.limit < total,
  };
}

/** Counts the filtered set in SQL, so `total` is right however large the table. */
export async function countWhere(
  executor: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}
