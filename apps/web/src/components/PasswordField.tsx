import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide button is named without the word "password", so the field
 * is the only thing a screen reader (or a test) finds by the label "Password"; it is in the Tab order.
 */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      ref={ref}
      visibilityToggleButtonProps={{ 'aria-label': t('common.showHideCharacters') }}
      // Keyboard users reach the show/hide button with Tab like any other control (issue #20).
      visibilityToggleFocusable
      {...props}
    />
  );
}
