/**
 * The assignment rule (ADR 0045), pure: who gets a new request, from the team as read in the
 * request's transaction. « Chacun son tour »: among the active commerciaux present on the Paris
 * date of `now`, the one whose last request is the oldest (ties: the first added, then the id);
 * « Par département »: the present active person who covers the département of the address's
 * postal code, else « Chacun son tour »; « Personne »: nobody. Nobody present: nobody.
 */

export type AssignmentRule = 'chacun_son_tour' | 'par_departement' | 'personne';

/** What the rule knows of a person (a `staff_people` row's columns). */
export interface Candidate {
  id: string;
  role: 'responsable' | 'commercial';
  active: number;
  created_at: number;
  last_assigned_at: number;
  absent_from: string | null;
  absent_until: string | null;
}

/** What the rule reads once per transaction: the rule, the people, who covers which département. */
export interface TeamSnapshot {
  rule: AssignmentRule;
  people: Candidate[];
  /** By département (`13`, `2A`, `971`): the person's id. */
  departements: ReadonlyMap<string, string>;
}

const PARIS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Paris date (`YYYY-MM-DD`) of the instant `ms`. */
export function parisDateOf(ms: number): string {
  return PARIS_DATE.format(new Date(ms));
}

/** Whether `person` is absent on `parisDate` (`YYYY-MM-DD`; both ends of the absence included). */
export function isAbsentOn(
  person: Pick<Candidate, 'absent_from' | 'absent_until'>,
  parisDate: string,
): boolean {
  const { absent_from: from, absent_until: until } = person;
  return from !== null && until !== null && from <= parisDate && parisDate <= until;
}

/**
 * The département of the postal code in `adresse`: the last five-digit group standing alone
 * (a street number rarely has five digits; the postal code comes after it). Corsica: 200xx and
 * 201xx are 2A, 202xx to 206xx 2B; overseas 971xx to 976xx; anything else (98xxx, 00xxx, none):
 * undefined.
 */
export function departementOf(adresse: string): string | undefined {
  const codes = adresse.match(/(?<!\d)\d{5}(?!\d)/g);
  const code = codes?.at(-1);
  if (!code) return undefined;
  const two = Number(code.slice(0, 2));
  if (two === 20) {
    const third = Number(code[2]);
    if (third <= 1) return '2A';
    return third <= 6 ? '2B' : undefined;
  }
  if (two === 97) {
    const three = code.slice(0, 3);
    return three >= '971' && three <= '976' ? three : undefined;
  }
  return two >= 1 && two <= 95 ? code.slice(0, 2) : undefined;
}

const present = (person: Candidate, parisDate: string) =>
  person.active === 1 && !isAbsentOn(person, parisDate);

/** « Chacun son tour »: the present commercial whose last request is the oldest. */
function nextInTurn(people: readonly Candidate[], parisDate: string): Candidate | undefined {
  let best: Candidate | undefined;
  for (const person of people) {
    if (person.role !== 'commercial' || !present(person, parisDate)) continue;
    if (!best || before(person, best)) best = person;
  }
  return best;
}

function before(a: Candidate, b: Candidate): boolean {
  if (a.last_assigned_at !== b.last_assigned_at) return a.last_assigned_at < b.last_assigned_at;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at;
  return a.id < b.id;
}

/** The person the rule gives a request for `adresse` received at `now`; undefined: « À attribuer ». */
export function pickOwner(team: TeamSnapshot, adresse: string, now: number): Candidate | undefined {
  if (team.rule === 'personne') return undefined;
  const parisDate = parisDateOf(now);
  if (team.rule === 'par_departement') {
    const departement = departementOf(adresse);
    const id = departement === undefined ? undefined : team.departements.get(departement);
    const covering = team.people.find((person) => person.id === id);
    if (covering && present(covering, parisDate)) return covering;
  }
  return nextInTurn(team.people, parisDate);
}

/**
 * Assigns requests one after another from one snapshot, as the rule would with a fresh read
 * each time. Each pick's `last_assigned_at` becomes `now`, or one past the team's latest when
 * that is not before it (requests of one millisecond, a clock behind another instance's): the
 * one just served is always the last in turn. `assigned()`: who got one, and their new stamp.
 */
export class SnapshotAssigner {
  readonly #team: TeamSnapshot;
  readonly #assigned = new Map<string, number>();

  constructor(team: TeamSnapshot) {
    this.#team = team;
  }

  assign(adresse: string, now: number): string | null {
    const person = pickOwner(this.#team, adresse, now);
    if (!person) return null;
    const latest = Math.max(...this.#team.people.map((p) => p.last_assigned_at));
    person.last_assigned_at = Math.max(now, latest + 1);
    this.#assigned.set(person.id, person.last_assigned_at);
    return person.id;
  }

  assigned(): ReadonlyMap<string, number> {
    return this.#assigned;
  }
}
