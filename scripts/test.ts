// `npm test`: every check of the project, each timed; fails when any fails.
//
// The checks run in two lanes side by side, since neither keeps both cores busy on its own: the
// static checks and the server's tests in one; the web build and Storybook's pictures in the other. Then
// each lane takes end-to-end journeys from a shared list until none is left, so both end together. Each
// step's output is kept and printed whole when it ends, so two steps never
// interleave their lines. The summary at the end gives each step's time, the slowest files, the cost
// of a story and of a test, and what the run would take with half as many again of both.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Vitest or Jest JSON results to count tests from; otherwise the step counts as one check. */
  results?: string;
  /** What the step's results count, for the cost lines of the summary. */
  counts?: 'stories' | 'tests';
  /** Beside its files' names in the summary, where two steps run the same files. */
  label?: string;
}

interface Outcome {
  name: string;
  lane: number;
  ok: boolean;
  seconds: number;
  /** Processor seconds of the step and every process it waited for (user and system), when the machine can tell. */
  cpuSeconds: number | null;
  /** Share of the machine's processors busy while the step ran, whatever ran them. */
  machineBusy: number | null;
  passed: number;
  failed: number;
  failures: string[];
  counts?: Step['counts'];
  files: { name: string; seconds: number }[];
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
const NO_COLOR = { FORCE_COLOR: '0' };

// Panda writes the styled-system both lanes read; it runs once before them.
const first: Step = { name: 'Panda: código generado', command: ['npx', 'panda', 'codegen', '--silent'] };

const databaseUrl = process.env.TEST_DATABASE_URL;
// Only the PostgreSQL step gets the server's address: every other step (the PGlite one above all) runs without it.
delete process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(databaseUrl && (await reachable(databaseUrl)));
if (!onPostgres)
  console.log(
    databaseUrl
      ? `PostgreSQL en ${databaseUrl} no responde: se omiten las pruebas del servidor sobre PostgreSQL.`
      : 'TEST_DATABASE_URL no está definida: se omiten las pruebas del servidor sobre PostgreSQL.',
  );
/**
 * What runs on PGlite. Without a PostgreSQL server, every test. With one, every server test runs there (three times
 * faster than WebAssembly, and with the many connections that find races), and PGlite keeps the layers whose behaviour
 * is its own (one connection that serialises transactions, its thread, its dump, the jobs and live events on top of
 * it); the features reach PGlite through every end-to-end journey, whose server runs on it as `npm start` does. The
 * platforms' clients and sandboxes talk to no database of their own, so they run once, with the server's tests.
 * `npx vitest run` runs them all on PGlite.
 */
const PGLITE_WITH_POSTGRES = ['tests/web/', 'tests/shared/', 'tests/server/platform/'];
const serverLane: Step[] = [
  {
    name: 'Contratos: lint',
    command: ['npx', 'redocly', 'lint', 'openapi/app.yaml', 'openapi/backend.yaml'],
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
  { name: 'Contratos: tipos generados al día', command: ['npx', 'tsx', 'scripts/gen.ts', '--check'] },
  { name: 'TypeScript', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'ESLint', command: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'Formato e importaciones (Biome)', command: ['npx', 'biome', 'ci', '.'] },
  // Two workers: on two cores Vitest's default is one.
  {
    name: onPostgres ? 'Vitest: web y plataforma (PGlite)' : 'Vitest: web y servidor (PGlite)',
    command: vitest('unit', ['--maxWorkers=2', ...(onPostgres ? PGLITE_WITH_POSTGRES : [])]),
    results: `${RESULTS}/unit.json`,
    counts: 'tests',
    label: 'PGlite',
  },
];
if (onPostgres) {
  // The server does much of this step's work, so a third worker keeps the cores busy while two wait on it.
  serverLane.push({
    name: 'Vitest: servidor (PostgreSQL)',
    command: vitest('postgres', ['--project', 'server', '--maxWorkers=3']),
    env: { TEST_DATABASE_URL: databaseUrl! },
    results: `${RESULTS}/postgres.json`,
    counts: 'tests',
    label: 'PostgreSQL',
  });
}
// The browser lane's first step: every journey serves its result.
const webBuild: Step = { name: 'Compilación web', command: ['npm', 'run', '--silent', 'build'] };
const browserLane: Step[] = [
  {
    name: 'Storybook: capturas y accesibilidad',
    command: ['npx', 'tsx', 'scripts/test-stories.ts', '--json', `${RESULTS}/stories.json`],
    results: `${RESULTS}/stories.json`,
    counts: 'stories',
  },
];
/**
 * The end-to-end journeys, shared by both lanes: a lane whose own steps are done takes the next one, so both end
 * together whatever each lane's steps cost on this machine. The longest go first (by their times in earlier runs), so
 * the last to start are short; a journey not named here goes after them.
 */
const LONGEST_JOURNEYS_FIRST = [
  'chat',
  'onboarding',
  'segments',
  'whatsapp-campaigns',
  'ad-campaigns',
  'session',
  'first-contact',
  'whatsapp-templates',
  'social-ads',
  'subscription',
  'team',
];
const journeyFiles = readdirSync('tests/e2e')
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => file.replace(/\.test\.ts$/, ''))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
function rank(journey: string): number {
  const index = LONGEST_JOURNEYS_FIRST.indexOf(journey);
  return index === -1 ? LONGEST_JOURNEYS_FIRST.length : index;
}
const journeys: Step[] = journeyFiles.map((journey) => ({
  name: `Extremo a extremo (Chromium): ${journey}`,
  command: vitest(`e2e-${journey}`, ['--config', 'vitest.e2e.config.ts', `tests/e2e/${journey}.test.ts`]),
  results: `${RESULTS}/e2e-${journey}.json`,
  counts: 'tests',
}));

const started = Date.now();
const machineAtStart = machineTicks();
const outcomes: Outcome[] = [await runStep(first, 0)];
if (outcomes[0]!.ok) {
  const built = runStep(webBuild, 2);
  const lanes = [serverLane, [built, ...browserLane]];
  const laneOutcomes = await Promise.all(
    lanes.map(async (steps, index) => {
      const done: Outcome[] = [];
      for (const step of steps) done.push(await ('name' in step ? runStep(step, index + 1) : step));
      if (!(await built).ok) return done;
      for (let journey = journeys.shift(); journey; journey = journeys.shift()) done.push(await runStep(journey, index + 1));
      return done;
    }),
  );
  outcomes.push(...laneOutcomes.flat());
}
const wallSeconds = (Date.now() - started) / 1000;
printSummary(outcomes, wallSeconds, machineBusy(machineAtStart, machineTicks()));
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);

