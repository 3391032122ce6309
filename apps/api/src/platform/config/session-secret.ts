import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config.js';
import type { JsonLogger } from './json-logger.js';

/** The session-signing secret: SESSION_SECRET, else one kept in DATA_DIR (so sessions survive a restart). */
export function loadSessionSecret(config: AppConfig, logger: JsonLogger): Buffer {
  if (config.sessionSecret) return Buffer.from(config.sessionSecret);
  if (config.mode !== 'embedded') logger.warn('SESSION_SECRET is not set: several API instances will not accept each other\'s sessions', 'Bootstrap');
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
