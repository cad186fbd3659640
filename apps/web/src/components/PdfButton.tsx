import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';

/** Downloads a document's PDF from the API (with the bearer token). */
export function PdfButton({
  path,
  name,
  label,
  query,
}: {
  path: string;
  name: string;
  label?: string;
  query?: Query;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={busy}
      data-testid="download-pdf"
      onClick={() => {
        setBusy(true);
        downloadFile(path, query ?? {}, `${name}.pdf`)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {label ?? t('salesMd.pdf')}
    </Button>
  );
}
