import { Badge, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { type Book, MAPPING_KEYS, type MappingKey } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { useForm } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useAccountOptions, useMappings, useSaveMappings } from '../hooks.ts';

const KEYS = Object.keys(MAPPING_KEYS) as MappingKey[];
const BOOKS: Book[] = ['collection', 'operation'];
const EMPTY = Object.fromEntries(KEYS.map((k) => [k, ''])) as Record<MappingKey, string>;

/**
 * The account mappings (which account each posting role uses), a tab of the accounting settings
 * (/account/settings/classes?tab=mappings): one account picker per key, limited to the key's book.
 */
export function MappingsPanel() {
  const { t } = useTranslation();
  const mappings = useMappings();
  if (mappings.isPending) return <LoadingBlock />;
  if (!mappings.data?.length) return <EmptyBlock icon={IconPlugConnected} title={t('accMappings.empty')} />;
  return (
    <MappingsForm
      initial={
        Object.fromEntries(mappings.data.map((m) => [m.key, m.accountId ?? ''])) as Record<MappingKey, string>
      }
    />
  );
}

/** The pickers, starting from the saved mappings (the form keeps its own values after a save). */
function MappingsForm({ initial }: { initial: Record<MappingKey, string> }) {
  const { t } = useTranslation();
  const canEdit = useCan('accounts.ledger.update');
  const save = useSaveMappings();
  const options = {
    collection: useAccountOptions('collection'),
    operation: useAccountOptions('operation'),
  };
  const form = useForm({ ...EMPTY, ...initial });

  const submit = form.onSubmit(() => {
    const chosen = KEYS.filter((k) => form.values[k]).map((k) => ({ key: k, accountId: form.values[k] }));
    if (chosen.length === 0) return;
    save.mutate(
      { mappings: chosen },
      { onSuccess: (r) => toastSuccess(r.message), onError: form.showApiError },
    );
  });

  const pickers = (
    <Stack gap="lg">
      {BOOKS.map((book) => {
        const data = (options[book].data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
        return (
          <Stack key={book} gap="xs">
            <Title order={4}>{t('accMappings.book', { book: t(`acc.books.${book}`) })}</Title>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {KEYS.filter((k) => MAPPING_KEYS[k] === book).map((key) => (
                <Select
                  key={key}
                  label={
                    <Group gap={6} component="span">
                      {t(`accMappings.keys.${key}`)}
                      <Badge size="xs" variant="light" component="span">
                        {t(`acc.books.${book}`)}
                      </Badge>
                    </Group>
                  }
                  searchable
                  disabled={!canEdit}
                  nothingFoundMessage={t('accMappings.noAccount')}
                  data={data}
                  data-testid={`mapping-${key}`}
                  error={form.errors[key]}
                  onChange={(v) => form.setValue(key, v ?? '')}
                  value={form.values[key] || null}
                />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
  return (
    <Paper withBorder p="lg" radius="md">
      <Text c="dimmed" size="sm" mb="md">
        {t('accMappings.description')}
      </Text>
      {canEdit ? (
        <FormLayout
          onSubmit={submit}
          error={form.formError}
          submitLabel={t('common.save')}
          submitting={save.isPending}
          testId="mappings-form"
        >
          {pickers}
        </FormLayout>
      ) : (
        pickers
      )}
    </Paper>
  );
}
