// `npm ci` refuses a lock file that lacks an entry for any optional dependency, even one for
// another platform. This machine's registry mirror answers 404 for some of those (e.g. the
// non-Linux builds of @unrs/resolver-binding-*), and `npm install` then silently leaves them
// out of package-lock.json: `npm install` still works but CI's `npm ci` fails. This check fails
// `npm run lint` instead, naming what is missing (docs/decisions.md, "Lock file").
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const packages = lock.packages ?? {};

/** Node's lookup: the dependency in this package's node_modules or in any ancestor's. */
function resolves(fromPath, name) {
  let dir = fromPath;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

const missing = [];
for (const [path, pkg] of Object.entries(packages)) {
  for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
    if (!resolves(path, name)) missing.push(`${name} (optional dependency of ${path || 'the project'})`);
  }
}
if (missing.length > 0) {
  console.error(
    `package-lock.json lacks ${missing.length} optional dependencies, so \`npm ci\` would fail:\n  ` +
      missing.join('\n  ') +
      '\nAdd their entries (version, os, cpu, optional) as docs/decisions.md "Lock file" describes.',
  );
  process.exit(1);
}
