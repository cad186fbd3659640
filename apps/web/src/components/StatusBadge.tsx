import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * One badge for every lifecycle status. Known statuses get a colour and a translated label
 * (`status.<value>`); an unknown one is shown as sent, in grey, rather than hidden.
 */
const STATUS_COLORS: Record<string, MantineColor> = {
  active: 'teal',
  inactive: 'gray',
  suspended: 'orange',
  draft: 'gray',
  submitted: 'blue',
  approved: 'teal',
  posted: 'teal',
  cancelled: 'red',
  rejected: 'red',
  closed: 'dark',
  open: 'teal',
  paid: 'teal',
  part_paid: 'yellow',
  issued: 'blue',
};

interface StatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  status: string;
}

export function StatusBadge({ status, ...props }: StatusBadgeProps) {
  const { t, i18n } = useTranslation();
  const key = `status.${status}`;
  const label = i18n.exists(key) ? t(key as 'status.active') : status;
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status] ?? 'gray'}
      miw="max-content"
      data-status={status}
      {...props}
    >
      {label}
    </Badge>
  );
}
