// `npm start` runs this first: builds the web app only when web/dist/index.html is missing or
// older than one of its sources; on a built tree it only compares modification times.
// `--dry-run` says what it would do (and why) without building.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dryRun = process.argv.includes('--dry-run');
const output = join(root, 'web/dist/index.html');
/** What the build reads (web/public is copied as is, when there is one), and what decides the
 * versions of what it bundles. */
const SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/public',
  'web/package.json',
  'domain/src',
  'package-lock.json',
];

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The first file or directory under `path` modified after `since` (a directory's own time
 * changes when an entry is added, removed or renamed). */
function newerThan(path, since) {
  const mtime = mtimeOf(path);
  if (mtime === undefined) return undefined;
  if (mtime > since) return path;
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return undefined; // A file.
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const found = newerThan(join(path, entry.name), since);
    if (found) return found;
  }
  return undefined;
}

function reason() {
  const built = mtimeOf(output);
  if (built === undefined) return 'web/dist/index.html is missing';
  for (const source of SOURCES) {
    const found = newerThan(join(root, source), built);
    if (found) return `${found.slice(root.length)} changed since the last build`;
  }
  return undefined;
}

const why = reason();
if (!why) {
  if (dryRun) console.log('ensure-build: web/dist is up to date, nothing to do');
  process.exit(0);
}
if (dryRun) {
  console.log(`ensure-build: would build the web app (${why})`);
  process.exit(0);
}
console.log(`Building the web app (${why})...`);
const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (build.status !== 0) {
  console.error(
    'The web build failed: fix it, or run the API alone with `npx tsx server/src/main.ts`.',
  );
  process.exit(build.status ?? 1);
}