async function runStep(step: Step, lane: number): Promise<Outcome> {
  console.log(`▶ ${step.name}`);
  const log = `${RESULTS}/${slug(step.name)}.log`;
  const begin = Date.now();
  const ticksAtBegin = machineTicks();
  const cpuFile = `${RESULTS}/${slug(step.name)}.cpu`;
  const code = await run(withCpuTime(step.command, cpuFile), { ...NO_COLOR, ...step.env }, log);
  const seconds = (Date.now() - begin) / 1000;
  const report = step.results ? readReport(step.results) : null;
  const ok = code === 0;
  console.log(`\n━━ ${step.name}: ${ok ? 'bien' : 'CON ERRORES'} en ${seconds.toFixed(1)} s (${log}) ━━`);
  console.log(readFileSync(log, 'utf8').trimEnd());
  return {
    name: step.name,
    lane,
    ok,
    seconds,
    cpuSeconds: readCpuTime(cpuFile),
    machineBusy: machineBusy(ticksAtBegin, machineTicks()),
    passed: report?.passed ?? (ok ? 1 : 0),
    failed: report ? report.failed + (ok || report.failed ? 0 : 1) : ok ? 0 : 1,
    failures: report?.failures ?? [],
    ...(step.counts ? { counts: step.counts } : {}),
    files: (report?.files ?? []).map((file) => (step.label ? { ...file, name: `${file.name} (${step.label})` } : file)),
  };
}

