import type { TeamSettings } from '#contracts/staff/ownership.ts';
import { inTransaction } from '#server/db/connection.ts';
import type { Database } from '#server/db/database.ts';
import { appendAudit } from '#server/db/records/audit.ts';

export type SettingsOutcome = { ok: true; settings: TeamSettings } | { ok: false };

/**
 * The team's assignment settings (ADR 0045): the rule, « Les commerciaux voient toutes les
 * demandes », who covers which département. Read by responsables; a change is one transaction
 * with its audit entry, refused when a département names someone not active in the team.
 */
export class TeamSettingsService {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  async get(): Promise<TeamSettings> {
    const db = this.#database.db;
    const row = await db
      .selectFrom('team_settings')
      .select(['assignment_rule', 'commerciaux_see_all'])
      .where('id', '=', 1)
      .executeTakeFirst();
    const covered = await db
      .selectFrom('team_departements')
      .select(['departement', 'person_id'])
      .orderBy('departement')
      .execute();
    return {
      regle: row?.assignment_rule ?? 'chacun_son_tour',
      commerciauxVoientTout: row?.commerciaux_see_all !== 0,
      departements: Object.fromEntries(covered.map((d) => [d.departement, d.person_id])),
    };
  }

  put(settings: TeamSettings, actor: string, now: number): Promise<SettingsOutcome> {
    return inTransaction(this.#database, async (trx) => {
      const named = [...new Set(Object.values(settings.departements))];
      if (named.length > 0) {
        const active = await trx
          .selectFrom('staff_people')
          .select('id')
          .where('id', 'in', named)
          .where('active', '=', 1)
          .execute();
        if (active.length !== named.length) return { ok: false };
      }
      await trx
        .updateTable('team_settings')
        .set({
          assignment_rule: settings.regle,
          commerciaux_see_all: settings.commerciauxVoientTout ? 1 : 0,
          changed_at: now,
        })
        .where('id', '=', 1)
        .execute();
      await trx.deleteFrom('team_departements').execute();
      const rows = Object.entries(settings.departements).map(([departement, person_id]) => ({
        departement,
        person_id,
      }));
      if (rows.length > 0) await trx.insertInto('team_departements').values(rows).execute();
      const detail = `${settings.regle} voient_tout=${settings.commerciauxVoientTout ? 1 : 0} departements=${rows
        .map((r) => r.departement)
        .sort()
        .join(',')}`;
      await appendAudit(trx, { at: now, actor, action: 'team_settings', leadId: null, detail });
      return { ok: true, settings };
    });
  }
}
