import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormState, Validator } from '../lib/form.ts';
import { confirmAction } from './ConfirmAction.ts';

/** A mutation as the proposal's flow uses it (react-query's `useMutation` result fits). */
interface Sends<Body, Reply> {
  mutate(
    body: Body,
    callbacks: { onSuccess: (reply: Reply) => void; onError: (error: unknown) => void },
  ): void;
}

interface PreviewedProposal<V extends Record<string, unknown>, Body, Figures> {
  form: FormState<V>;
  /** The contract's body schema, checked on the form's values before anything is sent. */
  body: Validator<Body>;
  /** Computes the figures on the server; nothing is saved. */
  preview: Sends<Body, { data: Figures }>;
  propose: Sends<Body, { message: string; data: { id: string } }>;
  /** The confirmation asked with the figures just computed. */
  confirm: (figures: Figures) => { title: string; message: string; confirmLabel: string };
  /** The saved proposal's page, opened once it is proposed. */
  detailsPath: (id: string) => string;
}

/**
 * A proposal whose figures the server computes before it is proposed (#32: an appropriation, a
 * second payment): Preview shows them; Propose computes them again, shows them, asks to confirm
 * with them, proposes and opens the saved proposal. A refusal shows on the form; a change to the
 * form clears the figures shown (`clear`).
 */
export function usePreviewedProposal<V extends Record<string, unknown>, Body, Figures>({
  form,
  body,
  preview,
  propose,
  confirm,
  detailsPath,
}: PreviewedProposal<V, Body, Figures>) {
  const navigate = useNavigate();
  const [figures, setFigures] = useState<Figures | null>(null);
  const valid = () => form.validate(body, form.values);
  const showPreview = () => {
    const checked = valid();
    if (checked)
      preview.mutate(checked, { onSuccess: (r) => setFigures(r.data), onError: form.showApiError });
  };
  const submit = form.onSubmit(() => {
    const checked = valid();
    if (!checked) return;
    preview.mutate(checked, {
      onError: form.showApiError,
      onSuccess: (r) => {
        setFigures(r.data);
        confirmAction({
          ...confirm(r.data),
          danger: false,
          onConfirm: () =>
            propose.mutate(
              checked,
              form.saved((reply) => navigate(detailsPath(reply.data.id))),
            ),
        });
      },
    });
  });
  return { figures, clear: () => setFigures(null), showPreview, submit };
}
