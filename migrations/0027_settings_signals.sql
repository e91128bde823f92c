-- Replicas remember the stored global settings (src/modules/settings/service.ts). Any change to
-- them raises the `settings` signal on the streams' channel (`-` as sender: every replica, the one
-- that made the change included, forgets; groundstation_signal is in migration 0016), at commit,
-- once per transaction. A trigger, so that every path that writes them (the API, key rotation,
-- the CLI) is heard.
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE
  ON global_settings FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('settings');
