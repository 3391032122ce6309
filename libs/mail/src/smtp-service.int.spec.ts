import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from './caught-mail.js';
import { silentMailLogger } from './logger.js';
import { Mailer } from './mailer.js';
import type { CaughtMailPage } from './smtp-catcher.js';
import { renderAccountEnabled } from './templates/templates.js';

const ROOT = join(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'tools/infra/services/smtp/smtp-service.mjs');

/**
 * The `smtp` service of tools/infra as its own process (what `infra.sh start smtp` and docker-compose run), on
 * ephemeral ports: mail sent over SMTP is read back over its HTTP API.
 */
describe('tools/infra smtp service (child process)', () => {
  let child: ChildProcess;
  let smtpUrl: string;
  let apiUrl: string;
  let output = '';

  beforeAll(async () => {
    // The script imports @auction/mail's build: bring it up to date (a no-op when it is).
    await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(ROOT, 'libs/mail')], { cwd: ROOT });
    child = spawn(process.execPath, [SCRIPT, '--smtp-port', '0', '--http-port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    const ready = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = /^ready (.*)$/m.exec(output);
        if (line) resolve(line[1]!);
      });
      child.once('exit', (code) => reject(new Error(`smtp service exited with ${code}:\n${output}`)));
    });
    smtpUrl = /SMTP_URL=(\S+)/.exec(ready)![1]!;
    apiUrl = /SMTP_API_URL=(\S+)/.exec(ready)![1]!;
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('catches a mail sent over SMTP and serves it over HTTP', async () => {
    expect(smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const mailer = new Mailer({ smtpUrl, logger: silentMailLogger });
    const rendered = renderAccountEnabled({ language: 'nl', site: { baseUrl: 'https://portal.example.com/', portalName: 'Veilingen' }, username: 'jan.jansen' });
    const result = await mailer.send({ to: 'jan@example.com', ...rendered });
    mailer.close();
    expect(result.status).toBe('sent');

    const page = (await (await fetch(`${apiUrl}/messages?to=jan%40example.com`)).json()) as CaughtMailPage;
    expect(page.total).toBe(1);
    const listed = page.items[0]!;
    expect(listed).toMatchObject({ messageId: result.messageId, to: ['jan@example.com'], subject: 'Uw account op Veilingen is geactiveerd' });
    const one = (await (await fetch(`${apiUrl}/messages/${listed.id}`)).json()) as CaughtMail;
    expect(one.text.split('\n')).toContain('https://portal.example.com/private');
    expect(one.html).toContain('<html lang="nl">');

    expect((await fetch(`${apiUrl}/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(((await (await fetch(`${apiUrl}/messages`)).json()) as CaughtMailPage).total).toBe(0);
    expect(output).toContain(`caught ${listed.id}`);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
