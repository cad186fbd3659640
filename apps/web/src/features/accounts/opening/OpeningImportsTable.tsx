import { Badge, Button, Paper, Table, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { OpeningImport } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/EmptyBlock.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { useReverseOpening } from './hooks.ts';

function ReverseOpening({ imported, onClose }: { imported: OpeningImport; onClose: () => void }) {
  const { t } = useTranslation();
  const reverse = useReverseOpening(imported.id);
  return (
    <ReasonModal
      title={t('goLive.reverseTitle')}
      reasonLabel={t('goLive.reason')}
      reasonRequired={t('goLive.reasonRequired')}
      submitLabel={t('goLive.reverse')}
      confirmTitle={t('goLive.reverseTitle')}
      confirmMessage={t('goLive.reverseMessage', { file: imported.fileName })}
      mutation={reverse}
      onClose={onClose}
      testId="opening-reverse"
    />
  );
}

/** Every opening import, newest first; a standing one may be reversed whole while the book allows. */
export function OpeningImportsTable({
  imports,
  reversible,
  canManage,
}: {
  imports: OpeningImport[];
  reversible: (i: OpeningImport) => boolean;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [reversing, setReversing] = useState<OpeningImport | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('goLive.imports')}
      </Title>
      {imports.length === 0 ? (
        <EmptyBlock
          icon={IconFileImport}
          title={t('goLive.noImports')}
          description={t('goLive.noImportsHint')}
        />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="opening-imports" aria-label={t('goLive.imports')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('goLive.kind')}</Table.Th>
                <Table.Th>{t('goLive.book')}</Table.Th>
                <Table.Th>{t('goLive.file')}</Table.Th>
                <Table.Th ta="right">{t('goLive.rows')}</Table.Th>
                <Table.Th ta="right">{t('goLive.total')}</Table.Th>
                <Table.Th>{t('goLive.entry')}</Table.Th>
                <Table.Th>{t('goLive.importedAt')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {imports.map((i) => (
                <Table.Tr key={i.id} data-status={i.status}>
                  <Table.Td>{t(`goLive.kinds.${i.kind}`)}</Table.Td>
                  <Table.Td>{t(`goLive.books.${i.book}`)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{i.fileName}</Text>
                    {i.reversalReason && (
                      <Text size="xs" c="dimmed">
                        {t('goLive.reversedBecause', { reason: i.reversalReason })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{i.rows}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(i.total)}</Table.Td>
                  <Table.Td>{i.entryNumber ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(i.createdAt)}</Table.Td>
                  <Table.Td>
                    {i.status === 'reversed' ? (
                      <Badge color="gray" variant="light">
                        {t('goLive.reversed')}
                      </Badge>
                    ) : (
                      canManage &&
                      reversible(i) && (
                        <Button size="xs" variant="light" color="red" onClick={() => setReversing(i)}>
                          {t('goLive.reverse')}
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {reversing && <ReverseOpening imported={reversing} onClose={() => setReversing(null)} />}
    </Paper>
  );
}
