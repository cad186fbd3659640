import { api } from './support.ts';

/** The Operation book's account with this code, as an admin reads it. */
export async function operationAccount<A extends { code: string }>(token: string, code: string): Promise<A> {
  const found = await api<{ data: A[] }>(
    'GET',
    `/accounts?book=operation&search=${code}&per_page=50`,
    undefined,
    token,
  );
  return found.body.data.find((a) => a.code === code) as A;
}
