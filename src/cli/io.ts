/** What a command may touch of its process, so tests can run commands in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The directory relative file names are read from. */
  cwd: string;
  /** The environment the command reads its configuration from (process.env unless a test sets one). */
  env?: NodeJS.ProcessEnv;
}

/** 0: all good; 1: the input is invalid; 2: the command was used wrongly or a file is unreadable. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;
