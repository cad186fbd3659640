import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportSheetHeader } from '../../components/ImportSheetHeader.tsx';
import { toastSuccess } from '../../lib/notify.ts';
import { farmers, type ImportPreview, type ImportResult, uploadSheet } from './hooks.ts';

type Stage =
  | { kind: 'choose' }
  | { kind: 'busy'; percent: number; label: string }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'done'; result: ImportResult };

/** Upload a sheet, see every bad row, then save the good rows in one go (all or nothing). */
export function FarmerImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);

  async function send<T>(path: string, label: string): Promise<T | null> {
    if (!file) return null;
    setError(null);
    setStage({ kind: 'busy', percent: 0, label });
    const reply = await uploadSheet<T & { message?: string }>(path, file, (percent) =>
      setStage({ kind: 'busy', percent, label }),
    ).catch(() => null);
    if (reply?.status !== 200) {
      setError(reply?.body.message ?? t('errors.unexpected'));
      setStage({ kind: 'choose' });
      return null;
    }
    return reply.body;
  }

  const preview = async () => {
    const body = await send<ImportPreview>(
      'collections/farmers/import/preview',
      t('farmersMd.import.checking'),
    );
    if (body) setStage({ kind: 'preview', preview: body });
  };
  const save = async () => {
    const body = await send<ImportResult>('collections/farmers/import', t('farmersMd.import.saving'));
    if (!body) return;
    void client.invalidateQueries({ queryKey: farmers.keys.all });
    toastSuccess(body.message);
    setStage({ kind: 'done', result: body });
  };

  return (
    <Modal opened onClose={onClose} title={t('farmersMd.import.title')} size="xl" centered>
      <Stack data-testid="farmer-import">
        <ImportSheetHeader
          help={t('farmersMd.import.help')}
          templateLabel={t('farmersMd.import.template')}
          templatePath="collections/farmers/import/template"
          templateFile="farmers-template.xlsx"
        />
        <FileInput
          label={t('farmersMd.import.file')}
          accept=".xlsx,.csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setStage({ kind: 'choose' });
          }}
          data-testid="import-file"
          clearable
        />
        {error && <Alert color="red">{error}</Alert>}
        {stage.kind === 'busy' && (
          <Stack gap={4} data-testid="import-progress">
            <Text size="sm">{stage.label}</Text>
            <Progress
              value={stage.percent < 100 ? stage.percent : 100}
              animated={stage.percent >= 100}
              striped
            />
          </Stack>
        )}
        {stage.kind === 'preview' && <ImportPreviewPanel preview={stage.preview} />}
        {stage.kind === 'done' && (
          <Alert color="teal" data-testid="import-done">
            {stage.result.message}{' '}
            {stage.result.firstNo && `(${stage.result.firstNo} – ${stage.result.lastNo})`}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {stage.kind !== 'preview' && stage.kind !== 'done' && (
            <Button
              onClick={() => void preview()}
              disabled={!file}
              loading={stage.kind === 'busy'}
              data-testid="import-preview"
            >
              {t('farmersMd.import.preview')}
            </Button>
          )}
          {stage.kind === 'preview' && (
            <Button
              onClick={() => void save()}
              disabled={stage.preview.valid === 0}
              data-testid="import-save"
            >
              {t('farmersMd.import.save', { count: stage.preview.valid })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** How many rows are good and bad, and every bad row with its column and problem. */
function ImportPreviewPanel({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert color={preview.invalid > 0 ? 'yellow' : 'teal'} data-testid="import-summary">
        {t('farmersMd.import.summary', {
          rows: preview.rows,
          valid: preview.valid,
          invalid: preview.invalid,
        })}
      </Alert>
      {preview.errors.length > 0 && (
        <Table.ScrollContainer minWidth={500} mah={260}>
          <Table striped data-testid="import-errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('farmersMd.import.row')}</Table.Th>
                <Table.Th>{t('farmersMd.import.column')}</Table.Th>
                <Table.Th>{t('farmersMd.import.problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.errors.map((e) => (
                <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.column}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
