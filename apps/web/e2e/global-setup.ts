/**
 * Starts the product once for every spec file (its start is the slow part: ~20 s embedded) and stops it, by its pid,
 * after the last file. The specs read its address with `inject('e2eProduct')`. Empties its artifacts folder first
 * (`artifacts/e2e/`, or `artifacts/e2e-waits/` for E2E_GROUP=waits; a run of every file empties both); the product's
 * log goes to `product.log` there.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ARTIFACTS, WAITS_ARTIFACTS } from './harness/browser.js';
import { startProduct } from './harness/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eProduct: { baseUrl: string; port: number; pid: number; mode: 'embedded' | 'server' };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  rmSync(ARTIFACTS, { recursive: true, force: true }); // this run's screenshots only
  if (process.env.E2E_GROUP === undefined) rmSync(WAITS_ARTIFACTS, { recursive: true, force: true });
  const t0 = Date.now();
  const product = await startProduct({ logFile: path.join(ARTIFACTS, 'product.log') });
  console.log(`[e2e] product (${product.mode} mode) at ${product.baseUrl}, pid ${product.pid}, ready in ${Date.now() - t0} ms`);
  project.provide('e2eProduct', { baseUrl: product.baseUrl, port: product.port, pid: product.pid, mode: product.mode });
  return async () => {
    await product.stop();
    console.log(`[e2e] product (pid ${product.pid}) stopped`);
  };
}
