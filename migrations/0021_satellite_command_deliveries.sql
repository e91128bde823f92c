-- Command polls that handed a satellite something, counted on its row: a replica serves a
-- remembered configuration answer only while the count is what it was when the answer was read
-- (src/modules/satellites/configuration.ts), since a satellite refetches after every `configure`.
ALTER TABLE "satellites" ADD COLUMN "command_deliveries" bigint DEFAULT 0 NOT NULL;
