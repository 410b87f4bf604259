import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { siteConfig } from '#config/site.ts';
import { CHOICE_VERSION } from '#contracts/contact/contact-choice.ts';
import { CONTACT_ENDPOINT_PATH, CONTACT_THANKS_PATH } from '#contracts/contact/lead-contract.ts';
import { VISITOR_API } from '#contracts/contact/visitor-api.ts';
import { visitorPageLink } from '#contracts/contact/visitor-page.ts';
import { openStores } from '#server/compose/stores.ts';
import { expect, test, VIEWPORTS } from './fixtures.ts';
import {
  page as staffPage,
  receivedWhere,
  server,
  serveWithWebhook,
} from './support/webhooks-staff.ts';

/**
 * The link covers the person (ADR 0031), in a real browser on a server of its own with the CRM
 * webhook on: a person who sent the form twice (the second time within 24 hours, so with no
 * confirmation of its own) sees both requests from the first one's link, acts on either,
 * cannot act on someone else's, and « Supprimer » erases both. Runs in order on one person.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

serveWithWebhook();

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const EMAIL = 'deux.demandes@entreprise.example';
let ids: string[] = [];
let otherId: string;
let token: string;
let visitor: Page;

async function post(fields: Record<string, unknown>) {
  const response = await fetch(`${server.url}${CONTACT_ENDPOINT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      clientType: 'professionnel',
      nom: 'Doublon',
      prenom: 'Inès',
      adresse: '8 rue des Tilleuls, 69003 Lyon',
      telephone: '06 55 44 33 22',
      email: EMAIL,
      produit: 'Audit énergétique',
      message: 'Premier message',
      rgpdConsent: true,
      website: '',
      recontact: 'telephone',
      jours: ['mardi', 'jeudi'],
      creneaux: ['10:00-13:00', '14:00-17:00', '17:00-20:00'],
      recontactVersion: CHOICE_VERSION,
      ...fields,
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; earlierLink?: boolean };
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

const request = (n: number) => visitor.getByRole('region', { name: `Demande n°\u00a0${n}` });

test.beforeAll(async ({ browser }) => {
  const first = await post({});
  const second = await post({ produit: 'Éclairage LED', message: 'Second message' });
  // No confirmation for the second: the answer says the first one's link opens it too.
  expect(first.earlierLink).toBeUndefined();
  expect(second.earlierLink).toBe(true);
  ids = [first.id, second.id];
  otherId = (await post({ email: 'quelqu.un@ailleurs.example', nom: 'Autre' })).id;
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    token = await stores.visitorLinks.mint(first.id, Date.now());
  } finally {
    await stores.close();
  }
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'fr-FR',
    viewport: VIEWPORTS.phone,
  });
  visitor = await context.newPage();
  visitor.on('pageerror', (error) => {
    throw error;
  });
});

test.afterAll(async () => {
  await visitor?.context().close();
});

test('the first request’s link shows both requests of the person; axe clean at 375 and 1280 px', async () => {
  await visitor.goto(visitorPageLink(server.url, token));
  await expect(visitor.getByText('Ce lien ouvre toutes les demandes')).toBeVisible();
  await expect(request(1)).toContainText('Audit énergétique');
  await expect(request(2)).toContainText('Éclairage LED');
  await expect(visitor.getByRole('button', { name: 'Supprimer mes 2 demandes' })).toBeVisible();
  await expectAxeClean('a person’s two requests');
});

test('acts on the second request from the first one’s link', async () => {
  await request(2).getByRole('button', { name: 'Ne plus m’appeler' }).click();
  await visitor.getByRole('button', { name: 'Oui, ne plus m’appeler' }).click();
  await expect(visitor.getByRole('status')).toContainText('nous ne vous appellerons plus');
  await expect(request(2)).toContainText('Par e-mail uniquement');
  await expect(request(1)).toContainText('Par téléphone');
  await receivedWhere(
    (message) =>
      message.type === 'lead.contact_changed' &&
      message.data.id === ids[1] &&
      message.data.channel === 'email',
  );
});

/**
 * What floats over the middle of `control` (of its label, for a box) while the page scrolls it
 * up through the bottom of the screen, where the floating bar sits: nothing, for a control
 * nothing covers.
 */
