// Every table of the core schema. drizzle-kit reads this file to write SQL migrations.
export * from './users.js';
