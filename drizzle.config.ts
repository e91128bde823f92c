import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate` to write new SQL migrations from src/db/schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
