import { Alert, Button, FileInput, Group, Modal, Select, Stack, Table } from '@mantine/core';
import type { InputRequestImportResult } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportSheetHeader } from '../../../components/ImportSheetHeader.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { seasonCrops } from '../../seasons/hooks.ts';
import { useImportRequests } from './hooks.ts';

/**
 * Imports a sheet of requests (farmer_no, item_code, quantity, override_reason) for one season
 * crop: one request per farmer, a farmer with any bad row skipped whole, every skipped row listed.
 */
export function RequestImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const crops = seasonCrops.useOptions();
  const [seasonCropId, setSeasonCropId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<InputRequestImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useImportRequests();
  const send = () => {
    if (!file || !seasonCropId) return;
    setError(null);
    upload.mutate(
      { file, seasonCropId },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.message);
          setResult(reply);
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t('errors.unexpected')),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('inputs.requests.importTitle')} size="xl" centered>
      <Stack data-testid="request-import">
        <ImportSheetHeader
          help={t('inputs.requests.importHelp')}
          templateLabel={t('inputs.requests.template')}
          templatePath="collections/farmer-requests/import/template"
          templateFile="farmer-requests-template.xlsx"
        />
        <Select
          label={t('inputs.seasonCrop')}
          required
          data-autofocus
          data={(crops.data ?? []).map((s) => ({ value: s.id, label: `${s.seasonName} · ${s.cropName}` }))}
          value={seasonCropId}
          onChange={setSeasonCropId}
        />
        <FileInput
          label={t('inputs.requests.file')}
          accept=".xlsx,.csv"
          value={file}
          onChange={setFile}
          required
        />
        {error && <Alert color="red">{error}</Alert>}
        {result && (
          <Alert color={result.skipped.length ? 'yellow' : 'teal'} data-testid="request-import-result">
            {result.message}
          </Alert>
        )}
        {result && result.skipped.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inputs.requests.row')}</Table.Th>
                <Table.Th>{t('inputs.requests.problems')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.skipped.map((s) => (
                <Table.Tr key={s.row}>
                  <Table.Td>{s.row}</Table.Td>
                  <Table.Td>{s.errors.join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={send} loading={upload.isPending} disabled={!file || !seasonCropId}>
            {t('inputs.requests.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
