import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const DOCS = '/api/docs';
const contracts = [
  { name: 'API de la aplicación (/api)', file: 'app.yaml' },
  { name: 'API de backend', file: 'backend.yaml' },
];

/** A readable reference of both contracts at /api/docs (Swagger UI, served from the installed package). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  const { getAbsoluteFSPath } = createRequire(import.meta.url)('swagger-ui-dist') as { getAbsoluteFSPath: () => string };
  await app.register(fastifyStatic, { root: getAbsoluteFSPath(), prefix: `${DOCS}/ui/`, decorateReply: false, index: false });

  for (const { file } of contracts) {
    const source = new URL(`../../../../openapi/${file}`, import.meta.url);
    app.get(`${DOCS}/${file}`, async (_request, reply) =>
      reply.type('application/yaml; charset=utf-8').send(await readFile(source, 'utf8')),
    );
  }
  const urls = JSON.stringify(contracts.map(({ name, file }) => ({ name, url: `${DOCS}/${file}` })));
  // A script file rather than an inline one, which the content security policy refuses.
  const start = `SwaggerUIBundle({ dom_id: '#docs', urls: ${urls}, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });`;
  const page = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>Recompra — referencia de la API</title>
<link rel="stylesheet" href="${DOCS}/ui/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="${DOCS}/ui/swagger-ui-bundle.js"></script>
<script src="${DOCS}/ui/swagger-ui-standalone-preset.js"></script>
<script src="${DOCS}/start.js"></script>
</body></html>`;
  app.get(`${DOCS}/start.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(start));
  app.get(DOCS, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
}
