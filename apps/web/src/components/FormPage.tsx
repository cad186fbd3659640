import { Paper } from '@mantine/core';
import { FormLayout, type FormLayoutProps } from './FormLayout.tsx';
import { PageHeader } from './PageHeader.tsx';

/** A create screen: the page header, then the form on a bordered card with the shared form layout. */
export function FormPage({
  title,
  description,
  padding = 'lg',
  ...form
}: FormLayoutProps & {
  title: string;
  description?: string;
  /** The card's inner spacing. */
  padding?: 'md' | 'lg';
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder p={padding} radius="md">
        <FormLayout {...form} />
      </Paper>
    </>
  );
}
