import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Collection } from '@ushirika/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatKg, formatNumber } from '../../../lib/format.ts';
import { openReceipt } from './hooks.ts';

/** The receipt the clerk just saved, with its two print buttons (A5 and the 80 mm roll). */
export function LastSavedReceipt({ collection: c }: { collection: Collection }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="sm" mt="md" data-testid="last-saved">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {t('collectionsMd.lastSaved')}{' '}
          <Text span fw={600} component={Link} to={`/collections/receips/${c.id}/receips`}>
            {c.receiptNo}
          </Text>{' '}
          · {c.farmerNo} {c.farmerName} · {formatNumber(c.bags)} {t('collectionsMd.bagsShort')} ·{' '}
          {formatKg(c.netKg)}
          {c.moistureFlagged ? ` · ${t('collectionsMd.flagged')}` : ''}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={() => void openReceipt(c.id, 'a5')}
            data-testid="print-last"
          >
            {t('collectionsMd.print')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={() => void openReceipt(c.id, '80mm')}
          >
            {t('collectionsMd.print80')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * On a phone the last receipt (with Print) sits above the form, brought into view as it appears:
 * key it by the receipt, so that each save brings its own into view.
 */
export function ReceiptInView({ collection }: { collection: Collection }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div ref={ref} style={{ scrollMarginTop: 80 }}>
      <LastSavedReceipt collection={collection} />
    </div>
  );
}
