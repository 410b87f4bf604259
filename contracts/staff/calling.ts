import { z } from 'zod';

import { STAFF_API_PREFIX } from './contract.ts';
import { CallRecordSchema } from './schemas.ts';

/**
 * « Marie Dupont appelle… » (ADR 0047): a mark on a request while a staff member calls its
 * person, for ten minutes or until her call is logged, seen by every colleague who has the list
 * or the page open. It names the staff member only: nothing of the visitor.
 */
export const CALLING_API = {
  /** Starts or renews the signed-in person's mark (the `tel:` link, the call form). */
  start: (id: string) => `${STAFF_API_PREFIX}/demandes/${encodeURIComponent(id)}/appel-en-cours`,
  /** Every live mark of a colleague on a request the signed-in person may see. */
  live: `${STAFF_API_PREFIX}/appels-en-cours`,
} as const;

/** One live mark: the request's id, who calls, since when (ms since the epoch). */
export interface CallMark {
  demande: string;
  personne: { id: string; name: string };
  depuis: number;
}

/** `GET /appels-en-cours`. */
export interface LiveCallMarks {
  appels: CallMark[];
}

/** A call log refused while a colleague's mark is live: 409, the question and the mark. */
export interface CallConflict {
  error: string;
  appel: Pick<CallMark, 'personne' | 'depuis'>;
}

/** The call log's body: `confirme: true` records it even while a colleague calls. */
export const CallLogSchema = CallRecordSchema.extend({ confirme: z.boolean().optional() });
