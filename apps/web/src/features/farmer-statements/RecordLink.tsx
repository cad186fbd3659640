import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A record's number: a link to its page when the user may open it, plain text otherwise. */
export function RecordLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (!to) return <>{children}</>;
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}
