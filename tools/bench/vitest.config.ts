import { mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.ts';

export default mergeConfig(sharedConfig, { test: { name: 'bench', include: ['src/**/*.unit.spec.ts'] } });
