/** The French copy of the hand-over e-mail (« Confier à … », ADR 0048), to the new owner. */
const NBSP = '\u00a0';

export const handoverCopy = {
  subject: (produit: string) =>
    produit ? `Une demande vous est confiée${NBSP}: ${produit}` : 'Une demande vous est confiée',
  heading: 'Une demande vous est confiée',
  greeting: (firstName: string) => (firstName ? `Bonjour ${firstName},` : 'Bonjour,'),
  intro:
    'Une demande de contact vous a été confiée dans la boîte de réception. Vous en êtes désormais responsable.',
  product: 'Produit',
  noProduct: 'non précisé',
  reference: 'Référence',
  openLead: 'Ouvrir la demande',
  noLink: 'Retrouvez-la dans la boîte de réception, vue « Mes demandes ».',
  footer: 'E-mail envoyé automatiquement quand une demande vous est confiée.',
} as const;
