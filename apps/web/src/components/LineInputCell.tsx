import { Table, TextInput } from '@mantine/core';

/**
 * One editable cell of a document line being entered (a quantity, a price, a description): a
 * text input named by `label`, holding the string as typed (money and quantities stay strings).
 */
export function LineInputCell({
  label,
  value,
  onChange,
  w,
  decimal,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  w?: number;
  /** Shows the number keyboard on a phone. */
  decimal?: boolean;
  testId?: string;
}) {
  return (
    <Table.Td>
      <TextInput
        aria-label={label}
        w={w}
        inputMode={decimal ? 'decimal' : undefined}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
      />
    </Table.Td>
  );
}
