// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILD_STAMP = 'dist/web/index.html';
const SOURCES = ['src/web', 'src/shared', 'panda.config.ts', 'vite.config.ts', 'package-lock.json'];
const GENERATED = /(^|\/)(styled-system|node_modules)(\/|$)/;

function newestChange(path: string): number {
  if (!existsSync(path) || GENERATED.test(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const built = existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : 0;
const sourcesChanged = Math.max(...SOURCES.map(newestChange));
if (built < sourcesChanged) {
  console.log(built ? 'La aplicación web cambió: compilando…' : 'Compilando la aplicación web por primera vez…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// NODE_ENV stays as given: set NODE_ENV=production for a real deployment (README.md says what changes).
await import('../src/server/main.ts');
