import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/sw';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../lib/format.ts';

dayjs.extend(customParseFormat);

/** The change a text input reports, so a DateField drops in where `form.text(...)` is spread. */
type ChangeLike = { currentTarget: { value: string }; target: { value: string } };

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'locale'> {
  /** The API's date, "2026-11-25", or '' when empty. */
  value?: string;
  onChange?: (event: ChangeLike) => void;
  /** Earliest and latest dates allowed, as the API writes them. */
  min?: string;
  max?: string;
  'data-testid'?: string;
}

/**
 * The one date input (issue #20): Mantine's calendar field, shown and typed as m/d/Y in English
 * and d/m/Y in Swahili (with Swahili month and day names), holding the API's YYYY-MM-DD string.
 * A replacement for `<TextInput type="date">`, whose format was the browser's.
 *
 * Its calendar opens on a click or ArrowDown, not on focus: a dialog that puts the focus in its
 * first date would otherwise open the calendar over the fields below it, which a click meant for
 * them then picks a day from. Typing the date needs no calendar.
 */
export function DateField({ value, onChange, min, max, required, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const format = dateFormat();
  const [opened, setOpened] = useState(false);
  return (
    <DateInput
      {...props}
      popoverProps={{ ...props.popoverProps, opened }}
      onClick={(event) => {
        props.onClick?.(event);
        setOpened(true);
      }}
      onBlur={(event) => {
        props.onBlur?.(event);
        setOpened(false);
      }}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (event.key === 'ArrowDown') setOpened(true);
        if (event.key === 'Escape' && opened) {
          // Closes the calendar only, not the dialog around it.
          event.stopPropagation();
          setOpened(false);
        }
      }}
      required={required}
      clearable={!required}
      clearButtonProps={{ 'aria-label': t('a11y.clearDate') }}
      ariaLabels={{
        previousMonth: t('a11y.calendar.previousMonth'),
        nextMonth: t('a11y.calendar.nextMonth'),
        previousYear: t('a11y.calendar.previousYear'),
        nextYear: t('a11y.calendar.nextYear'),
        previousDecade: t('a11y.calendar.previousDecade'),
        nextDecade: t('a11y.calendar.nextDecade'),
      }}
      classNames={{ day: 'date-day' }}
      locale={i18n.language}
      valueFormat={format}
      placeholder={props.placeholder ?? format.toLowerCase()}
      dateParser={(text) => {
        // The language's format, or the API's own (pasted or typed by a test).
        const parsed = [format, 'YYYY-MM-DD']
          .map((f) => dayjs(text.trim(), f, true))
          .find((d) => d.isValid());
        return parsed ? parsed.format('YYYY-MM-DD') : null;
      }}
      value={value ? value : null}
      minDate={min}
      maxDate={max}
      onChange={(next) => {
        setOpened(false);
        const iso = next ? dayjs(next).format('YYYY-MM-DD') : '';
        onChange?.({ currentTarget: { value: iso }, target: { value: iso } });
      }}
    />
  );
}
