// `npm test`: every check of the project, in order, each timed; fails when any fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Vitest or Jest JSON results to count tests from; otherwise the step counts as one check. */
  results?: string;
}

const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const vitest = (name: string, extra: string[] = []) => [
  'npx',
  'vitest',
  'run',
  ...extra,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${RESULTS}/${name}.json`,
];

const databaseUrl = process.env.TEST_DATABASE_URL;
const steps: Step[] = [
  {
    name: 'Contratos: lint',
    command: ['npx', 'redocly', 'lint', 'openapi/app.yaml', 'openapi/backend.yaml'],
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
  { name: 'Contratos: tipos generados al día', command: ['npx', 'tsx', 'scripts/gen.ts', '--check'] },
  { name: 'Panda: código generado', command: ['npx', 'panda', 'codegen', '--silent'] },
  { name: 'TypeScript', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'ESLint', command: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'Formato e importaciones (Biome)', command: ['npx', 'biome', 'ci', '.'] },
  { name: 'Vitest: web y servidor (PGlite)', command: vitest('unit'), results: `${RESULTS}/unit.json` },
];
if (databaseUrl && (await reachable(databaseUrl))) {
  steps.push({
    name: 'Vitest: servidor (PostgreSQL)',
    command: vitest('postgres', ['--project', 'server']),
    env: { TEST_DATABASE_URL: databaseUrl },
    results: `${RESULTS}/postgres.json`,
  });
} else {
  console.log(
    databaseUrl
      ? `PostgreSQL en ${databaseUrl} no responde: se omiten las pruebas del servidor sobre PostgreSQL.`
      : 'TEST_DATABASE_URL no está definida: se omiten las pruebas del servidor sobre PostgreSQL.',
  );
}
steps.push(
  {
    name: 'Storybook: capturas y accesibilidad',
    command: ['npx', 'tsx', 'scripts/test-stories.ts', '--json', `${RESULTS}/stories.json`],
    results: `${RESULTS}/stories.json`,
  },
  { name: 'Compilación web', command: ['npm', 'run', '--silent', 'build'] },
  { name: 'Extremo a extremo (Chromium)', command: vitest('e2e', ['--config', 'vitest.e2e.config.ts']), results: `${RESULTS}/e2e.json` },
);

const summary: { name: string; ok: boolean; seconds: number; passed: number; failed: number; failures: string[] }[] = [];
const started = Date.now();
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const begin = Date.now();
  const code = await run(step.command, step.env);
  const counts = step.results ? countResults(step.results) : null;
  const ok = code === 0;
  summary.push({
    name: step.name,
    ok,
    seconds: (Date.now() - begin) / 1000,
    passed: counts?.passed ?? (ok ? 1 : 0),
    failed: counts ? counts.failed + (ok || counts.failed ? 0 : 1) : ok ? 0 : 1,
    failures: counts?.failures ?? [],
  });
}

console.log('\nResumen');
for (const step of summary)
  console.log(
    `  ${step.ok ? '✔' : '✘'} ${step.name.padEnd(40)} ${step.seconds.toFixed(1).padStart(6)} s  ${step.passed} ok${step.failed ? `, ${step.failed} con error` : ''}`,
  );
console.log(`  Total ${((Date.now() - started) / 1000).toFixed(1)} s`);
const passed = summary.reduce((sum, step) => sum + step.passed, 0);
const failed = summary.reduce((sum, step) => sum + step.failed, 0);
// Named last, so that the tail of a long log says which tests failed and why.
for (const step of summary) for (const failure of step.failures) console.log(`  ✘ ${step.name} › ${failure}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(summary.every((step) => step.ok) ? 0 : 1);

function run(command: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Jest and Vitest write the same JSON report: counts, and each test's status and messages. */
interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

function countResults(file: string): { passed: number; failed: number; failures: string[] } | null {
  if (!existsSync(file)) return null;
  const results = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  const failures: string[] = [];
  for (const suite of results.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${basename(suite.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that fails before its tests run (an import error) has only its own message.
    if (!failedTests.length && suite.message) failures.push(`${basename(suite.name)}: ${firstLine(suite.message)}`);
  }
  return { passed: results.numPassedTests, failed: results.numFailedTests, failures };
}

function firstLine(message = ''): string {
  const plain = stripVTControlCharacters(message).trim();
  return (plain.split('\n').find((line) => line.trim()) ?? '').trim().slice(0, 300);
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
