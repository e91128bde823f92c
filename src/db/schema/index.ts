// Every table of the core schema. drizzle-kit reads this file to write SQL migrations.
export * from './users.js';
export * from './auth.js';
export * from './teams.js';
export * from './oauth.js';
export * from './settings.js';
export * from './catalogue.js';
export * from './installations.js';
export * from './satellites.js';
export * from './satellite-events.js';
export * from './notifications.js';
export * from './registry.js';
export * from './audit.js';
export * from './list-counts.js';
export * from './upstream-oauth.js';
