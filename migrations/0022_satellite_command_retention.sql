-- Satellite commands were kept for ever; the retention job now deletes those older than
-- SATELLITE_COMMAND_RETENTION_DAYS (30), finding them through this index.
CREATE INDEX "satellite_commands_created_idx" ON "satellite_commands" USING brin ("created_at");
