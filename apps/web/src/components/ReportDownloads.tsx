import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Excel and PDF buttons for a report. */
export function ReportDownloads({ onDownload }: { onDownload: (format: 'xlsx' | 'pdf') => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    onDownload(format)
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <Group gap="xs">
      {(['xlsx', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          onClick={() => run(format)}
          data-testid={`download-${format}`}
        >
          {format === 'xlsx' ? t('acc.exportXlsx') : t('acc.exportPdf')}
        </Button>
      ))}
    </Group>
  );
}
