import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen; the scrolling region takes keyboard
 * focus, so it can be scrolled without a pointer.
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
