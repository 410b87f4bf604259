import { CONTACT_ENDPOINT_PATH } from '#contracts/contact/lead-contract.ts';
import { openStores } from '#server/compose/stores.ts';
import type { StoreConfig } from '#server/db/connection.ts';
import { leadBody } from './server.ts';

/**
 * A real visitor for the benches: one request stored through the endpoint and the token of its
 * link, as a confirmation would carry it.
 */
export async function realVisitor(config: StoreConfig, url: string): Promise<string> {
  const response = await fetch(`${url}${CONTACT_ENDPOINT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: leadBody(1),
  });
  const { id } = (await response.json()) as { id: string };
  const stores = await openStores(config);
  try {
    return await stores.visitorLinks.mint(id, Date.now());
  } finally {
    await stores.close();
  }
}
