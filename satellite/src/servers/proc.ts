// What Linux says about processes in /proc: enough to follow a server's process tree and measure
// it (each process's parent, CPU time and resident memory), read without spawning anything.
import { readdir, readFile } from 'node:fs/promises';

/**
 * /proc reports CPU time in USER_HZ ticks. USER_HZ is part of Linux's user-space ABI and is 100
 * on every architecture Node runs on (x86, arm, arm64, ppc, s390, riscv), whatever the kernel's HZ.
 */
export const TICKS_PER_SECOND = 100;

/** At most this many /proc entries are read per round, so a runaway machine cannot stall it. */
const MAX_SCANNED = 65_536;
/** Files read at once: enough to keep libuv's threads busy, few enough to hold few descriptors. */
const READS_AT_ONCE = 64;

export interface ProcStat {
  ppid: number;
  /** User and system CPU time so far, in ticks. */
  ticks: number;
}

/**
 * Every process's parent and CPU time, from one read of each `/proc/<pid>/stat`. Linux has no
 * cheaper way to find a process's children: `/proc/<pid>/task/<tid>/children` exists only on
 * kernels built with CONFIG_PROC_CHILDREN, which many containers' hosts are not.
 */
export async function readProcessTable(): Promise<Map<number, ProcStat>> {
  const names = await readdir('/proc');
  const pids = names.filter((name) => /^\d+$/.test(name)).slice(0, MAX_SCANNED);
  const table = new Map<number, ProcStat>();
  for (let i = 0; i < pids.length; i += READS_AT_ONCE) {
    const batch = pids.slice(i, i + READS_AT_ONCE);
    const stats = await Promise.all(batch.map((pid) => readStat(Number(pid))));
    batch.forEach((pid, index) => {
      const stat = stats[index];
      if (stat) table.set(Number(pid), stat);
    });
  }
  return table;
}

/** `/proc/<pid>/stat`'s parent and CPU time; null for a process that is gone. */
export async function readStat(pid: number): Promise<ProcStat | null> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses:
  // the fields that follow start after the last `)`. They are numbered from 3 (the state).
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ppid) || !Number.isFinite(ticks)) return null;
  return { ppid, ticks };
}

/** Each parent's children, from a process table. */
export function childrenIndex(table: ReadonlyMap<number, ProcStat>): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) {
    const list = children.get(ppid);
    if (list) list.push(pid);
    else children.set(ppid, [pid]);
  }
  return children;
}

/**
 * `root` and its descendants, parents before children, at most `max` of them (a fork bomb must
 * not make the walk itself expensive). A descendant whose parent exited was adopted by init and
 * is no longer found: the tree is what is still connected to `root`.
 */
export function treeOf(root: number, children: ReadonlyMap<number, number[]>, max: number) {
  const tree = [root];
  for (let i = 0; i < tree.length && tree.length < max; i += 1) {
    for (const child of children.get(tree[i]!) ?? []) {
      if (tree.length >= max) break;
      tree.push(child);
    }
  }
  return tree;
}

/** Resident memory of a process in kB (`VmRSS` of `/proc/<pid>/status`); 0 when it is gone. */
export async function residentKb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The thread ids of a process; empty when it is gone. */
export async function threadsOf(pid: number): Promise<number[]> {
  try {
    const names = await readdir(`/proc/${pid}/task`);
    return names.filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
}
