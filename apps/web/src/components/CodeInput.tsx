import { Input, PinInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef } from 'react';

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
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) rootRef.current?.querySelector('input')?.focus();
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
        ariaLabel={label}
        getInputProps={() => ({ onKeyDown: submitOnEnter })}
        data-testid={testId}
        mt={4}
      />
    </Input.Wrapper>
  );
}
