import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, MantineColor> = {
  draft: 'gray',
  approved: 'blue',
  exported: 'indigo',
  sending: 'cyan',
  paid: 'teal',
  partly_paid: 'yellow',
  cancelled: 'red',
  pending: 'gray',
  failed: 'red',
  retried: 'orange',
};

type PayStatus =
  | 'draft'
  | 'approved'
  | 'exported'
  | 'sending'
  | 'paid'
  | 'partly_paid'
  | 'cancelled'
  | 'pending'
  | 'failed'
  | 'retried';

/** Settlement, batch and line statuses, translated. */
export function PayStatusBadge({ status }: { status: PayStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status] ?? 'gray'} miw="max-content" data-status={status}>
      {t(`pay.status.${status}`)}
    </Badge>
  );
}
