import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  OwnSecondPaymentLine,
  ProposeSecondPaymentBody,
  SecondPayment,
  SecondPaymentFigures,
} from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { resource } from '../../../lib/resource.ts';

/** The second payments to farmers (#32): the list, one, proposing one (`useCreate`). */
export const secondPayments = resource<SecondPayment, ProposeSecondPaymentBody>('members/second-payments', {
  key: 'second-payments',
  audit: 'second_payment',
});

/** The figures a proposal would have, computed by the server from the kg delivered (nothing saved). */
export function usePreviewSecondPayment() {
  return useMutation({
    mutationFn: (body: ProposeSecondPaymentBody) =>
      api.post<{ data: SecondPaymentFigures }>('members/second-payments/preview', body, { silent: true }),
  });
}

/** An AMCOS user's own farmers' lines of the approved second payments (read-only). */
export function useOwnSecondPaymentLines(enabled: boolean) {
  return useQuery({
    queryKey: ['second-payments', 'mine'],
    queryFn: ({ signal }) =>
      api.get<{ data: OwnSecondPaymentLine[] }>('members/second-payments/mine', undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}
