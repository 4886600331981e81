import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../../build/audit-verdict.mjs';

describe('auditVerdict', () => {
  it('when a runtime dependency has a high advisory, then the audit fails and names it', () => {
    const v = auditVerdict({
      vulnerabilities: { qs: { name: 'qs', severity: 'high' }, ms: { name: 'ms', severity: 'low' } },
      metadata: { vulnerabilities: { total: 2, low: 1, high: 1, critical: 0 } },
    });
    expect(v).toMatchObject({ checked: true, ok: false });
    expect(v.message).toContain('qs (high)');
    expect(v.message).not.toContain('ms (low)');
  });

  it('when only low and moderate advisories exist, then it passes and counts them', () => {
    const v = auditVerdict({
      vulnerabilities: { ms: { name: 'ms', severity: 'moderate' } },
      metadata: { vulnerabilities: { total: 1, moderate: 1, high: 0, critical: 0 } },
    });
    expect(v).toEqual({ checked: true, ok: true, message: expect.stringContaining('1 advisories') });
  });

  it('when the registry has no advisory endpoint, then it reports NOT CHECKED instead of a clean audit', () => {
    const v = auditVerdict({
      statusCode: 405,
      uri: 'https://registry.example/-/npm/v1/security/advisories/bulk',
    });
    expect(v.checked).toBe(false);
    expect(v.message).toMatch(/NOT CHECKED.*405/);
  });
});
