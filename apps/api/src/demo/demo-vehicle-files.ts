import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { BlobStore } from '@auction/blob-store';
import type { VehicleDetails, VehicleDocumentKind } from '@auction/domain';
import { storePhoto } from '../vehicles/uploads/vehicle-photos.js';

/** The files a demo vehicle gets: its photos (cover first) and documents, stored as a loader's upload would be. */
export interface DemoVehicleFiles {
  readonly photos: string[];
  readonly documents: { idBlob: string; kind: VehicleDocumentKind }[];
}

/** Paint of the demo colours (Italian names, as the loader typed them); anything else is silver. */
const PAINT: Record<string, string> = { Bianco: '#eef1f4', Grigio: '#7d8791', Nero: '#24282d', Blu: '#2a56a8', Rosso: '#b3261e' };

/** The three shots of a listing: the side, the front three-quarter and the rear, each its own backdrop. */
const SHOTS = [
  { name: 'side', sky: ['#cfe3f5', '#f4f8fb'], ground: '#9aa3a9', flip: false, scale: 1 },
  { name: 'front', sky: ['#f6e2c8', '#fbf4ea'], ground: '#a59d92', flip: true, scale: 1.12 },
  { name: 'rear', sky: ['#d9d9e3', '#f5f5f8'], ground: '#8f979d', flip: false, scale: 0.92 },
] as const;

const WIDTH = 1200;
const HEIGHT = 800;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A drawn photo of a car (SVG): a backdrop, the body in the vehicle's paint, glass, wheels and a plate. Plain shapes,
 * so it renders the same wherever sharp runs; the caption and the plate's text need a font, and are only decoration.
 */
export function drawCar(details: VehicleDetails, shot: number): string {
  const s = SHOTS[shot % SHOTS.length]!;
  const paint = PAINT[details.colour ?? ''] ?? '#b9c0c7';
  const flip = s.flip ? `translate(${WIDTH} 0) scale(-1 1)` : '';
  const tall = /X1|Q2|C-HR|Compass|Captur|2008|Niro/.test(details.model) ? 40 : 0; // an SUV stands higher
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.45" stop-color="${paint}" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect y="560" width="${WIDTH}" height="240" fill="${s.ground}"/>
  <ellipse cx="600" cy="640" rx="470" ry="34" fill="#000" opacity="0.25"/>
  <g transform="${flip} translate(600 600) scale(${s.scale}) translate(-600 -600)">
    <path d="M150 600 L150 ${500 - tall} Q160 ${455 - tall} 230 ${445 - tall} L400 ${430 - tall} L500 ${340 - tall} Q520 ${325 - tall} 560 ${325 - tall} L790 ${325 - tall} Q830 ${325 - tall} 860 ${350 - tall} L960 ${435 - tall} L1020 ${450 - tall} Q1060 ${460 - tall} 1060 ${500 - tall} L1060 600 Z" fill="${paint}" stroke="#1d2226" stroke-width="4"/>
    <path d="M150 600 L150 ${500 - tall} Q160 ${455 - tall} 230 ${445 - tall} L400 ${430 - tall} L500 ${340 - tall} Q520 ${325 - tall} 560 ${325 - tall} L790 ${325 - tall} Q830 ${325 - tall} 860 ${350 - tall} L960 ${435 - tall} L1020 ${450 - tall} Q1060 ${460 - tall} 1060 ${500 - tall} L1060 600 Z" fill="url(#body)"/>
    <path d="M425 ${430 - tall} L515 ${350 - tall} L640 ${350 - tall} L640 ${430 - tall} Z" fill="#3c4a57" opacity="0.85"/>
    <path d="M660 ${350 - tall} L790 ${350 - tall} Q815 ${350 - tall} 835 ${365 - tall} L915 ${430 - tall} L660 ${430 - tall} Z" fill="#3c4a57" opacity="0.85"/>
    <rect x="1030" y="${470 - tall}" width="30" height="22" rx="6" fill="#ffe9a8"/>
    <rect x="150" y="${475 - tall}" width="22" height="20" rx="5" fill="#c0392b"/>
    <line x1="650" y1="${440 - tall}" x2="650" y2="585" stroke="#1d2226" stroke-width="3" opacity="0.6"/>
    <g fill="#1b1b1b"><circle cx="330" cy="600" r="72"/><circle cx="880" cy="600" r="72"/></g>
    <g fill="#c9ced3"><circle cx="330" cy="600" r="38"/><circle cx="880" cy="600" r="38"/></g>
    <rect x="1035" y="${520 - tall / 2}" width="18" height="46" fill="#fff" stroke="#1d2226" stroke-width="2"/>
  </g>
  <rect x="40" y="40" width="460" height="96" rx="12" fill="#ffffff" opacity="0.82"/>
  <text x="64" y="84" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" font-weight="bold" fill="#1d2226">${escapeXml(`${details.brand} ${details.model}`)}</text>
  <text x="64" y="122" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="24" fill="#3b4650">${escapeXml(`${details.licensePlate} · ${s.name}`)}</text>
</svg>`;
}

/** The appraisal report of a demo vehicle: one A4 page with its data, as a PDF (pdfkit, its built-in Helvetica). */
export async function appraisalPdf(details: VehicleDetails): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Appraisal ${details.licensePlate}`, Author: 'Demo appraiser' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text('Appraisal report (demo)');
  doc.moveDown().font('Helvetica').fontSize(12);
  const rows: [string, string][] = [
    ['Plate', details.licensePlate], ['Frame (VIN)', details.frame], ['Vehicle', `${details.brand} ${details.model}`],
    ['First registration', details.firstRegistration], ['Mileage', `${details.mileageKm} km`], ['Fuel', details.fuel],
    ['Gearbox', details.gearbox], ['Power', `${details.powerKw} kW`], ['Colour', details.colour ?? '-'],
    ['Damage total', `EUR ${details.damageTotal.toFixed(2)}`], ['Location', `${details.location.area}, ${details.location.region}`],
    ['Appraised on', details.appraisal?.appraisedOn ?? '-'], ['Grade', details.appraisal?.grade ?? '-'],
  ];
  for (const [label, value] of rows) doc.text(`${label}: ${value}`);
  doc.moveDown().fontSize(9).fillColor('#555555').text('Generated for the demo data: not a real vehicle.');
  doc.end();
  return done;
}

/**
 * Draws, renders and stores a demo vehicle's files: three photos (JPEG through the uploads' own photo path, so they
 * are judged and served like a loader's) and its appraisal report, all owned by the vehicle.
 */
export async function storeDemoVehicleFiles(blobs: BlobStore, idVehicle: string, details: VehicleDetails): Promise<DemoVehicleFiles> {
  const owner = `vehicle:${idVehicle}`;
  const photos: string[] = [];
  for (let shot = 0; shot < SHOTS.length; shot++) {
    const jpeg = await sharp(Buffer.from(drawCar(details, shot))).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    photos.push((await storePhoto(blobs, Readable.from([jpeg]), owner)).idFile);
  }
  const report = await blobs.put(await appraisalPdf(details), 'application/pdf', owner);
  return { photos, documents: [{ idBlob: report.idFile, kind: 'APPRAISAL' }] };
}
