import { Alert, Button, Checkbox, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { AuctionImportPreview } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useImportResults } from './hooks.ts';

/** The exchange's results sheet (lot no, bid code, price): preview with row errors, then apply all at once. */
export function ImportResultsModal({ auctionId, onClose }: { auctionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [preview, setPreview] = useState<AuctionImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportResults(auctionId);
  const send = (mode: 'preview' | 'apply') => {
    if (!file) return;
    setError(null);
    run.mutate(
      { file, mode, confirm },
      {
        onSuccess: (reply) => {
          if (mode === 'preview') setPreview(reply as AuctionImportPreview);
          else {
            toastSuccess((reply as { message: string }).message);
            onClose();
          }
        },
        onError: (e) => setError(e instanceof ApiError ? e.serverMessage : String(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('auctionsMd.importSheet')} size="xl" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('auctionsMd.importHelp')}
        </Text>
        <FileInput
          data-autofocus
          label={t('auctionsMd.sheet')}
          accept=".xlsx"
          value={file}
          onChange={(f) => {
            setFile(f);
            setPreview(null);
          }}
          data-testid="results-file"
        />
        <Checkbox
          label={t('auctionsMd.confirmBelowReserve')}
          checked={confirm}
          onChange={(e) => {
            setConfirm(e.currentTarget.checked);
            setPreview(null);
          }}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {preview && (
          <>
            <Text size="sm" data-testid="import-summary">
              {t('auctionsMd.previewSummary', { valid: preview.valid, invalid: preview.invalid })}
            </Text>
            <Table.ScrollContainer minWidth={600} mah={320}>
              <Table striped data-testid="import-preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('auctionsMd.row')}</Table.Th>
                    <Table.Th>{t('auctionsMd.lotNo')}</Table.Th>
                    <Table.Th>{t('auctionsMd.bidCode')}</Table.Th>
                    <Table.Th>{t('auctionsMd.pricePerKg')}</Table.Th>
                    <Table.Th>{t('auctionsMd.buyer')}</Table.Th>
                    <Table.Th>{t('auctionsMd.problems')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>{r.lotNo}</Table.Td>
                      <Table.Td>{r.bidCode}</Table.Td>
                      <Table.Td>{r.price}</Table.Td>
                      <Table.Td>{r.buyerName ?? ''}</Table.Td>
                      <Table.Td c={r.errors.length ? 'red' : undefined}>
                        {r.errors.join('; ') || '✓'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="light" onClick={() => send('preview')} disabled={!file} loading={run.isPending}>
            {t('auctionsMd.preview')}
          </Button>
          <Button
            onClick={() => send('apply')}
            disabled={!preview || preview.invalid > 0}
            loading={run.isPending}
            data-testid="apply-import"
          >
            {t('auctionsMd.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
