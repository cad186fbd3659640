import { Input, PinInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Focus the first box when the form appears. */
  focusOnMount?: boolean;
  testId?: string;
}

/** PinInput swallows Enter, so submit the surrounding form ourselves. */
function submitOnEnter(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === 'Enter') {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/** A 6-digit one-time code (OTP or password reset code). */
export function CodeInput({ label, value, onChange, error, focusOnMount, testId }: CodeInputProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    // The screen appears after the sign-in form it replaces has gone; focus may land on the page
    // body after our first try, so keep the first box focused for the first frames.
    let frames = 0;
    let handle = 0;
    const focusFirst = () => {
      const active = document.activeElement;
      if (!active || active === document.body) rootRef.current?.querySelector('input')?.focus();
      if (frames++ < 30) handle = requestAnimationFrame(focusFirst);
    };
    focusFirst();
    return () => cancelAnimationFrame(handle);
  }, [focusOnMount]);
  return (
    <Input.Wrapper label={label} error={error}>
      <PinInput
        rootRef={rootRef}
        length={6}
        type="number"
        inputMode="numeric"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        getInputProps={(index) => ({
          onKeyDown: submitOnEnter,
          // Each box its own name: "One-time code, digit 1 of 6".
          'aria-label': t('a11y.codeDigit', { label, digit: index + 1, total: 6 }),
        })}
        data-testid={testId}
        mt={4}
      />
    </Input.Wrapper>
  );
}
