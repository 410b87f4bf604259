import { readFileSync } from 'node:fs';

import { expect, test, VIEWPORTS } from './fixtures.ts';
import {
  expectNoPublicChrome,
  expectStaffChrome,
  FLOW,
  sessionCookie,
  signIn,
  submitLead,
} from './support/staff-inbox.ts';

/**
 * The staff inbox in a real browser against the production build, with the real SMTP peer:
 * sign-in by the link received, the cookie, the list, filters, status and notes, the audit trail,
 * the CSV export, erasure, sign-out.
 */
test.describe('staff inbox', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('sign in, search, filter, change a status with a note, export, erase, sign out', async ({
    page: start,
    baseURL,
    context,
    request,
  }) => {
    const tag = `Tag${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const first = await submitLead(request, {
      nom: `${tag}-Martin`,
      email: `${tag.toLowerCase()}.martin@example.fr`,
      telephone: '07 98 76 54 32',
      produit: 'Climatisation',
    });
    await submitLead(request, {
      nom: `${tag}-Martin`,
      email: `${tag.toLowerCase()}.martin@example.fr`,
      produit: 'Éclairage LED',
    });
    await submitLead(request, { nom: `${tag}-Durand`, email: `${tag.toLowerCase()}@example.fr` });

    const page = await signIn(start, baseURL!, FLOW);
    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/equipe',
      secure: false,
    });
    expect(cookie!.value).toMatch(/^[\w-]{43}$/);

    await expect(page.getByRole('heading', { name: 'Compteurs' })).toBeVisible();
    await expectStaffChrome(page, FLOW, 'page');

    // Search by name (a new search runs in « Toutes les demandes »), then narrow by product.
    await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(tag);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '3 demandes' })).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Afficher' })
        .getByRole('button', { name: 'Toutes les demandes' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The filters beyond the search box are folded until asked for.
    await expect(page.getByLabel('Produit')).toBeHidden();
    await page.getByText('Plus de filtres').click();
    await page.getByLabel('Produit').selectOption('Climatisation');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`${tag}-Martin`) });
    await expect(row).toContainText('Notification à l’équipe');

    // The request's page: fields, consent, the other request of the same person.
    await page.getByRole('link', { name: `Ouvrir la demande de Élise ${tag}-Martin` }).click();
    await expect(page).toHaveURL(`${baseURL}/equipe/demandes/${first}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Élise ${tag}-Martin`);
    await expect(page.getByRole('region', { name: 'Consentement' })).toContainText('Version');
    const related = page.getByRole('region', { name: /Autres demandes de cette personne/ });
    await expect(related.getByRole('link')).toHaveCount(1);
    await expectStaffChrome(page, FLOW, 'true');

    // Status change with a note: one entry of the request's history.
    await page.getByLabel('Statut', { exact: true }).selectOption('en_cours');
    await page.getByLabel('Note (facultative)').fill('Rappel prévu jeudi 10 h');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const work = page.getByRole('region', { name: 'Statut et notes' });
    // The confirmation is beside the form that was saved.
    await expect(work.getByRole('status')).toHaveText('Modification enregistrée.');
    const history = page.getByRole('region', { name: 'Historique' }).getByRole('listitem');
    await expect(history.first()).toContainText(
      `${FLOW}Statut changé Nouveau → En coursNote : Rappel prévu jeudi 10 h`,
    );

    // Back to the list: the filter is remembered (the filters unfolded, since one is in use);
    // the status filter finds the change.
    await page.getByRole('link', { name: 'Retour aux demandes' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();
    await expect(page.getByLabel('Produit')).toHaveValue('Climatisation');
    await page.getByLabel('Produit').selectOption('');
    await page.getByLabel('Statut').selectOption('en_cours');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();

    // CSV export of the list shown (its view and filters), chosen below the list: UTF-8 with BOM,
    // ';' separator, French words, named after what it holds.
    const exportBox = page.getByRole('region', { name: 'Exporter pour un tableur' });
    await expect(
      exportBox.getByRole('radio', {
        name: 'La liste affichée : « Toutes les demandes », avec la recherche et les filtres (1 demande)',
      }),
    ).toBeChecked();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportBox.getByRole('button', { name: 'Télécharger le fichier CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^demandes-toutes-filtrees-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^"Nom";"Prénom";"Téléphone";"E-mail";"Produit";"Statut";/);
    expect(lines[1]).toMatch(/;"En cours";"\d\d\/\d\d\/\d{4} \d\d:\d\d";/);
    // The phone as a spreadsheet keeps it: text, its leading 0, by pairs.
    expect(lines[1]).toMatch(new RegExp(`^"${tag}-Martin";"Élise";"0\\d( \\d\\d){4}";`));
    expect(lines[1]).not.toContain('en_cours');

    // Erase the person (both requests), after a confirmation.
    await page.getByRole('link', { name: `Ouvrir la demande de Élise ${tag}-Martin` }).click();
    await page.getByRole('button', { name: 'Effacer cette personne…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer l’effacement' });
    await expect(dialog).toContainText('les 2 demandes');
    await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
    await expect(page.getByRole('status')).toHaveText('La personne a été effacée (2 demandes).');
    await page.getByLabel('Statut').selectOption('');
    await page.getByLabel('Recherche (nom, e-mail, téléphone, adresse)').fill(tag);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByRole('heading', { name: '1 demande' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${tag}-Durand`) })).toBeVisible();

    // The erased request's page: said inside the staff chrome, with the API's message.
    await page.goto(`${baseURL}/equipe/demandes/${first}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByRole('main')).toContainText(
      'Cette demande n’existe pas ou a été effacée.',
    );
    await expectNoPublicChrome(page);
    await page.getByRole('link', { name: 'Retour aux demandes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes reçues' })).toBeVisible();

    // Sign out: the session is over on the server, the inbox sends back to the sign-in page.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${baseURL}/equipe/connexion`);
    const stale = await request.get('/api/equipe/session', {
      headers: { Cookie: `equipe=${cookie!.value}` },
    });
    expect(stale.status()).toBe(401);
    await page.goto(`${baseURL}/equipe`);
    await expect(page).toHaveURL(`${baseURL}/equipe/connexion`);
  });
});
