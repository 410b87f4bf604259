import { MIGRATION_001 } from './001-leads-outbox-rate-limit.ts';
import { MIGRATION_002 } from './002-outbox-claims.ts';
import { MIGRATION_003 } from './003-flood-resistance.ts';
import { MIGRATION_004 } from './004-staff-inbox.ts';
import { MIGRATION_005 } from './005-callback-clock.ts';
import { MIGRATION_006 } from './006-audience.ts';
import { MIGRATION_007 } from './007-webhooks.ts';
import { MIGRATION_008 } from './008-reaching-outcomes.ts';
import { MIGRATION_009 } from './009-phone-key.ts';
import { MIGRATION_010 } from './010-contact-choice.ts';
import { MIGRATION_011 } from './011-wording-versions.ts';
import { MIGRATION_012 } from './012-team.ts';
import { MIGRATION_013 } from './013-ownership.ts';
import { MIGRATION_014 } from './014-mail-follows-owner.ts';
import { MIGRATION_015 } from './015-webhook-assigned.ts';

import type { Migration } from './migration.ts';

export type { Migration };

/** Every migration, in order (see migration.ts). */
export const MIGRATIONS: readonly Migration[] = [
  MIGRATION_001,
  MIGRATION_002,
  MIGRATION_003,
  MIGRATION_004,
  MIGRATION_005,
  MIGRATION_006,
  MIGRATION_007,
  MIGRATION_008,
  MIGRATION_009,
  MIGRATION_010,
  MIGRATION_011,
  MIGRATION_012,
  MIGRATION_013,
  MIGRATION_014,
  MIGRATION_015,
];
