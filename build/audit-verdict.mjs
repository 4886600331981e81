// What an `npm audit --json` answer means for CI (build/audit.mjs): checked or not, and passing or not.

/**
 * @param {any} report the parsed `npm audit --omit=dev --json` output
 * @returns {{ checked: boolean, ok: boolean, message: string }}
 */
export function auditVerdict(report) {
  if (report.statusCode || report.error) {
    const status = report.statusCode ?? 'an error';
    return {
      checked: false,
      ok: true,
      message:
        `npm audit: NOT CHECKED. The registry's advisory endpoint answered ${status} (${report.uri ?? 'no address'}); ` +
        'run `npm audit --omit=dev` where the public registry is reachable.',
    };
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  const serious = Object.values(report.vulnerabilities ?? {})
    .filter((v) => v.severity === 'high' || v.severity === 'critical')
    .map((v) => `${v.name} (${v.severity})`);
  const summary = `npm audit --omit=dev: ${counts.total ?? 0} advisories (high ${counts.high ?? 0}, critical ${counts.critical ?? 0})`;
  if (serious.length > 0 || (counts.high ?? 0) + (counts.critical ?? 0) > 0)
    return {
      checked: true,
      ok: false,
      message: `${summary}. High or critical advisories in runtime dependencies: ${serious.join(', ')}`,
    };
  return { checked: true, ok: true, message: summary };
}
