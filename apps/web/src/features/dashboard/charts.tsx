import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Box, Group, Progress, RingProgress, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate, formatKg } from '../../lib/format.ts';

/**
 * The dashboard's charts: Mantine charts and progress parts. Decimal strings are turned into
 * numbers only to size the shapes; every figure shown is the API's string.
 */

const size = (value: string) => Number(value) || 0;

export type Bar = { key: string; label: string; kg: string };

/** Horizontal bars, largest first, each labelled with its exact kg. */
export function KgBars({ rows, testId }: { rows: Bar[]; testId?: string }) {
  const max = Math.max(...rows.map((r) => size(r.kg)), 0);
  return (
    <Stack gap="xs" data-testid={testId}>
      {rows.map((r) => (
        <Box key={r.key} data-testid={testId ? `${testId}-row` : undefined}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {r.label}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatKg(r.kg)}
            </Text>
          </Group>
          <Progress
            value={max > 0 ? (size(r.kg) / max) * 100 : 0}
            size="md"
            radius="sm"
            aria-label={`${r.label}: ${formatKg(r.kg)}`}
          />
        </Box>
      ))}
    </Stack>
  );
}

/** An area chart of kg per day (Mantine charts), with the first and last dates under it. */
export function DailyArea({ days, label }: { days: { date: string; kg: string }[]; label: string }) {
  const first = days[0];
  const last = days.at(-1);
  // The chart sizes its shapes from numbers; the tooltip and the caption show the API's exact kg.
  const data = days.map((d) => ({ day: formatDate(d.date), kgValue: size(d.kg), kg: d.kg }));
  return (
    <Stack gap={4} role="img" aria-label={label}>
      <AreaChart
        h={160}
        data={data}
        dataKey="day"
        series={[{ name: 'kgValue', label, color: 'var(--mantine-primary-color-filled)' }]}
        curveType="monotone"
        withDots={false}
        withXAxis={false}
        gridAxis="none"
        valueFormatter={(value) => formatKg(String(value))}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {first ? formatDate(first.date) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {last ? `${formatDate(last.date)}: ${formatKg(last.kg)}` : ''}
        </Text>
      </Group>
    </Stack>
  );
}

export type Slice = { key: string; label: string; count: number; kg: string; color: string };

/** A donut of lots by status, with a legend holding the counts and kg. */
export function LotsDonut({ slices, center }: { slices: Slice[]; center: string }) {
  const total = slices.reduce((n, s) => n + s.count, 0);
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <RingProgress
        size={150}
        thickness={18}
        label={
          <Text ta="center" fw={700} size="sm">
            {center}
          </Text>
        }
        sections={slices
          .filter((s) => s.count > 0)
          .map((s) => ({
            value: total > 0 ? (s.count / total) * 100 : 0,
            color: s.color,
            tooltip: `${s.label}: ${s.count}`,
          }))}
      />
      <Stack gap={6}>
        {slices.map((s) => (
          <Tooltip key={s.key} label={formatKg(s.kg)}>
            <Group gap="xs" wrap="nowrap" data-testid={`lots-${s.key}`}>
              <Box w={10} h={10} bg={s.color} style={{ borderRadius: 2 }} />
              <Text size="sm">
                {s.label}: <b>{s.count}</b> · {formatKg(s.kg)}
              </Text>
            </Group>
          </Tooltip>
        ))}
      </Stack>
    </Group>
  );
}
