import { Badge, type MantineColor } from '@mantine/core';
import type { CollectionStatus } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CollectionStatus, MantineColor> = {
  recorded: 'blue',
  in_delivery: 'orange',
  in_lot: 'grape',
  sold: 'teal',
  paid: 'green',
  cancelled: 'red',
};

export const COLLECTION_STATUSES = Object.keys(COLORS) as CollectionStatus[];

/** A collection's place in the crop flow: recorded -> in delivery -> in lot -> sold -> paid. */
export function CollectionStatusBadge({ status }: { status: CollectionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} miw="max-content" data-status={status}>
      {t(`collectionsMd.status.${status}`)}
    </Badge>
  );
}
