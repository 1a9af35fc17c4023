import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/*
 * The JavaScript a page needs before it shows, read from the production build's manifest: the entry
 * (with the text groups every page needs), the page's chunk and what they import statically, plus the
 * page's own text groups. Charts are imported dynamically, so they stay out until a chart renders.
 */

const DIST = join(import.meta.dirname, '../../dist/web');
const DASHBOARD_BUDGET_BYTES = 200 * 1024;

type Manifest = Record<string, { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

describe('dashboard route bundle', () => {
  it(`loads under ${DASHBOARD_BUDGET_BYTES / 1024} KB of gzipped JavaScript, charts apart`, async () => {
    const manifest = JSON.parse(await readFile(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
    // The groups every page needs are part of the entry; the page's code and its own text groups come in a chunk
    // each, which vite.config.ts names (modules grouped into a chunk lose their own key in the manifest).
    const named = (name: string) => Object.keys(manifest).filter((key) => manifest[key]?.name === name);
    const [page, textGroups] = [named('dashboard-top'), named('dashboard-texts')];
    expect(page.length).toBeGreaterThan(0);
    expect(textGroups.length).toBeGreaterThan(0);
    const chunks = staticClosure(manifest, ['index.html', ...page, ...textGroups]);
    // Loaded later by a chunk of the page (the chart's lazy wrapper, shared with the campaign detail).
    const later = new Set([...chunks].flatMap((key) => manifest[key]?.dynamicImports ?? []));
    expect(later.has('ui/chart/index.ts')).toBe(true);
    expect(chunks.has('ui/chart/index.ts')).toBe(false);

    let gzipped = 0;
    for (const key of chunks) gzipped += gzipSync(await readFile(join(DIST, manifest[key]!.file))).length;
    const chart = gzipSync(await readFile(join(DIST, manifest['ui/chart/index.ts']!.file))).length;
    console.log(
      `dashboard route: ${(gzipped / 1024).toFixed(1)} KB gzip in ${chunks.size} chunks; charts, loaded later: ${(chart / 1024).toFixed(1)} KB`,
    );
    expect(gzipped).toBeLessThan(DASHBOARD_BUDGET_BYTES);
  });
});

describe('the production build', () => {
  it('ships the icons a browser asks for and none of the development mocks', async () => {
    await expect(access(join(DIST, 'favicon.ico'))).resolves.toBeUndefined();
    await expect(access(join(DIST, 'mockServiceWorker.js'))).rejects.toThrow();
  });
});
