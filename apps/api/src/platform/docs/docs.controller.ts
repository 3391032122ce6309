import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openApiDocument } from './openapi.js';
import { Public } from '../../identity/auth.guard.js';

const require = createRequire(import.meta.url);
const UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);
const TYPES: Record<string, string> = { css: 'text/css', js: 'application/javascript', png: 'image/png' };

/** The OpenAPI description (`/api/docs-json`) and a Swagger UI page (`/api/docs`) served from swagger-ui-dist. */
@Public()
@Controller('api')
export class DocsController {
  /** Built on the first request, not at start: ~250 ms of CPU every start would pay (each test server starts anew). */
  private document: Record<string, unknown> | undefined;

  @Get('docs-json')
  json() {
    return (this.document ??= openApiDocument());
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  page() {
    return `<!doctype html><html><head><meta charset="utf-8"><title>Auction API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/api/docs-json', dom_id: '#ui' });</script></body></html>`;
  }

  @Get('docs/:file')
  async asset(@Param('file') file: string, @Res() reply: FastifyReply) {
    if (!ASSETS.has(file)) throw new NotFoundException(`no asset ${file}`);
    const body = await readFile(join(UI_DIR, file));
    return reply.type(TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream').send(body);
  }
}
