import { Badge, Button, Indicator } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format.ts';
import { useMedia } from '../../lib/use-media.ts';
import { useInboxCounts } from './hooks.ts';

/**
 * The header's "Waiting for me" (#27): how many records wait for the user, opening the list. Its
 * name is its text and count; on a phone, an icon named the same way.
 */
export function InboxButton() {
  const { t } = useTranslation();
  const counts = useInboxCounts();
  const narrow = useMedia('(max-width: 48em)');
  const count = counts.data?.total ?? 0;
  const label = t('inbox.linkCount', { count });
  if (narrow)
    return (
      <Indicator label={formatNumber(count)} size={18} disabled={count === 0} offset={4}>
        <Button
          component={Link}
          to="/inbox"
          variant="subtle"
          px={6}
          aria-label={label}
          data-testid="inbox-link"
          data-count={count}
        >
          <IconInbox size={20} aria-hidden />
        </Button>
      </Indicator>
    );
  return (
    <Button
      component={Link}
      to="/inbox"
      variant="subtle"
      leftSection={<IconInbox size={18} aria-hidden />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle={count < 10} data-testid="inbox-count">
            {formatNumber(count)}
          </Badge>
        ) : null
      }
      data-testid="inbox-link"
      data-count={count}
    >
      {t('inbox.link')}
    </Button>
  );
}
