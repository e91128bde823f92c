import type { Page } from '../pagination.js';
import type { Cursor } from './cursor.js';

/** An item together with its place in the (timestamp, id) order. */
export interface Positioned<T> {
  item: T;
  cursor: Cursor;
}

/**
 * The read side of one streamable resource. `F` holds the caller's scope and the query's filters,
 * so the REST page and its stream apply exactly the same ones. Every method reads the database,
 * so any replica can serve any client.
 */
export interface StreamSource<F, T extends { id: string }> {
  /** One REST page, newest first, and how many items match in all. */
  list(filters: F, page: Page): Promise<{ items: T[]; total: number }>;
  /** The newest items, newest first. */
  newest(filters: F, limit: number): Promise<Positioned<T>[]>;
  /** Items strictly after the cursor (all of them when it is null), oldest first. */
  after(filters: F, cursor: Cursor | null, limit: number): Promise<Positioned<T>[]>;
  /** The position of the item with this id among the matching items, or null when unknown. */
  findCursor(filters: F, id: string): Promise<Cursor | null>;
}
