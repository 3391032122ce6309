// The `smtp` service of tools/infra (and of docker-compose.yml): an SMTP server that delivers nowhere
// (`SmtpCatcher` of @auction/mail) and a small read-only HTTP JSON API over the mail it caught, like Mailpit:
//   GET /messages?to=&limit=&offset=   GET /messages/:id   DELETE /messages   GET /health
// Needs libs/mail built (`npx tsc -b libs/mail`; tools/infra/infra.sh start smtp does it) and Node 24.
//
//   node tools/infra/services/smtp/smtp-service.mjs [--host 127.0.0.1] [--smtp-port 51025] [--http-port 58025]
//        [--max-messages 500] [--max-bytes 10485760]
// Options fall back to SMTP_HOST, SMTP_PORT, SMTP_API_PORT, SMTP_MAX_MESSAGES, SMTP_MAX_BYTES. Port 0 picks a free
// one. Once both listen it prints one line: `ready SMTP_URL=smtp://... SMTP_API_URL=http://...`. SIGTERM or
// SIGINT closes both and exits 0.
import { parseArgs } from 'node:util';
import { SmtpCatcher, startCatcherHttpApi } from '@auction/mail';

const env = process.env;
let options;
try {
  ({ values: options } = parseArgs({
    options: {
      host: { type: 'string', default: env.SMTP_HOST || '127.0.0.1' },
      'smtp-port': { type: 'string', default: env.SMTP_PORT || '51025' },
      'http-port': { type: 'string', default: env.SMTP_API_PORT || '58025' },
      'max-messages': { type: 'string', default: env.SMTP_MAX_MESSAGES || '500' },
      'max-bytes': { type: 'string', default: env.SMTP_MAX_BYTES || String(10 * 1024 * 1024) },
    },
  }));
} catch (error) {
  fail(error.message);
}

const smtpPort = whole('smtp-port', 0, 65535);
const httpPort = whole('http-port', 0, 65535);
const maxMessages = whole('max-messages', 1, 100_000);
const maxMessageBytes = whole('max-bytes', 1024, 1024 * 1024 * 1024);

let catcher;
let api;
try {
  catcher = await SmtpCatcher.start({ host: options.host, port: smtpPort, maxMessages, maxMessageBytes });
  api = await startCatcherHttpApi(catcher, { host: options.host, port: httpPort });
} catch (error) {
  await catcher?.close();
  fail(`cannot listen: ${error.message}`);
}
console.log(`ready SMTP_URL=${catcher.url} SMTP_API_URL=${api.url}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    await Promise.all([api.close(), catcher.close()]);
    process.exit(0);
  });
}

function whole(name, min, max) {
  const text = options[name];
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) fail(`--${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`);
  return value;
}

function fail(message) {
  console.error(`smtp-service: ${message}`);
  process.exit(2);
}
