import { Button } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/use-can.ts';

/**
 * The way to the delivery notes from another screen's header (the AMCOS sidebar of SPEC has no
 * link to them): shown to whoever may read delivery notes, union or AMCOS.
 */
export function DeliveryNotesButton() {
  const { t } = useTranslation();
  const canRead = useCan('collections.delivery.read');
  if (!canRead) return null;
  return (
    <Button
      variant="default"
      component={Link}
      to="/collections/crop-DNs/list"
      leftSection={<IconTruck size={16} aria-hidden />}
      data-testid="to-delivery-notes"
    >
      {t('dnMd.title')}
    </Button>
  );
}
