/**
 * #23 item 6: the demo partners come with logos (DEMO_BANNERS, on by default, off in the other e2e servers): each of
 * the three IT demo templates gets a drawn 320×160 and 160×80 PNG, stored as the administrator's upload and set by a
 * template edit, so `GET /open/partners?market=IT` names them and `GET /open/image?path=partner-logo/<id>` serves them.
 * They are the administrator's uploads (another manager may not name them), and a restart draws none again.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import sharp from 'sharp';
import { ApiClient, type RunningServer, type ServerStorage, createStorage, startServer } from '../testing/server.test-support.js';
import { eventually } from '../testing/auction.test-support.js';
import { download } from '../vehicles/uploads/vehicle-uploads.test-support.js';

const DEMO_PARTNERS = ['T-DEMO-FLEET', 'T-DEMO-LEASYS', 'T-DEMO-RENT'];
interface Partner { idTemplate: string; largeLogo: string | null; smallLogo: string | null; numFeedback: number; auctioneerRating: number }

describe('demo partner logos (embedded, DEMO_BANNERS=true)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;

  const demoPartners = async () => {
    const res = await ApiClient.anonymous(server!.baseUrl).get<{ items: Partner[] }>('/api/v1/open/partners?market=IT&limit=100');
    expect(res.status).toBe(200);
    return res.body.items.filter((p) => DEMO_PARTNERS.includes(p.idTemplate)).sort((a, b) => a.idTemplate.localeCompare(b.idTemplate));
  };
  const withLogos = (partners: Partner[]) => {
    expect(partners.map((p) => [p.idTemplate, typeof p.largeLogo, typeof p.smallLogo])).toEqual(DEMO_PARTNERS.map((id) => [id, 'string', 'string']));
  };

  beforeAll(async () => {
    storage = await createStorage('embedded');
    server = await startServer(storage, { DEMO_BANNERS: 'true' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('the IT demo partners (three: two carousel slides) have a large and a small logo, served by open/image; a restart draws none again', async () => {
    const { value: partners } = await eventually(demoPartners, withLogos, 60_000);
    // The third demo partner has its past auction's ratings too (DEMO_DEALERS=70 ≥ 10): votes 4, 5, 4.
    expect(partners.find((p) => p.idTemplate === 'T-DEMO-FLEET')).toMatchObject({ numFeedback: 3, auctioneerRating: 4.3 });
    const visitor = ApiClient.anonymous(server!.baseUrl);
    for (const p of partners) {
      expect(p.largeLogo).not.toBe(p.smallLogo);
      for (const [id, width, height] of [[p.largeLogo!, 320, 160], [p.smallLogo!, 160, 80]] as const) {
        const image = await download(visitor, `/api/v1/open/image?path=partner-logo/${id}`);
        expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
        const meta = await sharp(image.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
      }
    }
    // Stored as the administrator's uploads: another manager cannot publish them on its own template (422450).
    const auctioneer = await ApiClient.login(server!.baseUrl, 'auctioneer');
    const borrowed = await auctioneer.post('/api/v1/secure/template', { body: { templateName: 'Borrowed logo', idMarket: 'IT', largeLogo: partners[0]!.largeLogo } });
    expect([borrowed.status, borrowed.body?.errorCode]).toEqual([422, 422450]);

    await server!.stop();
    server = await startServer(storage!, { DEMO_BANNERS: 'true' });
    // The seeding runs in the background after the start: a moment later, the same logos still.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await demoPartners()).toEqual(partners);
  }, 240_000);
});
