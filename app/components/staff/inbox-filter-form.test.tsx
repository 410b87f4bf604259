// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { InboxFilter } from '#contracts/staff/contract.ts';
import { InboxFilterForm } from './inbox-filter-form.tsx';

afterEach(cleanup);

function renderForm(filter: InboxFilter) {
  const onApply = vi.fn<(next: InboxFilter) => void>();
  render(
    <InboxFilterForm
      filter={filter}
      view={filter.vue ?? 'a-rappeler'}
      products={['Climatisation']}
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
});
