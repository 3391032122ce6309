import { z } from 'zod';
import { VEHICLE_SORT_FIELDS, VehicleListQuery } from '@auction/contracts';
import { VEHICLE_STATUSES, type VehicleStatus } from '@auction/domain';
import { formatCalendarDate, parseDate } from '@auction/i18n';
import type { SessionSearchSpec } from '../../ui/session-search.js';

/**
 * The vehicle-search panel's fields (spec 02 §3 "Vehicle", as `GET /vehicle` accepts them): texts, the provenance,
 * the location (area, region), the statuses (`state`: comma separated, as the server takes them), the load-date range
 * (DD/MM/YYYY as the portal writes dates) and the min/max pairs. All strings, '' is "any".
 */
export const VEHICLE_FILTER_FIELDS = [
  'licensePlate', 'vehicleFrame', 'vehicleCode', 'brand', 'model', 'channel', 'provenance', 'area', 'region', 'state',
  'insertDate', 'insertDateTo', 'minPrice', 'maxPrice', 'minDamage', 'maxDamage', 'minAuctions', 'maxAuctions',
] as const;
export type VehicleFilterField = (typeof VEHICLE_FILTER_FIELDS)[number];
export type VehicleSearchForm = { readonly [K in VehicleFilterField]: string };
/** The filters a search sends and keeps in the list's URL (dates as YYYY-MM-DD); empty ones left out. */
export type VehicleFilters = { readonly [K in VehicleFilterField]?: string };

export const EMPTY_VEHICLE_SEARCH: VehicleSearchForm = Object.fromEntries(VEHICLE_FILTER_FIELDS.map((f) => [f, ''])) as VehicleSearchForm;

/** The session-storage item of the panel (spec 02 §3 session items). */
export const VEHICLE_SEARCH_KEY = 'vehicleSearch';

const DATE_FIELDS = new Set<VehicleFilterField>(['insertDate', 'insertDateTo']);
const RANGES: readonly (readonly [VehicleFilterField, VehicleFilterField])[] = [
  ['minPrice', 'maxPrice'], ['minDamage', 'maxDamage'], ['minAuctions', 'maxAuctions'], ['insertDate', 'insertDateTo'],
];

/** The statuses a `state` filter holds (comma separated), in the domain's order. */
export function statesOf(state: string): VehicleStatus[] {
  const picked = new Set(state.split(',').map((s) => s.trim()));
  return VEHICLE_STATUSES.filter((s) => picked.has(s));
}

/** The `state` filter with `status` picked or not (in the domain's order, '' when none). */
export function toggleState(state: string, status: VehicleStatus, on: boolean): string {
  const picked = new Set(statesOf(state));
  if (on) picked.add(status);
  else picked.delete(status);
  return VEHICLE_STATUSES.filter((s) => picked.has(s)).join(',');
}

/** A typed DD/MM/YYYY as YYYY-MM-DD; a text that is no real day stays as typed (the contract then refuses it). */
export function isoDay(text: string): string {
  const date = parseDate(text.trim());
  if (!date) return text.trim();
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** YYYY-MM-DD as the portal writes it (DD/MM/YYYY); anything else as it is. */
export function shownDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? formatCalendarDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }) : iso;
}

/** The filters to send: trimmed, dates as YYYY-MM-DD, empty ones left out. */
export function searchFilters(form: VehicleSearchForm): VehicleFilters {
  const out: { [K in VehicleFilterField]?: string } = {};
  for (const field of VEHICLE_FILTER_FIELDS) {
    const value = form[field].trim();
    if (value) out[field] = DATE_FIELDS.has(field) ? isoDay(value) : value;
  }
  return out;
}

/** The panel's form of filters read back from a URL (dates shown DD/MM/YYYY). */
export function formOfFilters(filters: VehicleFilters): VehicleSearchForm {
  const out = { ...EMPTY_VEHICLE_SEARCH } as { [K in VehicleFilterField]: string };
  for (const field of VEHICLE_FILTER_FIELDS) {
    const value = filters[field];
    if (value) out[field] = DATE_FIELDS.has(field) ? shownDay(value) : value;
  }
  return out;
}

/**
 * The fields the server would refuse, checked with the contract's query schema (the server's own), plus the ranges
 * (a min above its max, a from-date after the to-date: 400200 on the server). Empty: the search may be sent.
 */
export function searchIssues(form: VehicleSearchForm): VehicleFilterField[] {
  const filters = searchFilters(form);
  const issues = new Set<VehicleFilterField>();
  const parsed = VehicleListQuery.safeParse(filters);
  if (!parsed.success) for (const issue of parsed.error.issues) issues.add(issue.path[0] as VehicleFilterField);
  for (const field of DATE_FIELDS) if (filters[field] && !/^\d{4}-\d{2}-\d{2}$/.test(filters[field]!)) issues.add(field);
  for (const [min, max] of RANGES) {
    const a = filters[min];
    const b = filters[max];
    if (!a || !b || issues.has(min) || issues.has(max)) continue;
    const above = DATE_FIELDS.has(min) ? a > b : Number(a) > Number(b);
    if (above) issues.add(max);
  }
  return VEHICLE_FILTER_FIELDS.filter((f) => issues.has(f));
}

/** How the panel is kept in the session (`useSessionSearch`). */
export const VEHICLE_SESSION_SEARCH: SessionSearchSpec<VehicleSearchForm> = {
  key: VEHICLE_SEARCH_KEY, empty: EMPTY_VEHICLE_SEARCH,
  stored: z.object(Object.fromEntries(VEHICLE_FILTER_FIELDS.map((f) => [f, z.string().max(200)])) as Record<VehicleFilterField, z.ZodString>).partial(),
};

/** Page sizes of the vehicle list (the server allows at most 100). */
export const VEHICLE_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The first request of the list: newest load first, 20 a page. */
export const FIRST_VEHICLE_REQUEST = { limit: 20, offset: 0, sortField: 'insertDate', sortOrder: 'desc' } as const;

const Filter = z.string().min(1).max(200);

/** The search part of the vehicle list URL: the filters (as sent) and the page request (server paging and sorting). */
export const VehicleListSearch = z.object({
  ...Object.fromEntries(VEHICLE_FILTER_FIELDS.map((f) => [f, Filter.optional()])) as Record<VehicleFilterField, z.ZodOptional<z.ZodString>>,
  limit: z.coerce.number().int().refine((v) => (VEHICLE_PAGE_SIZES as readonly number[]).includes(v)).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  sortField: z.enum(VEHICLE_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type VehicleListSearch = z.infer<typeof VehicleListSearch>;

/** The filters part of a list URL's search. */
export function filtersOf(search: VehicleListSearch): VehicleFilters {
  const out: { [K in VehicleFilterField]?: string } = {};
  for (const field of VEHICLE_FILTER_FIELDS) if (search[field]) out[field] = search[field];
  return out;
}
