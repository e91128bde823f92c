CREATE TABLE example_plugin_examples (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX example_plugin_examples_created_idx ON example_plugin_examples (created_at, id);
