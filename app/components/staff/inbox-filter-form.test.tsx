// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { InboxFilter } from '#contracts/staff/contract.ts';
import { InboxFilterForm } from './inbox-filter-form.tsx';

afterEach(cleanup);

const PEOPLE = [{ id: '0790aa93-9c12-42d4-859a-04f8e90a12ae', name: 'Marie Dupont' }];

function renderForm(filter: InboxFilter) {
  const onApply = vi.fn<(next: InboxFilter) => void>();
  render(
    <InboxFilterForm
      filter={filter}
      view={filter.vue ?? 'a-rappeler'}
      products={['Climatisation']}
      people={PEOPLE}
      busy={false}
      onApply={onApply}
      onReset={() => undefined}
    />,
  );
  return onApply;
}

const box = () => screen.getByLabelText('Recherche (nom, e-mail, téléphone, adresse)');
const apply = () => userEvent.click(screen.getByRole('button', { name: 'Filtrer' }));

describe('InboxFilterForm', () => {
  it('runs a new search term in « Toutes les demandes », whatever the view', async () => {
    const onApply = renderForm({ vue: 'a-rappeler' });
    await userEvent.type(box(), 'paul@example.fr');
    await apply();
    expect(onApply).toHaveBeenLastCalledWith({ q: 'paul@example.fr', vue: 'toutes', page: 1 });
  });

  it('keeps the view the search was narrowed to when the term is the same', async () => {
    const onApply = renderForm({ q: 'martin', vue: 'en-retard' });
    await userEvent.selectOptions(screen.getByLabelText('Produit'), 'Climatisation');
    await apply();
    expect(onApply).toHaveBeenLastCalledWith({
      q: 'martin',
      produit: 'Climatisation',
      vue: 'en-retard',
      page: 1,
    });
  });

  it('keeps the view without a term', async () => {
    const onApply = renderForm({ q: 'martin', vue: 'en-retard' });
    await userEvent.clear(box());
    await apply();
    expect(onApply).toHaveBeenLastCalledWith({ vue: 'en-retard', page: 1 });
  });

  it('filters by owner: anyone, me, nobody or one person (ADR 0046)', async () => {
    const onApply = renderForm({ vue: 'toutes' });
    const owner = screen.getByLabelText('Attribuée à');
    expect([...(owner as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Toutes les personnes',
      'Moi',
      'À attribuer',
      'Marie Dupont',
    ]);
    await userEvent.selectOptions(owner, 'Marie Dupont');
    await apply();
    expect(onApply).toHaveBeenLastCalledWith({ owner: PEOPLE[0]!.id, vue: 'toutes', page: 1 });
    await userEvent.selectOptions(owner, 'Moi');
    await apply();
    expect(onApply).toHaveBeenLastCalledWith({ owner: 'moi', vue: 'toutes', page: 1 });
  });
});
