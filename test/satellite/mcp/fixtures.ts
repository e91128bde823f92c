// The upstreams of the endpoint tests: user A has Files, Notes and a second "notes" server (a
// prefix collision); user B has their own instance of Files only.
import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { FakePool, FakeUpstream, entry, text, type FakeTool } from './helpers.js';

export const LONG_NAME = `fetch_${'very_'.repeat(14)}long`;

export interface Fixture {
  pool: FakePool;
  filesA: FakeUpstream;
  notesA: FakeUpstream;
  archiveA: FakeUpstream;
  filesB: FakeUpstream;
  waits: Waits;
}

/** What the upstream's `wait` tool saw: that it started, and that its call was cancelled. */
export interface Waits {
  started: Promise<void>;
  markStarted: () => void;
  aborted: boolean;
  /** Ready for the next call. */
  reset(): void;
}

function createWaits(): Waits {
  const waits: Waits = {
    started: Promise.resolve(),
    markStarted: () => {},
    aborted: false,
    reset() {
      waits.aborted = false;
      waits.started = new Promise<void>((resolve) => (waits.markStarted = resolve));
    },
  };
  waits.reset();
  return waits;
}

function filesTools(owner: string, waits: Waits): FakeTool[] {
  return [
    {
      tool: {
        name: 'read_file',
        description: 'Reads a file from the disk',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      },
      run: async (args) => text(`${owner} read ${String(args.path)}`),
    },
    {
      tool: { name: 'slow', description: 'Reports progress', inputSchema: { type: 'object' } },
      run: async (_args, extra) => {
        const progressToken = extra._meta?.progressToken;
        for (let step = 1; step <= 3 && progressToken !== undefined; step += 1) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: 3, message: `step ${step}` },
          });
        }
        return text('done');
      },
    },
    {
      tool: { name: 'wait', description: 'Waits until cancelled', inputSchema: { type: 'object' } },
      run: (_args, extra) =>
        new Promise((resolve) => {
          waits.markStarted();
          extra.signal.addEventListener('abort', () => {
            waits.aborted = true;
            resolve(text('cancelled'));
          });
        }),
    },
    {
      tool: {
        name: 'ask',
        description: 'Asks the model (sampling)',
        inputSchema: { type: 'object' },
      },
      run: async (_args, extra) => {
        const answer = await extra.sendRequest(
          {
            method: 'sampling/createMessage',
            params: {
              messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
              maxTokens: 5,
            },
          },
          CreateMessageResultSchema,
        );
        return text(`model said ${answer.content.type === 'text' ? answer.content.text : '?'}`);
      },
    },
    {
      tool: { name: 'get.item', description: 'A dotted name', inputSchema: { type: 'object' } },
      run: async () => text('dotted'),
    },
    {
      tool: { name: LONG_NAME, description: 'A long name', inputSchema: { type: 'object' } },
      run: async () => text('long'),
    },
  ];
}

export function createFixture(): Fixture {
  const waits = createWaits();
  const filesA = new FakeUpstream({
    key: 'files-usr_a',
    entry: entry('usr_a', 'Files', { installation_id: 'inst_files', server_slug: 'files' }),
    tools: filesTools('A', waits),
    resources: [
      { resource: { uri: 'file:///shared', name: 'shared' }, text: 'files shared' },
      { resource: { uri: 'memo://files-only', name: 'only' }, text: 'files only' },
    ],
    templates: [{ uriTemplate: 'file:///docs/{name}', name: 'docs' }],
  });
  const notesA = new FakeUpstream({
    key: 'notes-usr_a',
    entry: entry('usr_a', 'Notes', {
      installation_id: 'inst_notes',
      server_slug: 'notes',
      settings: { request_logging_enabled: false },
    }),
    tools: [
      {
        tool: {
          name: 'add_note',
          description: 'Adds a note to the notebook',
          inputSchema: {
            type: 'object',
            properties: { note: { type: 'string' } },
            required: ['note'],
          },
        },
        run: async (args) => text(`noted ${String(args.note)}`),
      },
    ],
    resources: [{ resource: { uri: 'file:///shared', name: 'shared' }, text: 'notes shared' }],
    prompts: [
      { name: 'greet', description: 'Greets', arguments: [{ name: 'name', required: true }] },
    ],
    logging: true,
  });
  const archiveA = new FakeUpstream({
    key: 'notes-usr_a-archive',
    entry: entry('usr_a', 'Notes Archive', {
      installation_id: 'inst_archive',
      server_slug: 'notes',
    }),
    tools: [
      {
        tool: { name: 'add_note', description: 'Archives a note', inputSchema: { type: 'object' } },
        run: async () => text('archived'),
      },
    ],
  });
  const filesB = new FakeUpstream({
    key: 'files-usr_b',
    entry: entry('usr_b', 'Files', { installation_id: 'inst_files', server_slug: 'files' }),
    tools: filesTools('B', waits).slice(0, 1),
  });
  return {
    pool: new FakePool([filesA, notesA, archiveA, filesB]),
    filesA,
    notesA,
    archiveA,
    filesB,
    waits,
  };
}
