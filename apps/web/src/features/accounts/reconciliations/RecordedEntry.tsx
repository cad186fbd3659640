import { Anchor, Group } from '@mantine/core';
import { routePath, type StatementLine } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge.tsx';

/**
 * The journal entry recorded from a statement line (a bank charge): its number, opening it in the
 * journal, and its state in the journal's own word (Draft, Posted), as the server has it now.
 */
export function RecordedEntry({ line }: { line: StatementLine }) {
  const { t } = useTranslation();
  if (!line.entryId || !line.entryNumber || !line.entryStatus) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="recon-recorded-entry">
      <Anchor
        component={Link}
        to={`${routePath('journal_entries')}?entry=${line.entryId}`}
        fz="xs"
        aria-label={t('recon.openEntry', { number: line.entryNumber })}
      >
        {line.entryNumber}
      </Anchor>
      <StatusBadge status={line.entryStatus} size="xs" />
    </Group>
  );
}
