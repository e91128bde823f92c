import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageHeader } from '../ui/feedback';

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        title="There is no page at this address."
        action={
          <Button component={Link} to="/">
            Go to the start page
          </Button>
        }
      >
        The link may be old, or the page may have moved.
      </EmptyState>
    </>
  );
}
