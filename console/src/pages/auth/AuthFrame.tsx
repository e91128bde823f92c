import { Center, Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the pages for people who are not signed in: a centred card under a heading. */
export function AuthFrame({
  title,
  width = 460,
  children,
}: {
  title: string;
  /** The card's largest width in pixels; a step-by-step page needs more room. */
  width?: number;
  children: ReactNode;
}) {
  return (
    <Container size={width} py="xl" component="main">
      <Center mb="lg">
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
      </Center>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
