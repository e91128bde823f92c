import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type AuditEntry = Record<string, any>;

/** The whole audit log, newest first, as a global administrator reads it. */
export async function auditEntries(
  app: FastifyInstance,
  headers: Record<string, string>,
  query = '',
): Promise<AuditEntry[]> {
  const res = await app.inject({ url: `/api/audit/entries?limit=100${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.entries;
}

/** The newest entry of an action, after the write that should have produced it. */
export async function lastOf(
  app: FastifyInstance,
  headers: Record<string, string>,
  action: string,
): Promise<AuditEntry> {
  const [entry] = await auditEntries(app, headers, `&action=${action}`);
  expect(entry, `no ${action} entry`).toBeDefined();
  return entry!;
}

export async function verifyReport(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ url: '/api/audit/verify', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    valid: boolean;
    checked: number;
    head: { start_seq: number; head_seq: number; head_hash: string };
    broken: { seq: number; entry_id: string | null; reason: string } | null;
  };
}
