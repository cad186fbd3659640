import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { Book, BookOpening } from '@ushirika/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { useAccountOptions } from '../hooks.ts';
import { GoLiveCheckTable } from './GoLiveCheckTable.tsx';
import { useConfirmGoLive, useGoLiveCheck, useSetGoLive } from './hooks.ts';

/** One book: its go-live date and opening-balances account, its check, and going live at zero. */
export function BookGoLiveCard({ opening, canManage }: { opening: BookOpening; canManage: boolean }) {
  const { t } = useTranslation();
  const book: Book = opening.book;
  const live = opening.status === 'live';
  const [date, setDate] = useState(opening.goLiveDate ?? '');
  const [account, setAccount] = useState<string | null>(opening.openingAccountId);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDate(opening.goLiveDate ?? '');
    setAccount(opening.openingAccountId);
  }, [opening.goLiveDate, opening.openingAccountId]);
  const accounts = useAccountOptions(book);
  const save = useSetGoLive(book);
  const confirm = useConfirmGoLive(book);
  const check = useGoLiveCheck(book, opening.goLiveDate !== null);
  const bookName = t(`goLive.books.${book}`);

  const submit = () => {
    if (!date || !account) return setError(t('goLive.needDateAndAccount'));
    setError(null);
    save.mutate(
      { goLiveDate: date, openingAccountId: account },
      { onError: (e) => setError(e instanceof ApiError ? e.message : t('errors.unexpected')) },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={`go-live-${book}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {bookName}
          </Title>
          <Badge color={live ? 'teal' : 'yellow'} variant="light" data-testid="go-live-status">
            {t(`goLive.status.${opening.status}`)}
          </Badge>
        </Group>
        <Group align="flex-end" wrap="wrap">
          <DateField
            label={t('goLive.goLiveDate')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            disabled={!canManage || live}
            required
            data-testid="go-live-date"
          />
          <Select
            label={t('goLive.openingAccount')}
            description={t('goLive.openingAccountHint')}
            data={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
            value={account}
            onChange={setAccount}
            searchable
            disabled={!canManage || live}
            miw={260}
            data-testid="go-live-account"
          />
          {canManage && !live && (
            <Button onClick={submit} loading={save.isPending} data-testid="go-live-save">
              {t('common.save')}
            </Button>
          )}
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {opening.openingDate && (
          <Text size="sm" c="dimmed">
            {t('goLive.openingDated', {
              date: formatDate(opening.openingDate),
              account: opening.openingAccount ?? '',
              balance: formatDecimal(opening.openingAccountBalance),
            })}
          </Text>
        )}
        {check.data && <GoLiveCheckTable check={check.data} />}
        {check.data && canManage && !live && (
          <Group justify="flex-end">
            {!check.data.agreed && (
              <Text size="sm" c="red">
                {t('goLive.notAtZero')}
              </Text>
            )}
            <Button
              color="teal"
              disabled={!check.data.agreed}
              loading={confirm.isPending}
              data-testid="go-live-confirm"
              onClick={() =>
                confirmAction({
                  title: t('goLive.confirmTitle', { book: bookName }),
                  message: t('goLive.confirmMessage', {
                    book: bookName,
                    date: formatDate(opening.goLiveDate ?? ''),
                  }),
                  confirmLabel: t('goLive.confirm'),
                  danger: false,
                  onConfirm: () => confirm.mutate(),
                })
              }
            >
              {t('goLive.confirm')}
            </Button>
          </Group>
        )}
        {live && opening.confirmedAt && (
          <Alert color="teal" data-testid="go-live-done">
            {t('goLive.liveSince', { date: formatDate(opening.goLiveDate ?? '') })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
