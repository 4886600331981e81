/** Minimal structured logger. Never pass secrets, tokens or passwords to it. */
export interface Logger {
  info(msg: string, meta?: Record<string, unknown>): void;
  warn(msg: string, meta?: Record<string, unknown>): void;
  error(msg: string, meta?: Record<string, unknown>): void;
}
const write = (level: string) => (msg: string, meta?: Record<string, unknown>) => {
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...meta });
  if (level === 'error') console.error(line);
  else console.info(line);
};
export const consoleLogger: Logger = { info: write('info'), warn: write('warn'), error: write('error') };
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
