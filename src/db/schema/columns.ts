import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is stored with its time zone and read back as a Date. */
export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz().notNull().defaultNow();
