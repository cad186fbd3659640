import type { FarmerLoan } from '@ushirika/contracts';
import { PayStatusBadge } from '../PayStatusBadge.tsx';

/** A loan's status: draft, approved (recoverable) or cancelled. */
export function LoanStatusBadge({ status }: { status: FarmerLoan['status'] }) {
  return <PayStatusBadge status={status === 'active' ? 'approved' : status} />;
}
