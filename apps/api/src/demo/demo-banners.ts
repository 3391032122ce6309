import sharp from 'sharp';
import type { BlobStore } from '@auction/blob-store';
import { decideTopCms, streamId, topCmsImages, type Market, type TopCmsImage, type TopCmsSlot, type TopCmsState } from '@auction/domain';
import { marketLanguages } from '@auction/i18n';
import { bannerOwner, filesOfImage, storeBannerImage } from '../partners/top-cms/banner-images.js';
import type { LiveReadModel } from '../platform/engine/live-read-model.js';
import type { StreamWriter } from '../platform/engine/stream-writer.js';

interface DemoBanner {
  readonly id: string;
  readonly mkt: Market;
  readonly lang: string;
  readonly title: string;
  readonly text: string;
  readonly ctaLabel: string;
  readonly ctaUrl: string;
  readonly colors: readonly [string, string];
}

/** Two banners per demo market (IT and DE, the demo's dealers' and sellers' markets) in its language, one in English. */
export const DEMO_BANNERS: readonly DemoBanner[] = [
  { id: 'TC-IT-1', mkt: 'IT', lang: 'it', title: 'Aste live ogni settimana', text: 'Migliaia di veicoli usati da flotte e noleggio, per operatori professionali.', ctaLabel: 'Scopri di più', ctaUrl: '/registration', colors: ['#0b3d91', '#00a3e0'] },
  { id: 'TC-IT-2', mkt: 'IT', lang: 'it', title: 'Vetrina a prezzo fisso', text: 'Prenota e acquista subito, senza attendere la fine di un\'asta.', ctaLabel: 'I nostri partner', ctaUrl: '/partner', colors: ['#5b2a86', '#e0457b'] },
  { id: 'TC-IT-EN', mkt: 'IT', lang: 'en', title: 'Live auctions every week', text: 'Thousands of used fleet and rental vehicles for professional dealers.', ctaLabel: 'Find out more', ctaUrl: '/registration', colors: ['#0b3d91', '#00a3e0'] },
  { id: 'TC-DE-1', mkt: 'DE', lang: 'de', title: 'Live-Auktionen jede Woche', text: 'Tausende Gebrauchtwagen aus Flotten und Vermietung für Händler.', ctaLabel: 'Mehr erfahren', ctaUrl: '/registration', colors: ['#1f4e3d', '#3fb68b'] },
  { id: 'TC-DE-2', mkt: 'DE', lang: 'de', title: 'Festpreis-Schaufenster', text: 'Reservieren und sofort kaufen.', ctaLabel: 'Registrieren', ctaUrl: '/registration', colors: ['#7a3b00', '#f29f05'] },
];

const SIZES: Readonly<Record<'desktop' | 'mobile', readonly [number, number]>> = { desktop: [1920, 640], mobile: [828, 1100] };

/** A drawn banner background (an SVG rendered by sharp): a gradient, a road and a car's silhouette; the home writes the title over it. */
export async function drawBanner(banner: DemoBanner, slot: 'desktop' | 'mobile'): Promise<Buffer> {
  const [w, h] = SIZES[slot];
  const [a, b] = banner.colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.82}" cy="${h * 0.3}" r="${Math.min(w, h) * 0.28}" fill="#ffffff" opacity="0.12"/>
<rect x="0" y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#000000" opacity="0.25"/>
<g transform="translate(${w * 0.62} ${h * 0.58}) scale(${Math.min(w, h) / 320})" fill="#ffffff" opacity="0.85">
<path d="M10 60 L40 30 Q50 20 70 20 L150 20 Q170 20 185 35 L210 60 L240 65 Q255 70 255 85 L255 95 L0 95 L0 75 Q0 62 10 60 Z"/>
<circle cx="55" cy="98" r="20" fill="#222"/><circle cx="200" cy="98" r="20" fill="#222"/></g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function* once(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * Seeds the demo banners with drawn images through the banners' own image pipeline (AVIF and WebP renditions), so the
 * embedded default's `GET /api/v1/open/top-cms?mkt=IT&lang=it` shows them. Idempotent: a banner that exists (or was
 * deleted by the back office) is not drawn again.
 */
export async function seedDemoBanners(writer: StreamWriter, blobs: BlobStore, model: LiveReadModel, now: number): Promise<number> {
  let created = 0;
  for (const [order, banner] of DEMO_BANNERS.entries()) {
    const sid = streamId.topCms(banner.id);
    if (model.topCms.has(sid)) continue;
    const images: Partial<Record<TopCmsSlot, TopCmsImage>> = {};
    for (const slot of ['desktop', 'mobile'] as const) images[slot] = await storeBannerImage(blobs, once(await drawBanner(banner, slot)), slot, 'system');
    const data = {
      idTopCms: banner.id, idMarket: banner.mkt, lang: banner.lang, title: banner.title, text: banner.text, ctaLabel: banner.ctaLabel, ctaUrl: banner.ctaUrl,
      order: order + 1, enabled: true, image: images.desktop!, imageTablet: null, imageMobile: images.mobile!,
    };
    await writer.execute({
      streams: [sid], metadata: { userId: 'system' }, reply: () => undefined,
      decide: (view) => [{ streamId: sid, events: decideTopCms({ type: 'CreateTopCms', data, marketLanguages: marketLanguages(banner.mkt), by: 'system', now }, view.state<TopCmsState>(sid)) }],
    });
    for (const image of topCmsImages(data)) await Promise.all(filesOfImage(image).map((id) => blobs.setOwner(id, bannerOwner(banner.id))));
    created++;
  }
  return created;
}