async function coveredAt(control: Locator): Promise<string[]> {
  return control.evaluate((element) => {
    const target = element.closest('label') ?? element;
    const found: string[] = [];
    for (let offset = 8; offset <= 160; offset += 8) {
      const before = target.getBoundingClientRect();
      window.scrollBy(0, before.top + before.height / 2 - (window.innerHeight - offset));
      const box = target.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && !target.contains(hit)) found.push(`${offset} px: ${hit.textContent?.trim()}`);
    }
    return found;
  });
}

test('nothing floats over the page’s controls on a phone (375 px)', async () => {
  await request(1).getByRole('button', { name: 'Changer les jours et créneaux' }).click();
  await visitor.mouse.wheel(0, 600);
  // Only back-to-top floats here, at the right edge: the contact shortcuts are hidden.
  await expect(visitor.locator('[data-floating-actions]')).toBeVisible();
  const controls = [
    ...(await visitor.getByRole('group', { name: 'Jours' }).getByRole('checkbox').all()),
    ...(await visitor.getByRole('group', { name: 'Créneaux' }).getByRole('checkbox').all()),
    visitor.getByRole('button', { name: 'Enregistrer' }),
    visitor.getByRole('button', { name: 'Supprimer mes 2 demandes' }),
    visitor.getByRole('link', { name: siteConfig.phone.display }).last(),
  ];
  for (const control of controls) {
    const name = await control.evaluate((e) => e.closest('label')?.textContent ?? e.textContent);
    expect(await coveredAt(control), `over « ${name} »`).toEqual([]);
  }
  await visitor.getByRole('button', { name: 'Annuler' }).click();
});

test('a valid token with another person’s request id gets the bad token’s 404', async () => {
  const ask = (jeton: string, demande: string) =>
    fetch(`${server.url}${VISITOR_API.stopCalls}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ jeton, demande }),
    });
  const attack = await ask(token, otherId);
  const badToken = await ask('A'.repeat(43), ids[0]!);
  expect(attack.status).toBe(404);
  expect(badToken.status).toBe(404);
  expect(await attack.json()).toEqual(await badToken.json());
  await staffPage.goto(`/equipe/demandes/${otherId}`);
  await expect(staffPage.getByRole('region', { name: 'Rappel' })).not.toContainText(
    'Ne souhaite plus être appelé',
  );
});

test('« Supprimer mes 2 demandes » says how many, then neither is left for staff', async () => {
  await visitor.getByRole('button', { name: 'Supprimer mes 2 demandes' }).click();
  await expect(visitor.getByText('Vos 2 demandes seront effacées.')).toBeVisible();
  await expectAxeClean('the person’s erasure’s confirmation');
  await visitor.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(
    visitor.getByRole('heading', { name: 'Vos 2 demandes ont été supprimées' }),
  ).toBeFocused();
  await expect(
    visitor.getByText('Vos coordonnées et vos 2 demandes ont été effacées.'),
  ).toBeVisible();

  for (const id of ids) {
    await receivedWhere((message) => message.type === 'lead.erased' && message.data.id === id);
  }
  await staffPage.goto('/equipe');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();
  await expect(staffPage.getByText('Autre')).not.toHaveCount(0);
  await expect(staffPage.getByText('Doublon')).toHaveCount(0);
  const stores = await openStores({ dataDir: server.dataDir });
  try {
    const audit = await stores.database.db
      .selectFrom('staff_audit')
      .select(['actor', 'action', 'lead_id', 'detail'])
      .where('action', '=', 'visitor_erase')
      .execute();
    expect(audit).toEqual([
      { actor: 'demandeur', action: 'visitor_erase', lead_id: null, detail: '2' },
    ]);
    for (const id of ids) expect(await stores.leads.getLead(id)).toBeUndefined();
  } finally {
    await stores.close();
  }
});

test('the thank-you page of a native post says when the earlier link covers the request', async () => {
  const thanks = `${CONTACT_THANKS_PATH}#rappel=2026-11-30T19:00`;
  await visitor.goto(`${thanks}&lien=precedent`);
  await expect(visitor.getByText(/ouvre aussi cette nouvelle demande/)).toBeVisible();
  await visitor.goto('/');
  await visitor.goto(thanks);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(/ouvre aussi cette nouvelle demande/)).toHaveCount(0);
});
