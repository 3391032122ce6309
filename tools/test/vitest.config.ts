import { defineConfig } from 'vitest/config';

/** Workspace-wide checks (module boundaries). */
export default defineConfig({ test: { name: 'workspace', include: ['*.spec.ts'] } });
