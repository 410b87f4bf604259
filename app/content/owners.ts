/**
 * The words of who handles a request, in the inbox's list and on a request's page (ADR 0046):
 * the owner, the absence mark, the owner filter, « Je la prends » and « Confier à … ».
 */
export const ownerText = {
  column: 'Attribuée à',
  /** Before the owner on a request's page. */
  line: 'Attribuée à\u00a0:',
  nobody: 'À attribuer',
  absent: (name: string) => `Absent(e)\u00a0: ${name}`,
  /** On a phone, under the person's name. */
  owned: (name: string) => `Attribuée à ${name}`,
  filter: {
    label: 'Attribuée à',
    anyone: 'Toutes les personnes',
    me: 'Moi',
    nobody: 'À attribuer',
  },
  take: 'Je la prends',
  takeLabel: (name: string) => `Je la prends (demande de ${name})`,
  handOver: {
    summary: 'Confier à…',
    label: 'Confier la demande à',
    choose: 'Choisir une personne',
    submit: 'Confier',
  },
  taken: 'La demande est à vous.',
  handedOver: (name: string) => `Demande confiée à ${name}.`,
  pageTitle: 'Qui s’en occupe',
  /** A page for responsables only, opened by a commercial (the API says why). */
  forbiddenTitle: 'Page réservée aux responsables',
} as const;
