import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AuctionLot } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from '../../../components/InlineError.tsx';
import { formatDecimal, formatKg } from '../../../lib/format.ts';
import { useSaveDecisions } from './hooks.ts';
import { PickAllCell, usePicks } from './picks.tsx';

/** The society's decision on the highest bids: tick lots, accept or reject, with the signed form's reference. */
export function DecisionsPanel({ auctionId, lots }: { auctionId: string; lots: AuctionLot[] }) {
  const { t } = useTranslation();
  const bids = lots.filter((l) => l.result === 'bid');
  const picks = usePicks(bids.map((b) => b.lotId));
  const { picked, toggle } = picks;
  const [decision, setDecision] = useState<'accept' | 'reject'>('accept');
  const [formRef, setFormRef] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDecisions(auctionId);
  const submit = () => {
    setError(null);
    if (!formRef.trim()) {
      setError(t('auctionsMd.formRefNeeded'));
      return;
    }
    save.mutate(
      { decisions: [...picked].map((lotId) => ({ lotId, decision, formRef: formRef.trim() })) },
      picks.saved(setError),
    );
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="decisions">
      <Title order={4} mb="sm">
        {t('auctionsMd.decisions')}
      </Title>
      {bids.length === 0 ? (
        <Text c="dimmed">{t('auctionsMd.noBids')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <PickAllCell picks={picks} />
                <Table.Th>{t('auctionsMd.lotNo')}</Table.Th>
                <Table.Th>{t('fields.amcos')}</Table.Th>
                <Table.Th ta="right">{t('auctionsMd.netKg')}</Table.Th>
                <Table.Th>{t('auctionsMd.buyer')}</Table.Th>
                <Table.Th ta="right">{t('auctionsMd.pricePerKg')}</Table.Th>
                <Table.Th ta="right">{t('auctionsMd.amount')}</Table.Th>
                <Table.Th>{t('auctionsMd.decision')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bids.map((l) => (
                <Table.Tr key={l.lotId} data-testid={`decision-row-${l.lotNo}`}>
                  <Table.Td>
                    <Checkbox
                      aria-label={l.lotNo}
                      checked={picked.has(l.lotId)}
                      onChange={() => toggle(l.lotId)}
                    />
                  </Table.Td>
                  <Table.Td>{l.lotNo}</Table.Td>
                  <Table.Td>{l.amcosName}</Table.Td>
                  <Table.Td ta="right">{formatKg(l.netKg)}</Table.Td>
                  <Table.Td>{l.buyerName}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(l.pricePerKg ?? '0')}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(l.amount ?? '0')}</Table.Td>
                  <Table.Td>
                    {l.decision
                      ? `${t(`auctionsMd.decisionValues.${l.decision}`)} (${l.decisionFormRef})`
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group mt="md" align="flex-end">
        <SegmentedControl
          value={decision}
          onChange={(v) => setDecision(v === 'reject' ? 'reject' : 'accept')}
          data={[
            { value: 'accept', label: t('auctionsMd.decisionValues.accept') },
            { value: 'reject', label: t('auctionsMd.decisionValues.reject') },
          ]}
        />
        <TextInput
          label={t('auctionsMd.formRef')}
          required
          value={formRef}
          onChange={(e) => setFormRef(e.currentTarget.value)}
          w={200}
          data-testid="form-ref"
        />
        <Button
          onClick={submit}
          disabled={picked.size === 0}
          loading={save.isPending}
          data-testid="save-decisions"
        >
          {t('auctionsMd.saveDecisions', { count: picked.size })}
        </Button>
        <InlineError error={error} />
      </Group>
    </Paper>
  );
}
