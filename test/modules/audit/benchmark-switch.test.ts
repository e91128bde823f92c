import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { verifyReport } from '../../helpers/audit.js';

/**
 * bench/audit.ts measures what auditing costs by building the app with `benchmarkWithoutAudit`;
 * that app's requests write nothing, and an app built as server.ts builds it writes as usual.
 * Between rounds the benchmark's services swap roles by setting `auditSettings.record`
 * (bench/audit-service.ts), which each request reads afresh.
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

  it('follows its setting from one request to the next, which the benchmark turns off and on', async () => {
    const before = (await verifyReport(audited.app, auditedRoot.headers)).head.head_seq;
    audited.app.auditSettings.record = false;
    try {
      await login(audited.app, 'root');
      expect((await verifyReport(audited.app, auditedRoot.headers)).head.head_seq).toBe(before);
    } finally {
      audited.app.auditSettings.record = true;
    }
    await login(audited.app, 'root');
    const after = await verifyReport(audited.app, auditedRoot.headers);
    expect(after.valid).toBe(true);
    expect(after.head.head_seq).toBe(before + 1);
  });
});
