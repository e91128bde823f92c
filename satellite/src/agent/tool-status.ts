// The tools administrators switched off (`configure` with `action: "update_tool_status"`).
// Groundstation's configuration does not list them, so the command is the only word the
// satellite gets: it keeps them in its data folder, beside its credentials, so that a restart
// does not offer a switched-off tool again.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Log, ToolStatus } from '../parts.js';

const FILE = 'disabled-tools.json';

/** Administrators switch tools off one by one; many more than this is a backend gone wrong. */
export const MAX_DISABLED_TOOLS = 10_000;

/** The saved form: tool names per installation id. */
type Saved = Record<string, string[]>;

function isSaved(value: unknown): value is { installations: Saved } {
  if (!value || typeof value !== 'object' || !('installations' in value)) return false;
  const { installations } = value;
  if (!installations || typeof installations !== 'object' || Array.isArray(installations))
    return false;
  return Object.values(installations).every(
    (names) => Array.isArray(names) && names.every((name) => typeof name === 'string'),
  );
}

async function load(file: string, log: Log): Promise<Map<string, Set<string>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return new Map(); // none saved yet
  }
  try {
    const saved: unknown = JSON.parse(text);
    if (isSaved(saved))
      return new Map(
        Object.entries(saved.installations).map(([id, names]) => [id, new Set(names)]),
      );
  } catch {
    // reported below
  }
  log.warn({ file }, 'the saved switched-off tools are unreadable; none are switched off');
  return new Map();
}

/** The switched-off tools saved in `dataDir`, kept in memory and saved again on each change. */
export async function loadToolStatus(
  dataDir: string,
  log: Log,
  maxTools = MAX_DISABLED_TOOLS,
): Promise<ToolStatus> {
  const file = path.join(dataDir, FILE);
  const disabled = await load(file, log);
  let count = [...disabled.values()].reduce((sum, names) => sum + names.size, 0);
  // Saves run one after the other, so an older state never overwrites a newer one.
  let saving: Promise<void> = Promise.resolve();

  async function save(): Promise<void> {
    const installations: Saved = Object.fromEntries(
      [...disabled].map(([id, names]) => [id, [...names].sort()]),
    );
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      await writeFile(temporary, JSON.stringify({ installations }, null, 2), { mode: 0o600 });
      await rename(temporary, file);
    } catch (error) {
      // The change holds until the satellite stops; only a restart would forget it.
      log.warn({ err: error, file }, 'switched-off tools not saved');
    }
  }

  return {
    isDisabled(installationId, toolName) {
      return disabled.get(installationId)?.has(toolName) ?? false;
    },
    async set(installationId, toolName, off) {
      const names = disabled.get(installationId);
      if (off === (names?.has(toolName) ?? false)) return;
      if (off) {
        if (count >= maxTools) throw new Error(`${maxTools} tools are switched off already`);
        if (names) names.add(toolName);
        else disabled.set(installationId, new Set([toolName]));
        count += 1;
      } else if (names) {
        names.delete(toolName);
        if (names.size === 0) disabled.delete(installationId);
        count -= 1;
      }
      saving = saving.then(save);
      await saving;
    },
  };
}
