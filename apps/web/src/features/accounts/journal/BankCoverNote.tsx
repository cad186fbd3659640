import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BankCover } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';

/** The paying account's book balance now and after the payment (#37), read as the dialog opens. */
export function useBankCover(path: string) {
  return useQuery({
    queryKey: ['bank-cover', path],
    queryFn: ({ signal }) => api.get<{ data: BankCover }>(path, undefined, signal),
    select: (reply) => reply.data,
    staleTime: 0,
  });
}

/**
 * Shown in a payment's approve confirmation: what the bank or cash account holds in the books and
 * what it will hold after; a warning when that is below zero, saying whether the union's settings
 * then refuse the approval. `path` is the payment's bank-cover read.
 */
export function BankCoverNote({ path }: { path: string }) {
  const { t } = useTranslation();
  const cover = useBankCover(path);
  if (cover.isPending) return <Loader size="xs" />;
  const c = cover.data;
  if (!c) return null;
  return (
    <Stack gap="xs" data-testid="bank-cover">
      <Text size="sm">
        {t('bankCover.balance', {
          account: c.account,
          balance: formatMoney(c.balance),
          after: formatMoney(c.after),
        })}
      </Text>
      {!c.covered && (
        <Alert color={c.refuse ? 'red' : 'yellow'} p="xs" data-testid="bank-cover-warning">
          {t(c.refuse ? 'bankCover.refused' : 'bankCover.belowZero')}
        </Alert>
      )}
    </Stack>
  );
}
