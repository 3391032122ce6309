/**
 * The live channel's retained state a bench run leaves in Mosquitto. Every scenario runs on a database of its own that
 * the run drops at its end, so the retained topics of its auctions (`auction/{idAuction}` and its lots) would name
 * auctions that exist nowhere: the product clears a lot's topic a while after the lot is final, but a lot still running
 * when its API is stopped, or final less than that while before, stays. The run lists the retained auctions before its
 * first scenario and clears, at its end, those that appeared meanwhile (the Mosquitto clients, `mosquitto_sub`).
 */
import type { InfraEnv } from './infra.js';
import { run } from './util.js';

type Mqtt = NonNullable<InfraEnv['mqtt']>;

/** How long `mosquitto_sub` waits for more retained messages (they come at once after the SUBACK). */
const WAIT_SECONDS = 3;
/** Auctions per `mosquitto_sub` clearing them (two filters each on its command line). */
const CHUNK = 200;

function connectArgs(mqtt: Mqtt): string[] {
  const u = new URL(mqtt.url);
  return ['-h', u.hostname, '-p', u.port || '1883', '-u', mqtt.username, '-P', mqtt.password, '-q', '1'];
}

/** The auctions named by a list of topics (`auction/{idAuction}[/lot/{idLot}]`). */
export function auctionsOfTopics(topics: Iterable<string>): Set<string> {
  const ids = new Set<string>();
  for (const topic of topics) {
    const [root, idAuction] = topic.split('/');
    if (root === 'auction' && idAuction) ids.add(idAuction);
  }
  return ids;
}

/** The retained topics under `auction/` in Mosquitto now. */
export async function retainedAuctionTopics(mqtt: Mqtt): Promise<string[]> {
  // Exits with 27 when the wait ends: the normal way out here.
  const result = await run('mosquitto_sub', [...connectArgs(mqtt), '-t', 'auction/#', '--retained-only', '-W', String(WAIT_SECONDS), '-F', '%t'], {
    timeoutMs: 60_000,
  });
  if (result.code !== 0 && result.code !== 27) throw new Error(`mosquitto_sub failed (exit ${result.code}): ${result.stderr.slice(-2000)}`);
  return result.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** Clears every retained topic of these auctions (their own topic and their lots'). */
export async function clearRetainedAuctions(mqtt: Mqtt, idAuctions: readonly string[]): Promise<void> {
  for (let i = 0; i < idAuctions.length; i += CHUNK) {
    const filters = idAuctions.slice(i, i + CHUNK).flatMap((id) => ['-t', `auction/${id}/#`]);
    // `auction/{id}/#` matches `auction/{id}` too; --remove-retained clears each retained message it receives.
    await run('mosquitto_sub', [...connectArgs(mqtt), ...filters, '--retained-only', '--remove-retained', '-W', String(WAIT_SECONDS)], { timeoutMs: 120_000 })
      .then((r) => {
        if (r.code !== 0 && r.code !== 27) throw new Error(`mosquitto_sub --remove-retained failed (exit ${r.code}): ${r.stderr.slice(-2000)}`);
      });
  }
}

/**
 * Clears the retained state of the auctions that were not retained at the run's start (`before`, from
 * {@link retainedAuctionTopics}); returns how many auctions and topics were cleared, and how many topics are left.
 */
export async function clearRunRetained(mqtt: Mqtt, before: readonly string[]): Promise<{ auctions: number; topics: number; left: number }> {
  const known = auctionsOfTopics(before);
  const now = await retainedAuctionTopics(mqtt);
  const mine = [...auctionsOfTopics(now)].filter((id) => !known.has(id));
  const mineSet = new Set(mine);
  await clearRetainedAuctions(mqtt, mine);
  const left = await retainedAuctionTopics(mqtt);
  return { auctions: mine.length, topics: now.filter((t) => mineSet.has(t.split('/')[1]!)).length, left: left.length };
}
