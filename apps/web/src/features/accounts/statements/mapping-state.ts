import {
  type AccountType,
  SECTION_ACCOUNT_TYPE,
  type StatementLineDefinition,
  type StatementLineRule,
  type StatementRuleTarget,
  type StatementSection,
} from '@ushirika/contracts';
import { useState } from 'react';

export type Mapping = { lines: StatementLineDefinition[]; rules: StatementLineRule[] };

/**
 * The mapping as the screen edits it before one save: lines added, renamed, reordered or removed,
 * and which line each class, group or account goes to.
 */
export function useMappingState(initial: Mapping) {
  const [mapping, setMapping] = useState<Mapping>(initial);
  const lineOf = (target: StatementRuleTarget, id: string) =>
    mapping.rules.find((r) => r.target === target && r.targetId === id)?.line ?? '';
  const setRule = (target: StatementRuleTarget, targetId: string, line: string) =>
    setMapping((m) => ({
      ...m,
      rules: [
        ...m.rules.filter((r) => !(r.target === target && r.targetId === targetId)),
        ...(line ? [{ target, targetId, line }] : []),
      ],
    }));
  const setLine = (code: string, changes: Partial<StatementLineDefinition>) =>
    setMapping((m) => ({ ...m, lines: m.lines.map((l) => (l.code === code ? { ...l, ...changes } : l)) }));
  const addLine = (line: Omit<StatementLineDefinition, 'code' | 'sortOrder'>) =>
    setMapping((m) => ({
      ...m,
      lines: [
        ...m.lines,
        {
          ...line,
          code: `custom_${Date.now().toString(36)}`,
          sortOrder:
            Math.max(0, ...m.lines.filter((l) => l.section === line.section).map((l) => l.sortOrder)) + 10,
        },
      ],
    }));
  const removeLine = (code: string) =>
    setMapping((m) => ({ ...m, lines: m.lines.filter((l) => l.code !== code) }));
  const inUse = (code: string) => mapping.rules.some((r) => r.line === code);
  /** The lines an account of this kind may go to, for a picker. */
  const choices = (type: AccountType) =>
    mapping.lines
      .filter((l) => SECTION_ACCOUNT_TYPE[l.section] === type)
      .map((l) => ({ value: l.code, label: l.name }));
  return { mapping, lineOf, setRule, setLine, addLine, removeLine, inUse, choices, reset: setMapping };
}

export type MappingState = ReturnType<typeof useMappingState>;

/** Income and expenditure lines have no cash-flow activity of their own (their flow is the surplus). */
export const hasCashFlow = (section: StatementSection) =>
  SECTION_ACCOUNT_TYPE[section] !== 'income' && SECTION_ACCOUNT_TYPE[section] !== 'expense';
