import { Badge, type MantineColor } from '@mantine/core';
import type { Auction } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<Auction['status'], MantineColor> = {
  draft: 'gray',
  catalogued: 'blue',
  results: 'yellow',
  closed: 'teal',
};

/** An auction's lifecycle: draft -> catalogued -> results -> closed. */
export function AuctionStatus({ status, testId }: { status: Auction['status']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} data-status={status} data-testid={testId}>
      {t(`auctionsMd.statuses.${status}`)}
    </Badge>
  );
}
