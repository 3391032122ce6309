/**
 * Starts the product once for every spec file (its start is the slow part: ~20 s embedded) and stops it, by its pid,
 * after the last file. The specs read its address with `inject('e2eProduct')`. Empties `artifacts/e2e/` first; the product's
 * log goes to `artifacts/e2e/product.log`.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ARTIFACTS } from './harness/browser.js';
import { startProduct } from './harness/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eProduct: { baseUrl: string; port: number; pid: number; mode: 'embedded' | 'server' };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  rmSync(ARTIFACTS, { recursive: true, force: true }); // this run's screenshots only
  const t0 = Date.now();
  const product = await startProduct({ logFile: path.join(ARTIFACTS, 'product.log') });
  console.log(`[e2e] product (${product.mode} mode) at ${product.baseUrl}, pid ${product.pid}, ready in ${Date.now() - t0} ms`);
  project.provide('e2eProduct', { baseUrl: product.baseUrl, port: product.port, pid: product.pid, mode: product.mode });
  return async () => {
    await product.stop();
    console.log(`[e2e] product (pid ${product.pid}) stopped`);
  };
}
