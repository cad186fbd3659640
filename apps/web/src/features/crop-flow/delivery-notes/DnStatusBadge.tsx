import { Badge, type MantineColor } from '@mantine/core';
import type { DeliveryNoteStatus, LotStatus } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DeliveryNoteStatus | LotStatus, MantineColor> = {
  draft: 'gray',
  dispatched: 'orange',
  received: 'blue',
  receipted: 'teal',
  cancelled: 'red',
  in_store: 'blue',
  catalogued: 'grape',
  sold: 'teal',
  released: 'dark',
};

/** A delivery note's or a lot's state, coloured and translated (`dnMd.status.*`). */
export function DnStatusBadge({ status }: { status: DeliveryNoteStatus | LotStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} miw="max-content" data-status={status}>
      {t(`dnMd.status.${status}`)}
    </Badge>
  );
}