function printSummary(outcomes: Outcome[], wall: number, busy: number | null): void {
  console.log('\nResumen (carril 1: estático y servidor; carril 2: navegador)');
  for (const step of outcomes)
    console.log(
      `  ${step.ok ? '✔' : '✘'} ${step.lane || '-'} ${step.name.padEnd(40)} ${step.seconds.toFixed(1).padStart(6)} s` +
        `${step.cpuSeconds === null ? '' : ` (CPU ${step.cpuSeconds.toFixed(0)} s)`}` +
        `${step.machineBusy === null ? '' : ` [máquina ${(step.machineBusy * 100).toFixed(0)} %]`}  ${step.passed} ok${step.failed ? `, ${step.failed} con error` : ''}`,
    );
  const cpu = outcomes.every((step) => step.cpuSeconds !== null) ? outcomes.reduce((sum, step) => sum + step.cpuSeconds!, 0) : null;
  // Both cores busy for the whole run would be twice the wall time. The steps' own processes only: the machine's
  // line below counts the servers they talk to (PostgreSQL) as well.
  console.log(
    `  Total ${wall.toFixed(1)} s (${(wall / 60).toFixed(1)} min)${cpu === null ? '' : `, CPU ${cpu.toFixed(0)} s (${(cpu / wall).toFixed(2)} núcleos en promedio)`}`,
  );
  // The machine as a whole, servers and browsers included: near 100 % the run waits for processors, not for time.
  if (busy !== null) console.log(`  Procesadores de la máquina ocupados: ${(busy * 100).toFixed(0)} % del tiempo`);

  const slowest = (kind: Outcome['counts']) =>
    outcomes
      .filter((step) => step.counts === kind)
      .flatMap((step) => step.files)
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
  console.log('\nLos diez archivos de historias más lentos');
  for (const file of slowest('stories')) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);
  console.log('Los diez archivos de pruebas más lentos');
  for (const file of slowest('tests')) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);

  const cost = (kind: Outcome['counts']) => {
    const steps = outcomes.filter((step) => step.counts === kind);
    const seconds = steps.reduce((sum, step) => sum + step.seconds, 0);
    const count = steps.reduce((sum, step) => sum + step.passed + step.failed, 0);
    return { seconds, count, each: count ? seconds / count : 0 };
  };
  const stories = cost('stories');
  const tests = cost('tests');
  console.log(
    `\nCosto: ${stories.each.toFixed(2)} s por historia (${stories.count} en ${stories.seconds.toFixed(0)} s), ` +
      `${tests.each.toFixed(2)} s por prueba (${tests.count} en ${tests.seconds.toFixed(0)} s, PostgreSQL y extremo a extremo incluidos).`,
  );
  // With half as many stories and tests again, each step that runs them takes half as long again, its
  // fixed start included (a pessimistic reading); the other steps stay. The lanes still run side by side.
  const laneSeconds = (scale: number) =>
    Math.max(
      ...[1, 2].map((lane) =>
        outcomes.filter((step) => step.lane === lane).reduce((sum, step) => sum + step.seconds * (step.counts ? scale : 1), 0),
      ),
    );
  const before = outcomes.filter((step) => step.lane === 0).reduce((sum, step) => sum + step.seconds, 0);
  const projected = before + laneSeconds(1.5) + (wall - before - laneSeconds(1));
  console.log(
    `Proyección con 1,5× historias y pruebas: ${(projected / 60).toFixed(1)} min ` +
      `(cada paso con historias o pruebas × 1,5; el carril más largo decide).`,
  );

  const passed = outcomes.reduce((sum, step) => sum + step.passed, 0);
  const failed = outcomes.reduce((sum, step) => sum + step.failed, 0);
  // Named last, so that the tail of a long log says which tests failed and why.
  for (const step of outcomes) for (const failure of step.failures) console.log(`  ✘ ${step.name} › ${failure}`);
  console.log(`\n${passed} passed, ${failed} failed`);
}

function run(command: string[], env: Record<string, string>, logFile: string): Promise<number> {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code, signal) => log.end(() => resolve(code ?? (signal ? 1 : 0))));
  });
}

/**
 * The command measured by GNU time, which writes the processor seconds of it and of every process it waited for;
 * as it is, where the machine has no GNU time. Servers the step only talks to (PostgreSQL) are not counted.
 */
function withCpuTime(command: string[], file: string): string[] {
  const gnuTime = '/usr/bin/time';
  return existsSync(gnuTime) ? [gnuTime, '--quiet', '-f', '%U %S', '-o', file, ...command] : command;
}

/** The machine's processor time since boot, busy and in all (Linux's /proc/stat, in ticks); null elsewhere. */
function machineTicks(): { busy: number; total: number } | null {
  if (!existsSync('/proc/stat')) return null;
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  // Idle and waiting for the disk are the two fields that are not work.
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

function machineBusy(from: ReturnType<typeof machineTicks>, to: ReturnType<typeof machineTicks>): number | null {
  return from && to && to.total > from.total ? (to.busy - from.busy) / (to.total - from.total) : null;
}

function readCpuTime(file: string): number | null {
  if (!existsSync(file)) return null;
  const [user, system] = (readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '').split(/\s+/).map(Number);
  return Number.isFinite(user) && Number.isFinite(system) ? user! + system! : null;
}

/** Jest and Vitest write the same JSON report: counts, and each file's times and each test's status and messages. */
interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    message?: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

function readReport(file: string) {
  if (!existsSync(file)) return null;
  const results = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  const failures: string[] = [];
  const files: Outcome['files'] = [];
  for (const suite of results.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    // By path: tests of different folders share names (integrations/meta/client.test.ts, …/shopify/client.test.ts).
    for (const test of failedTests) failures.push(`${displayName(suite.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that fails before its tests run (an import error) has only its own message.
    if (!failedTests.length && suite.message) failures.push(`${displayName(suite.name)}: ${firstLine(suite.message)}`);
    if (suite.startTime && suite.endTime) files.push({ name: displayName(suite.name), seconds: (suite.endTime - suite.startTime) / 1000 });
  }
  return { passed: results.numPassedTests, failed: results.numFailedTests, failures, files };
}

/** A project file by its path; the runner's generated story test files by their story file's title. */
function displayName(path: string): string {
  return path.startsWith(process.cwd()) ? relative(process.cwd(), path) : basename(path, '.test.js');
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
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
