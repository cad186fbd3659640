import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';
import type { useRecordAction } from '../lib/record-action.ts';
import { useSession } from '../lib/session.ts';
import { useCan } from '../lib/use-can.ts';
import { DetailsLayout } from './DetailsLayout.tsx';
import { InfoGrid } from './InfoGrid.tsx';
import { ReasonModal } from './ReasonModal.tsx';
import { Section } from './Section.tsx';

/** What every proposal one person makes and another decides on has (#32: appropriations, second payments). */
export type Proposal = {
  id: string;
  status: string;
  proposedBy: string | null;
  proposedById: string;
  proposedAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  paymentBatchNo: string | null;
  rejectedBy: string | null;
  rejectReason: string | null;
};

interface ProposalDetailsProps {
  proposal: Proposal;
  /** Its number (AP-…, SP-…) and the page's title. */
  no: string;
  title: string;
  /** The group of texts in the locale files: each has the same keys (proposedBy, approve, reject...). */
  texts: 'appropriations' | 'secondPayments';
  /** The list page, the first breadcrumb. */
  listPath: string;
  /** The audit entity of its history. */
  entity: string;
  /** Names the buttons' and the reject form's test ids (`approve-<name>`, `<name>-reject-form`). */
  testName: string;
  /** The approve/reject PATCH of the record. */
  action: ReturnType<typeof useRecordAction>;
  /** What Approve does: a confirmation, or a form asking more first. */
  onApprove: () => void;
  /** Shows the Approve button as busy. */
  approving?: boolean;
  /** The figures and lines, and an approve form when it asks more. */
  children: ReactNode;
}

/**
 * A proposal's details page: who proposed, approved or rejected it and when, its figures, and,
 * while it waits, Approve and Reject (with a reason) for a user who approves postings and did not
 * propose it (the API refuses the proposer too).
 */
export function ProposalDetails({
  proposal: p,
  no,
  title,
  texts,
  listPath,
  entity,
  testName,
  action,
  onApprove,
  approving,
  children,
}: ProposalDetailsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canDecide = useCan('accounts.journal.approve', 'union');
  const [rejecting, setRejecting] = useState(false);
  const mayDecide = p.status === 'proposed' && canDecide && p.proposedById !== user?.id;
  return (
    <DetailsLayout
      title={title}
      breadcrumbs={[{ label: t(`${texts}.title`), to: listPath }, { label: no }]}
      status={p.status}
      history={{ entity, id: p.id }}
      actions={
        mayDecide && (
          <>
            <Button onClick={onApprove} loading={approving} data-testid={`approve-${testName}`}>
              {t(`${texts}.approve`)}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => setRejecting(true)}
              data-testid={`reject-${testName}`}
            >
              {t(`${texts}.reject`)}
            </Button>
          </>
        )
      }
    >
      <Section>
        <InfoGrid
          cols={{ base: 1, sm: 3, md: 4 }}
          items={[
            [t(`${texts}.proposedBy`), p.proposedBy],
            [t(`${texts}.proposedAt`), formatDateTime(p.proposedAt)],
            ...(p.approvedBy
              ? ([
                  [t(`${texts}.approvedBy`), p.approvedBy],
                  [t(`${texts}.approvedAt`), formatDateTime(p.approvedAt)],
                  [t(`${texts}.paymentBatch`), p.paymentBatchNo],
                ] as [string, string | null][])
              : []),
            ...(p.rejectedBy
              ? ([
                  [t(`${texts}.rejectedBy`), p.rejectedBy],
                  [t(`${texts}.rejectReason`), p.rejectReason],
                ] as [string, string | null][])
              : []),
          ]}
        />
      </Section>
      {children}
      {rejecting && (
        <ReasonModal
          title={t(`${texts}.rejectTitle`)}
          reasonLabel={t(`${texts}.rejectReason`)}
          reasonRequired={t(`${texts}.rejectRequired`)}
          submitLabel={t(`${texts}.reject`)}
          confirmTitle={t(`${texts}.confirmRejectTitle`)}
          confirmMessage={t(`${texts}.confirmReject`, { no })}
          mutation={{
            mutate: (reason, callbacks) =>
              action.mutate({ id: p.id, action: 'reject', body: { reason } }, callbacks),
            isPending: action.isPending,
          }}
          onClose={() => setRejecting(false)}
          testId={`${testName}-reject-form`}
        />
      )}
    </DetailsLayout>
  );
}
