// Types of build/audit-verdict.mjs for its unit test.
export interface AuditVerdict {
  checked: boolean;
  ok: boolean;
  message: string;
}
export function auditVerdict(report: unknown): AuditVerdict;
