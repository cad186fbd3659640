import { TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type Validator } from '../lib/form.ts';
import { FormModal } from './FormModal.tsx';

type Saves<Body> = {
  mutate: (
    body: Body,
    callbacks: { onSuccess: (reply: { message: string }) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
};

type Props<Body> = {
  /** The body's field the figure is sent as: the contract's and the API's messages show on the box. */
  field: string;
  /** The stored figure, once read. */
  current: string | undefined;
  title: string;
  label: string;
  hint: string;
  testId: string;
  schema: Validator<Body>;
  /** The request's body for the typed figure (a society it belongs to, say). */
  toBody: (figure: string) => unknown;
  save: Saves<Body>;
  onClose: () => void;
};

/** A setting that is one figure (a percentage, a minimum amount) edited in a dialog. */
export function FigureSettingForm<Body>(props: Props<Body>) {
  const { field, current, schema, toBody, save, onClose } = props;
  const { t } = useTranslation();
  const form = useForm<Record<string, string>>({ [field]: '' });
  const { reset } = form;
  useEffect(() => {
    if (current !== undefined) reset({ [field]: current });
  }, [current, field, reset]);
  const submit = form.onSubmit(() => {
    const body = form.validate(schema, toBody(form.values[field] ?? ''));
    if (body) save.mutate(body, form.saved(onClose));
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={props.title}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      size="md"
      testId={props.testId}
    >
      <TextInput
        label={props.label}
        description={props.hint}
        required
        autoFocus
        inputMode="decimal"
        {...form.text(field)}
      />
    </FormModal>
  );
}
