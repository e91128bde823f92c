import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { verifyReport } from '../../helpers/audit.js';

/**
 * bench/audit.ts measures what auditing costs by building the app with `benchmarkWithoutAudit`;
 * that app's requests write nothing, and an app built as server.ts builds it writes as usual.
 */
let bare: TestApp;
let audited: TestApp;
let bareRoot: Account;
let auditedRoot: Account;

beforeAll(async () => {
  bare = await createTestApp({ benchmarkWithoutAudit: true });
  audited = await createTestApp();
  bareRoot = await register(bare.app, 'root');
  auditedRoot = await register(audited.app, 'root');
});
afterAll(async () => {
  await bare?.close();
  await audited?.close();
});

describe('the audit benchmark’s switch', () => {
  it('leaves the log empty for requests of an app built without audit writes', async () => {
    await login(bare.app, 'root');
    const report = await verifyReport(bare.app, bareRoot.headers);
    expect(report.valid).toBe(true);
    expect(report.head.head_seq).toBe(0);
  });

  it('records the same requests when built as the service builds it', async () => {
    await login(audited.app, 'root');
    const report = await verifyReport(audited.app, auditedRoot.headers);
    expect(report.valid).toBe(true);
    // Account creation and the sign-in.
    expect(report.head.head_seq).toBeGreaterThanOrEqual(2);
  });
});
