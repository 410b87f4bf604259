/** The calling marks' words (ADR 0047), in French as every staff answer. */
export const CALLING_WORDS = {
  /** The call log's question while a colleague's mark is live (409 without `confirme`). */
  conflict: (name: string, since: string) =>
    `${name} appelle cette personne depuis ${since}. Enregistrer quand même\u00a0?`,
} as const;
