import { Badge, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { FarmerOption } from '@ushirika/contracts';
import { type KeyboardEvent, type Ref, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FarmerScope, useFarmerSearch } from './hooks.ts';

/** How long typing may pause before the picker asks the server (ms). */
const DEBOUNCE_MS = 250;

export const farmerName = (f: Pick<FarmerOption, 'firstName' | 'middleName' | 'lastName'>) =>
  [f.firstName, f.middleName, f.lastName].filter(Boolean).join(' ');

const chosenLabel = (f: FarmerOption) => `${f.farmerNo} · ${farmerName(f)}`;

export interface FarmerPickerProps {
  label: string;
  value: FarmerOption | null;
  onChange: (farmer: FarmerOption | null) => void;
  /** One society (a union user's chosen AMCOS) and active farmers only; an AMCOS user's is implied. */
  scope?: FarmerScope;
  error?: string | null | undefined;
  required?: boolean;
  /** autoFocus on a page; data-autofocus inside a modal (its focus trap picks it). */
  autoFocus?: boolean;
  /** Enter on a farmer already chosen (a form moving on to its next field). */
  onEnterChosen?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** After a farmer is picked (a keyboard form moves on to its next field). */
  onPicked?: (farmer: FarmerOption) => void;
  /** Why a farmer may not be chosen here (an inactive farmer at the scale), or null. */
  refuse?: (farmer: FarmerOption) => string | null;
  /** Shown under the box when no farmer is chosen yet (e.g. the society's number format). */
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

/**
 * The one way a farmer is chosen (#27): a number, a name or a phone, as typed. Matches come from
 * the search endpoint a moment after typing stops (never a 404 per keystroke); arrows move through
 * them, Enter picks the highlighted one, or the only match when there is one (Enter typed before
 * the answer came waits for it). Typing again drops the choice.
 */
export function FarmerPicker(props: FarmerPickerProps) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const [enterWaiting, setEnterWaiting] = useState(false);
  // Why the last Enter chose no one, shown on the field until the text changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const search = useFarmerSearch(value ? '' : debounced, props.scope);
  const term = text.trim();
  // Matches shown belong to what is in the box now, never to an earlier word.
  const current = term !== '' && debounced.trim() === term && search.isSuccess && !search.isPlaceholderData;
  const matches = current ? (search.data ?? []) : [];
  const waiting = term !== '' && !current && !search.isError;

  const pick = (farmer: FarmerOption) => {
    setEnterWaiting(false);
    combobox.closeDropdown();
    const refused = props.refuse?.(farmer) ?? null;
    setRefusal(refused);
    if (refused) return;
    setText('');
    onChange(farmer);
    props.onPicked?.(farmer);
  };

  /** Enter with the matches known: the only one is picked; none is said on the field. */
  const enterOn = (found: FarmerOption[]) => {
    const [only, ...others] = found;
    if (only && others.length === 0) pick(only);
    else if (!only) setRefusal(t('farmersMd.picker.none', { q: term }));
    else combobox.openDropdown();
  };

  // An Enter typed before the matches came is answered when they arrive.
  useEffect(() => {
    if (!enterWaiting || !current) return;
    setEnterWaiting(false);
    enterOn(matches);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    if (value) {
      props.onEnterChosen?.(event);
      return;
    }
    // A highlighted option: the combobox clicks it.
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    if (term === '') return;
    if (!current) {
      setEnterWaiting(true);
      return;
    }
    enterOn(matches);
  };

  // Under the box: the chosen farmer's society, phone and village, else the hint while it is empty.
  const status = value
    ? [value.amcosName, value.phone, value.village].filter(Boolean).join(' · ') || undefined
    : term === ''
      ? (props.placeholder ?? t('farmersMd.picker.hint'))
      : undefined;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const farmer = matches.find((m) => m.id === id);
        if (farmer) pick(farmer);
      }}
      withinPortal
    >
      <Combobox.Target>
        <TextInput
          ref={props.inputRef}
          label={props.label}
          required={props.required}
          autoFocus={props.autoFocus}
          data-autofocus={props.autoFocus || undefined}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={waiting && search.isFetching ? <Loader size={14} /> : null}
          value={value ? chosenLabel(value) : text}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (value) onChange(null);
            // Typing after a chosen farmer starts a new search with what was added; deleting, an empty one.
            setText(typedAfter(next, value));
            setEnterWaiting(false);
            setRefusal(null);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => !value && term && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          description={status}
          error={refusal ? <Refusal text={refusal} testId={props.testId} /> : props.error}
          data-testid={props.testId ?? 'farmer-picker'}
          data-chosen={value?.farmerNo}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={value !== null || term === ''}>
        <FarmerMatches
          matches={matches}
          none={current && matches.length === 0 ? term : null}
          waiting={waiting}
          failed={search.isError}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The matches of what is typed, or why there are none (none found, still searching, failed). */
function FarmerMatches({
  matches,
  none,
  waiting,
  failed,
}: {
  matches: FarmerOption[];
  /** The term nothing matched, or null. */
  none: string | null;
  waiting: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Combobox.Options data-testid="farmer-picker-options">
      {matches.map((f) => (
        <Combobox.Option value={f.id} key={f.id} data-testid="farmer-picker-option">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <div>
              <Text size="sm" fw={600}>
                {f.farmerNo} · {farmerName(f)}
              </Text>
              <Text size="xs" c="dimmed">
                {[f.amcosName, f.phone, f.village].filter(Boolean).join(' · ')}
              </Text>
            </div>
            {f.status !== 'active' && (
              <Badge size="xs" color="gray" variant="light">
                {t('status.inactive')}
              </Badge>
            )}
          </Group>
        </Combobox.Option>
      ))}
      {none !== null && (
        <Combobox.Empty data-testid="farmer-picker-none">
          {t('farmersMd.picker.none', { q: none })}
        </Combobox.Empty>
      )}
      {waiting && <Combobox.Empty>{t('farmersMd.picker.searching')}</Combobox.Empty>}
      {failed && <Combobox.Empty>{t('farmersMd.picker.failed')}</Combobox.Empty>}
    </Combobox.Options>
  );
}

/** What is typed after (or instead of) a chosen farmer's label: a new search, or an empty one. */
const typedAfter = (next: string, chosen: FarmerOption | null) => {
  if (!chosen) return next;
  const label = chosenLabel(chosen);
  return next.startsWith(label) ? next.slice(label.length) : '';
};

const Refusal = ({ text, testId }: { text: string; testId: string | undefined }) => (
  <span data-testid={`${testId ?? 'farmer-picker'}-refusal`}>{text}</span>
);
