/**
 * The audience measurement's contract (ADR 0023): the beacon's path, size and fields,
 * shared by the public pages' beacon (app/components/audience-beacon.ts), the server
 * (server/audience/) and the staff page. It holds no identifier of any kind: a beacon says which
 * page was shown, from which other site (host only) a visit started, and a device class.
 */

/** Same path on the Node server and as a Supabase function (the contact endpoint's pattern). */
export const AUDIENCE_BEACON_PATH = '/functions/v1/audience-beacon';

/** A beacon's body is at most this many bytes (413 above, nothing counted). */
export const MAX_BEACON_BYTES = 1024;

/**
 * The one thing the site may keep in a visitor's browser, written only when the visitor objects
 * to the measurement (privacy policy page); while it exists, no beacon is sent.
 */
export const AUDIENCE_OBJECTION_KEY = 'calora-mesure-audience-refusee';

export const DEVICE_CLASSES = ['mobile', 'tablette', 'ordinateur'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The device class from the viewport's width in CSS pixels (Tailwind's `sm` and `lg`). */
export function deviceClassOf(width: number): DeviceClass {
  return width < 640 ? 'mobile' : width < 1024 ? 'tablette' : 'ordinateur';
}

/**
 * The beacon's JSON body, keys kept short (every byte is on each page): `p` the page's path,
 * `e` 1 for an entry (a new document loaded from no or another site's referrer), `d` the device
 * class, `r` the referring site's host (first page of a visit only), `c` the landing URL's
 * campaign tags `[source, medium, campaign]` (first page only, counted with RECORD_CAMPAIGNS).
 */
export interface Beacon {
  p: string;
  e: 0 | 1;
  d: DeviceClass;
  r?: string;
  c?: [string, string, string];
}
