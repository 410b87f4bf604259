import { DEVICE_CLASSES, type DeviceClass } from '#contracts/audience/contract.ts';
import { NO_REFERRER } from '#contracts/audience/aggregates.ts';
import { STAFF_PAGE_PREFIX } from '#contracts/staff/contract.ts';
import { audiencePage } from './pages.ts';

/** One counted view, as the aggregates see it. */
export interface AudienceView {
  page: string;
  entry: boolean;
  device: DeviceClass;
  /** The referring site's host, or '' (none, or not the first page of a visit). */
  referrer: string;
  /** `source / medium / campaign`, only with RECORD_CAMPAIGNS on and on an entry. */
  campaign?: string;
}

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/;
const MAX_TAG = 100;

/** `undefined`: a staff page (never counted); throws `MalformedBeacon` for anything unreadable. */
class MalformedBeacon extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a beacon's body (see `Beacon` in audience/contract.ts). The referrer is reduced to a
 * host (lower case, no port, no path); campaign tags are kept only when `recordCampaigns`.
 */
export function parseBeacon(text: string, recordCampaigns: boolean): AudienceView | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new MalformedBeacon('not JSON');
  }
  if (!isRecord(data)) throw new MalformedBeacon('not an object');
  const { p, e, d, r, c } = data;
  if (typeof p !== 'string' || !p.startsWith('/') || p.length > 300) {
    throw new MalformedBeacon('page');
  }
  if (e !== 0 && e !== 1) throw new MalformedBeacon('entry');
  if (typeof d !== 'string' || !(DEVICE_CLASSES as readonly string[]).includes(d)) {
    throw new MalformedBeacon('device');
  }
  if (r !== undefined && (typeof r !== 'string' || r.length > 253)) {
    throw new MalformedBeacon('referrer');
  }
  if (p === STAFF_PAGE_PREFIX || p.startsWith(`${STAFF_PAGE_PREFIX}/`)) return undefined;
  const host = typeof r === 'string' ? r.toLowerCase().replace(/\.$/, '') : '';
  const view: AudienceView = {
    page: audiencePage(p),
    entry: e === 1,
    device: d as DeviceClass,
    // A referring host only with an entry (the first page of a visit from another site).
    referrer: e === 1 && HOST.test(host) ? host : NO_REFERRER,
  };
  if (
    recordCampaigns &&
    e === 1 &&
    Array.isArray(c) &&
    c.length === 3 &&
    c.every((tag) => typeof tag === 'string' && tag.length <= MAX_TAG) &&
    c.some((tag) => tag !== '')
  ) {
    view.campaign = (c as string[]).map((tag) => tag.trim()).join(' / ');
  }
  return view;
}
