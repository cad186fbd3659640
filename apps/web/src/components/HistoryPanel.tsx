import { Box, Paper, type PaperProps, Text, Title, type TitleOrder, type TitleSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHistory } from '../lib/audit.ts';
import { useCan } from '../lib/use-can.ts';
import { HistoryTimeline } from './HistoryTimeline.tsx';

interface HistoryPanelProps extends Pick<PaperProps, 'p' | 'mt' | 'mb'> {
  /** The audited entity, as GET /api/audit/{entity}/{id} names it ("farmer", "delivery_note"). */
  entity: string;
  /** The record; null holds the request back. */
  id: string | null;
  /** The visible name of a record field, passed on to the timeline. */
  fieldLabel?: (field: string) => string;
  /** 'card' (default): a bordered card on a details page; 'bare': no card, inside a drawer, tab or stack. */
  variant?: 'card' | 'bare';
  /** Show the "History" heading (default); off where a tab already names the section. */
  withTitle?: boolean;
  /** The heading's level (default 2) and size (default h5), to match the page's other sections. */
  order?: TitleOrder;
  titleSize?: TitleSize;
}

/**
 * The history section of a details screen: the record's audit trail under a "History" heading.
 * The API serves history to `audit.history.read` only, so a reader without it gets a line saying
 * so and no request.
 */
export function HistoryPanel({
  entity,
  id,
  fieldLabel,
  variant = 'card',
  withTitle = true,
  order = 2,
  titleSize = 'h5',
  p = 'lg',
  mt,
  mb,
}: HistoryPanelProps) {
  const { t } = useTranslation();
  const allowed = useCan('audit.history.read');
  const history = useHistory(entity, allowed ? id : null);
  const content = (
    <>
      {withTitle && (
        <Title order={order} size={titleSize} mb={variant === 'card' ? 'md' : 'sm'}>
          {t('history.title')}
        </Title>
      )}
      {allowed ? (
        <HistoryTimeline events={history.data} loading={history.isLoading} fieldLabel={fieldLabel} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('history.noAccess')}
        </Text>
      )}
    </>
  );
  if (variant === 'bare') {
    return (
      <Box mt={mt} mb={mb}>
        {content}
      </Box>
    );
  }
  return (
    <Paper withBorder p={p} radius="md" mt={mt} mb={mb}>
      {content}
    </Paper>
  );
}
