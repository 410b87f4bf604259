import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

import { siteConfig } from '#config/site.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { PHONE_CONSENT_TEXT } from '#contracts/contact/phone-consent.ts';
import { VISITOR_PAGE_PATH, visitorPageLink } from '#contracts/contact/visitor-page.ts';
import { openStores } from '#server/compose/stores.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import {
  page as staffPage,
  receivedWhere,
  server,
  serveWithWebhook,
} from './support/webhooks-staff.ts';

/**
 * The visitor's page (ADR 0029) in a real browser, on a server of its own with the CRM webhook
 * on (e2e/support/webhooks-staff.ts): a request stored by the endpoint with the visitor's
 * choice, its link minted in the server's database (as the confirmation will carry it), then on
 * `/ma-demande`: change the slots, stop the calls, allow them again, erase; each seen by staff
 * on the request's page and by the CRM's receiver. Runs in order on one request.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

serveWithWebhook();

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
let leadId: string;
let link: string;
let visitor: Page;

async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'fr-FR',
    viewport: VIEWPORTS.phone,
  });
  const opened = await context.newPage();
  opened.on('pageerror', (error) => {
    throw error;
  });
  return opened;
}

async function expectAxeClean(label: string) {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await visitor.setViewportSize(viewport);
    const results = await new AxeBuilder({ page: visitor }).withTags(WCAG_TAGS).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target).join()}`),
      `axe on ${label} at ${viewport.width} px`,
    ).toEqual([]);
  }
  await visitor.setViewportSize(VIEWPORTS.phone);
}

/** The staff's page of the request shows `label` in its audit trail, by « demandeur ». */
async function staffSeesAudit(label: string) {
  await staffPage.goto(`/equipe/demandes/${leadId}`);
  // The request's one history: an entry by « Le demandeur » with the act's label.
  const entries = staffPage.getByRole('region', { name: 'Historique' }).getByRole('listitem');
  await expect(
    entries.filter({ hasText: 'Le demandeur' }).filter({ hasText: label }).first(),
  ).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  const response = await fetch(`${server.url}${CONTACT_ENDPOINT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      clientType: 'professionnel',
      nom: 'Visiteur',
      prenom: 'Léa',
      adresse: '5 rue des Lilas, 69003 Lyon',
      telephone: '06 11 22 33 44',
      email: 'visiteur@entreprise.example',
      produit: 'Audit énergétique',
      message: 'Bonjour',
      rgpdConsent: true,
      website: '',
      recontact: 'telephone',
      jours: ['mardi'],
      creneaux: ['14:00-17:00'],
      recontactVersion: CHOICE_VERSION,
    }),
  });
  expect(response.status).toBe(200);
  leadId = ((await response.json()) as { id: string }).id;
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    link = visitorPageLink(server.url, await stores.visitorLinks.mint(leadId, Date.now()));
  } finally {
    await stores.close();
  }
  visitor = await visitorPage(browser);
});

test.afterAll(async () => {
  await visitor?.context().close();
});

test('opens the request from the link, without the token left in the address bar; axe clean', async () => {
  await visitor.goto(link);
  const summary = visitor.getByRole('region', { name: 'Votre demande' });
  await expect(summary).toContainText('Audit énergétique');
  await expect(summary).toContainText('Par téléphone');
  await expect(summary).toContainText('mardi');
  await expect(summary).toContainText('Reçue');
  expect(new URL(visitor.url()).hash).toBe('');
  expect(new URL(visitor.url()).pathname).toBe(VISITOR_PAGE_PATH);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAxeClean('the request');
});

test('changes the slots: the staff see it in the audit trail, the CRM gets lead.contact_changed', async () => {
  await visitor.getByRole('button', { name: 'Changer les jours et créneaux' }).click();
  const days = visitor.getByRole('group', { name: 'Jours' });
  await days.getByRole('checkbox', { name: 'mardi' }).uncheck();
  await days.getByRole('checkbox', { name: 'jeudi' }).check();
  await visitor
    .getByRole('group', { name: 'Créneaux' })
    .getByRole('checkbox', { name: /de 10\sh à 13\sh/ })
    .check();
  await expectAxeClean('the change form');
  await visitor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(visitor.getByRole('status')).toContainText('Vos jours et créneaux sont enregistrés');
  await expect(visitor.getByRole('region', { name: 'Votre demande' })).toContainText('jeudi');

  const [changed] = await receivedWhere(
    (message) => message.type === 'lead.contact_changed' && message.data.id === leadId,
  );
  expect(changed!.verified).toBe(true);
  expect(changed!.data).toMatchObject({
    channel: 'telephone',
    days: ['jeudi'],
    slots: ['10:00-13:00', '14:00-17:00'],
    phoneWithdrawnAt: null,
  });
  await staffSeesAudit('Créneau modifié par le demandeur');
  // The staff's call panel says it too, with its time, and the new slots.
  const panel = staffPage.getByRole('region', { name: 'Rappel' });
  await expect(panel).toContainText(/Créneau modifié par le demandeur le \d{2}\/\d{2}\/\d{4}/);
  await expect(panel).toContainText(/jeudi\s;\sde 10\sh à 13\sh, de 14\sh à 17\sh/);
});

test('« Ne plus m’appeler », after a confirmation: e-mail only, seen by staff and the CRM', async () => {
  await visitor.getByRole('button', { name: 'Ne plus m’appeler' }).click();
  await expect(visitor.getByRole('heading', { name: 'Ne plus m’appeler' })).toBeFocused();
  await visitor.getByRole('button', { name: 'Annuler' }).click();
  await expect(visitor.getByRole('button', { name: 'Ne plus m’appeler' })).toBeFocused();
  await visitor.getByRole('button', { name: 'Ne plus m’appeler' }).click();
  await visitor.getByRole('button', { name: 'Oui, ne plus m’appeler' }).click();
  await expect(visitor.getByRole('status')).toContainText('nous ne vous appellerons plus');
  const summary = visitor.getByRole('region', { name: 'Votre demande' });
  await expect(summary).toContainText('Par e-mail uniquement');
  await expect(visitor.getByRole('button', { name: 'Changer les jours et créneaux' })).toHaveCount(
    0,
  );

  await receivedWhere(
    (message) =>
      message.type === 'lead.contact_changed' &&
      message.data.id === leadId &&
      message.data.channel === 'email' &&
      typeof message.data.phoneWithdrawnAt === 'string',
  );
  await staffSeesAudit('Appels refusés par le demandeur');
  // At once on the staff's page: the withdrawal, no call form (only « Répondu par e-mail »),
  // and the panel in e-mail words (ADR 0036).
  const panel = staffPage.getByRole('region', { name: 'Réponse par e-mail' });
  await expect(panel).toContainText(/Ne souhaite plus être appelé\(e\) depuis le \d{2}\//);
  await expect(panel.getByRole('radio')).toHaveCount(0);
  await expect(
    panel.getByRole('button', { name: 'Enregistrer « Répondu par e-mail »' }),
  ).toBeVisible();
  await expect(panel).toContainText('À répondre avant');
  await expect(panel).not.toContainText('rappeler');
});

test('« Être rappelé(e) par téléphone », a new consent after its confirmation: the phone again, seen by staff and the CRM', async () => {
  await visitor.getByRole('button', { name: 'Être rappelé(e) par téléphone' }).click();
  await expect(
    visitor.getByRole('heading', { name: 'Être rappelé(e) par téléphone' }),
  ).toBeFocused();
  await expect(visitor.getByText(PHONE_CONSENT_TEXT)).toBeVisible();
  await expectAxeClean('the new consent’s confirmation');
  await visitor.getByRole('button', { name: 'J’accepte d’être appelé(e)' }).click();
  await expect(visitor.getByRole('status')).toContainText('nous pourrons vous appeler');
  await expect(visitor.getByRole('region', { name: 'Votre demande' })).toContainText(
    'Par téléphone',
  );
  await expect(
    visitor.getByRole('button', { name: 'Changer les jours et créneaux' }),
  ).toBeVisible();

  await receivedWhere(
    (message) =>
      message.type === 'lead.contact_changed' &&
      message.data.id === leadId &&
      message.data.channel === 'telephone' &&
      message.data.phoneWithdrawnAt === null &&
      (message.data.days as unknown[]).length === 0,
  );
  await staffSeesAudit('Appels de nouveau acceptés par le demandeur');
  const panel = staffPage.getByRole('region', { name: 'Rappel' });
  await expect(panel.getByRole('radio').first()).toBeVisible();
});

test('« Supprimer ma demande », after an irreversible-step confirmation: gone for staff, lead.erased, the link opens nothing', async () => {
  await visitor.getByRole('button', { name: 'Supprimer ma demande' }).click();
  await expect(visitor.getByText('La suppression est définitive')).toBeVisible();
  await expectAxeClean('the erasure’s confirmation');
  await visitor.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(
    visitor.getByRole('heading', { name: 'Votre demande a été supprimée' }),
  ).toBeFocused();

  await receivedWhere((message) => message.type === 'lead.erased' && message.data.id === leadId);
  // Gone from the staff's inbox; the audit trail keeps the act, without the request's id.
  await staffPage.goto('/equipe');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
  await expect(staffPage.getByText('Visiteur')).toHaveCount(0);
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    const audit = await stores.database.db
      .selectFrom('staff_audit')
      .select(['actor', 'action', 'lead_id'])
      .where('action', '=', 'visitor_erase')
      .execute();
    expect(audit).toEqual([{ actor: 'demandeur', action: 'visitor_erase', lead_id: null }]);
    expect(await stores.leads.getLead(leadId)).toBeUndefined();
  } finally {
    await stores.close();
  }

  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Lien non valable' })).toBeVisible();
  await expect(visitor.getByText(/Ce lien ne permet pas d’ouvrir une demande/)).toBeVisible();
  await expectAxeClean('an unknown link');
});

test('without JavaScript the page says how to reach the company', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`${VISITOR_PAGE_PATH}#jeton=${'A'.repeat(43)}`);
  await expect(
    plain.getByRole('heading', { name: 'Cette page a besoin de JavaScript' }),
  ).toBeVisible();
  await expect(plain.getByRole('link', { name: siteConfig.phone.display }).first()).toHaveAttribute(
    'href',
    siteConfig.phone.href,
  );
  await expect(plain.getByText('Ouverture de votre demande')).toBeHidden();
  await context.close();
});
